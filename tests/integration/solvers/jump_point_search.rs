//! Jump point search under every move rule, against a reference written from the rules.

use super::*;

// ---------------------------------------------------------------- jump point search

/// The open tiles one move from `p` under `moves`, with the move's cost: a diagonal needs
/// its target open and, by the corner rule, one (`no-cut`) or both (`never`) of its side
/// tiles open. Written here from the rule's definition, not from the crate.
pub(super) fn neighbours_under(grid: &Grid, p: Pos, moves: Moves) -> Vec<(Pos, u32)> {
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
pub(super) fn reference_dijkstra(
    grid: &Grid,
    edges: impl Fn(Pos) -> Vec<(Pos, u32)>,
) -> Option<u32> {
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
pub(super) fn reference_cost_under(grid: &Grid, moves: Moves) -> Option<u32> {
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
