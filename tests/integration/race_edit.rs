//! The replanning race: an edit made during a race of solvers is repaired by LPA* and D*
//! Lite and searched anew by the others; the race clock starts again, the table counts the
//! tiles each runner expanded per edit, and every runner's path costs what this file's own
//! breadth-first search of the edited maze says.

use maze_tui::app::edit::Edit;
use maze_tui::app::race::{Entrants, Runners};
use maze_tui::app::{Action, App, ColorMode, Config, Mode, ModeAction, Stage};
use maze_tui::maze::Pos;
use maze_tui::solve::{Solver, SolverKind, path_cost};

use super::edit::snapshot;
use super::ends::{bfs, parse};

const RUNNERS: [SolverKind; 3] = [
    SolverKind::DStarLite,
    SolverKind::Astar,
    SolverKind::LpaStar,
];

/// A braided maze (loops, so a wall on the path leaves another way) raced to the end.
fn raced(seed: u64) -> App {
    let config = Config {
        width: Some(14),
        height: Some(7),
        seed,
        braid: 1.0,
        color: ColorMode::Never,
        ..Config::default()
    };
    let mut app = App::new(config, (100, 30));
    app.update(Action::ToEnd);
    app.settle();
    app.race_marks = Entrants::Solvers(RUNNERS.to_vec());
    for a in [Action::StartRace, Action::ToEnd] {
        app.update(a);
        app.settle();
    }
    app
}

fn act(app: &mut App, action: ModeAction) {
    app.update(Action::Mode(action));
    app.settle();
}

/// Wall the tile `at` with the edit mode's keys (the cursor starts on S), then race on to
/// the end.
fn wall(app: &mut App, at: Pos) {
    act(app, ModeAction::ToggleEdit);
    assert!(matches!(app.mode, Mode::Edit { .. }));
    let start = app.stage.grid().expect("a maze").start();
    let by = |a: u32, b: u32| i32::try_from(i64::from(a) - i64::from(b)).expect("small");
    act(
        app,
        ModeAction::Cursor(by(at.row, start.row), by(at.col, start.col)),
    );
    act(app, ModeAction::Edit(Edit::ToggleWall));
    app.update(Action::ToEnd);
    app.settle();
}

/// The runners' paths, in runner order.
fn paths(app: &App) -> Vec<Option<Vec<Pos>>> {
    let Stage::Race { race, .. } = &app.stage else {
        panic!("racing");
    };
    let Runners::Solvers(runs) = &race.runners else {
        panic!("solvers");
    };
    runs.iter()
        .map(|r| r.machine().solver().path().map(<[Pos]>::to_vec))
        .collect()
}

#[test]
fn an_edit_during_a_race_is_repaired_by_d_star_lite_and_searched_anew_by_a_star() {
    for seed in [3, 7, 11] {
        let mut app = raced(seed);
        let before = paths(&app)[1].clone().expect("A* found a path");
        // A tile in the middle of the path: walled, the runners must go round.
        let at = before[before.len() / 2];
        wall(&mut app, at);
        let grid = std::sync::Arc::clone(app.stage.grid().expect("a maze"));
        assert!(!grid.is_open(at), "the wall is in the race's maze");
        let truth = parse(&grid.to_text(None));
        let moves = bfs(&truth, truth.start)[truth.goal];
        let Stage::Race { race, .. } = &app.stage else {
            panic!("still racing");
        };
        assert_eq!(race.segments.edits(), 1);
        assert_eq!(race.segments.repaired, vec![true, false, true]);
        for (s, path) in race.standings().iter().zip(paths(&app)) {
            // Every runner is optimal here: its cost is 10 a move of the shortest route.
            let cost = path.as_ref().map(|p| path_cost(&grid, p));
            assert_eq!(cost, moves.map(|m| m * 10), "{:?} seed {seed}", s.kind);
            assert_eq!(s.per_edit.len(), 2, "first search, then the edit");
            assert_eq!(s.per_edit[1], s.expanded);
        }
        // A* searched from scratch: what it expanded since the edit is its whole count.
        let astar = &race.standings()[1];
        let Runners::Solvers(runs) = &race.runners else {
            panic!("solvers");
        };
        assert_eq!(astar.expanded, runs[1].machine().solver().visited());
        if seed == 7 {
            snapshot("race_after_an_edit", &app);
        }
    }
}

/// Undo is an edit too: the maze goes back and the runners repair or search again.
#[test]
fn undo_during_a_race_is_a_second_edit() {
    let mut app = raced(5);
    let before = paths(&app);
    let path = before[1].clone().expect("a path");
    wall(&mut app, path[path.len() / 3]);
    act(&mut app, ModeAction::Undo);
    app.update(Action::ToEnd);
    app.settle();
    let Stage::Race { race, .. } = &app.stage else {
        panic!("racing");
    };
    assert_eq!(race.segments.edits(), 2);
    let grid = app.stage.grid().expect("a maze");
    for (was, now) in before.iter().zip(paths(&app)) {
        let cost = |p: &Option<Vec<Pos>>| p.as_ref().map(|p| path_cost(grid, p));
        assert_eq!(cost(was), cost(&now), "the same cost as before the wall");
    }
}
