//! The text maze parser against arbitrary input: it never panics, and every maze the
//! generators make reads back as the same grid. `solve` on arbitrary input: a result, or
//! one line on stderr with nothing on stdout, never a panic.

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

/// Run `maze-tui solve -` (and JSON) on `input`; check the contract on failure and success.
fn check_solve(input: &[u8]) -> Result<(), TestCaseError> {
    use std::io::Write as _;
    for format in ["text", "json"] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_maze-tui"))
            .args(["solve", "-f", format, "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("start solve");
        // The child may stop reading early (a refused input): a broken pipe is fine.
        let _ = child.stdin.take().expect("stdin").write_all(input);
        let out = child.wait_with_output().expect("solve ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        prop_assert!(!stderr.contains("panicked"), "{stderr}");
        match out.status.code() {
            Some(0) => {
                prop_assert!(!out.stdout.is_empty(), "a result on stdout");
                prop_assert!(out.stderr.is_empty(), "{stderr}");
            }
            Some(1 | 3) => {
                prop_assert!(out.stdout.is_empty(), "nothing on stdout on failure");
                prop_assert_eq!(stderr.lines().count(), 1, "one line: {}", stderr);
                prop_assert!(stderr.starts_with("maze-tui: error: "), "{}", stderr);
            }
            other => prop_assert!(false, "exit status {:?}: {}", other, stderr),
        }
    }
    Ok(())
}

proptest! {
    // Each case starts the binary twice: fewer cases, still a few hundred inputs a run.
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Mazes drawn from the maze alphabet (walls, floor, terrain, S, E, line ends) and
    /// arbitrary bytes into `solve`.
    #[test]
    fn solve_answers_or_fails_in_one_line(
        text in "[#SE 1-9\\n\\r\\t.xé\\u{feff}]{0,120}",
        bytes in proptest::collection::vec(any::<u8>(), 0..80),
    ) {
        check_solve(text.as_bytes())?;
        check_solve(&bytes)?;
    }
}
