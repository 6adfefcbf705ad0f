//! Unit tests of the wall follower.
#[test]
fn in_an_open_room_it_walks_to_a_wall_first() {
    let grid = Grid::parse("#####\n#S  #\n#   #\n#  E#\n#####\n").expect("valid");
    let mut solver = WallFollower::<Paged>::new(&grid, &SolveOptions::default());
    let solution = crate::solve::run_to_end(&mut solver, &grid);
    assert_eq!(solution.outcome, crate::solve::Outcome::Found);
}

#[test]
fn goal_on_an_island_gives_up_instead_of_saying_no_path() {
    let text = "#########\n#S      #\n# ##### #\n# #   # #\n# # E # #\n# #   # #\n# ## ## #\n#       #\n#########\n";
    let grid = Grid::parse(text).expect("valid");
    let mut solver = WallFollower::<Paged>::new(&grid, &SolveOptions::default());
    let solution = crate::solve::run_to_end(&mut solver, &grid);
    assert_eq!(
        solution.outcome,
        crate::solve::Outcome::GaveUp(crate::solve::GiveUp::BackAtStart)
    );
}

use super::*;
use crate::solve::run_to_end;

#[test]
fn the_hand_goes_on_a_wall_before_it_follows() {
    // Facing north at S the right hand (east) touches no wall, so the walker turns to
    // put the north wall under its hand (west): its right-hand walk then leads south to
    // E without the dead end east of S.
    let text = "\
#####
#S  #
# ###
#E  #
#####
";
    let g = Grid::parse(text).expect("valid");
    let mut s = WallFollower::<Paged>::new(&g, &SolveOptions::default());
    let mut moves = Vec::new();
    while let Some(e) = s.step(&g) {
        moves.push(e);
    }
    let mv = |r, c| SolveEvent::Move {
        tile: Pos::new(r, c),
    };
    assert_eq!(
        moves,
        [
            mv(2, 1),
            mv(3, 1),
            SolveEvent::Found {
                length: 2,
                cost: 20
            }
        ]
    );
    assert_eq!(
        s.path(),
        Some(&[Pos::new(1, 1), Pos::new(2, 1), Pos::new(3, 1)][..])
    );
    assert_eq!(s.mark(Pos::new(2, 1)), Mark::Path);
    assert_eq!(s.mark(Pos::new(1, 3)), Mark::None);
    assert_eq!(s.step(&g), None);
}

#[test]
fn a_dead_end_walked_into_is_erased_from_the_path() {
    // The hand follows the west wall down, then the south wall east, into the spur at
    // (4,2) and out again, then north to E; the spur is not on the path.
    let text = "#####\n#S#E#\n# # #\n#   #\n## ##\n#####\n";
    let g = Grid::parse(text).expect("valid");
    let sol = run_to_end(
        &mut WallFollower::<Paged>::new(&g, &SolveOptions::default()),
        &g,
    );
    let path = sol.path.expect("found");
    assert!(!path.contains(&Pos::new(4, 2)), "the spur is erased");
    assert_eq!(sol.length, 6);
    assert_eq!(sol.visited, 8, "the spur was walked");
}

#[test]
fn a_walled_in_start_gives_up_at_once() {
    let g = Grid::parse("#####\n#S#E#\n#####\n").expect("valid");
    let sol = run_to_end(
        &mut WallFollower::<Paged>::new(&g, &SolveOptions::default()),
        &g,
    );
    assert_eq!((sol.path, sol.steps, sol.visited), (None, 1, 1));
}
