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

// ---------------------------------------------------------------------------------------
// Help, version, listing.

#[test]
fn help_and_version_exit_zero() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["generate", "--help"],
        &["solve", "--help"],
        &["stats", "--help"],
        &["help"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(stdout(&out).contains("Usage"), "{args:?}");
        assert!(out.stderr.is_empty());
    }
    let top = stdout(&run(&["--help"]));
    for word in [
        "generate",
        "solve",
        "algorithms",
        "stats",
        "--width",
        "--load",
        "--braid",
    ] {
        assert!(top.contains(word), "--help mentions {word}");
    }
    let out = run(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out).trim(),
        format!("maze-tui {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn algorithms_lists_every_registry_name_once_per_line() {
    let out = run(&["algorithms"]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
    let text = stdout(&out);
    let first_words: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let expected: Vec<&str> = GeneratorKind::ALL
        .iter()
        .map(|k| k.name())
        .chain(SolverKind::ALL.iter().map(|k| k.name()))
        .collect();
    assert_eq!(GeneratorKind::ALL.len(), 17);
    assert_eq!(SolverKind::ALL.len(), 15);
    assert_eq!(
        first_words, expected,
        "generators first, then solvers, in menu order"
    );
    // Each line also carries the title and the summary.
    for kind in GeneratorKind::ALL {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(kind.name()))
            .unwrap();
        assert!(line.contains(kind.title()) && line.contains(kind.summary()));
    }
    // Aligned: every summary starts in the same column.
    let columns: Vec<usize> = text
        .lines()
        .filter(|l| l.starts_with("  "))
        .map(|l| {
            let kind_summary = GeneratorKind::ALL
                .iter()
                .map(|k| k.summary())
                .chain(SolverKind::ALL.iter().map(|k| k.summary()))
                .find(|s| l.ends_with(s))
                .unwrap();
            l.chars().count() - kind_summary.chars().count()
        })
        .collect();
    assert!(columns.windows(2).all(|w| w[0] == w[1]), "{columns:?}");
}

// ---------------------------------------------------------------------------------------
// generate.

#[test]
fn generate_text_has_the_contract_shape_for_every_generator() {
    // Path-finding fields open pillars: their shape is checked in `fields.rs`.
    for kind in GeneratorKind::ALL.iter().filter(|k| !k.is_field()) {
        for (w, h) in [(7, 4), (1, 5), (5, 1), (2, 2)] {
            let text = generate_text(kind.name(), w, h, 3);
            assert_maze_shape(&text, w as usize, h as usize);
        }
    }
}

#[test]
fn generate_one_by_one_is_three_by_three() {
    let text = generate_text("prim", 1, 1, 1);
    assert_maze_shape(&text, 1, 1);
}

#[test]
fn generate_is_byte_identical_for_the_same_arguments() {
    for kind in GeneratorKind::ALL {
        let args = [
            "generate",
            "--algorithm",
            kind.name(),
            "--width",
            "13",
            "--height",
            "9",
            "--seed",
            "42",
            "--braid",
            "0.5",
        ];
        let a = run(&args);
        let b = run(&args);
        assert!(a.status.success());
        assert_eq!(a.stdout, b.stdout, "{}", kind.name());
        let mut json_args = args.to_vec();
        json_args.extend(["--format", "json"]);
        assert_eq!(run(&json_args).stdout, run(&json_args).stdout);
    }
}

#[test]
fn generate_defaults_to_seed_one() {
    let plain = run(&[
        "generate",
        "--algorithm",
        "kruskal",
        "--width",
        "6",
        "--height",
        "4",
    ]);
    let seeded = run(&[
        "generate",
        "--algorithm",
        "kruskal",
        "--width",
        "6",
        "--height",
        "4",
        "--seed",
        "1",
    ]);
    assert!(plain.status.success());
    assert_eq!(plain.stdout, seeded.stdout);
}

#[test]
fn generate_json_has_the_contract_fields_and_the_text_rows() {
    let args = [
        "generate",
        "--algorithm",
        "wilson",
        "--width",
        "6",
        "--height",
        "3",
        "--seed",
        "7",
    ];
    let text = stdout(&run(&args));
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let out = run(&json_args);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(v["width"], 6);
    assert_eq!(v["height"], 3);
    assert_eq!(v["seed"], 7);
    assert_eq!(v["algorithm"], "wilson");
    assert!(v.get("braid").is_none(), "no braid field without --braid");
    let rows: Vec<&str> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(rows, text.lines().collect::<Vec<_>>());

    json_args.extend(["--braid", "0.25"]);
    let v: Value = serde_json::from_slice(&run(&json_args).stdout).unwrap();
    assert_eq!(v["braid"], 0.25);
}

#[test]
fn generate_json_names_the_growing_tree_cell_choice() {
    let out = run(&[
        "generate",
        "-a",
        "growing-tree",
        "--width",
        "4",
        "--height",
        "4",
        "-f",
        "json",
        "--cell-choice",
        "mix:0.25",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cell_choice"], "mix:0.25");
    assert_eq!(v["rows"].as_array().unwrap().len(), 9);
}

#[test]
fn generate_binary_tree_bias_puts_the_corridors_on_its_sides() {
    let out = run_ok(&[
        "generate",
        "--generator",
        "binary-tree",
        "--bias",
        "sw",
        "--width",
        "8",
        "--height",
        "5",
        "--seed",
        "1",
    ]);
    let text = stdout(&out);
    assert_maze_shape(&text, 8, 5);
    let lines: Vec<&str> = text.lines().collect();
    // The bottom tile row inside the border: the south row of cells and the gaps between.
    let bottom = lines[lines.len() - 2];
    let inside = &bottom[1..bottom.len() - 1];
    assert!(
        !inside.contains('#'),
        "bottom row not open: {bottom:?}\n{text}"
    );
    // The west column inside the border is open too.
    assert!(
        lines[1..lines.len() - 1].iter().all(|l| &l[1..2] != "#"),
        "{text}"
    );

    // The default is south/east: the same maze as before the option existed.
    let default = generate_text("binary-tree", 8, 5, 1);
    let se = run_ok(&[
        "generate",
        "-a",
        "binary-tree",
        "--bias",
        "se",
        "--width",
        "8",
        "--height",
        "5",
        "--seed",
        "1",
    ]);
    assert_eq!(stdout(&se), default);
    let ne = run_ok(&[
        "generate",
        "-a",
        "binary-tree",
        "--bias",
        "ne",
        "--width",
        "8",
        "--height",
        "5",
        "--seed",
        "1",
    ]);
    let north = stdout(&ne).lines().nth(1).map(str::to_owned).unwrap();
    assert!(!north[1..north.len() - 1].contains('#'), "{north:?}");

    // Other generators ignore it.
    let prim = generate_text("prim", 8, 5, 1);
    let prim_sw = run_ok(&[
        "generate", "-a", "prim", "--bias", "sw", "--width", "8", "--height", "5", "--seed", "1",
    ]);
    assert_eq!(stdout(&prim_sw), prim);
}

#[test]
fn generate_json_names_the_binary_tree_bias() {
    let out = run_ok(&[
        "generate",
        "-a",
        "binary-tree",
        "--bias",
        "nw",
        "--width",
        "3",
        "--height",
        "2",
        "-f",
        "json",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["bias"], "nw");
    let out = run_ok(&[
        "generate", "-a", "prim", "--width", "3", "--height", "2", "-f", "json",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v.get("bias").is_none());
}

#[test]
fn bias_is_taken_by_stats_and_refused_when_unknown() {
    let out = run_ok(&[
        "stats",
        "--generator",
        "binary-tree",
        "--bias",
        "ne",
        "--width",
        "6",
        "--height",
        "6",
        "--runs",
        "2",
    ]);
    assert!(stdout(&out).contains("binary-tree"));
    for prefix in [&[][..], &["generate"], &["stats"]] {
        let mut args = prefix.to_vec();
        args.extend(["--bias", "up"]);
        assert_fails(&run(&args), 2, &["--bias", "'up'", "ne", "sw"]);
    }
    let help = stdout(&run_ok(&["generate", "--help"]));
    assert!(
        help.contains("--bias") && help.contains("Binary Tree only"),
        "{help}"
    );
}

#[test]
fn generate_large_maze_streams_the_right_shape() {
    let text = generate_text("binary-tree", 500, 300, 5);
    assert_maze_shape(&text, 500, 300);
}

#[test]
fn generate_into_a_closed_pipe_exits_cleanly() {
    // 2000×2000 cells is 16 MB of text, far more than a pipe buffer: the writer sees the
    // reader go away mid-stream, like `maze-tui generate … | head -1`.
    for format in ["text", "json"] {
        let mut child = std::process::Command::new(BIN)
            .args([
                "generate", "--width", "2000", "--height", "2000", "--format", format,
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(
            first.starts_with('#') || first.starts_with('{'),
            "{first:?}"
        );
        // The reader is dropped here: the pipe is closed.
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        assert!(status.success(), "{format}: {status:?} {err}");
        assert!(err.is_empty(), "{format}: no panic, no message: {err}");
    }
}

// Needs the real algorithms: the stub generators leave every wall standing.
#[test]
fn generated_mazes_are_perfect_and_seeds_differ() {
    for kind in GeneratorKind::ALL.iter().filter(|k| !k.is_field()) {
        for (w, h) in [(9, 6), (1, 7), (7, 1)] {
            let text = generate_text(kind.name(), w, h, 11);
            assert!(
                is_perfect(&text, w as usize, h as usize),
                "{} {w}x{h}\n{text}",
                kind.name()
            );
        }
        assert_ne!(
            generate_text(kind.name(), 12, 12, 1),
            generate_text(kind.name(), 12, 12, 2),
            "{}: different seeds give different mazes",
            kind.name()
        );
    }
}

// Needs the real braid: braiding removes dead ends, so the maze has loops.
#[test]
fn braid_one_opens_walls_beyond_a_spanning_tree() {
    let args = |braid: &'static str| {
        run(&[
            "generate",
            "-a",
            "recursive-backtracker",
            "--width",
            "15",
            "--height",
            "15",
            "--braid",
            braid,
        ])
    };
    let count_open = |out: &std::process::Output| out.stdout.iter().filter(|&&b| b != b'#').count();
    let perfect = args("0");
    let braided = args("1");
    assert!(count_open(&braided) > count_open(&perfect));
    assert!(!is_perfect(&stdout(&braided), 15, 15));
}

// ---------------------------------------------------------------------------------------
// solve.

#[test]
fn solve_without_a_path_exits_one_with_a_message() {
    let file = temp_file("walled.txt", WALLED.as_bytes());
    for kind in SolverKind::ALL {
        let out = run(&["solve", "--algorithm", kind.name(), file.to_str().unwrap()]);
        assert_fails(&out, 1, &["no path"]);
        let out = run_stdin(
            &["solve", "-a", kind.name(), "--format", "json", "-"],
            WALLED,
        );
        assert_fails(&out, 1, &["no path"]);
    }
}

// Needs the real solvers.
#[test]
fn solve_text_marks_the_path_with_dots() {
    let file = temp_file("small.txt", SMALL.as_bytes());
    for kind in SolverKind::ALL {
        let out = run(&["solve", "--algorithm", kind.name(), file.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{}: {}",
            kind.name(),
            String::from_utf8_lossy(&out.stderr)
        );
        // A perfect maze has one path: every solver must mark exactly it.
        assert_eq!(stdout(&out), SMALL_SOLVED, "{}", kind.name());
    }
}

/// Check a solve JSON report against the maze it came from.
fn check_solution_json(maze: &str, json: &[u8], algorithm: &str) -> Value {
    let v: Value = serde_json::from_slice(json).expect("valid JSON");
    assert_eq!(v["algorithm"], algorithm);
    let path: Vec<(i64, i64)> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_i64().unwrap(), p[1].as_i64().unwrap()))
        .collect();
    let lines: Vec<Vec<char>> = maze.lines().map(|l| l.chars().collect()).collect();
    let at = |(r, c): (i64, i64)| lines[usize::try_from(r).unwrap()][usize::try_from(c).unwrap()];
    assert_eq!(at(path[0]), 'S', "{algorithm}: path starts at S");
    assert_eq!(
        at(*path.last().unwrap()),
        'E',
        "{algorithm}: path ends at E"
    );
    let mut cost = 0;
    for w in path.windows(2) {
        let (dr, dc) = ((w[0].0 - w[1].0).abs(), (w[0].1 - w[1].1).abs());
        assert!(
            dr <= 1 && dc <= 1 && dr + dc >= 1,
            "{algorithm}: contiguous at {w:?}"
        );
        cost += if dr + dc == 2 { 14 } else { 10 };
        assert_ne!(at(w[1]), '#', "{algorithm}: through open tiles only");
    }
    assert_eq!(v["length"].as_u64().unwrap() as usize, path.len() - 1);
    assert_eq!(v["cost"], cost);
    assert!(v["visited"].as_u64().is_some());
    v
}

// Needs the real solvers.
#[test]
fn solve_json_path_runs_from_s_to_e() {
    for kind in SolverKind::ALL {
        let out = run_stdin(&["solve", "-a", kind.name(), "-f", "json", "-"], SMALL);
        assert!(out.status.success(), "{}", kind.name());
        let v = check_solution_json(SMALL, &out.stdout, kind.name());
        assert_eq!(v["length"], 12);
        assert_eq!(v["cost"], 120);
    }
}

// Needs the real solvers.
#[test]
fn solve_reads_stdin_with_dash_or_no_file() {
    let with_dash = run_stdin(&["solve", "--algorithm", "bfs", "-"], SMALL);
    let without = run_stdin(&["solve", "--algorithm", "bfs"], SMALL);
    assert!(with_dash.status.success());
    assert_eq!(stdout(&with_dash), SMALL_SOLVED);
    assert_eq!(with_dash.stdout, without.stdout);
}

// Needs the real solvers.
#[test]
fn solve_handles_foreign_mazes_and_optimal_solvers_find_shortest_paths() {
    // Not odd-sized, not perfect, other open characters, CRLF line ends.
    let foreign = "S..#..\r\n.#....\r\n...#.E\r\n";
    let clean = foreign.replace('\r', "");
    let best = shortest_moves(&clean).unwrap();
    for kind in SolverKind::ALL {
        let out = run_stdin(&["solve", "-a", kind.name(), "-f", "json"], foreign);
        assert!(out.status.success(), "{}", kind.name());
        let v = check_solution_json(&clean, &out.stdout, kind.name());
        if *kind == SolverKind::WallFollower {
            // Traced by hand, right hand on the wall from S facing east: right (south) is
            // open, down to the bottom row; east along it to the wall below column 3; north,
            // then right (east) along row 1; right (south) at column 4; east onto E.
            let walked = [
                [0, 0],
                [1, 0],
                [2, 0],
                [2, 1],
                [2, 2],
                [1, 2],
                [1, 3],
                [1, 4],
                [2, 4],
                [2, 5],
            ];
            assert_eq!(v["path"], serde_json::json!(walked), "the right-hand walk");
        }
        let length = v["length"].as_u64().unwrap() as usize;
        assert!(length >= best);
        if matches!(
            kind.name(),
            "bfs" | "dijkstra" | "astar" | "bidirectional-bfs" | "jump-point-search"
        ) {
            assert_eq!(length, best, "{} is optimal", kind.name());
        }
    }
}

// Needs the real generators and solvers.
#[test]
fn generated_braided_mazes_solve_optimally() {
    for seed in 1..4u64 {
        let maze = stdout(&run(&[
            "generate",
            "-a",
            "prim",
            "--width",
            "12",
            "--height",
            "8",
            "--braid",
            "0.6",
            "--seed",
            &seed.to_string(),
        ]));
        let best = shortest_moves(&maze).unwrap();
        for name in ["bfs", "dijkstra", "astar", "bidirectional-bfs"] {
            let out = run_stdin(&["solve", "-a", name, "-f", "json"], maze.as_str());
            let v = check_solution_json(&maze, &out.stdout, name);
            assert_eq!(
                v["length"].as_u64().unwrap() as usize,
                best,
                "{name} seed {seed}"
            );
        }
        // Diagonal moves with an admissible heuristic: cost at most the 4-way cost.
        let out = run_stdin(
            &[
                "solve",
                "-a",
                "astar",
                "-f",
                "json",
                "--diagonal",
                "--heuristic",
                "octile",
            ],
            maze.as_str(),
        );
        let v = check_solution_json(&maze, &out.stdout, "astar");
        assert!(v["cost"].as_u64().unwrap() as usize <= best * 10);
    }
}

// ---------------------------------------------------------------------------------------
// stats.

fn stats_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .skip(2)
        .map(|l| l.split_whitespace().map(str::to_owned).collect())
        .collect()
}

#[test]
fn stats_prints_one_row_per_generator_with_the_columns() {
    let out = run(&["stats", "--width", "6", "--height", "5", "--runs", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let header: Vec<&str> = text.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(
        header,
        [
            "generator",
            "dead-ends%",
            "solution",
            "longest",
            "longest-max",
            "ms/maze"
        ]
    );
    assert!(text.lines().next().unwrap().contains("6x5 cells, 2 runs"));
    let rows = stats_rows(&text);
    assert_eq!(rows.len(), GeneratorKind::ALL.len());
    for (row, kind) in rows.iter().zip(GeneratorKind::ALL) {
        assert_eq!(row.len(), 6, "{row:?}");
        assert_eq!(row[0], kind.name());
        let dead: f64 = row[1].parse().unwrap();
        assert!((0.0..=100.0).contains(&dead));
        let ms: f64 = row[5].parse().unwrap();
        assert!(ms >= 0.0);
    }
    let one = stdout(&run(&[
        "stats", "--width", "4", "--height", "4", "--runs", "1", "-a", "eller",
    ]));
    let rows = stats_rows(&one);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0][0], "eller");
}

// Needs the real generators.
#[test]
fn stats_figures_are_those_of_perfect_mazes() {
    let text = stdout(&run(&[
        "stats", "--width", "10", "--height", "10", "--runs", "5", "--seed", "3",
    ]));
    let fields = ["open", "obstacles", "rooms"];
    for row in stats_rows(&text)
        .into_iter()
        .filter(|r| !fields.contains(&r[0].as_str()))
    {
        let num = |i: usize| row[i].parse::<f64>().unwrap_or_else(|_| panic!("{row:?}"));
        let (dead, solution, longest, longest_max) = (num(1), num(2), num(3), num(4));
        // A perfect 10x10 maze has some dead ends (a tree has ≥ 2 leaves).
        assert!((2.0..100.0).contains(&dead), "{row:?}");
        // Top-left to bottom-right needs at least 18 moves; the diameter is at least that.
        assert!(solution >= 18.0, "{row:?}");
        assert!(longest >= solution && longest_max >= longest, "{row:?}");
        assert!(longest_max <= 99.0, "{row:?}");
    }
}

// ---------------------------------------------------------------------------------------
// Bad input: one line, the problem named, a non-zero exit, nothing on stdout.

#[test]
fn bad_sizes_are_rejected_in_one_line() {
    for flag in ["--width", "--height"] {
        for (value, needle) in [
            ("0", "at least 1"),
            ("-3", "negative"),
            ("abc", "whole number"),
            ("1.5", "whole number"),
            ("", "whole number"),
        ] {
            for prefix in [&[][..], &["generate"], &["stats"]] {
                let mut args = prefix.to_vec();
                args.extend([flag, value]);
                assert_fails(&run(&args), 2, &[flag, needle]);
            }
        }
    }
    assert_fails(&run(&["--width"]), 2, &["--width", "value is required"]);
}

#[test]
fn too_large_sizes_say_so_before_allocating() {
    for args in [
        &["generate", "--width", "100000", "--height", "100000"][..],
        &["--width", "100000", "--height", "100000"],
        &["generate", "--width", "200000", "--height", "1"],
        &[
            "generate",
            "--width",
            "99999999999999999999999",
            "--height",
            "2",
        ],
        &[
            "stats", "--width", "50000", "--height", "50000", "--runs", "1",
        ],
    ] {
        assert_fails(&run(args), 1, &["maze too large"]);
    }
}

#[test]
fn unknown_names_are_rejected_with_the_choices() {
    for (args, needles) in [
        (
            &["--generator", "nope"][..],
            &["expected one of", "'nope'", "recursive-backtracker"][..],
        ),
        (
            &["--solver", "nope"],
            &["expected one of", "'nope'", "bidirectional-bfs"],
        ),
        (
            &["generate", "--algorithm", "astar"],
            &["expected one of", "'astar'", "wilson"],
        ),
        (
            &["solve", "--algorithm", "prim", "-"],
            &["expected one of", "'prim'", "tremaux"],
        ),
        (
            &["stats", "--algorithm", "nope"],
            &["expected one of", "eller"],
        ),
        (&["--heuristic", "nope"], &["heuristic", "octile"]),
        (
            &["solve", "--heuristic", "nope"],
            &["heuristic", "manhattan"],
        ),
        (&["--cell-choice", "sometimes"], &["cell choice", "newest"]),
        (
            &["generate", "--cell-choice", "mix:2"],
            &["cell choice", "mix:P"],
        ),
        (&["--color", "purple"], &["--color", "auto, always, never"]),
        (&["frobnicate"], &["frobnicate"]),
        (&["--frobnicate"], &["--frobnicate"]),
    ] {
        assert_fails(&run(args), 2, needles);
    }
}

#[test]
fn bad_braid_is_rejected() {
    for value in ["1.5", "-0.1", "NaN", "inf", "abc"] {
        assert_fails(
            &run(&["generate", "--braid", value]),
            2,
            &["--braid", "0.0 to 1.0"],
        );
        assert_fails(&run(&["--braid", value]), 2, &["--braid", "0.0 to 1.0"]);
    }
}

#[test]
fn bad_format_is_rejected() {
    assert_fails(
        &run(&["generate", "--format", "xml"]),
        2,
        &["--format", "'xml'", "text, json"],
    );
    assert_fails(
        &run_stdin(&["solve", "--format", "yaml"], SMALL),
        2,
        &["--format", "text, json"],
    );
}

#[test]
fn bad_seeds_and_runs_are_rejected() {
    assert_fails(
        &run(&["generate", "--seed", "-1"]),
        2,
        &["--seed", "whole number"],
    );
    assert_fails(&run(&["--seed", "x"]), 2, &["--seed"]);
    assert_fails(
        &run(&["generate", "--seed", "18446744073709551616"]),
        2,
        &["--seed"],
    );
    assert_fails(
        &run(&["stats", "--runs", "0"]),
        2,
        &["--runs", "at least 1"],
    );
    assert_fails(&run(&["stats", "--runs", "-2"]), 2, &["--runs"]);
}

/// Every broken maze file, and what its error must name.
fn broken_mazes() -> Vec<(&'static str, &'static [u8], &'static str)> {
    vec![
        ("empty", b"", "empty"),
        ("blank-lines", b"\n\n", "empty"),
        ("ragged", b"#####\n#S E#\n###\n", "ragged"),
        ("no-s", b"#####\n#  E#\n#####\n", "no start"),
        ("no-e", b"#####\n#S  #\n#####\n", "no end"),
        ("two-s", b"#####\n#SSE#\n#####\n", "2 'S'"),
        ("two-e", b"#####\n#SEE#\n#####\n", "2 'E'"),
        ("binary", b"#S\xff\xfeE#\n", "not UTF-8"),
    ]
}

#[test]
fn broken_maze_files_are_rejected_naming_file_and_problem() {
    for (name, contents, problem) in broken_mazes() {
        let file = temp_file(&format!("broken-{name}.txt"), contents);
        let path = file.to_str().unwrap();
        let file_name = file.file_name().unwrap().to_str().unwrap();
        assert_fails(&run(&["solve", path]), 1, &[file_name, problem]);
        assert_fails(&run(&["--load", path]), 1, &[file_name, problem]);
        assert_fails(
            &run_stdin(&["solve", "-"], contents),
            1,
            &["stdin", problem],
        );
    }
    // stdin gets the same checks.
    assert_fails(
        &run_stdin(&["solve", "-"], "#####\n#S  #\n#####\n"),
        1,
        &["stdin", "no end"],
    );
}

#[test]
fn unreadable_maze_files_are_rejected() {
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-does-not-exist.txt");
    let missing = missing.to_str().unwrap();
    assert_fails(
        &run(&["solve", missing]),
        1,
        &["cannot read maze", "cli-does-not-exist.txt"],
    );
    assert_fails(
        &run(&["--load", missing]),
        1,
        &["cannot read maze", "cli-does-not-exist.txt"],
    );
    // A directory is not a maze.
    let dir = env!("CARGO_TARGET_TMPDIR");
    assert_fails(&run(&["solve", dir]), 1, &["cannot read maze"]);
}

// ---------------------------------------------------------------------------------------
// The TUI without a terminal (issue 6).

#[test]
fn tui_without_a_terminal_exits_two_with_one_line_and_no_escape_codes() {
    let maze = temp_file("tui-load.txt", SMALL.as_bytes());
    for args in [
        &[][..],
        &[
            "--width",
            "10",
            "--height",
            "5",
            "--seed",
            "3",
            "--generator",
            "prim",
        ],
        &[
            "--solver",
            "astar",
            "--diagonal",
            "--heuristic",
            "octile",
            "--braid",
            "0.3",
        ],
        &["--color", "never", "--ascii", "--cell-choice", "mix:0.3"],
        &["--load", maze.to_str().unwrap()],
    ] {
        let out = run(args);
        assert_fails(&out, 2, &["no terminal", "maze-tui generate"]);
        assert!(!out.stderr.contains(&0x1b), "no escape codes on stderr");
    }
}

#[test]
fn tui_flags_do_not_mix_with_subcommands() {
    assert_fails(&run(&["--width", "5", "generate"]), 2, &["generate"]);
}

#[test]
fn output_flag_writes_the_same_bytes_as_stdout() {
    let path = temp_file("out-generate.txt", b"old contents, longer than nothing");
    let out = run_ok(&[
        "generate",
        "-a",
        "sidewinder",
        "--width",
        "9",
        "--height",
        "4",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(out.stdout.is_empty(), "nothing on stdout with --output");
    let written = std::fs::read_to_string(&path).expect("file written");
    assert_eq!(
        written,
        generate_text("sidewinder", 9, 4, 1),
        "truncated, then the maze"
    );

    // Over a longer file: the file is cut to the new length.
    let long = "x".repeat(10_000);
    std::fs::write(&path, &long).unwrap();
    run_ok(&[
        "generate",
        "--width",
        "3",
        "--height",
        "2",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        generate_text("recursive-backtracker", 3, 2, 1)
    );
    // A device is not a regular file: refused (only regular files or new names).
    #[cfg(unix)]
    assert_eq!(run(&["generate", "-o", "/dev/null"]).status.code(), Some(2));

    let solved = temp_file("out-solve.txt", b"");
    run_ok(&[
        "solve",
        "--output",
        solved.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    let on_stdout = run_ok(&["solve", path.to_str().unwrap()]);
    assert_eq!(
        std::fs::read(&solved).expect("file written"),
        on_stdout.stdout
    );
    assert!(
        std::fs::read_to_string(&solved).unwrap().contains('.'),
        "the path is marked"
    );
}

#[test]
fn output_flag_errors_are_one_line_and_bad_sizes_touch_no_file() {
    let out = run(&["generate", "-o", "/nonexistent-dir/maze.txt"]);
    assert_fails(&out, 1, &["cannot write", "/nonexistent-dir/maze.txt"]);
    let keep = temp_file("out-keep.txt", b"keep me");
    let out = run(&["generate", "--width", "0", "-o", keep.to_str().unwrap()]);
    assert_fails(&out, 2, &["--width"]);
    let out = run(&[
        "generate",
        "--width",
        "200000",
        "--height",
        "200000",
        "-o",
        keep.to_str().unwrap(),
    ]);
    assert_fails(&out, 1, &["too large"]);
    assert_eq!(std::fs::read(&keep).unwrap(), b"keep me", "untouched");
}

// ---------------------------------------------------------------- compare, pictures, files

const BRAIDED: &str = "\
#########
#S      #
# ##### #
#   #   #
### # ###
#     E #
#########
";

#[test]
fn compare_prints_every_solver_fewest_steps_first() {
    let path = temp_file("compare.txt", BRAIDED.as_bytes());
    let out = run_ok(&["compare", path.to_str().unwrap()]);
    let text = stdout(&out);
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len(), SolverKind::ALL.len(), "{text}");
    // Paths first, then proofs of no path, then give-ups and refusals; fewest steps first
    // within each.
    let rank: Vec<(u8, u64)> = rows
        .iter()
        .map(|r| {
            let class = if r.contains("gave up") || r.contains("refused") {
                2
            } else {
                u8::from(r.ends_with("no path"))
            };
            (class, r.split_whitespace().nth(1).unwrap().parse().unwrap())
        })
        .collect();
    assert!(rank.windows(2).all(|w| w[0] <= w[1]), "sorted: {text}");
}

#[test]
fn compare_json_has_the_contract_fields_and_optimal_flags() {
    let out = run_stdin(
        &["compare", "--solvers", "astar,dfs,bfs", "-f", "json"],
        BRAIDED,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    for row in rows {
        for key in [
            "solver",
            "steps",
            "expanded",
            "peak_frontier",
            "path_length",
            "cost",
            "optimal",
        ] {
            assert!(row.get(key).is_some(), "{key} in {row}");
        }
    }
    let astar = rows.iter().find(|r| r["solver"] == "astar").unwrap();
    assert_eq!(astar["optimal"], true);
    assert_eq!(astar["path_length"], 9);
}

#[test]
fn compare_rejects_unknown_solvers_and_bad_mazes() {
    let out = run_stdin(&["compare", "--solvers", "astar,nope"], BRAIDED);
    assert_fails(&out, 2, &["nope"]);
    let out = run_stdin(&["compare"], "not a maze");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn svg_and_png_pictures_of_a_generated_and_a_solved_maze() {
    let out = run_ok(&["generate", "--width", "8", "--height", "4", "-f", "svg"]);
    let svg = stdout(&out);
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    let out = run_ok(&[
        "generate",
        "--width",
        "8",
        "--height",
        "4",
        "-f",
        "png",
        "--cell-size",
        "10",
    ]);
    assert_eq!(&out.stdout[1..4], b"PNG");
    // 8 cells of 10 px and 9 walls of 1 px, plus two 8 px margins.
    let width = u32::from_be_bytes(out.stdout[16..20].try_into().unwrap());
    assert_eq!(width, 8 * 10 + 9 + 2 * 8);
    let path = temp_file("picture.txt", BRAIDED.as_bytes());
    let out = run_ok(&[
        "solve",
        path.to_str().unwrap(),
        "-f",
        "svg",
        "--show",
        "explored,heat",
    ]);
    assert!(stdout(&out).contains("#d55e00"), "the path is drawn");
}

#[test]
fn a_failing_command_leaves_the_output_file_untouched() {
    let target = temp_file("keep.txt", b"precious\n");
    let out = run_stdin(
        &["solve", "-", "-o", target.to_str().unwrap()],
        "#####\n#S#E#\n#####\n",
    );
    assert_eq!(out.status.code(), Some(1), "no path");
    assert_eq!(std::fs::read(&target).unwrap(), b"precious\n");
    let dir = target.parent().unwrap();
    let leftovers = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(".tmp"))
        .count();
    assert_eq!(leftovers, 0, "no temporary file left behind");
}

#[test]
fn stats_writes_its_table_to_the_output_file() {
    let target = temp_file("stats.txt", b"");
    let out = run_ok(&[
        "stats",
        "--runs",
        "2",
        "-a",
        "sidewinder",
        "-o",
        target.to_str().unwrap(),
    ]);
    assert!(out.stdout.is_empty());
    let table = std::fs::read_to_string(&target).unwrap();
    assert!(table.contains("sidewinder"), "{table}");
}

#[test]
fn the_wall_follower_gives_up_with_its_own_exit_code() {
    let island = "#########\n#S      #\n# ##### #\n# #   # #\n# # E # #\n# #   # #\n# ## ## #\n#       #\n#########\n";
    let out = run_stdin(&["solve", "-a", "wall-follower", "-"], island);
    assert_fails(&out, 3, &["gave up", "proves nothing"]);
    let room = "#####\n#S  #\n#   #\n#  E#\n#####\n";
    let out = run_stdin(&["solve", "-a", "wall-follower", "-"], room);
    assert!(out.status.success(), "in a room it walks to a wall first");
}

#[test]
fn oversized_input_and_sizes_get_one_line() {
    let huge = vec![b'#'; (128 << 20) + 2];
    let out = run_stdin(&["solve", "-"], huge);
    assert_fails(&out, 1, &["more than 128 MiB"]);
    let out = run(&["generate", "--width", "5000", "--height", "5001"]);
    assert_fails(&out, 1, &["limit is 25000000 cells"]);
    let out = run(&["--width", "6000", "--height", "5000"]);
    assert_fails(&out, 1, &["limit is 25000000 cells"]);
}

#[test]
fn search_options_parse_and_weighted_astar_stays_within_its_bound() {
    let path = temp_file("weighted.txt", BRAIDED.as_bytes());
    let p = path.to_str().unwrap();
    let best = run_ok(&["solve", "-a", "astar", "-f", "json", p]);
    let best: Value = serde_json::from_slice(&best.stdout).unwrap();
    let weighted = run_ok(&[
        "solve",
        "-a",
        "astar",
        "--heuristic-weight",
        "2",
        "-f",
        "json",
        p,
    ]);
    let weighted: Value = serde_json::from_slice(&weighted.stdout).unwrap();
    assert!(weighted["cost"].as_u64().unwrap() <= 2 * best["cost"].as_u64().unwrap());
    run_ok(&[
        "solve",
        "-a",
        "astar",
        "--diagonal",
        "--corners",
        "no-cut",
        "--tie-break",
        "lifo",
        p,
    ]);
    let out = run(&["solve", "--heuristic-weight", "0.5", p]);
    assert_fails(&out, 2, &["weight"]);
}

/// A signal during a long `generate -o` (Ctrl-C, `kill`) leaves no temporary file behind
/// and the target untouched, and the exit status is 128 + the signal's number.
#[cfg(unix)]
#[test]
fn a_signal_during_output_leaves_no_stray_file() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let target = dir.path().join("maze.txt");
    std::fs::write(&target, "old").expect("write the old file");
    // Large enough to take well over a second.
    let mut child = std::process::Command::new(BIN)
        .args(["generate", "--width", "5000", "--height", "5000", "-o"])
        .arg(&target)
        .stderr(Stdio::null())
        .spawn()
        .expect("start generate");
    let entries = || std::fs::read_dir(dir.path()).map_or(0, Iterator::count);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while entries() < 2 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert_eq!(
        entries(),
        2,
        "the temporary file appeared beside the target"
    );
    // Sent at once, not by a `kill` process: starting one can take longer under load than
    // writing the whole file, and then there is nothing left to interrupt.
    rustix::process::kill_process(rustix::process::Pid::from_child(&child), Signal::INT)
        .expect("send SIGINT");
    let status = child.wait().expect("exits");
    assert_eq!(status.code(), Some(128 + 2));
    assert_eq!(entries(), 1, "only the target is left");
    assert_eq!(std::fs::read_to_string(&target).expect("read"), "old");
}

/// `--help` documents the exit codes a script can rely on.
#[test]
fn help_documents_exit_codes() {
    let help = stdout(&run_ok(&["--help"]));
    for needle in [
        "Exit status",
        "0 done",
        "2 bad command line",
        "3 the solver gave up",
        "128+N",
    ] {
        assert!(help.contains(needle), "{needle:?} in --help");
    }
}

/// `--race` takes 2 to 4 solvers or 2 to 4 generators; anything else is one line, exit 2,
/// before any terminal is touched.
#[test]
fn race_names_are_checked() {
    for (names, needle) in [
        ("prim,astar", "not both"),
        ("astar", "2 to 4 names, not 1"),
        ("prim,wilson,eller,kruskal,sidewinder", "not 5"),
        ("bogus,prim", "invalid value 'bogus' for '--race"),
    ] {
        let out = run(&["--race", names]);
        assert_fails(&out, 2, &[needle]);
    }
}

/// The SVG of a generated maze parses as XML, and its wall rectangles are exactly the
/// runs of `#` in each row of the same maze's text (one `<rect>` per run).
#[test]
fn svg_parses_as_xml_with_one_rect_per_wall_run() {
    for (algorithm, seed) in [
        ("recursive-backtracker", "3"),
        ("prim", "8"),
        ("eller", "1"),
    ] {
        let args = [
            "generate", "-a", algorithm, "--width", "9", "--height", "6", "--seed", seed,
        ];
        let text = stdout(&run_ok(&args));
        let svg_out = run_ok(&[&args[..], &["-f", "svg"]].concat());
        let svg = stdout(&svg_out);
        let doc = roxmltree::Document::parse(&svg).expect("the SVG is well-formed XML");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        let walls = doc
            .descendants()
            .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("#222222"))
            .count();
        let runs: usize = text
            .lines()
            .map(|line| {
                let bytes = line.as_bytes();
                (0..bytes.len())
                    .filter(|&i| bytes[i] == b'#' && (i == 0 || bytes[i - 1] != b'#'))
                    .count()
            })
            .sum();
        assert_eq!(walls, runs, "{algorithm}: one rect per run of wall tiles");
    }
}
