//! Unit tests of jump point search: jumps, forced neighbours, the trace, what each step
//! teaches, the refusal of terrain.

use super::*;
use crate::solve::{Corners, Moves, Outcome, run_to_end};

fn opts(moves: Moves) -> SolveOptions {
    SolveOptions {
        moves,
        ..SolveOptions::default()
    }
}

fn run_all(grid: &Grid, moves: Moves) -> (JumpPointSearch, Vec<SolveEvent>) {
    let mut jps = JumpPointSearch::<Paged>::new(grid, &opts(moves));
    let events = std::iter::from_fn(|| jps.step(grid)).collect();
    (jps, events)
}

#[test]
fn a_corridor_is_one_jump_and_the_path_one_segment() {
    let grid = Grid::parse("#######\n#S   E#\n#######\n").expect("valid");
    let (jps, events) = run_all(&grid, Moves::Four);
    let Some(SolveEvent::Expand { pushed, .. }) = events.first() else {
        panic!("the start is expanded first");
    };
    // The whole corridor is scanned in one step: the goal is the only jump point.
    assert_eq!(
        pushed.as_slice(),
        [Push {
            tile: Pos::new(1, 5),
            g: 40,
            h: 0
        }]
    );
    assert_eq!(
        &events[1..],
        [
            SolveEvent::Expand {
                tile: Pos::new(1, 5),
                g: 40,
                h: 0,
                pushed: Pushes::default()
            },
            SolveEvent::Trace {
                tile: Pos::new(1, 5)
            },
            SolveEvent::Trace {
                tile: Pos::new(1, 1)
            },
            SolveEvent::Found {
                length: 4,
                cost: 40
            },
        ]
    );
    assert_eq!(jps.path().map(<[Pos]>::len), Some(5));
    assert_eq!(jps.mark(Pos::new(1, 3)), Mark::Path);
    assert_eq!(jps.visited(), 2);
}

#[test]
fn jump_points_are_where_the_path_may_turn() {
    // 4-way: east from S, the opening above (1,4) (with a wall above (1,3)) forces a
    // turn north there; the scanned tiles between are marked visited, not pushed.
    let grid = Grid::parse("###E##\n#   ##\n#S   #\n######\n").expect("valid");
    let mut jps = JumpPointSearch::<Paged>::new(&grid, &opts(Moves::Four));
    let Some(SolveEvent::Expand { pushed, .. }) = jps.step(&grid) else {
        panic!("the start is expanded");
    };
    let tiles: Vec<Pos> = pushed.as_slice().iter().map(|p| p.tile).collect();
    assert!(tiles.contains(&Pos::new(1, 1)), "{tiles:?}");
    let solution = run_to_end(&mut jps, &grid);
    assert_eq!((solution.length, solution.cost), (4, 40));
    assert!(solution.visited < 6);
}

#[test]
fn eight_way_forced_neighbours_under_each_corner_rule() {
    // Moving east along row 1, the wall at (0,2) ends at (0,3): S to E costs
    // 10 + 10 + 14 = 34 around the corner with `allow` / `no-cut` (diagonal from
    // (1,2) past the wall's corner), 10·3 + 10 = 40 with `never`.
    let grid = Grid::parse("  #E\nS   \n").expect("valid");
    for (corners, cost) in [
        (Corners::Allow, 34),
        (Corners::NoCut, 34),
        (Corners::Never, 40),
    ] {
        let (jps, events) = run_all(&grid, Moves::Eight(corners));
        assert_eq!(
            events.last(),
            Some(&SolveEvent::Found {
                length: jps.path().map_or(0, |p| p.len() as u32 - 1),
                cost
            }),
            "{corners:?}"
        );
    }
}

#[test]
fn every_step_under_every_move_rule_names_lines_and_explains_itself() {
    let (maze, _) = crate::generate::GeneratorKind::Kruskal
        .generate(9, 6, 4, &Default::default())
        .expect("valid size");
    let mut grid = maze.to_grid();
    // Open a room so that diagonal moves matter.
    for r in 2..6 {
        for c in 2..9 {
            grid.set_terrain(Pos::new(r, c), Some(1));
        }
    }
    for moves in [
        Moves::Four,
        Moves::Eight(Corners::Allow),
        Moves::Eight(Corners::NoCut),
        Moves::Eight(Corners::Never),
    ] {
        let mut jps = JumpPointSearch::<Paged>::new(&grid, &opts(moves));
        let mut found = false;
        while let Some(event) = jps.step(&grid) {
            let lines = jps.lines(&event);
            assert!(!lines.is_empty() && lines.iter().all(|&l| l < PSEUDOCODE.len()));
            let text = jps.explain(&event);
            assert!(text.len() > 10 && !text.contains('{'), "{text}");
            found |= matches!(event, SolveEvent::Found { .. });
        }
        assert!(found, "{moves:?}");
        let structure = jps.structure(3);
        assert_eq!(structure.name, "open jump points");
    }
}

#[test]
fn terrain_is_refused_at_the_first_step() {
    let grid = Grid::parse("S2E\n").expect("valid");
    let mut jps = JumpPointSearch::<Paged>::new(&grid, &opts(Moves::Four));
    let event = jps.step(&grid).expect("one step");
    assert_eq!(
        event,
        SolveEvent::GaveUp {
            reason: GiveUp::UniformCostOnly
        }
    );
    assert_eq!(jps.lines(&event), [0]);
    assert!(jps.explain(&event).contains("uniform cost"));
    assert_eq!(jps.step(&grid), None);
    let solution = run_to_end(
        &mut JumpPointSearch::<Paged>::new(&grid, &opts(Moves::Four)),
        &grid,
    );
    assert_eq!(solution.outcome, Outcome::GaveUp(GiveUp::UniformCostOnly));
}

#[test]
fn an_unreachable_goal_gives_no_path() {
    let grid = Grid::parse("S#\n#E\n").expect("valid");
    let (_, events) = run_all(&grid, Moves::Four);
    assert_eq!(events.last(), Some(&SolveEvent::NoPath));
    let (_, events) = run_all(&grid, Moves::Eight(Corners::Never));
    assert_eq!(events.last(), Some(&SolveEvent::NoPath));
    let (jps, events) = run_all(&grid, Moves::Eight(Corners::Allow));
    assert!(matches!(
        events.last(),
        Some(SolveEvent::Found { cost: 14, .. })
    ));
    assert_eq!(jps.lines(&SolveEvent::NoPath), [1]);
}
