//! Fixed cases: generated mazes, hand-written mazes, terrain.

use super::*;

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
        let grid = with_terrain(&random_grid(rows, cols, density, seed), seed ^ 0x5eed);
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
