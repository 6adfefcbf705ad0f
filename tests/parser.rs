//! The text maze parser against arbitrary input: it never panics, and every maze the
//! generators make reads back as the same grid.

use maze_tui::generate::{GenOptions, GeneratorKind};
use maze_tui::maze::Grid;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any text, including the maze alphabet in any arrangement: a grid or an error, never
    /// a panic.
    #[test]
    fn arbitrary_text_never_panics(text in "[#SE 1-9\\n\\r\\t.xé]{0,200}") {
        let _ = Grid::parse(&text);
    }

    /// Arbitrary bytes read as (lossy) text: never a panic.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = Grid::parse(&String::from_utf8_lossy(&bytes));
    }

    /// A generated maze written as text parses back to the same grid, CRLF line ends too.
    #[test]
    fn generated_mazes_round_trip(
        kind in proptest::sample::select(GeneratorKind::ALL.to_vec()),
        width in 1u32..12, height in 1u32..12, seed in any::<u64>(),
    ) {
        // A 1×1 maze has S and E on its one cell, which the text format cannot say.
        prop_assume!(width * height > 1);
        let (maze, _) = kind.generate(width, height, seed, &GenOptions::default()).expect("valid");
        let grid = maze.to_grid();
        let text = grid.to_text(None);
        prop_assert_eq!(&Grid::parse(&text).expect("reads back"), &grid);
        let crlf = text.replace('\n', "\r\n");
        prop_assert_eq!(&Grid::parse(&crlf).expect("reads back with CRLF"), &grid);
    }
}
