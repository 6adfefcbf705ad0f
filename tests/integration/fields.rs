//! Path-finding fields (`open`, `obstacles`, `rooms`) and the seed A*'s closed list
//! (`--reopen never`), checked against references written here: the seed's A* loop re-read
//! line for line, and a plain Dijkstra.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::process::Command;

use maze_tui::generate::{GenOptions, GeneratorKind, braid::braid};
use maze_tui::maze::{Grid, Pos};
use maze_tui::solve::{
    Corners, Heuristic, Moves, Outcome, Reopen, SolveOptions, SolverKind, TieBreak,
};
use proptest::prelude::*;

/// The seed's A* (`003_…`: `PathFinder_Astar`), on `grid` from S to E: moves E, W, S, N,
/// NE, SW, SE, NW at 10 / 14, `h = 10·Manhattan`, a closed list never reopened, a
/// neighbour pushed only when its `g + h` is below the best `g + h` pushed for it; the
/// priority queue ordered by `f`, ties first pushed first. The cost of the path found, or
/// `None` when the queue empties.
fn seed_astar(grid: &Grid) -> Option<u32> {
    const MOVES: [(i64, i64); 8] = [
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (-1, 1),
        (1, -1),
        (1, 1),
        (-1, -1),
    ];
    const COST: [u32; 8] = [10, 10, 10, 10, 14, 14, 14, 14];
    let (rows, cols) = (i64::from(grid.rows()), i64::from(grid.cols()));
    let dest = grid.goal();
    let h = |p: Pos| 10 * (p.row.abs_diff(dest.row) + p.col.abs_diff(dest.col));
    let at = |p: Pos| p.row as usize * cols as usize + p.col as usize;
    let mut distance = vec![u32::MAX; grid.len()];
    let mut closed = vec![false; grid.len()];
    let mut pq = BinaryHeap::new();
    let mut pushes = 0u64;
    let start = grid.start();
    pq.push(Reverse((h(start), pushes, 0u32, start.row, start.col)));
    distance[at(start)] = 0;
    while let Some(Reverse((_, _, g, r, c))) = pq.pop() {
        let here = Pos::new(r, c);
        if closed[at(here)] {
            continue;
        }
        if here == dest {
            return Some(g);
        }
        closed[at(here)] = true;
        for (dir, (dy, dx)) in MOVES.into_iter().enumerate() {
            let (y, x) = (i64::from(r) + dy, i64::from(c) + dx);
            if y < 0 || x < 0 || y >= rows || x >= cols {
                continue;
            }
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let next = Pos::new(y as u32, x as u32);
            if closed[at(next)] || !grid.is_open(next) {
                continue;
            }
            let g = g + COST[dir];
            let f = g + h(next);
            if distance[at(next)] > f {
                pushes += 1;
                pq.push(Reverse((f, pushes, g, next.row, next.col)));
                distance[at(next)] = f;
            }
        }
    }
    None
}

/// A plain Dijkstra over 4- or 8-way moves (any diagonal between open tiles), unweighted
/// ground: the cheapest cost from S to E.
fn dijkstra(grid: &Grid, diagonal: bool) -> Option<u32> {
    let cols = grid.cols() as usize;
    let at = |p: Pos| p.row as usize * cols + p.col as usize;
    let mut best = vec![u32::MAX; grid.len()];
    let mut queue = BinaryHeap::new();
    best[at(grid.start())] = 0;
    queue.push(Reverse((0u32, grid.start().row, grid.start().col)));
    while let Some(Reverse((d, r, c))) = queue.pop() {
        let p = Pos::new(r, c);
        if d > best[at(p)] {
            continue;
        }
        if p == grid.goal() {
            return Some(d);
        }
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                let straight = dr == 0 || dc == 0;
                if (dr, dc) == (0, 0) || (!straight && !diagonal) {
                    continue;
                }
                let (nr, nc) = (i64::from(r) + dr, i64::from(c) + dc);
                let (Ok(nr), Ok(nc)) = (u32::try_from(nr), u32::try_from(nc)) else {
                    continue;
                };
                let n = Pos::new(nr, nc);
                if !grid.is_open(n) {
                    continue;
                }
                let nd = d + if straight { 10 } else { 14 };
                if nd < best[at(n)] {
                    best[at(n)] = nd;
                    queue.push(Reverse((nd, nr, nc)));
                }
            }
        }
    }
    None
}

fn field(kind: GeneratorKind, w: u32, h: u32, seed: u64, density: f64) -> Grid {
    let options = GenOptions {
        density,
        ..GenOptions::default()
    };
    kind.generate(w, h, seed, &options)
        .expect("valid size")
        .0
        .to_grid()
}

fn braided(w: u32, h: u32, seed: u64) -> Grid {
    let (mut maze, _) = GeneratorKind::Prim
        .generate(w, h, seed, &GenOptions::default())
        .expect("valid size");
    braid(&mut maze, 0.5, seed);
    maze.to_grid()
}

/// The seed's settings: 8 moves, Manhattan, ties first in first out, and a closed list.
fn seed_options(reopen: Reopen) -> SolveOptions {
    SolveOptions {
        heuristic: Heuristic::Manhattan,
        moves: Moves::Eight(Corners::Allow),
        tie_break: TieBreak::Fifo,
        reopen,
        ..SolveOptions::default()
    }
}

fn astar_cost(grid: &Grid, options: &SolveOptions) -> Option<u32> {
    let s = SolverKind::Astar.solve(grid, options);
    (s.outcome == Outcome::Found).then_some(s.cost)
}

#[test]
fn reopen_never_finds_the_seed_loops_cost_and_always_is_never_dearer() {
    let never = seed_options(Reopen::Never);
    let always = seed_options(Reopen::Always);
    let mut grids = Vec::new();
    for seed in 0..60 {
        grids.push(braided(12 + seed as u32 % 7, 8 + seed as u32 % 5, seed));
        let density = [0.1, 0.2, 0.3, 0.4][seed as usize % 4];
        grids.push(field(GeneratorKind::Obstacles, 15, 10, seed, density));
        grids.push(field(GeneratorKind::Rooms, 20, 12, seed, 0.3));
    }
    grids.push(field(GeneratorKind::Open, 17, 9, 0, 0.3));
    let mut dearer = 0;
    for (i, grid) in grids.iter().enumerate() {
        let seed = seed_astar(grid);
        assert_eq!(
            astar_cost(grid, &never),
            seed,
            "grid {i}:\n{}",
            grid.to_text(None)
        );
        let best = astar_cost(grid, &always);
        assert!(best <= seed, "grid {i}");
        dearer += usize::from(best < seed);
    }
    // Manhattan overestimates diagonals: on some of them the closed list keeps a dearer path.
    assert!(dearer > 0, "the closed list never cost anything");
}

#[test]
fn the_command_line_gives_the_seed_loops_cost() {
    for seed in 0..6 {
        let generated = Command::new(env!("CARGO_BIN_EXE_maze-tui"))
            .args([
                "generate", "-a", "prim", "--width", "15", "--height", "9", "--braid", "0.6",
            ])
            .args(["--seed", &seed.to_string()])
            .output()
            .expect("runs");
        let text = String::from_utf8(generated.stdout).expect("utf-8");
        let grid = Grid::parse(&text).expect("reads");
        let path = std::env::temp_dir().join(format!(
            "maze-tui-i30-seed-{seed}-{}.txt",
            std::process::id()
        ));
        std::fs::write(&path, &text).expect("writes");
        let solved = Command::new(env!("CARGO_BIN_EXE_maze-tui"))
            .args(["solve", "-a", "astar", "--reopen", "never", "--diagonal"])
            .args([
                "--heuristic",
                "manhattan",
                "--tie-break",
                "fifo",
                "-f",
                "json",
            ])
            .arg(&path)
            .output()
            .expect("runs");
        std::fs::remove_file(&path).ok();
        let json: serde_json::Value = serde_json::from_slice(&solved.stdout).expect("json");
        let cost = json["cost"].as_u64().and_then(|c| u32::try_from(c).ok());
        assert_eq!(cost, seed_astar(&grid), "seed {seed}");
    }
}

#[test]
fn fields_are_the_same_for_a_seed_and_keep_their_border() {
    for kind in [
        GeneratorKind::Open,
        GeneratorKind::Obstacles,
        GeneratorKind::Rooms,
    ] {
        for (w, h) in [(1, 1), (1, 6), (6, 1), (9, 7)] {
            let text = |seed: u64| {
                let out = Command::new(env!("CARGO_BIN_EXE_maze-tui"))
                    .args(["generate", "-a", kind.name(), "--width", &w.to_string()])
                    .args(["--height", &h.to_string(), "--seed", &seed.to_string()])
                    .output()
                    .expect("runs");
                assert!(out.status.success());
                String::from_utf8(out.stdout).expect("utf-8")
            };
            let first = text(4);
            assert_eq!(first, text(4), "{} {w}x{h}", kind.name());
            let grid = Grid::parse(&first).expect("reads back");
            assert_eq!((grid.rows(), grid.cols()), (2 * h + 1, 2 * w + 1));
            for r in 0..grid.rows() {
                for c in 0..grid.cols() {
                    if r == 0 || c == 0 || r + 1 == grid.rows() || c + 1 == grid.cols() {
                        assert!(!grid.is_open(Pos::new(r, c)), "{} border", kind.name());
                    }
                }
            }
        }
    }
}

#[test]
fn a_field_without_a_path_is_reported_by_every_solver() {
    // Density 1: every tile but S and E is a wall.
    let grid = field(GeneratorKind::Obstacles, 6, 4, 1, 1.0);
    for &kind in SolverKind::ALL {
        let s = kind.solve(&grid, &SolveOptions::default());
        assert!(s.path.is_none(), "{}", kind.name());
    }
    let out = Command::new(env!("CARGO_BIN_EXE_maze-tui"))
        .args(["generate", "-a", "obstacles", "--density", "1"])
        .output()
        .expect("runs");
    let path = std::env::temp_dir().join(format!("maze-tui-i30-nopath-{}.txt", std::process::id()));
    std::fs::write(&path, &out.stdout).expect("writes");
    let solved = Command::new(env!("CARGO_BIN_EXE_maze-tui"))
        .args(["solve", "-a", "astar"])
        .arg(&path)
        .output()
        .expect("runs");
    std::fs::remove_file(&path).ok();
    assert_eq!(solved.status.code(), Some(1));
    let err = String::from_utf8_lossy(&solved.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no path"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// On random obstacle fields every optimal solver's cost is the reference Dijkstra's,
    /// and every solver agrees with it on whether there is a path at all.
    #[test]
    fn optimal_solvers_match_an_independent_dijkstra_on_obstacles(
        w in 1u32..14, h in 1u32..10, seed in any::<u64>(), density in 0.0f64..0.5,
        diagonal in any::<bool>(),
    ) {
        let grid = field(GeneratorKind::Obstacles, w, h, seed, density);
        let (four, eight) = (dijkstra(&grid, false), dijkstra(&grid, true));
        let options = SolveOptions {
            moves: if diagonal { Moves::Eight(Corners::Allow) } else { Moves::Four },
            heuristic: if diagonal { Heuristic::Octile } else { Heuristic::Manhattan },
            ..SolveOptions::default()
        };
        for &kind in SolverKind::ALL {
            // The walkers move 4-way whatever is asked; the searches take diagonals.
            let takes_diagonals = !matches!(
                kind,
                SolverKind::WallFollower | SolverKind::DeadEndFilling | SolverKind::Tremaux
            );
            let best = if diagonal && takes_diagonals { eight } else { four };
            let s = kind.solve(&grid, &options);
            match s.outcome {
                Outcome::Found => prop_assert!(best.is_some(), "{} found a path", kind.name()),
                Outcome::NoPath => prop_assert!(best.is_none(), "{} found none", kind.name()),
                Outcome::GaveUp(_) => continue,
            }
            if kind.is_optimal(&options, false) && s.outcome == Outcome::Found {
                prop_assert_eq!(Some(s.cost), best, "{}", kind.name());
            }
        }
    }
}

#[test]
fn random_ends_are_the_same_for_a_seed_and_on_open_tiles() {
    let generate = |seed: u64| {
        let out = Command::new(env!("CARGO_BIN_EXE_maze-tui"))
            .args(["generate", "-a", "obstacles", "--ends", "random"])
            .args([
                "--width",
                "12",
                "--height",
                "8",
                "--seed",
                &seed.to_string(),
            ])
            .output()
            .expect("runs");
        assert!(out.status.success());
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let mut starts = std::collections::HashSet::new();
    for seed in 0..8 {
        let text = generate(seed);
        assert_eq!(text, generate(seed), "seed {seed}");
        let grid = Grid::parse(&text).expect("reads");
        assert_ne!(grid.start(), grid.goal());
        starts.insert(grid.start());
    }
    assert!(starts.len() > 4, "S moves with the seed: {starts:?}");
}

#[test]
fn entrance_border_opens_s_and_e_in_the_outer_wall() {
    let run = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_maze-tui"))
            .args([
                "generate", "-a", "prim", "--width", "6", "--height", "3", "--seed", "2",
            ])
            .args(extra)
            .output()
            .expect("runs");
        assert!(out.status.success());
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let text = run(&["--entrance", "border"]);
    assert_eq!(text, run(&["--ends", "border"]));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("#S#"), "{text}");
    assert!(lines[6].ends_with("E#"), "{text}");
    let grid = Grid::parse(&text).expect("reads");
    let s = SolverKind::Bfs.solve(&grid, &SolveOptions::default());
    assert_eq!(s.outcome, Outcome::Found);
}
