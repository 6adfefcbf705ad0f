//! `--ends`: where S and E go on a generated maze. The binary's text output is read here
//! with a parser and a breadth-first search of the test's own, and every rule is checked
//! against them: `diameter` against a double search (and, on small mazes, the largest
//! distance between any two tiles), `farthest` against the largest distance from S,
//! `random-far` for being farther than the larger side and the same for a seed.

use crate::cmd::Cmd as Command;
use maze_tui::generate::GeneratorKind;
use proptest::prelude::*;
use serde_json::Value;

/// A text maze as this test reads it: `#` walls, anything else open.
pub struct Text {
    pub rows: usize,
    pub cols: usize,
    pub open: Vec<bool>,
    pub start: usize,
    pub goal: usize,
}

/// Read the text format; panics on anything but one S and one E on equal-length lines.
pub fn parse(text: &str) -> Text {
    let lines: Vec<&str> = text.lines().collect();
    let cols = lines[0].len();
    let (mut start, mut goal) = (None, None);
    let mut open = Vec::new();
    for (r, line) in lines.iter().enumerate() {
        assert_eq!(line.len(), cols, "line {r}");
        for (c, b) in line.bytes().enumerate() {
            match b {
                b'S' => assert!(start.replace(r * cols + c).is_none(), "one S"),
                b'E' => assert!(goal.replace(r * cols + c).is_none(), "one E"),
                _ => {}
            }
            open.push(b != b'#');
        }
    }
    // The text format's one exception: a maze of one open tile holds S and E together and
    // shows only `S` on it.
    let one_tile = open.iter().filter(|&&o| o).count() == 1;
    let goal = goal.or(if one_tile { start } else { None });
    Text {
        rows: lines.len(),
        cols,
        open,
        start: start.expect("an S"),
        goal: goal.expect("an E"),
    }
}

/// Moves from `from` to every tile through 4-adjacent open tiles (`None`: not reachable).
pub fn bfs(t: &Text, from: usize) -> Vec<Option<u32>> {
    let mut dist = vec![None; t.open.len()];
    dist[from] = Some(0);
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(i) = queue.pop_front() {
        let (r, c) = (i / t.cols, i % t.cols);
        let d = dist[i].unwrap_or(0);
        let mut next = Vec::new();
        if r > 0 {
            next.push(i - t.cols);
        }
        if r + 1 < t.rows {
            next.push(i + t.cols);
        }
        if c > 0 {
            next.push(i - 1);
        }
        if c + 1 < t.cols {
            next.push(i + 1);
        }
        for n in next {
            if t.open[n] && dist[n].is_none() {
                dist[n] = Some(d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

/// The largest distance in a table, and a tile at it.
fn farthest(dist: &[Option<u32>]) -> (usize, u32) {
    dist.iter()
        .enumerate()
        .filter_map(|(i, d)| d.map(|d| (i, d)))
        .max_by_key(|&(_, d)| d)
        .expect("something is reachable")
}

/// The diameter of a tree of tiles: from any tile to the farthest, and from there to the
/// farthest again.
fn double_bfs(t: &Text) -> u32 {
    let any = t.open.iter().position(|&o| o).expect("an open tile");
    let (a, _) = farthest(&bfs(t, any));
    farthest(&bfs(t, a)).1
}

/// The largest distance between any two open tiles (a search from each).
fn all_pairs(t: &Text) -> u32 {
    (0..t.open.len())
        .filter(|&i| t.open[i])
        .map(|i| farthest(&bfs(t, i)).1)
        .max()
        .unwrap_or(0)
}

fn generate(kind: GeneratorKind, w: u32, h: u32, seed: u64, ends: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_maze-tui"))
        .args(["generate", "-a", kind.name(), "--ends", ends, "-s"])
        .arg(seed.to_string())
        .args(["--width", &w.to_string(), "--height", &h.to_string()])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("text")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// On every generator: `diameter` puts S and E a diameter apart; `farthest` puts E at
    /// the largest distance from S at the top-left; `random-far` is the same for a seed,
    /// starts at the top-left and goes farther than the larger side whenever a tile is.
    #[test]
    fn the_rules_place_the_ends_where_an_independent_search_says(
        w in 1u32..14, h in 1u32..9, seed in any::<u64>()
    ) {
        // Fields may leave E unreachable; the rules on them are checked in `fields.rs`.
        for &kind in GeneratorKind::ALL.iter().filter(|k| !k.is_field()) {
            let case = format!("{} {w}x{h} seed {seed}", kind.name());
            let t = parse(&generate(kind, w, h, seed, "diameter"));
            let diameter = double_bfs(&t);
            prop_assert_eq!(bfs(&t, t.start)[t.goal], Some(diameter), "{}", case);
            if w * h <= 24 {
                prop_assert_eq!(all_pairs(&t), diameter, "{}", case);
            }

            let t = parse(&generate(kind, w, h, seed, "farthest"));
            prop_assert_eq!(t.start, t.cols + 1, "{}", case);
            let from_s = bfs(&t, t.start);
            prop_assert_eq!(from_s[t.goal], Some(farthest(&from_s).1), "{}", case);

            let text = generate(kind, w, h, seed, "random-far");
            prop_assert_eq!(&text, &generate(kind, w, h, seed, "random-far"), "{}", case);
            let t = parse(&text);
            prop_assert_eq!(t.start, t.cols + 1, "{}", case);
            let from_s = bfs(&t, t.start);
            let side = u32::try_from(t.rows.max(t.cols)).expect("small");
            let (_, max) = farthest(&from_s);
            let to_e = from_s[t.goal].expect("E is reachable");
            if max > side {
                prop_assert!(to_e > side, "{}: E at {} moves, side {}", case, to_e, side);
            } else {
                // No tile is farther than the side: E goes to the farthest.
                prop_assert_eq!(to_e, max, "{}", case);
            }
        }
    }
}

#[test]
fn corners_is_the_default_and_prints_the_same_bytes() {
    for kind in [GeneratorKind::Prim, GeneratorKind::Kruskal] {
        let plain = Command::new(env!("CARGO_BIN_EXE_maze-tui"))
            .args([
                "generate",
                "-a",
                kind.name(),
                "--width",
                "15",
                "--height",
                "7",
            ])
            .output()
            .expect("runs")
            .stdout;
        let corners = generate(kind, 15, 7, 1, "corners");
        assert_eq!(String::from_utf8(plain).expect("text"), corners);
    }
}

#[test]
fn random_far_seeds_differ_and_json_says_the_rule_and_the_par() {
    let kind = GeneratorKind::RecursiveBacktracker;
    let goals: std::collections::HashSet<usize> = (0..8)
        .map(|seed| parse(&generate(kind, 20, 10, seed, "random-far")).goal)
        .collect();
    assert!(
        goals.len() > 1,
        "different seeds, different exits: {goals:?}"
    );

    let out = Command::new(env!("CARGO_BIN_EXE_maze-tui"))
        .args(["generate", "--ends", "random-far", "-f", "json", "-s", "5"])
        .output()
        .expect("runs");
    let json: Value = serde_json::from_slice(&out.stdout).expect("one JSON value");
    assert_eq!(json["ends"], "random-far");
    let rows: Vec<&str> = json["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r.as_str().expect("a row"))
        .collect();
    let t = parse(&(rows.join("\n") + "\n"));
    assert_eq!(json["par"], bfs(&t, t.start)[t.goal].expect("reachable"));
    let plain = Command::new(env!("CARGO_BIN_EXE_maze-tui"))
        .args(["generate", "-f", "json"])
        .output()
        .expect("runs");
    let json: Value = serde_json::from_slice(&plain.stdout).expect("one JSON value");
    assert!(json.get("ends").is_none() && json.get("par").is_none());
}

#[test]
fn stats_name_the_rule_and_give_the_par_in_tiles() {
    let out = Command::new(env!("CARGO_BIN_EXE_maze-tui"))
        .args(["stats", "-a", "prim", "--runs", "4", "--ends", "diameter"])
        .output()
        .expect("runs");
    let text = String::from_utf8(out.stdout).expect("text");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("ends diameter"), "{text}");
    assert!(lines[1].contains(" par "), "{text}");
    // On a perfect maze the diameter's par in tiles is twice the longest path in cells.
    let cols: Vec<f64> = lines[2]
        .split_whitespace()
        .skip(1)
        .map(|v| v.parse().expect("a number"))
        .collect();
    assert!((cols[1] - 2.0 * cols[2]).abs() < 1e-9, "{text}");
    let plain = Command::new(env!("CARGO_BIN_EXE_maze-tui"))
        .args(["stats", "-a", "prim", "--runs", "4"])
        .output()
        .expect("runs");
    let plain = String::from_utf8(plain.stdout).expect("text");
    assert!(
        !plain.contains(", ends ") && plain.lines().nth(1).is_some_and(|l| l.contains("solution"))
    );
}
