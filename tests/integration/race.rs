//! Races: solvers marked in the list race on one maze in lock step, generators carve mazes
//! of one size from one seed; the panes and the comparison tables are snapshot-tested, the
//! table's verdicts checked against the cheapest cost, and every runner ends exactly where
//! it ends when run alone.

use maze_tui::app::race::{Entrants, Runners};
use maze_tui::app::{Action, App, ColorMode, Config, Stage};
use maze_tui::generate::{Generation, GeneratorKind};
use maze_tui::maze::stats;
use maze_tui::run::Run;
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
    app.race_marks = Entrants::Solvers(kinds.to_vec());
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
        snapshot_path => "../../snapshots",
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
fn race_astar_vs_dijkstra_mid_run() {
    let app = race(
        &[SolverKind::Astar, SolverKind::Dijkstra],
        &[Action::Step(40)],
    );
    assert!(matches!(app.stage, Stage::Race { .. }));
    snapshot("race_astar_vs_dijkstra_mid_run", &app);
}

#[test]
fn race_four_solvers_done() {
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
    snapshot("race_four_solvers_done", &app);
}

#[test]
fn one_n_steps_every_runner_once_and_b_steps_all_back() {
    let mut app = race(&[SolverKind::Astar, SolverKind::Dfs], &[Action::Step(10)]);
    let Stage::Race { race, .. } = &app.stage else {
        panic!("racing");
    };
    assert_eq!(race.clock, 10);
    let Runners::Solvers(runs) = &race.runners else {
        panic!("a race of solvers");
    };
    assert!(runs.iter().all(|r| r.step() == 10));
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

/// The app with the maze complete, generators `kinds` marked in the list with `m`, the
/// race started with `R`, then `actions`.
fn gen_race(size: (u16, u16), kinds: &[GeneratorKind], actions: &[Action]) -> App {
    let mut app = App::new(config(), size);
    app.update(Action::ToEnd);
    app.settle();
    for &kind in kinds {
        while app.items[app.selected] != maze_tui::app::Item::Gen(kind) {
            app.update(Action::SelectNext);
        }
        app.update(Action::MarkRace);
    }
    for &a in [Action::StartRace].iter().chain(actions) {
        app.update(a);
        app.settle();
    }
    app
}

#[test]
fn race_generators_prim_vs_backtracker() {
    let kinds = [GeneratorKind::Prim, GeneratorKind::RecursiveBacktracker];
    let app = gen_race((120, 40), &kinds, &[Action::Step(60)]);
    assert!(matches!(app.stage, Stage::Race { .. }));
    snapshot("race_generators_prim_vs_backtracker", &app);
    let done = gen_race((120, 40), &kinds, &[Action::ToEnd]);
    snapshot("race_generators_prim_vs_backtracker_done", &done);
}

#[test]
fn race_80x24() {
    let app = race_on((80, 24), &[SolverKind::Astar, SolverKind::Dijkstra], 30);
    snapshot("race_80x24", &app);
}

fn race_on(size: (u16, u16), kinds: &[SolverKind], steps: u64) -> App {
    let mut app = App::new(config(), size);
    app.update(Action::ToEnd);
    app.settle();
    app.race_marks = Entrants::Solvers(kinds.to_vec());
    for a in [Action::StartRace, Action::Step(steps)] {
        app.update(a);
        app.settle();
    }
    app
}

/// Each generator in a race ends with exactly the maze it makes alone (same size, same
/// seed), after the same number of steps, and the table's facts are that maze's.
#[test]
fn each_generator_in_a_race_ends_as_it_does_alone() {
    let kinds = [
        GeneratorKind::Prim,
        GeneratorKind::RecursiveBacktracker,
        GeneratorKind::Wilson,
        GeneratorKind::Eller,
    ];
    let app = gen_race((120, 40), &kinds, &[Action::ToEnd]);
    let Stage::Race { race, .. } = &app.stage else {
        panic!("racing");
    };
    let Runners::Generators(runs) = &race.runners else {
        panic!("a race of generators");
    };
    let standings = race.gen_standings();
    for ((run, standing), &kind) in runs.iter().zip(&standings).zip(&kinds) {
        let generation =
            Generation::new(kind, 20, 10, 7, &Default::default(), 0.0).expect("valid size");
        let mut alone = Run::new(generation);
        while alone.step_once().is_some() {}
        assert_eq!(run.step(), alone.step(), "{kind:?}: same steps");
        assert_eq!(
            run.machine().maze(),
            alone.machine().maze(),
            "{kind:?}: same maze"
        );
        let facts = standing.facts.expect("facts once finished");
        let maze = alone.machine().maze();
        assert_eq!(facts.longest, stats::longest_path(maze));
        assert_eq!(facts.solution, stats::solution_length(maze));
        assert!((facts.dead_ends - stats::dead_end_share(maze)).abs() < 1e-12);
    }
}

/// A step back in a generator race makes a finished maze incomplete again: its facts go.
#[test]
fn a_step_back_forgets_a_finished_mazes_facts() {
    let kinds = [GeneratorKind::BinaryTree, GeneratorKind::AldousBroder];
    let mut app = gen_race((120, 40), &kinds, &[Action::ToEnd]);
    assert!(app_facts(&app).iter().all(Option::is_some));
    app.update(Action::ToStart);
    app.settle();
    assert!(app_facts(&app).iter().all(Option::is_none));
}

fn app_facts(app: &App) -> Vec<Option<maze_tui::app::race::MazeFacts>> {
    let Stage::Race { race, .. } = &app.stage else {
        panic!("racing");
    };
    race.gen_standings().iter().map(|s| s.facts).collect()
}

/// Marking a generator after solvers starts a race of generators: one kind per race.
#[test]
fn marks_are_of_one_kind() {
    let mut app = App::new(config(), (120, 40));
    while !matches!(app.items[app.selected], maze_tui::app::Item::Solve(_)) {
        app.update(Action::SelectNext);
    }
    app.update(Action::MarkRace);
    assert!(matches!(&app.race_marks, Entrants::Solvers(k) if k.len() == 1));
    while !matches!(app.items[app.selected], maze_tui::app::Item::Gen(_)) {
        app.update(Action::SelectPrev);
    }
    app.update(Action::MarkRace);
    assert!(matches!(&app.race_marks, Entrants::Generators(k) if k.len() == 1));
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.contains("solvers or of generators"))
    );
}

/// Each solver in a race ends in exactly the state it reaches alone on the same maze: the
/// same number of steps and the same path.
#[test]
fn each_solver_in_a_race_ends_as_it_does_alone() {
    use maze_tui::solve::{Search, Solver};
    let kinds = [
        SolverKind::Astar,
        SolverKind::Dijkstra,
        SolverKind::Dfs,
        SolverKind::Tremaux,
    ];
    let app = race(&kinds, &[Action::ToEnd]);
    let Stage::Race { race, world } = &app.stage else {
        panic!("racing");
    };
    let Runners::Solvers(runs) = &race.runners else {
        panic!("a race of solvers");
    };
    for (run, &kind) in runs.iter().zip(&kinds) {
        let mut alone = Run::new(Search::new(
            kind,
            std::sync::Arc::clone(&world.grid),
            app.config.solve_options,
        ));
        while alone.step_once().is_some() {}
        assert_eq!(run.step(), alone.step(), "{kind:?}: same steps");
        assert_eq!(
            run.machine().solver().path(),
            alone.machine().solver().path(),
            "{kind:?}: same path"
        );
        assert!(run.machine().solver().path().is_some(), "{kind:?} found it");
    }
}
