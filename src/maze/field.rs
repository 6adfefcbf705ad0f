//! Path-finding fields on the maze's cells: tiles a maze never changes (pillars opened,
//! cells walled), so that an open room or a scatter of wall tiles is a [`Maze`] too and
//! every view, format and solver reads it unchanged.
//!
//! A W×H-cell field is the same (2H+1)×(2W+1)-tile picture as a maze: its outer wall is
//! always closed, and every inner tile (cell, passage or pillar) may be open or a wall.

use super::cells::{BLOCKED, EAST, PILLAR, SOUTH};
use super::{Maze, Pos};

impl Maze {
    /// Open every inner tile, pillars included: a room with walls only on the border (the
    /// cells stay where they are, so tile `(2r+1, 2c+1)` is still cell `(r, c)`). O(cells).
    pub fn open_field(&mut self) {
        self.open_all();
        let (w, h) = (self.width() as usize, self.height() as usize);
        for (r, row) in self.cells.chunks_exact_mut(w).enumerate() {
            if r + 1 < h {
                for byte in &mut row[..w - 1] {
                    *byte |= PILLAR;
                }
            }
        }
    }

    /// Make the inner tile `tile` (tile coordinates) open or a wall, whatever kind of tile
    /// it is (cell, passage or pillar). Tiles of the outer wall and outside the picture are
    /// refused. Returns whether anything changed. O(1).
    pub fn set_tile_open(&mut self, tile: Pos, open: bool) -> bool {
        let (r, c) = (tile.row, tile.col);
        if r == 0 || c == 0 || r + 1 >= self.tile_rows() || c + 1 >= self.tile_cols() {
            return false;
        }
        // The byte of the cell at or north-west of the tile, and which bit of it.
        let (cell, bit, set_means_open) = match (r % 2, c % 2) {
            (1, 1) => (Pos::new(r / 2, c / 2), BLOCKED, false),
            (1, 0) => (Pos::new(r / 2, c / 2 - 1), EAST, true),
            (0, 1) => (Pos::new(r / 2 - 1, c / 2), SOUTH, true),
            _ => (Pos::new(r / 2 - 1, c / 2 - 1), PILLAR, true),
        };
        let i = self.index(cell);
        let before = self.cells[i];
        if open == set_means_open {
            self.cells[i] |= bit;
        } else {
            self.cells[i] &= !bit;
        }
        self.cells[i] != before
    }

    /// Wall the inner tiles of tile row `row` from column `from` (≥ 1) to the last inner
    /// column for which `wall(col)` is true, in order; returns how many were walled. The
    /// same as [`Maze::set_tile_open`]`(tile, false)` for each, without a branch on the
    /// answer: the row's tiles alternate between two kinds, and each kind's bit is set or
    /// cleared by arithmetic. O(columns).
    pub fn wall_row(&mut self, row: u32, from: u32, mut wall: impl FnMut(u32) -> bool) -> u64 {
        if row == 0 || row + 1 >= self.tile_rows() {
            return 0;
        }
        let w = self.width() as usize;
        // Odd rows hold cells and the passages east of them; even rows the passages south
        // of the row above and the pillars between them.
        let (base, odd_bit, odd_sets, even_bit) = if row % 2 == 1 {
            ((row / 2) as usize * w, BLOCKED, true, EAST)
        } else {
            ((row / 2 - 1) as usize * w, SOUTH, false, PILLAR)
        };
        let mut walled = 0;
        for col in from.max(1)..self.tile_cols() - 1 {
            let on = u8::from(wall(col));
            walled += u64::from(on);
            // Tile column 2c+1 is cell column c, 2c+2 the side or pillar after it.
            let i = base + ((col - 1) / 2) as usize;
            if col % 2 == 1 {
                if odd_sets {
                    self.cells[i] |= odd_bit * on;
                } else {
                    self.cells[i] &= !(odd_bit * on);
                }
            } else {
                self.cells[i] &= !(even_bit * on);
            }
        }
        walled
    }

    /// Number of open tiles inside the outer wall. O(cells).
    #[must_use]
    pub fn open_tile_count(&self) -> usize {
        self.cells
            .iter()
            .map(|&b| {
                let cell = usize::from(b & BLOCKED == 0);
                cell + (b & (EAST | SOUTH | PILLAR)).count_ones() as usize
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maze::Grid;

    #[test]
    fn an_open_field_has_walls_only_on_the_border() {
        for (w, h) in [(1, 1), (1, 4), (3, 1), (4, 3)] {
            let mut m = Maze::new(w, h).expect("valid");
            m.open_field();
            let text = m.to_grid().to_text(None);
            for (r, line) in text.lines().enumerate() {
                for (c, ch) in line.chars().enumerate() {
                    let border = r == 0
                        || c == 0
                        || r + 1 == m.tile_rows() as usize
                        || c + 1 == m.tile_cols() as usize;
                    assert_eq!(ch == '#', border, "{w}x{h} at ({r},{c}):\n{text}");
                }
            }
            let inner = (2 * w as usize - 1) * (2 * h as usize - 1);
            assert_eq!(m.open_tile_count(), inner);
        }
    }

    #[test]
    fn any_inner_tile_can_be_walled_and_read_back() {
        let mut m = Maze::new(3, 2).expect("valid");
        m.open_field();
        for tile in [
            Pos::new(1, 1),
            Pos::new(2, 2),
            Pos::new(1, 2),
            Pos::new(2, 3),
        ] {
            assert!(m.set_tile_open(tile, false));
            assert!(!m.is_open_tile(tile));
            assert!(!m.set_tile_open(tile, false), "no change the second time");
        }
        assert!(!m.set_tile_open(Pos::new(0, 3), true), "the border stays");
        let grid = m.to_grid();
        let back = Maze::from_grid(&grid).expect("a field reads back");
        assert_eq!(back, m);
        let mut streamed = Vec::new();
        crate::maze::write_maze_text(&m, &mut streamed).expect("vec");
        let text = String::from_utf8(streamed).expect("ascii");
        assert_eq!(text, grid.to_text(None));
        assert!(Grid::parse(&text).is_ok());
    }

    #[test]
    fn wall_row_walls_what_set_tile_open_walls() {
        let mut fast = Maze::new(5, 4).expect("valid");
        fast.open_field();
        let mut slow = fast.clone();
        let pick = |r: u32, c: u32| (r * 7 + c * 3) % 5 < 2;
        for r in 0..fast.tile_rows() {
            let from = if r == 1 { 4 } else { 1 };
            let n = fast.wall_row(r, from, |c| pick(r, c));
            let mut expected = 0;
            for c in from..fast.tile_cols() - 1 {
                if r > 0 && r + 1 < fast.tile_rows() && pick(r, c) {
                    slow.set_tile_open(Pos::new(r, c), false);
                    expected += 1;
                }
            }
            assert_eq!(n, expected, "row {r}");
        }
        assert_eq!(fast, slow);
    }

    #[test]
    fn a_one_tile_field_reads_back_with_e_on_s() {
        let mut m = Maze::new(1, 1).expect("valid");
        m.open_field();
        let mut out = Vec::new();
        crate::maze::write_maze_text(&m, &mut out).expect("vec");
        let grid = Grid::parse(std::str::from_utf8(&out).expect("ascii")).expect("reads");
        assert_eq!(grid.start(), grid.goal());
        assert_eq!(Maze::from_grid(&grid), Some(m));
    }
}
