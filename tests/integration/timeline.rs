//! The timeline stays true across edits and crossings: a step back then forward is the
//! identity (the solver's known end survives a step back into the generation), an edit
//! with auto re-run re-runs to where the search was, and milestones land on the step that
//! did the thing.

use maze_tui::app::{Action, App, Config, Item, Stage};
use maze_tui::solve::SolverKind;
use maze_tui::ui::render;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

const SIZE: (u16, u16) = (120, 40);

fn apply(app: &mut App, actions: &[Action]) {
    for &a in actions {
        app.update(a);
        app.settle();
    }
}

fn buffer(app: &App) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(app.size.0, app.size.1)).expect("backend");
    terminal.draw(|f| render(app, f)).expect("draw");
    terminal.backend().buffer().clone()
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
        &[Action::RunSelected, Action::ToEnd, Action::ToEnd, Action::ToStart],
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
