//! Unit tests of the tile grid and its text format.

use super::*;
use crate::maze::Maze;

#[test]
fn parse_round_trips_and_marks_path() {
    let text = "#####\n#S  #\n### #\n#E  #\n#####\n";
    let g = Grid::parse(text).expect("valid maze");
    assert_eq!((g.rows(), g.cols()), (5, 5));
    assert_eq!((g.start(), g.goal()), (Pos::new(1, 1), Pos::new(3, 1)));
    assert_eq!(g.to_text(None), text);
    let path = [
        Pos::new(1, 1),
        Pos::new(1, 2),
        Pos::new(1, 3),
        Pos::new(2, 3),
    ];
    assert_eq!(
        g.to_text(Some(&path)),
        "#####\n#S..#\n###.#\n#E  #\n#####\n"
    );
    assert_eq!(
        g.open_neighbors(Pos::new(1, 3)).collect::<Vec<_>>(),
        [Pos::new(2, 3), Pos::new(1, 2)]
    );
}

#[test]
fn parse_rejects_bad_input_with_a_reason() {
    assert_eq!(Grid::parse(""), Err(ParseError::Empty));
    assert_eq!(
        Grid::parse("#S#\n#E\n"),
        Err(ParseError::Ragged {
            line: 2,
            expected: 3,
            found: 2
        })
    );
    assert_eq!(Grid::parse("# E\n"), Err(ParseError::NoStart));
    assert_eq!(Grid::parse("#S \n"), Err(ParseError::NoGoal));
    assert_eq!(
        Grid::parse("SSE\n"),
        Err(ParseError::Duplicate {
            symbol: 'S',
            count: 2
        })
    );
    assert!(Grid::parse("S\r\nE\r\n").is_ok());
}

#[test]
fn streamed_maze_text_equals_grid_text() {
    let mut m = Maze::new(3, 2).expect("valid size");
    m.carve(Pos::new(0, 0), Dir::East);
    m.carve(Pos::new(0, 1), Dir::South);
    let mut out = Vec::new();
    crate::maze::write_maze_text(&m, &mut out).expect("vec write");
    let text = String::from_utf8(out).expect("ascii");
    assert_eq!(text, "#######\n#S  # #\n### ###\n# # #E#\n#######\n");
    assert_eq!(text, m.to_grid().to_text(None));
}

#[test]
fn streamed_text_equals_grid_text_for_every_shape() {
    use crate::generate::{GenOptions, GeneratorKind};
    // Widths below, at and around multiples of the 8-cell groups.
    for (w, h) in [
        (1, 1),
        (1, 5),
        (5, 1),
        (2, 2),
        (7, 4),
        (8, 3),
        (16, 2),
        (33, 9),
        (65, 4),
    ] {
        for kind in [
            GeneratorKind::RecursiveBacktracker,
            GeneratorKind::RecursiveDivision,
        ] {
            let (m, _) = kind
                .generate(w, h, 3, &GenOptions::default())
                .expect("valid size");
            let mut out = Vec::new();
            crate::maze::write_maze_text(&m, &mut out).expect("vec write");
            assert_eq!(
                String::from_utf8(out).expect("ascii"),
                m.to_grid().to_text(None),
                "{w}x{h} {kind:?}"
            );
        }
    }
}

/// The limit counts cells, as `generate` does: its 2500×2500-cell maze (5001×5001
/// tiles, more tiles than the limit has cells) loads back.
#[test]
fn the_size_limit_counts_cells_not_tiles() {
    let side = 5001;
    let mut text = String::with_capacity(side * (side + 1));
    for r in 0..side {
        for c in 0..side {
            text.push(match (r, c) {
                (1, 1) => 'S',
                (r, c) if r == side - 2 && c == side - 2 => 'E',
                (r, c) if r % 2 == 1 && c % 2 == 1 => ' ',
                _ => '#',
            });
        }
        text.push('\n');
    }
    assert!(Grid::parse(&text).is_ok());
    assert_eq!(cells_of(5001, 5001), 2500 * 2500);
    assert_eq!(cells_of(1, 1_000_002), 500_001);
    assert_eq!(cells_of(10_001, 10_001), crate::maze::MAX_CELLS);
    assert_eq!(cells_of(10_001, 10_003), crate::maze::MAX_CELLS + 5000);
    assert!(matches!(
        Grid::parse(&format!("S{}E\n", " ".repeat(2 * 25_000_000 + 2))),
        Err(ParseError::TooLarge { .. })
    ));
}

/// The cheapest open tile, against a plain filter and min over the same costs: walls
/// skipped, a 1 found in a later block, nothing open (1), the dearest terrain alone.
#[test]
fn min_cost_is_the_cheapest_open_tile() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for case in 0..60 {
        let (rows, cols) = (rng.random_range(1..120_u32), rng.random_range(1..120_u32));
        let n = (rows * cols) as usize;
        let floor: u8 = rng.random_range(1..=MAX_COST);
        let mut tiles: Vec<u8> = (0..n)
            .map(|_| {
                if rng.random_bool(0.4) {
                    WALL
                } else {
                    rng.random_range(floor..=MAX_COST)
                }
            })
            .collect();
        if case % 3 == 0 {
            tiles.iter_mut().for_each(|t| *t = WALL);
        }
        if case % 5 == 0 {
            tiles[n - 1] = 1;
        }
        let want = tiles
            .iter()
            .filter(|&&t| t != WALL)
            .map(|&t| t.min(MAX_COST))
            .min()
            .map_or(1, u32::from);
        let (s, g) = (Pos::new(0, 0), Pos::new(rows - 1, cols - 1));
        let grid = Grid::from_costs(rows, cols, tiles, s, g);
        assert_eq!(grid.min_cost(), want, "case {case}");
    }
}
