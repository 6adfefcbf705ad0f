//! Frame tests: the app driven by actions, drawn on ratatui's `TestBackend`, compared with
//! the snapshots in the top-level `snapshots/` folder (a story per name), plus checks that
//! a step back gives exactly the frame of one step earlier, that the log reads in order,
//! and the byte budget of a step.

use crate::screen::{buffer, text};
use maze_tui::app::{Action, App, ColorMode, Config, Overlay, Stage};
use maze_tui::generate::{Bias, GenOptions, GeneratorKind};
use maze_tui::maze::Grid;
use maze_tui::run::Run;
use maze_tui::solve::{Corners, Heuristic, Moves, SolveOptions, SolverKind};
use maze_tui::teach::Teach;
use maze_tui::ui::render;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color;

mod bytes_and_sizes;
mod frames;
mod panes;

/// Terminal size of most tests.
const SIZE: (u16, u16) = (120, 40);
const SEED: u64 = 7;
const CELLS: (u32, u32) = (20, 10);

fn config() -> Config {
    Config {
        width: Some(CELLS.0),
        height: Some(CELLS.1),
        seed: SEED,
        ..Config::default()
    }
}

fn gen_config(kind: GeneratorKind) -> Config {
    Config {
        generator: kind,
        ..config()
    }
}

fn solve_config(kind: SolverKind) -> Config {
    Config {
        solver: Some(kind),
        ..config()
    }
}

/// The app after `actions`, each one's long work done before the next (as the event loop
/// does between frames).
fn run(config: Config, actions: &[Action]) -> App {
    run_at(config, SIZE, actions)
}

fn run_at(config: Config, size: (u16, u16), actions: &[Action]) -> App {
    let mut app = App::new(config, size);
    for &a in actions {
        app.update(a);
        app.settle();
    }
    app
}

fn draw(app: &App) -> Terminal<TestBackend> {
    let mut terminal =
        Terminal::new(TestBackend::new(app.size.0, app.size.1)).expect("test backend");
    terminal.draw(|f| render(app, f)).expect("draw");
    terminal
}

fn snapshot(name: &str, app: &App) {
    let terminal = draw(app);
    insta::with_settings!({
        snapshot_path => "../../../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, terminal.backend());
    });
}

/// Steps a generator takes to finish the test maze.
fn gen_total(kind: GeneratorKind) -> u64 {
    kind.generate(CELLS.0, CELLS.1, SEED, &GenOptions::default())
        .expect("maze")
        .1
}

/// Steps a solver takes on the test maze (Recursive Backtracker, seed 7).
fn solve_total(kind: SolverKind) -> u64 {
    let app = run(config(), &[Action::ToEnd]);
    let grid = app.stage.grid().expect("complete maze");
    kind.solve(grid, &config().solve_options).steps
}

#[test]
fn many_sizes_never_panic() {
    let mut app = run(solve_config(SolverKind::Dijkstra), &[Action::Step(3)]);
    for (w, h) in [(1, 1), (40, 12), (39, 40), (300, 100), (80, 24), (41, 13)] {
        app.update(Action::Resize(w, h));
        for view in 0..3 {
            let _ = buffer(&app);
            app.update(Action::CycleView);
            app.update(Action::Click {
                x: w / 3,
                y: h / 2,
                right: view == 1,
            });
            app.update(Action::Pan(3, 5));
            app.update(Action::NextTab);
        }
    }
}

fn action_strategy() -> impl proptest::strategy::Strategy<Value = Action> {
    use proptest::prelude::*;
    prop_oneof![
        (1u64..40).prop_map(Action::Step),
        (1u64..40).prop_map(Action::StepBack),
        Just(Action::ToEnd),
        Just(Action::ToStart),
        Just(Action::NextMilestone),
        Just(Action::PrevMilestone),
        Just(Action::SelectNext),
        Just(Action::SelectPrev),
        Just(Action::RunSelected),
        Just(Action::NewSeed),
        Just(Action::CycleView),
        Just(Action::ToggleHeat),
        Just(Action::ToggleHelp),
        Just(Action::Cancel),
        Just(Action::CycleHeuristic),
        Just(Action::ToggleDiagonal),
        Just(Action::Recenter),
        Just(Action::NextTab),
        (0u8..10).prop_map(Action::Digit),
        (-5i32..5, -5i32..5).prop_map(|(r, c)| Action::Pan(r, c)),
        (1u16..300, 1u16..100).prop_map(|(w, h)| Action::Resize(w, h)),
        (0u16..300, 0u16..100, any::<bool>()).prop_map(|(x, y, right)| Action::Click {
            x,
            y,
            right
        }),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Random action sequences: no panic, and from any state with steps taken, one step
    /// back then one forward gives the same frame.
    #[test]
    fn random_actions_never_panic_and_back_forward_is_identity(
        actions in proptest::collection::vec(action_strategy(), 1..30)
    ) {
        let mut app = App::new(config(), SIZE);
        for action in actions {
            app.update(action);
            app.settle();
            let _ = buffer(&app);
        }
        app.count = None;
        app.status = None;
        if app.stage.position() > 0 && app.overlay == Overlay::None {
            let before = buffer(&app);
            let at = app.stage.position();
            app.update(Action::StepBack(1));
            app.settle();
            app.update(Action::Step(1));
            app.settle();
            app.status = None;
            proptest::prop_assert_eq!(app.stage.position(), at);
            proptest::prop_assert_eq!(buffer(&app), before);
        }
    }
}

#[test]
fn zero_and_tiny_sizes_never_panic() {
    for size in [(0, 0), (1, 1), (0, 40), (120, 0), (3, 2)] {
        let mut app = App::new(config(), size);
        app.update(Action::Resize(size.0, size.1));
        app.update(Action::Step(3));
        app.settle();
        let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).expect("test backend");
        terminal.draw(|f| render(&app, f)).expect("draw");
    }
}
