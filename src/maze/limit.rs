//! The tile cap: how many tiles a search may have to hold, whatever the maze's shape.
//!
//! [`MAX_CELLS`](super::MAX_CELLS) bounds a maze's area in cells, but memory follows
//! **tiles**, and not the grid's own: every search keeps its per-tile arrays over the grid
//! with a border of one wall tile on each side ([`crate::solve::tiles`]), `(rows + 2) ×
//! (cols + 2)` tiles. On a square maze that is about four tiles a cell; on a thin one far
//! more: a one-line corridor of N tiles counts N / 2 cells and holds 3 × (N + 2) padded
//! tiles, so within the 128 MiB text limit a line reached 400 M of them. This cap bounds
//! the padded grid itself, so the memory of a search is bounded for every shape.
//!
//! The cap is set just above the padded grid of the largest maze `generate` and the
//! explorer make ([`MAX_CELLS`](super::MAX_CELLS) cells, no side over 100,000 cells:
//! 250 × 100,000 cells, 503 × 200,003 = 100,601,509 tiles), so whatever they write loads
//! back. Measured peak resident set of `maze-tui solve`, every solver on every shape tried
//! (a one-line corridor, a one-column one, a serpentine, an open field, perfect and braided
//! mazes): at most 20 bytes a padded tile (jump point search on a serpentine, IDA* on a
//! corridor), so at most about 2 GB at the cap; the README states the budget and the command.

/// The largest padded tile grid, `(rows + 2) × (cols + 2)`, a maze may have: 101 M tiles.
pub const MAX_TILES: u64 = 101_000_000;

/// The padded tiles of a grid of `rows × cols` tiles: `(rows + 2) × (cols + 2)`, the
/// length of every per-tile array of a search. Saturates instead of overflowing. O(1).
#[must_use]
pub const fn padded_tiles(rows: u64, cols: u64) -> u64 {
    rows.saturating_add(2)
        .saturating_mul(cols.saturating_add(2))
}

/// The padded tiles of a `width × height`-cell maze: its grid is `(2 × height + 1) ×
/// (2 × width + 1)` tiles. Saturates instead of overflowing. O(1).
#[must_use]
pub const fn maze_padded_tiles(width: u64, height: u64) -> u64 {
    padded_tiles(
        height.saturating_mul(2).saturating_add(1),
        width.saturating_mul(2).saturating_add(1),
    )
}

/// Whether a grid of `rows × cols` tiles is within [`MAX_TILES`] (its padded grid). O(1).
#[must_use]
pub const fn tiles_fit(rows: u64, cols: u64) -> bool {
    padded_tiles(rows, cols) <= MAX_TILES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_counts_the_border() {
        assert_eq!(padded_tiles(1, 1), 9);
        assert_eq!(padded_tiles(3, 5), 35);
        assert_eq!(maze_padded_tiles(1, 1), 25);
        assert_eq!(maze_padded_tiles(u64::MAX, 2), u64::MAX);
        assert_eq!(padded_tiles(u64::MAX, u64::MAX), u64::MAX);
    }

    #[test]
    fn a_line_at_the_cap_fits_and_one_tile_more_does_not() {
        // 3 × (n + 2) ≤ 101,000,000 ⇔ n ≤ 33,666,664.
        assert!(tiles_fit(1, 33_666_664));
        assert!(!tiles_fit(1, 33_666_665));
        assert!(tiles_fit(33_666_664, 1));
        assert!(!tiles_fit(33_666_665, 1));
        // Exactly at the cap: 101,000,000 = 10,100 × 10,000.
        assert_eq!(padded_tiles(10_098, 9_998), MAX_TILES);
        assert!(tiles_fit(10_098, 9_998));
        assert!(!tiles_fit(10_098, 9_999));
    }

    #[test]
    fn every_maze_generate_makes_fits() {
        // The largest square maze (5000 × 5000 cells) and the thinnest widest one the
        // command line accepts (100,000 × 250 cells, both limits at once).
        assert_eq!(maze_padded_tiles(5000, 5000), 10_003 * 10_003);
        assert_eq!(maze_padded_tiles(100_000, 250), 503 * 200_003);
        assert!(tiles_fit(10_001, 10_001));
        assert!(maze_padded_tiles(100_000, 250) <= MAX_TILES);
        assert!(maze_padded_tiles(250, 100_000) <= MAX_TILES);
        // A 1 × 25 M-cell maze is within the cell limit but not the tile cap.
        assert!(maze_padded_tiles(1, 25_000_000) > MAX_TILES);
    }

    #[test]
    fn a_maze_is_made_up_to_the_cap_and_no_further() {
        // 5 × (2h + 3) ≤ 101,000,000 ⇔ h ≤ 10,099,998.
        assert!(crate::maze::Maze::new(1, 10_099_998).is_ok());
        let refused = crate::maze::Maze::new(1, 10_099_999).expect_err("over the cap");
        assert!(matches!(refused, crate::Error::TooLarge(_)));
        assert!(refused.to_string().contains("101000000 tiles"), "{refused}");
        assert!(crate::maze::Maze::new(1, 25_000_000).is_err());
    }
}
