//! Unit tests of IDA*: rounds, the budget, mazes it must solve.
use super::*;
use crate::solve::{Outcome, run_to_end};

#[test]
fn solves_a_perfect_maze_of_more_than_four_thousand_open_tiles() {
    // 60×40 cells: 4,799 open tiles. The path of a perfect maze is its only one, so
    // IDA* must find BFS's.
    let grid = crate::generate::GeneratorKind::RecursiveBacktracker
        .generate(60, 40, 3, &Default::default())
        .expect("valid")
        .0
        .to_grid();
    let bfs = crate::solve::SolverKind::Bfs.solve(&grid, &SolveOptions::default());
    let ida = run_to_end(
        &mut IdaStar::<Paged>::new(&grid, &SolveOptions::default()),
        &grid,
    );
    assert_eq!(ida.outcome, Outcome::Found);
    assert_eq!((ida.length, ida.cost), (bfs.length, bfs.cost));
}

#[test]
fn finds_the_cheapest_path_round_by_round() {
    // Two routes: 6 moves along the top, 10 round the bottom.
    let text = "#########\n#S     E#\n# ##### #\n#       #\n#########\n";
    let grid = Grid::parse(text).expect("valid");
    let mut ida = IdaStar::<Paged>::new(&grid, &SolveOptions::default());
    let solution = run_to_end(&mut ida, &grid);
    assert_eq!(solution.outcome, Outcome::Found);
    assert_eq!(solution.length, 6);
}

#[test]
fn raises_the_bound_when_the_straight_line_is_walled() {
    let text = "#######\n#S# #E#\n# # # #\n#     #\n#######\n";
    let grid = Grid::parse(text).expect("valid");
    let mut ida = IdaStar::<Paged>::new(&grid, &SolveOptions::default());
    let mut bounds = Vec::new();
    while let Some(event) = ida.step(&grid) {
        if let SolveEvent::Round { bound } = event {
            bounds.push(bound);
        }
    }
    assert!(bounds.len() > 1, "more than one round: {bounds:?}");
    assert!(
        bounds.windows(2).all(|w| w[0] < w[1]),
        "bounds rise: {bounds:?}"
    );
    assert_eq!(ida.path().map(|p| p.len() - 1), Some(8));
}

#[test]
fn gives_up_after_its_budget_and_finds_no_path_when_walled_off() {
    let big = crate::generate::GeneratorKind::BinaryTree
        .generate(60, 60, 1, &Default::default())
        .expect("valid")
        .0
        .to_grid();
    let mut ida = IdaStar::<Paged>::new(&big, &SolveOptions::default());
    ida.expansions = BUDGET - 3;
    let solution = run_to_end(&mut ida, &big);
    assert_eq!(
        solution.outcome,
        Outcome::GaveUp(GiveUp::Budget { expansions: BUDGET })
    );
    let walled = Grid::parse("#####\n#S#E#\n#####\n").expect("valid");
    let solution = run_to_end(
        &mut IdaStar::<Paged>::new(&walled, &SolveOptions::default()),
        &walled,
    );
    assert_eq!(solution.outcome, Outcome::NoPath);
}
