use super::*;
use crate::solve::Flat;
use crate::solve::replan::Edit;

fn grid() -> Grid {
    Grid::parse("S    \n ### \n    E\n").expect("valid")
}

#[test]
fn the_search_starts_at_the_goal_and_finds_the_cheapest_path_from_the_start() {
    let grid = grid();
    let mut d = DStarLite::<Flat>::new(&grid, &SolveOptions::default());
    let first = d.step(&grid);
    assert_eq!(
        first,
        Some(SolveEvent::Settle {
            tile: Pos::new(2, 4),
            key: [60, 0],
            g: 0
        })
    );
    let solution = d.run(&grid);
    assert_eq!(solution.cost, 60);
    assert_eq!(
        solution.path.as_deref().and_then(<[Pos]>::first),
        Some(&Pos::new(0, 0))
    );
}

#[test]
fn a_moved_start_raises_km_and_old_keys_are_put_back() {
    let mut grid = Grid::parse("S         \n          \n         E\n").expect("valid");
    let mut d = DStarLite::<Flat>::new(&grid, &SolveOptions::default());
    d.run(&grid);
    // The robot walks two tiles, then finds a wall ahead.
    let changed = Edit::Start(Pos::new(0, 2)).apply(&mut grid).expect("open");
    d.repair(&grid, &changed);
    assert_eq!(d.km(), 20);
    let changed = Edit::Wall(Pos::new(1, 5)).apply(&mut grid).expect("open");
    assert_eq!(d.repair(&grid, &changed), Repair::Incremental);
    let solution = d.run(&grid);
    assert_eq!(solution.cost, 90);
}

#[test]
fn moving_the_goal_restarts() {
    let mut grid = grid();
    let mut d = DStarLite::<Flat>::new(&grid, &SolveOptions::default());
    d.run(&grid);
    let changed = Edit::Goal(Pos::new(0, 4)).apply(&mut grid).expect("open");
    assert_eq!(d.repair(&grid, &changed), Repair::Restarted);
    assert_eq!(d.run(&grid).cost, 40);
    assert_eq!(d.mark(Pos::new(0, 2)), Mark::Path);
}
