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
    for &kind in SolverKind::ALL {
        for opts in option_sets(kind, seed) {
            let ctx = format!("{} {opts:?}", kind.name());
            let mut machine = kind.build(grid, &opts);
            let (mut steps, mut peak) = (0u64, machine.structure_len());
            let mut last = None;
            let mut last_g = 0;
            while let Some(e) = machine.step(grid) {
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
        check_stepping(&random_grid(rows, cols, density, seed), seed)?;
        check_stepping(&carved_maze(cols.div_ceil(2), rows.div_ceil(2), 0.2, seed), seed)?;
    }
}

// ---------------------------------------------------------------- jump point search

/// The open tiles one move from `p` under `moves`, with the move's cost: a diagonal needs
/// its target open and, by the corner rule, one (`no-cut`) or both (`never`) of its side
/// tiles open. Written here from the rule's definition, not from the crate.
fn neighbours_under(grid: &Grid, p: Pos, moves: Moves) -> Vec<(Pos, u32)> {
    let open = |dr: i64, dc: i64| {
        let (r, c) = (i64::from(p.row) + dr, i64::from(p.col) + dc);
        r >= 0 && c >= 0 && grid.is_open(Pos::new(r as u32, c as u32))
    };
    let mut out = Vec::new();
    for dr in -1i64..=1 {
        for dc in -1i64..=1 {
            if (dr == 0 && dc == 0) || !open(dr, dc) {
                continue;
            }
            let diagonal = dr != 0 && dc != 0;
            let allowed = match (moves, diagonal) {
                (_, false) => true,
                (Moves::Four, true) => false,
                (Moves::Eight(Corners::Allow), true) => true,
                (Moves::Eight(Corners::NoCut), true) => open(dr, 0) || open(0, dc),
                (Moves::Eight(Corners::Never), true) => open(dr, 0) && open(0, dc),
            };
            if allowed {
                let q = Pos::new(
                    (i64::from(p.row) + dr) as u32,
                    (i64::from(p.col) + dc) as u32,
                );
                out.push((q, if diagonal { 14 } else { 10 }));
            }
        }
    }
    out
}

/// Least cost from S to E over the edges `edges(p)` gives (neighbour, cost), plain
/// Dijkstra with a binary heap; `None` if E cannot be reached or S or E is a wall.
fn reference_dijkstra(grid: &Grid, edges: impl Fn(Pos) -> Vec<(Pos, u32)>) -> Option<u32> {
    let (s, e) = (grid.start(), grid.goal());
    if !grid.is_open(s) || !grid.is_open(e) {
        return None;
    }
    let mut dist = vec![u32::MAX; grid.len()];
    dist[grid.index(s)] = 0;
    let mut heap = BinaryHeap::from([std::cmp::Reverse((0u32, s))]);
    while let Some(std::cmp::Reverse((d, p))) = heap.pop() {
        if d > dist[grid.index(p)] {
            continue;
        }
        if p == e {
            return Some(d);
        }
        for (q, w) in edges(p) {
            if d + w < dist[grid.index(q)] {
                dist[grid.index(q)] = d + w;
                heap.push(std::cmp::Reverse((d + w, q)));
            }
        }
    }
    None
}

/// Least cost from S to E under `moves` (10 straight, 14 diagonal).
fn reference_cost_under(grid: &Grid, moves: Moves) -> Option<u32> {
    reference_dijkstra(grid, |p| neighbours_under(grid, p, moves))
}

/// Jump point search under every move rule: a path exactly when the reference finds one,
/// of the reference's least cost, every move legal under the rule.
fn check_jps(grid: &Grid) -> Result<(), TestCaseError> {
    let all = [
        Moves::Four,
        Moves::Eight(Corners::Allow),
        Moves::Eight(Corners::NoCut),
        Moves::Eight(Corners::Never),
    ];
    for moves in all {
        let opts = SolveOptions {
            moves,
            heuristic: if moves == Moves::Four {
                Heuristic::Manhattan
            } else {
                Heuristic::Octile
            },
            ..SolveOptions::default()
        };
        let sol = SolverKind::JumpPointSearch.solve(grid, &opts);
        let best = reference_cost_under(grid, moves);
        let ctx = format!("{moves:?}\n{}", grid.to_text(sol.path.as_deref()));
        prop_assert_eq!(sol.path.as_ref().map(|_| sol.cost), best, "{}", ctx);
        if let Some(path) = &sol.path {
            prop_assert_eq!(path.first(), Some(&grid.start()), "{}", ctx);
            prop_assert_eq!(path.last(), Some(&grid.goal()), "{}", ctx);
            for w in path.windows(2) {
                let legal = neighbours_under(grid, w[0], moves)
                    .iter()
                    .any(|&(q, _)| q == w[1]);
                prop_assert!(legal, "illegal move {} -> {}: {}", w[0], w[1], ctx);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn jump_point_search_is_optimal_under_every_move_rule(
        rows in 1u32..=30,
        cols in 1u32..=30,
        density in 0.0f64..0.5,
        seed in any::<u64>(),
    ) {
        prop_assume!(rows * cols >= 2);
        check_jps(&random_grid(rows, cols, density, seed))?;
    }

    #[test]
    fn jump_point_search_is_optimal_on_braided_mazes(
        width in 1u32..=15,
        height in 1u32..=15,
        braid in 0.0f64..0.6,
        seed in any::<u64>(),
    ) {
        check_jps(&carved_maze(width, height, braid, seed))?;
    }
}

#[test]
fn jump_point_search_refuses_terrain() {
    let grid = Grid::parse("S 5\n  E\n").expect("valid");
    let sol = SolverKind::JumpPointSearch.solve(&grid, &SolveOptions::default());
    assert_eq!(
        sol.outcome,
        Outcome::GaveUp(maze_tui::solve::GiveUp::UniformCostOnly)
    );
    assert_eq!((sol.path, sol.steps), (None, 1));
}

// ---------------------------------------------------------------- fixed cases

#[test]
fn generated_mazes_match_the_reference() {
    // Every generator's mazes (stubs until the generator branches are merged; then real
    // perfect mazes where the wall follower and Trémaux must succeed).
    for &kind in GeneratorKind::ALL {
        for (w, h, seed) in [(1, 1, 1), (1, 7, 2), (9, 1, 3), (8, 6, 4), (15, 11, 5)] {
            let (maze, _) = kind
                .generate(w, h, seed, &GenOptions::default())
                .expect("valid size");
            let grid = maze.to_grid();
            if let Err(e) = check_all(&grid, maze.is_perfect(), seed) {
                panic!("{}: {e}", kind.name());
            }
            if let Err(e) = check_stepping(&grid, seed) {
                panic!("{}: {e}", kind.name());
            }
        }
    }
}

#[test]
fn astar_manhattan_with_diagonals_can_lose_octile_cannot() {
    // An open floor with one pillar: Manhattan overestimates diagonal moves and pulls A*
    // up the right column, closing tiles too early; the path costs 44 where 38 suffices.
    let grid = Grid::parse("E   \n  # \n   S\n").expect("valid");
    let best = reference_cost8(&grid);
    assert_eq!(best, Some(38));
    let solve = |heuristic| {
        SolverKind::Astar.solve(
            &grid,
            &SolveOptions {
                heuristic,
                moves: Moves::Eight(Corners::Allow),
                ..SolveOptions::default()
            },
        )
    };
    let manhattan = solve(Heuristic::Manhattan);
    assert_eq!(manhattan.cost, 44);
    assert!(Some(manhattan.cost) > best);
    assert_eq!(manhattan.path.as_ref().map(Vec::len), Some(5));
    for h in [
        Heuristic::Octile,
        Heuristic::Euclidean,
        Heuristic::Chebyshev,
        Heuristic::Zero,
    ] {
        assert_eq!(Some(solve(h).cost), best, "{h:?}");
    }
}

#[test]
fn one_hand_written_maze_every_solver() {
    // A braided maze: two routes of 14 moves (over the top, round the bottom) and a spur.
    let text = "\
###########
#S  #     #
# # # ### #
# #   #  E#
# ##### # #
#       # #
###########
";
    let grid = Grid::parse(text).expect("valid");
    assert_eq!(reference_moves(&grid, false), Some(14));
    for &kind in SolverKind::ALL {
        let sol = kind.solve(&grid, &SolveOptions::default());
        let Some(path) = sol.path.as_deref() else {
            panic!("{}: no path", kind.name());
        };
        assert_eq!(path.first(), Some(&grid.start()));
        assert_eq!(path.last(), Some(&grid.goal()));
        if kind.is_optimal(&SolveOptions::default(), false) {
            assert_eq!(sol.length, 14, "{}", kind.name());
        }
        assert!(sol.length >= 14);
    }
}

/// Least cost from S to E with 4-way moves on terrain: entering a tile of cost `c` costs
/// `10 c`. Plain Dijkstra on the grid's own costs.
fn reference_terrain_cost(grid: &Grid) -> Option<u32> {
    reference_dijkstra(grid, |p| {
        neighbours(grid, p, false)
            .into_iter()
            .map(|(q, _)| (q, 10 * grid.cost(q).expect("open")))
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// On random terrain (costs 1–9), Dijkstra and A* (admissible heuristic) find the
    /// cheapest cost, and no solver's path is cheaper than it.
    #[test]
    fn weighted_grids_cheapest_cost_matches_the_reference(
        rows in 2u32..14, cols in 2u32..14, density in 0.0f64..0.4, seed in any::<u64>(),
    ) {
        let mut grid = random_grid(rows, cols, density, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        for i in 0..grid.len() {
            let tile = grid.pos(i);
            if grid.is_open(tile) && tile != grid.start() && tile != grid.goal() {
                grid.set_terrain(tile, Some(rng.random_range(1..=9)));
            }
        }
        let best = reference_terrain_cost(&grid);
        for &kind in SolverKind::ALL {
            let sol = kind.solve(&grid, &SolveOptions::default());
            if matches!(
                kind,
                SolverKind::Dijkstra
                    | SolverKind::Astar
                    | SolverKind::BidirectionalDijkstra
                    | SolverKind::BidirectionalAstar
            ) {
                prop_assert_eq!(sol.path.as_ref().map(|_| sol.cost), best, "{}", kind.name());
            }
            if let (Some(_), Some(best)) = (&sol.path, best) {
                prop_assert!(sol.cost >= best, "{} beat the cheapest", kind.name());
            }
            // The reported cost is the true cost of the path reported, whether or not the
            // solver looked at costs (BFS, DFS, the walkers): 10 × the cost of each tile
            // entered.
            if let Some(path) = &sol.path {
                let true_cost: u32 = path
                    .windows(2)
                    .map(|w| 10 * grid.cost(w[1]).expect("the path is open"))
                    .sum();
                prop_assert_eq!(sol.cost, true_cost, "{}", kind.name());
            }
        }
    }
}

// ---------------------------------------------------------------- teaching

/// The grids the teaching checks run every solver on: perfect and braided mazes, open
/// random grids, terrain, and a goal walled off (no path).
fn teaching_grids() -> Vec<Grid> {
    let mut grids = Vec::new();
    for seed in 0..6 {
        grids.push(carved_maze(9, 6, 0.0, seed));
        grids.push(carved_maze(9, 6, 0.3, seed));
        grids.push(random_grid(9, 13, 0.25, seed));
        grids.push(random_grid(21, 31, 0.1, seed));
        grids.push(random_grid(41, 41, 0.3, seed));
        let mut terrain = carved_maze(8, 5, 0.4, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for i in 0..terrain.len() {
            let tile = terrain.pos(i);
            if terrain.is_open(tile) && rng.random_bool(0.4) {
                terrain.set_terrain(tile, Some(rng.random_range(2..=9)));
            }
        }
        grids.push(terrain);
    }
    grids.push(Grid::parse("#######\n#S  # #\n#   #E#\n#######\n").expect("a maze with no path"));
    grids
}

/// Every line of every solver's pseudocode is run by some step of some run: none is
/// decoration (runs on the teaching grids with every option set).
#[test]
fn every_pseudocode_line_is_reached_by_some_step() {
    let grids = teaching_grids();
    let mut failures = Vec::new();
    for &kind in SolverKind::ALL {
        let pseudocode = kind.pseudocode();
        let mut reached = vec![false; pseudocode.len()];
        for grid in &grids {
            for options in option_sets(kind, 3) {
                let mut solver = kind.build(grid, &options);
                for &line in solver.setup_lines() {
                    reached[line] = true;
                }
                while let Some(event) = solver.step(grid) {
                    for &line in solver.lines(&event) {
                        reached[line] = true;
                    }
                }
                // A search that repairs itself: a wall falls on the path; then the robot
                // takes a step along the path and a wall falls just ahead of it.
                let path = solver.path().map(<[Pos]>::to_vec).unwrap_or_default();
                if path.len() > 6 {
                    let mut edited = grid.clone();
                    let middle = [Edit::Wall(path[path.len() / 2])];
                    let ahead = [Edit::Start(path[1]), Edit::Wall(path[2])];
                    for edits in [&middle[..], &ahead[..]] {
                        let mut changed = Vec::new();
                        for edit in edits {
                            changed.extend(edit.apply(&mut edited).unwrap_or_default());
                        }
                        if solver.replan(&edited, &changed).is_none() {
                            break;
                        }
                        for &line in solver.edit_lines() {
                            reached[line] = true;
                        }
                        while let Some(event) = solver.step(&edited) {
                            for &line in solver.lines(&event) {
                                reached[line] = true;
                            }
                        }
                    }
                }
            }
        }
        let missed: Vec<&str> = pseudocode
            .iter()
            .zip(&reached)
            .filter(|(_, r)| !**r)
            .map(|(line, _)| *line)
            .collect();
        if !missed.is_empty() {
            failures.push(format!("{}: lines never run: {missed:?}", kind.name()));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The structure pane lists first what the next step takes: for the solvers that take
/// from a queue, stack or open set, the first entry shown before a step is the tile that
/// step expands (or drops as stale), under every tie-break.
#[test]
fn the_structure_lists_first_what_the_next_step_takes() {
    use maze_tui::solve::TieBreak;
    let grids = teaching_grids();
    let kinds = [
        SolverKind::Bfs,
        SolverKind::Dfs,
        SolverKind::Dijkstra,
        SolverKind::Astar,
        SolverKind::GreedyBestFirst,
        SolverKind::JumpPointSearch,
    ];
    for kind in kinds {
        for grid in grids.iter().filter(|g| !g.is_weighted()) {
            for base in option_sets(kind, 5) {
                for tie_break in [
                    TieBreak::LowH,
                    TieBreak::HighG,
                    TieBreak::Fifo,
                    TieBreak::Lifo,
                ] {
                    let options = SolveOptions { tie_break, ..base };
                    let mut solver = kind.build(grid, &options);
                    let mut checked = 0;
                    loop {
                        let first = solver.structure(1).entries.first().map(|e| e.pos);
                        let Some(event) = solver.step(grid) else {
                            break;
                        };
                        let taken = match event {
                            SolveEvent::Expand { tile, .. } | SolveEvent::Skip { tile, .. } => tile,
                            _ => continue,
                        };
                        assert_eq!(
                            first,
                            Some(taken),
                            "{} ({options:?}): listed first is not what was taken",
                            kind.name()
                        );
                        checked += 1;
                    }
                    assert!(checked > 0, "{}: some step took from it", kind.name());
                }
            }
        }
    }
}
