//! The timeline stays true across edits and crossings: a step back then forward is the
//! identity (the solver's known end survives a step back into the generation), an edit
//! with auto re-run re-runs to where the search was, and milestones land on the step that
//! did the thing.

use maze_tui::app::{Action, App, Config, Item, Stage, input};
use maze_tui::maze::Pos;
use maze_tui::solve::{Solver, SolverKind};
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use crate::screen::{buffer, text};

const SIZE: (u16, u16) = (120, 40);

fn apply(app: &mut App, actions: &[Action]) {
    for &a in actions {
        app.update(a);
        app.settle();
    }
}

/// Found last round: BFS waiting for the maze, run to its end, back to its step 0, one
/// step back into the generation and one forward: the solver kept its known end (600
/// steps) and its milestones, and the frame is the one before.
#[test]
fn back_into_the_generation_and_forward_keeps_the_solvers_end() {
    let mut app = App::new(
        Config {
            seed: 7,
            ..Config::default()
        },
        SIZE,
    );
    while app.items[app.selected] != Item::Solve(SolverKind::Bfs) {
        app.update(Action::SelectPrev);
    }
    apply(
        &mut app,
        &[
            Action::RunSelected,
            Action::ToEnd,
            Action::ToEnd,
            Action::ToStart,
        ],
    );
    let run = app.stage.search().expect("BFS at work");
    assert_eq!(run.step(), 0);
    let end = run.end().expect("BFS ran to its end");
    let milestones = run.milestones().to_vec();
    assert!(milestones.len() >= 2, "{milestones:?}");
    app.status = None;
    let before = buffer(&app);
    apply(&mut app, &[Action::StepBack(1)]);
    assert!(matches!(app.stage, Stage::Generating { .. }));
    apply(&mut app, &[Action::Step(1)]);
    let run = app.stage.search().expect("BFS again");
    assert_eq!((run.step(), run.end()), (0, Some(end)));
    assert_eq!(run.milestones(), milestones);
    app.status = None;
    assert_eq!(buffer(&app), before);
}

/// Press the keys of `text` as the terminal sends them (through the key map), each one's
/// long work done before the next.
fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        let event = Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        if let Some(action) = input::map_app_event(&event, app) {
            app.update(action);
            app.settle();
        }
    }
}

fn astar_12x8() -> App {
    App::new(
        Config {
            seed: 7,
            width: Some(12),
            height: Some(8),
            solver: Some(SolverKind::Astar),
            ..Config::default()
        },
        SIZE,
    )
}

/// The case: `f f E llll #` re-ran A* from step 0 and left it paused there, the
/// path gone. At its end before the edit, it is at its end after it, on the edited maze,
/// with its new answer (a path, or none) at once.
#[test]
fn an_edit_at_the_end_re_runs_to_the_end() {
    let mut app = astar_12x8();
    keys(&mut app, "ff");
    assert!(app.stage.finished());
    keys(&mut app, "Ellll#");
    assert!(!app.solver_is_stale(), "the search is on the edited maze");
    let run = app.stage.search().expect("A* at work");
    let grid = app.stage.grid().expect("the maze");
    assert!(
        !grid.is_open(Pos::new(1, 5)),
        "the edit walled the tile four right of S"
    );
    assert!(run.finished(), "at step {} of {:?}", run.step(), run.end());
    // Its answer is a fresh A* search's on the edited maze.
    let fresh = SolverKind::Astar.solve(grid, &app.config.solve_options);
    assert_eq!(run.step(), fresh.steps);
    assert_eq!(
        run.machine().solver().path().map(<[Pos]>::to_vec),
        fresh.path
    );
    let screen = text(&app);
    assert!(!screen.contains("step 0 "), "{screen}");
}

/// Mid-run, an edit re-runs the search to the step it was at (or its end, if the search
/// on the edited maze ends sooner), and a second edit keeps that step.
#[test]
fn an_edit_mid_run_re_runs_to_the_same_step() {
    let mut app = astar_12x8();
    keys(&mut app, "f");
    app.update(Action::Step(20));
    app.settle();
    assert_eq!(app.stage.search().map(|r| r.step()), Some(20));
    keys(&mut app, "Ej#");
    let run = app.stage.search().expect("A* at work");
    assert!(!app.solver_is_stale());
    let end = SolverKind::Astar
        .solve(app.stage.grid().expect("maze"), &app.config.solve_options)
        .steps;
    assert_eq!(run.step(), end.min(20));
    // Compared with the same search stepped there by hand: the same frame.
    let at = run.step();
    let mut by_hand = app.clone();
    by_hand.update(Action::ToStart);
    by_hand.settle();
    by_hand.update(Action::Step(at));
    by_hand.settle();
    app.status = None;
    by_hand.status = None;
    assert_eq!(buffer(&app), buffer(&by_hand));
}

/// A re-run that is long work goes in slices between frames, like any run to the end:
/// after the edit key the work is pending, and done by the event loop's slices.
#[test]
fn a_long_re_run_is_sliced() {
    let mut app = App::new(
        Config {
            seed: 7,
            width: Some(300),
            height: Some(200),
            solver: Some(SolverKind::Bfs),
            ..Config::default()
        },
        SIZE,
    );
    keys(&mut app, "ffEl");
    let event = Event::Key(KeyEvent::new(KeyCode::Char('#'), KeyModifiers::NONE));
    let action = input::map_app_event(&event, &app).expect("a key of edit mode");
    app.update(action);
    assert!(app.busy(), "the re-run waits for the event loop's slices");
    let mut slices = 0;
    let mut calls = 0;
    while app.work(|| {
        calls += 1;
        calls % 4 == 0
    }) {
        slices += 1;
    }
    assert!(slices > 1, "{slices} slices");
    assert!(app.stage.finished());
}

/// Found in the explorer: "goal reached" landed on the first step of the trace ("path:
/// (19,39) came from (19,38)"), one after the step that took the goal, and "path traced"
/// on the report after the step that drew the path's last tile. For every solver, on a
/// perfect and a braided maze: "goal reached" is the last step of the search (the next one
/// traces or reports the path: the truth, read from the events), and "path traced" the
/// first step after which every tile of the path is drawn as path (read from the marks).
#[test]
fn milestones_land_on_the_step_that_did_the_thing() {
    use maze_tui::Mark;
    use maze_tui::generate::{GenOptions, GeneratorKind};
    use maze_tui::run::{Milestone, Run};
    use maze_tui::solve::{Search, SolveEvent, SolveOptions};
    use maze_tui::teach::Teach;
    use std::sync::Arc;

    for braid in [0.0, 0.5] {
        let (mut maze, _) = GeneratorKind::RecursiveBacktracker
            .generate(20, 10, 7, &GenOptions::default())
            .expect("maze");
        maze_tui::generate::braid::braid(&mut maze, braid, 7);
        let grid = Arc::new(maze.to_grid());
        for &kind in SolverKind::ALL {
            let mut run = Run::new(Search::new(
                kind,
                Arc::clone(&grid),
                SolveOptions::default(),
            ));
            let mut events = vec![None];
            let mut drawn = vec![false];
            let path: Vec<Pos> = kind
                .solve(&grid, &SolveOptions::default())
                .path
                .unwrap_or_default();
            while let Some(event) = run.step_once() {
                events.push(Some(event));
                let solver = run.machine().solver();
                drawn.push(!path.is_empty() && path.iter().all(|&t| solver.mark(t) == Mark::Path));
            }
            let at = |m| {
                run.milestones()
                    .iter()
                    .find(|&&(_, seen)| seen == m)
                    .map(|&(s, _)| s)
            };
            let name = kind.name();
            let tracing = |e: &Option<SolveEvent>| {
                matches!(e, Some(SolveEvent::Trace { .. } | SolveEvent::Found { .. }))
            };
            // The last step of the search: the step before the first trace or report (D*
            // Lite's search ends without popping the start: the step that finds it over
            // traces the first tile).
            let searched = events.iter().position(tracing).map(|s| {
                if kind == SolverKind::DStarLite {
                    s
                } else {
                    s - 1
                }
            });
            match (at(Milestone::GoalReached), searched) {
                (Some(s), Some(last)) => assert_eq!(
                    s as usize, last,
                    "{name} braid {braid}: goal reached at {s}, the search's last step {last}: {:?}",
                    events[s as usize]
                ),
                (Some(s), None) => panic!("{name}: goal reached at {s} without a path"),
                (None, _) => assert!(
                    kind == SolverKind::DeadEndFilling || path.is_empty(),
                    "{name} braid {braid}: no goal reached"
                ),
            }
            let complete = drawn.iter().position(|&d| d);
            assert_eq!(
                at(Milestone::PathTraced).map(|s| s as usize),
                complete,
                "{name} braid {braid}: path traced"
            );
        }
    }
}

/// `f` twice before the work between frames (two quick presses, or a terminal that sends
/// both at once): the generation's end, then the search's, as two presses apart do. The
/// second press used to start the same job again, leaving the search at step 0.
#[test]
fn f_twice_at_once_runs_the_generation_then_the_search_to_the_end() {
    let mut apart = astar_12x8();
    keys(&mut apart, "ff");
    assert!(matches!(apart.stage, Stage::Solving { .. }));
    assert!(apart.stage.finished(), "two presses apart end the search");
    let mut at_once = astar_12x8();
    at_once.update(Action::ToEnd);
    at_once.update(Action::ToEnd);
    at_once.settle();
    assert!(matches!(at_once.stage, Stage::Solving { .. }));
    assert!(
        at_once.stage.finished(),
        "two presses at once end the search too"
    );
    assert_eq!(text(&at_once), text(&apart));
}
