use super::*;
use crate::solve::{Outcome, run_to_end};

#[test]
fn the_short_corridor_wins_over_the_long_loop() {
    // Two routes: 6 moves along the top row, 10 round the bottom.
    let text = "#########\n#S     E#\n# ##### #\n#       #\n#########\n";
    let g = Grid::parse(text).expect("valid");
    let sol = run_to_end(
        &mut BidirectionalBfs::<Paged>::new(&g, &SolveOptions::default()),
        &g,
    );
    assert_eq!(sol.outcome, Outcome::Found);
    assert_eq!(sol.length, 6);
}

#[test]
fn fewest_moves_through_dear_terrain() {
    let g = Grid::parse("#####\n#S9E#\n# # #\n#   #\n#####\n").expect("valid");
    let sol = run_to_end(
        &mut BidirectionalBfs::<Paged>::new(&g, &SolveOptions::default()),
        &g,
    );
    assert_eq!((sol.length, sol.cost), (2, 100));
}

#[test]
fn unreachable_goal() {
    let g = Grid::parse("S#E\n").expect("valid");
    let sol = run_to_end(
        &mut BidirectionalBfs::<Paged>::new(&g, &SolveOptions::default()),
        &g,
    );
    assert_eq!(sol.outcome, Outcome::NoPath);
}

#[test]
fn each_side_takes_from_the_front_of_its_own_queue() {
    // An open room: the first step is S's (ties go to S), the second E's.
    let g = Grid::parse("S   \n    \n   E\n").expect("valid");
    let mut s = BidirectionalBfs::<Paged>::new(&g, &SolveOptions::default());
    assert!(matches!(s.step(&g), Some(SolveEvent::Expand { tile, g: 0, .. }) if tile == g.start()));
    assert!(matches!(s.step(&g), Some(SolveEvent::Expand { tile, g: 0, .. }) if tile == g.goal()));
    let queues = s.structure(4);
    assert_eq!((queues.name, queues.len), ("queues", 4));
    assert!(queues.entries.iter().all(|e| e.detail.ends_with("moves 1")));
}
