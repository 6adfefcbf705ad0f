use super::*;
use crate::solve::Flat;
use crate::solve::replan::Edit;

fn grid() -> Grid {
    Grid::parse("S    \n ### \n    E\n").expect("valid")
}

#[test]
fn the_first_search_settles_tiles_in_key_order_and_finds_the_cheapest_path() {
    let grid = grid();
    let mut lpa = LpaStar::<Flat>::new(&grid, &SolveOptions::default());
    assert_eq!(lpa.structure_len(), 1, "U = {{start}}");
    let first = lpa.step(&grid);
    assert_eq!(
        first,
        Some(SolveEvent::Settle {
            tile: Pos::new(0, 0),
            key: [60, 0],
            g: 0
        })
    );
    let solution = lpa.run(&grid);
    assert_eq!(solution.cost, 60);
    assert_eq!(solution.length, 6);
    assert_eq!(
        lpa.inspect(Pos::new(2, 4)).fields[0],
        ("g", "60".to_owned())
    );
}

#[test]
fn a_wall_on_the_path_raises_the_tiles_behind_it_and_repairs() {
    let mut grid = grid();
    let mut lpa = LpaStar::<Flat>::new(&grid, &SolveOptions::default());
    let before = lpa.run(&grid);
    let path = before.path.expect("a path");
    // Wall the second tile of the path: the tiles reached through it become
    // underconsistent and are raised; the other side of the block takes over.
    let blocked = path[1];
    let changed = Edit::Wall(blocked).apply(&mut grid).expect("inside");
    assert_eq!(lpa.repair(&grid, &changed), Repair::Incremental);
    assert_eq!(lpa.mark(blocked), Mark::Inconsistent);
    let mut events = Vec::new();
    while let Some(e) = lpa.step(&grid) {
        events.push(e);
    }
    assert!(events.iter().any(|e| matches!(e, SolveEvent::Raise { .. })));
    assert!(matches!(
        events.last(),
        Some(SolveEvent::Found { cost: 60, .. })
    ));
    let path = lpa.path().expect("repaired");
    assert!(!path.contains(&blocked));
}

#[test]
fn moving_the_goal_rekeys_u_and_moving_the_start_restarts() {
    let mut grid = grid();
    let mut lpa = LpaStar::<Flat>::new(&grid, &SolveOptions::default());
    lpa.run(&grid);
    let changed = Edit::Goal(Pos::new(0, 4)).apply(&mut grid).expect("open");
    assert_eq!(lpa.repair(&grid, &changed), Repair::Incremental);
    assert_eq!(lpa.run(&grid).cost, 40);
    let changed = Edit::Start(Pos::new(2, 0)).apply(&mut grid).expect("open");
    assert_eq!(lpa.repair(&grid, &changed), Repair::Restarted);
    assert_eq!(lpa.run(&grid).cost, 60);
}
