//! Command-line tests: every headless command and every bad input of issue 4, run on the
//! real binary (`crate::cmd`), plus the no-terminal behaviour of issue 6.
//!
//! Tests marked "needs the real algorithms" depend on generators that carve and solvers
//! that find paths; the rest hold for any implementation behind the registries.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::Stdio;

use crate::cmd::Cmd as Command;
use maze_tui::generate::GeneratorKind;
use maze_tui::solve::SolverKind;
use rustix::process::Signal;
use serde_json::Value;

mod bad_input;
mod files;
mod generate;
mod listing;
mod no_terminal;
mod solve;
mod stats;

// ---------------------------------------------------------------------------------------
// Helpers.

/// The binary cargo built for these tests.
const BIN: &str = env!("CARGO_BIN_EXE_maze-tui");

fn bin() -> Command {
    Command::new(BIN)
}

/// Run with `args` and an empty stdin pipe (never a terminal).
fn run(args: &[&str]) -> std::process::Output {
    bin().args(args).write_stdin("").output().expect("runs")
}

/// Run with `args` (as [`run`]) and assert success, showing stderr if not.
fn run_ok(args: &[&str]) -> std::process::Output {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn run_stdin(args: &[&str], stdin: impl Into<Vec<u8>>) -> std::process::Output {
    bin().args(args).write_stdin(stdin).output().expect("runs")
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// Assert a failure: exit code `code`, nothing on stdout, exactly one stderr line starting
/// `maze-tui: error:` and containing every needle.
fn assert_fails(out: &std::process::Output, code: i32, needles: &[&str]) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "exit code; stderr: {err}");
    assert!(
        out.stdout.is_empty(),
        "stdout must be empty on error: {:?}",
        stdout(out)
    );
    assert_eq!(err.lines().count(), 1, "exactly one stderr line: {err:?}");
    assert!(err.ends_with('\n'), "the line is terminated: {err:?}");
    assert!(err.starts_with("maze-tui: error: "), "{err:?}");
    for needle in needles {
        assert!(
            err.contains(needle),
            "stderr {err:?} should name {needle:?}"
        );
    }
    assert!(!err.contains("panicked"), "{err}");
}

/// A file under cargo's per-test temporary directory.
fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"));
    std::fs::write(&path, contents).expect("write temp file");
    path
}

fn generate_text(algorithm: &str, width: u32, height: u32, seed: u64) -> String {
    let out = run(&[
        "generate",
        "--algorithm",
        algorithm,
        "--width",
        &width.to_string(),
        "--height",
        &height.to_string(),
        "--seed",
        &seed.to_string(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
    stdout(&out)
}

/// The text format's shape contract for a W×H-cell maze.
fn assert_maze_shape(text: &str, width: usize, height: usize) {
    let lines: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
    assert!(text.ends_with('\n'));
    assert_eq!(lines.len(), 2 * height + 1, "lines");
    for (r, line) in lines.iter().enumerate() {
        assert_eq!(line.len(), 2 * width + 1, "line {r} length");
        assert!(
            line.iter().all(|b| b" #SE".contains(b)),
            "line {r}: {:?}",
            String::from_utf8_lossy(line)
        );
        assert_eq!(line[0], b'#', "west wall, line {r}");
        assert_eq!(line[2 * width], b'#', "east wall, line {r}");
        // Pillars (even row, even column) are always wall.
        if r % 2 == 0 {
            assert!(
                line.iter().step_by(2).all(|&b| b == b'#'),
                "pillars, line {r}"
            );
        }
    }
    assert!(lines[0].iter().all(|&b| b == b'#'), "north wall");
    assert!(lines[2 * height].iter().all(|&b| b == b'#'), "south wall");
    assert_eq!(lines[1][1], b'S', "S on the top-left cell");
    let s_count = text.bytes().filter(|&b| b == b'S').count();
    assert_eq!(s_count, 1);
    if width * height > 1 {
        assert_eq!(
            lines[2 * height - 1][2 * width - 1],
            b'E',
            "E on the bottom-right cell"
        );
        assert_eq!(text.bytes().filter(|&b| b == b'E').count(), 1);
    }
}

/// Open tiles of a text maze (anything but `#`), row-major, with its size.
fn open_tiles(text: &str) -> (usize, usize, Vec<bool>) {
    let lines: Vec<&str> = text.lines().collect();
    let cols = lines[0].chars().count();
    let open = lines
        .iter()
        .flat_map(|l| l.chars().map(|c| c != '#'))
        .collect();
    (lines.len(), cols, open)
}

/// Whether a generated maze is perfect: every cell reachable from the first, and exactly
/// cells − 1 passages (open tiles between two cells).
fn is_perfect(text: &str, width: usize, height: usize) -> bool {
    let (rows, cols, open) = open_tiles(text);
    let passages = (0..rows * cols)
        .filter(|&i| open[i] && ((i / cols) % 2 == 0) != ((i % cols) % 2 == 0))
        .count();
    let mut seen = vec![false; rows * cols];
    let mut queue = VecDeque::from([cols + 1]);
    seen[cols + 1] = true;
    let mut cells = 0;
    while let Some(i) = queue.pop_front() {
        if (i / cols) % 2 == 1 && (i % cols) % 2 == 1 {
            cells += 1;
        }
        for j in [i - cols, i + cols, i - 1, i + 1] {
            if open[j] && !seen[j] {
                seen[j] = true;
                queue.push_back(j);
            }
        }
    }
    cells == width * height && passages == width * height - 1
}

/// Shortest path length in moves from S to E (4-way BFS over open tiles), independent of
/// the program's solvers.
fn shortest_moves(text: &str) -> Option<usize> {
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let (rows, cols) = (lines.len(), lines[0].len());
    let find = |ch| {
        (0..rows * cols)
            .find(|&i| lines[i / cols][i % cols] == ch)
            .expect("symbol present")
    };
    let (s, e) = (find('S'), find('E'));
    let mut dist = vec![usize::MAX; rows * cols];
    dist[s] = 0;
    let mut queue = VecDeque::from([s]);
    while let Some(i) = queue.pop_front() {
        let (r, c) = (i / cols, i % cols);
        let next = [
            (r > 0).then(|| i - cols),
            (r + 1 < rows).then(|| i + cols),
            (c > 0).then(|| i - 1),
            (c + 1 < cols).then(|| i + 1),
        ];
        for j in next.into_iter().flatten() {
            if lines[j / cols][j % cols] != '#' && dist[j] == usize::MAX {
                dist[j] = dist[i] + 1;
                queue.push_back(j);
            }
        }
    }
    (dist[e] != usize::MAX).then_some(dist[e])
}

/// A small perfect maze (3×3 cells), written by hand: the only path from S goes east,
/// down the right side and west to E, 12 moves; a dead-end branch hangs off E.
const SMALL: &str = "#######\n#S    #\n##### #\n#   # #\n# ### #\n#E    #\n#######\n";
/// SMALL solved: its one path marked.
const SMALL_SOLVED: &str = "#######\n#S....#\n#####.#\n#   #.#\n# ###.#\n#E....#\n#######\n";
/// S and E in separate chambers.
const WALLED: &str = "#####\n#S#E#\n#####\n";
