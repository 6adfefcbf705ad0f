//! Races: solvers marked in the list race on one maze in lock step; the panes and the
//! comparison table are snapshot-tested, and the table's verdicts checked against the
//! cheapest cost.

use maze_tui::app::{Action, App, ColorMode, Config, Stage};
use maze_tui::solve::SolverKind;
use maze_tui::ui::render;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn config() -> Config {
    Config {
        width: Some(20),
        height: Some(10),
        seed: 7,
        ..Config::default()
    }
}

/// The app with the maze complete, `kinds` marked and the race started, then `actions`.
fn race(kinds: &[SolverKind], actions: &[Action]) -> App {
    race_with(config(), kinds, actions)
}

fn race_with(config: Config, kinds: &[SolverKind], actions: &[Action]) -> App {
    let mut app = App::new(config, (120, 40));
    app.update(Action::ToEnd);
    app.settle();
    app.race_marks = kinds.to_vec();
    for &a in [Action::StartRace].iter().chain(actions) {
        app.update(a);
        app.settle();
    }
    app
}

fn draw(app: &App) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.size.0, app.size.1)).expect("backend");
    terminal.draw(|f| render(app, f)).expect("draw");
    terminal
}

fn snapshot(name: &str, app: &App) {
    let terminal = draw(app);
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, terminal.backend());
    });
}

fn screen(app: &App) -> String {
    let terminal = draw(app);
    let buf = terminal.backend().buffer();
    buf.content()
        .iter()
        .map(ratatui::buffer::Cell::symbol)
        .collect()
}

#[test]
fn two_solvers_mid_race() {
    let app = race(&[SolverKind::Astar, SolverKind::Bfs], &[Action::Step(40)]);
    assert!(matches!(app.stage, Stage::Race { .. }));
    snapshot("race_two_solvers", &app);
}

#[test]
fn four_solvers_finished_with_the_table() {
    // Without colour, so the snapshot shows each runner's overlays by glyph.
    let no_colour = Config {
        color: ColorMode::Never,
        ..config()
    };
    let app = race_with(
        no_colour,
        &[
            SolverKind::Astar,
            SolverKind::Bfs,
            SolverKind::Dfs,
            SolverKind::WallFollower,
        ],
        &[Action::ToEnd],
    );
    snapshot("race_four_finished", &app);
}

#[test]
fn one_n_steps_every_runner_once_and_b_steps_all_back() {
    let mut app = race(&[SolverKind::Astar, SolverKind::Dfs], &[Action::Step(10)]);
    let Stage::Race { race, .. } = &app.stage else {
        panic!("racing");
    };
    assert_eq!(race.clock, 10);
    assert!(race.runners.iter().all(|r| r.step() == 10));
    let before = screen(&app);
    app.update(Action::Step(5));
    app.settle();
    app.update(Action::StepBack(5));
    app.settle();
    assert_eq!(screen(&app), before, "5 on and 5 back is the same frame");
}

#[test]
fn optimal_verdicts_agree_with_the_cheapest_cost() {
    let app = race(
        &[SolverKind::Astar, SolverKind::Bfs, SolverKind::Dfs],
        &[Action::ToEnd],
    );
    let Stage::Race { race, .. } = &app.stage else {
        panic!("racing");
    };
    let best = app.race_cheapest().expect("worked out").expect("a path");
    for s in race.standings() {
        let cost = s.cost.expect("every runner found a path");
        assert!(cost >= best, "{:?} cannot beat the cheapest", s.kind);
        if matches!(s.kind, SolverKind::Astar | SolverKind::Bfs) {
            assert_eq!(cost, best, "{:?} is optimal on an unweighted maze", s.kind);
        }
    }
}

#[test]
fn race_needs_two_marks_and_esc_leaves_it() {
    let app = race(&[SolverKind::Astar], &[]);
    assert!(!matches!(app.stage, Stage::Race { .. }));
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.contains("mark 2 to 4"))
    );
    let mut app = race(&[SolverKind::Astar, SolverKind::Bfs], &[]);
    app.update(Action::Cancel);
    assert!(matches!(app.stage, Stage::Complete { .. }));
}

#[test]
fn m_marks_and_unmarks_the_selected_solver() {
    let mut app = App::new(config(), (120, 40));
    while !matches!(app.items[app.selected], maze_tui::app::Item::Solve(_)) {
        app.update(Action::SelectNext);
    }
    app.update(Action::MarkRace);
    assert_eq!(app.race_marks.len(), 1);
    app.update(Action::MarkRace);
    assert!(app.race_marks.is_empty());
}
