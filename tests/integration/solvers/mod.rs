//! Every solver against an independent reference: a plain BFS (4-way moves, and 8-way
//! moves for BFS with diagonals) and a plain Dijkstra (8-way costs 10 / 14) written here, on
//! random tile grids (any wall density, unreachable goals included) and on perfect and
//! braided mazes carved here by a random depth-first spanning tree. The crate's own solvers
//! are never used as the reference.
//!
//! Checked for every solver and option set: a returned path starts at S, ends at E, walks
//! open tiles only with moves to adjacent tiles (diagonal ones only where diagonal moves are
//! on and the solver takes them), and its length and cost are what the `Solution` says;
//! BFS, Dijkstra, A* with every admissible heuristic and bidirectional BFS return the least
//! cost; every solver but the wall follower reports no path exactly when the reference finds
//! none (the wall follower: never a path where there is none, and always one on a perfect
//! maze, where it is guaranteed — on grids with loops or open rooms it may circle and give
//! up); the wall follower and Trémaux reach the goal on every perfect maze; stepping a
//! `build()` machine equals `solve()`; every machine is fused after its last event.

use std::collections::{BinaryHeap, VecDeque};

use maze_tui::generate::{GenOptions, GeneratorKind};
use maze_tui::maze::{Grid, Pos};
use maze_tui::solve::replan::Edit;
use maze_tui::solve::{
    Corners, Heuristic, Moves, Outcome, SolveEvent, SolveOptions, Solver, SolverKind,
};
use maze_tui::teach::Teach;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod jump_point_search;
use jump_point_search::{neighbours_under, reference_cost_under, reference_dijkstra};
mod fixed;
mod teaching;

// ---------------------------------------------------------------- reference searches

/// The open tiles one move from `p`: 4-way, or 8-way with `diagonal` (a diagonal move needs
/// only its target open).
fn neighbours(grid: &Grid, p: Pos, diagonal: bool) -> Vec<(Pos, u32)> {
    let moves = if diagonal {
        Moves::Eight(Corners::Allow)
    } else {
        Moves::Four
    };
    neighbours_under(grid, p, moves)
}

/// Fewest moves from S to E (plain BFS), `None` if unreachable.
fn reference_moves(grid: &Grid, diagonal: bool) -> Option<u32> {
    let (s, e) = (grid.start(), grid.goal());
    if !grid.is_open(s) || !grid.is_open(e) {
        return None;
    }
    let mut dist = vec![u32::MAX; grid.len()];
    dist[grid.index(s)] = 0;
    let mut queue = VecDeque::from([s]);
    while let Some(p) = queue.pop_front() {
        let d = dist[grid.index(p)];
        if p == e {
            return Some(d);
        }
        for (q, _) in neighbours(grid, p, diagonal) {
            if dist[grid.index(q)] == u32::MAX {
                dist[grid.index(q)] = d + 1;
                queue.push_back(q);
            }
        }
    }
    None
}

/// Least cost from S to E with 8-way moves (10 / 14), plain Dijkstra.
fn reference_cost8(grid: &Grid) -> Option<u32> {
    reference_cost_under(grid, Moves::Eight(Corners::Allow))
}

// ---------------------------------------------------------------- grids and mazes

/// A `rows × cols` grid, each tile a wall with probability `density`, S and E on random
/// tiles (opened; possibly the same tile).
fn random_grid(rows: u32, cols: u32, density: f64, seed: u64) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = (rows * cols) as usize;
    let mut open: Vec<bool> = (0..n).map(|_| !rng.random_bool(density)).collect();
    let s = rng.random_range(0..n);
    let e = rng.random_range(0..n);
    open[s] = true;
    open[e] = true;
    let pos = |i: usize| Pos::new((i / cols as usize) as u32, (i % cols as usize) as u32);
    Grid::from_parts(rows, cols, open, pos(s), pos(e))
}

/// A `width × height`-cell maze carved here by a random depth-first spanning tree, then
/// braided: each remaining inner wall between two cells opened with probability `braid`.
/// S and E on random open tiles. Perfect when `braid == 0`.
fn carved_maze(width: u32, height: u32, braid: f64, seed: u64) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (rows, cols) = (2 * height + 1, 2 * width + 1);
    let mut open = vec![false; (rows * cols) as usize];
    let tile = |r: u32, c: u32| (r * cols + c) as usize;
    let mut seen = vec![false; (width * height) as usize];
    let mut stack = vec![(0u32, 0u32)];
    seen[0] = true;
    open[tile(1, 1)] = true;
    while let Some(&(r, c)) = stack.last() {
        let mut next = Vec::new();
        for (dr, dc) in [(-1i32, 0i32), (0, 1), (1, 0), (0, -1)] {
            let (nr, nc) = (r as i32 + dr, c as i32 + dc);
            if nr >= 0 && nc >= 0 && (nr as u32) < height && (nc as u32) < width {
                let (nr, nc) = (nr as u32, nc as u32);
                if !seen[(nr * width + nc) as usize] {
                    next.push((nr, nc));
                }
            }
        }
        if next.is_empty() {
            stack.pop();
            continue;
        }
        let (nr, nc) = next[rng.random_range(0..next.len())];
        seen[(nr * width + nc) as usize] = true;
        open[tile(2 * nr + 1, 2 * nc + 1)] = true;
        open[tile(r + nr + 1, c + nc + 1)] = true;
        stack.push((nr, nc));
    }
    if braid > 0.0 {
        for r in 1..rows - 1 {
            for c in 1..cols - 1 {
                // Walls between two cells: one coordinate odd, the other even.
                if (r % 2) != (c % 2) && !open[tile(r, c)] && rng.random_bool(braid) {
                    open[tile(r, c)] = true;
                }
            }
        }
    }
    let cells: Vec<usize> = (0..open.len()).filter(|&i| open[i]).collect();
    let s = cells[rng.random_range(0..cells.len())];
    let e = cells[rng.random_range(0..cells.len())];
    let pos = |i: usize| Pos::new((i / cols as usize) as u32, (i % cols as usize) as u32);
    Grid::from_parts(rows, cols, open, pos(s), pos(e))
}

// ---------------------------------------------------------------- the checks

/// Whether `kind` takes diagonal moves when asked.
fn takes_diagonals(kind: SolverKind) -> bool {
    matches!(
        kind,
        SolverKind::Bfs
            | SolverKind::Dijkstra
            | SolverKind::Astar
            | SolverKind::GreedyBestFirst
            | SolverKind::JumpPointSearch
    )
}

/// Every option set worth running `kind` with.
fn option_sets(kind: SolverKind, seed: u64) -> Vec<SolveOptions> {
    let heuristics: &[Heuristic] =
        if matches!(kind, SolverKind::Astar | SolverKind::GreedyBestFirst) {
            &Heuristic::ALL
        } else {
            &[Heuristic::Manhattan]
        };
    let mut out = Vec::new();
    for diagonal in [false, true] {
        if diagonal && !takes_diagonals(kind) {
            continue;
        }
        for &heuristic in heuristics {
            out.push(SolveOptions {
                heuristic,
                moves: if diagonal {
                    Moves::Eight(Corners::Allow)
                } else {
                    Moves::Four
                },
                seed,
                ..SolveOptions::default()
            });
        }
    }
    out
}

/// Whether `kind` must return a cheapest path under `opts`: this test's own list, not
/// the code's. BFS finds fewest moves, so the cheapest path only while every move costs
/// the same (four-way, no terrain; Moore 1959). Dijkstra is optimal for non-negative
/// costs (Dijkstra 1959). A* and its variants with an admissible heuristic (Hart, Nilsson
/// and Raphael 1968): Manhattan over-estimates once diagonal moves exist; weighted A*
/// (weight over 1) trades optimality for speed (Pohl 1970). Jump point search on
/// uniform-cost grids (Harabor and Grastien 2011); LPA* and D* Lite as A*. DFS, greedy best-first, the wall
/// follower, dead-end filling and Trémaux promise any path, not the best.
fn optimal(kind: SolverKind, opts: &SolveOptions, weighted: bool) -> bool {
    let admissible = !(opts.diagonal() && opts.heuristic == Heuristic::Manhattan);
    match kind {
        SolverKind::Bfs | SolverKind::BidirectionalBfs => !opts.diagonal() && !weighted,
        SolverKind::Dijkstra | SolverKind::BidirectionalDijkstra => true,
        SolverKind::Astar => admissible && opts.heuristic_weight <= 100,
        SolverKind::BidirectionalAstar | SolverKind::IdaStar => admissible,
        // Lifelong Planning A* and D* Lite keep A*'s guarantee (Koenig, Likhachev and
        // Furcy 2004, theorem 5; Koenig and Likhachev 2002).
        SolverKind::LpaStar | SolverKind::DStarLite => admissible,
        SolverKind::JumpPointSearch => !weighted,
        SolverKind::Dfs
        | SolverKind::GreedyBestFirst
        | SolverKind::WallFollower
        | SolverKind::DeadEndFilling
        | SolverKind::Tremaux => false,
    }
}

/// The path is contiguous from S to E over open tiles, and `length`/`cost` describe it.
fn check_path(
    grid: &Grid,
    kind: SolverKind,
    opts: &SolveOptions,
    path: &[Pos],
    length: u32,
    cost: u32,
) -> Result<(), TestCaseError> {
    let ctx = format!("{} {opts:?}\n{}", kind.name(), grid.to_text(Some(path)));
    prop_assert_eq!(path.first(), Some(&grid.start()), "{}", ctx);
    prop_assert_eq!(path.last(), Some(&grid.goal()), "{}", ctx);
    prop_assert!(path.iter().all(|&p| grid.is_open(p)), "{}", ctx);
    let diagonal_ok = opts.diagonal() && takes_diagonals(kind);
    let mut want_cost = 0;
    for w in path.windows(2) {
        let (dr, dc) = (w[0].row.abs_diff(w[1].row), w[0].col.abs_diff(w[1].col));
        match (dr, dc) {
            (0, 1) | (1, 0) => want_cost += 10,
            (1, 1) if diagonal_ok => want_cost += 14,
            _ => prop_assert!(false, "bad move {} -> {}\n{}", w[0], w[1], ctx),
        }
    }
    prop_assert_eq!(length as usize, path.len() - 1, "{}", ctx);
    prop_assert_eq!(cost, want_cost, "{}", ctx);
    Ok(())
}

/// Run every solver with every option set on `grid` and check it against the references.
/// `perfect`: the open tiles form a tree (a perfect maze), where walkers must succeed.
fn check_all(grid: &Grid, perfect: bool, seed: u64) -> Result<(), TestCaseError> {
    let moves4 = reference_moves(grid, false);
    let moves8 = reference_moves(grid, true);
    let cost8 = reference_cost8(grid);
    for &kind in SolverKind::ALL {
        for opts in option_sets(kind, seed) {
            let ctx = format!("{} {opts:?}\n{}", kind.name(), grid.to_text(None));
            let sol = kind.solve(grid, &opts);
            let reachable = if opts.diagonal() {
                moves8.is_some()
            } else {
                moves4.is_some()
            };
            match &sol.path {
                Some(path) => check_path(grid, kind, &opts, path, sol.length, sol.cost)?,
                None => prop_assert_eq!((sol.length, sol.cost), (0, 0), "{}", ctx),
            }
            if kind == SolverKind::WallFollower {
                if !reachable {
                    prop_assert!(sol.path.is_none(), "{}", ctx);
                }
                if perfect && reachable {
                    prop_assert!(sol.path.is_some(), "wall follower lost\n{}", ctx);
                }
            } else {
                prop_assert_eq!(sol.path.is_some(), reachable, "{}", ctx);
            }
            if sol.path.is_none() {
                continue;
            }
            if optimal(kind, &opts, grid.is_weighted()) {
                let best = if opts.diagonal() {
                    cost8
                } else {
                    moves4.map(|m| 10 * m)
                };
                prop_assert_eq!(Some(sol.cost), best, "not optimal: {}", ctx);
            }
            match kind {
                SolverKind::Bfs if opts.diagonal() => {
                    prop_assert_eq!(Some(sol.length), moves8, "{}", ctx);
                }
                SolverKind::BidirectionalBfs | SolverKind::Bfs => {
                    prop_assert_eq!(Some(sol.length), moves4, "{}", ctx);
                }
                _ => {}
            }
            if perfect && !(opts.diagonal() && takes_diagonals(kind)) {
                // One simple 4-way path only: every solver that finds it returns it
                // (diagonal moves cut through pillars, so they may do better).
                prop_assert_eq!(Some(sol.length), moves4, "perfect maze: {}", ctx);
            }
        }
    }
    Ok(())
}

/// Stepping a `build()` machine gives the `solve()` result, ends with the matching event,
/// and stays fused.
fn check_stepping(grid: &Grid, seed: u64) -> Result<(), TestCaseError> {
    // Every corner rule for diagonal moves (which tiles beside a diagonal count as open).
    let corner_rules = |opts: SolveOptions| {
        Corners::ALL
            .into_iter()
            .filter_map(move |corners| match opts.moves {
                Moves::Eight(_) => Some(SolveOptions {
                    moves: Moves::Eight(corners),
                    ..opts
                }),
                Moves::Four => (corners == Corners::Allow).then_some(opts),
            })
    };
    for &kind in SolverKind::ALL {
        for opts in option_sets(kind, seed).into_iter().flat_map(corner_rules) {
            let ctx = format!("{} {opts:?}", kind.name());
            let mut machine = kind.build(grid, &opts);
            // The same search headless, in the other node store (flat arrays, a byte a
            // tile, settled tiles left out of the neighbours): the same events.
            let mut headless = kind.build_in::<maze_tui::solve::Flat>(grid, &opts);
            let (mut steps, mut peak) = (0u64, machine.structure_len());
            let mut last = None;
            let mut last_g = 0;
            while let Some(e) = machine.step(grid) {
                prop_assert_eq!(
                    seen(headless.step(grid)),
                    seen(Some(e)),
                    "step {}: {}",
                    steps,
                    ctx
                );
                steps += 1;
                // Dijkstra (and BFS with 4-way moves) expand tiles in order of g.
                if let SolveEvent::Expand { g, .. } = e {
                    let ordered = kind == SolverKind::Dijkstra
                        || (kind == SolverKind::Bfs && !opts.diagonal());
                    if ordered {
                        prop_assert!(g >= last_g, "g went down: {}", ctx);
                        last_g = g;
                    }
                }
                peak = peak.max(machine.structure_len());
                last = Some(e);
                // IDA* walks the grid again in every round, and there are at most as
                // many rounds as distinct f values (fewer than 20 per tile here).
                let budget = if kind == SolverKind::IdaStar {
                    64 * 20 * (grid.len() as u64).pow(2) + 16
                } else {
                    64 * grid.len() as u64 + 16
                };
                prop_assert!(steps <= budget, "runaway: {}", ctx);
            }
            for _ in 0..3 {
                prop_assert_eq!(machine.step(grid), None, "not fused: {}", ctx);
            }
            prop_assert_eq!(headless.step(grid), None, "headless ran on: {}", ctx);
            let sol = kind.solve(grid, &opts);
            prop_assert_eq!(steps, sol.steps, "{}", ctx);
            prop_assert_eq!(peak, sol.frontier_peak, "{}", ctx);
            prop_assert_eq!(machine.visited(), sol.visited, "{}", ctx);
            prop_assert_eq!(
                machine.path().map(<[Pos]>::to_vec),
                sol.path.clone(),
                "{}",
                ctx
            );
            let want = match (&sol.path, sol.outcome) {
                (Some(_), _) => SolveEvent::Found {
                    length: sol.length,
                    cost: sol.cost,
                },
                (None, Outcome::GaveUp(reason)) => SolveEvent::GaveUp { reason },
                (None, _) => SolveEvent::NoPath,
            };
            prop_assert_eq!(last, Some(want), "{}", ctx);
            if let Some(path) = machine.path() {
                for &p in path {
                    prop_assert_eq!(machine.mark(p), maze_tui::Mark::Path, "{}", ctx);
                }
            }
        }
    }
    Ok(())
}

/// What a step shows whichever store the search keeps its nodes in: an expansion's tile
/// and `g` (the pushes and `h` are recorded only for the explorer), any other event whole.
fn seen(event: Option<SolveEvent>) -> Option<String> {
    event.map(|e| match e {
        SolveEvent::Expand { tile, g, .. } => format!("expand {tile} g {g}"),
        other => format!("{other:?}"),
    })
}

/// `grid` with a random terrain cost (1–9) on every open tile but S and E, drawn row by
/// row from a generator seeded with `seed`.
fn with_terrain(grid: &Grid, seed: u64) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut weighted = grid.clone();
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            let p = Pos::new(row, col);
            if grid.is_open(p) && p != grid.start() && p != grid.goal() {
                weighted.set_terrain(p, Some(rng.random_range(1..=9)));
            }
        }
    }
    weighted
}

// ---------------------------------------------------------------- properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_grids_match_the_reference(
        rows in 1u32..=40,
        cols in 1u32..=40,
        density in 0.0f64..0.55,
        seed in any::<u64>(),
    ) {
        prop_assume!(rows * cols >= 2);
        let grid = random_grid(rows, cols, density, seed);
        check_all(&grid, false, seed)?;
    }

    #[test]
    fn perfect_mazes_every_solver_finds_the_one_path(
        width in 1u32..=20,
        height in 1u32..=20,
        seed in any::<u64>(),
    ) {
        let grid = carved_maze(width, height, 0.0, seed);
        check_all(&grid, true, seed)?;
    }

    #[test]
    fn braided_mazes_match_the_reference(
        width in 1u32..=20,
        height in 1u32..=20,
        braid in 0.05f64..0.6,
        seed in any::<u64>(),
    ) {
        let grid = carved_maze(width, height, braid, seed);
        check_all(&grid, false, seed)?;
    }

    #[test]
    fn stepping_build_equals_solve_and_is_fused(
        rows in 1u32..=16,
        cols in 1u32..=16,
        density in 0.0f64..0.5,
        seed in any::<u64>(),
    ) {
        prop_assume!(rows * cols >= 2);
        let grid = random_grid(rows, cols, density, seed);
        check_stepping(&grid, seed)?;
        check_stepping(&with_terrain(&grid, seed ^ 0x7e77), seed)?;
        check_stepping(&carved_maze(cols.div_ceil(2), rows.div_ceil(2), 0.2, seed), seed)?;
    }
}
