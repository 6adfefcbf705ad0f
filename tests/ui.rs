//! Frame tests: the app driven by actions, drawn on ratatui's `TestBackend`, compared with
//! the snapshots in the top-level `snapshots/` folder (a story per name), plus checks that
//! a step back gives exactly the frame of one step earlier, and the byte budget of a step.

use maze_tui::app::{Action, App, ColorMode, Config};
use maze_tui::generate::{GenOptions, GeneratorKind};
use maze_tui::solve::SolverKind;
use maze_tui::ui::render;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};

/// Terminal size of every test (maze pane inner width 82 = 41 tiles = 20 cells).
const SIZE: (u16, u16) = (120, 32);
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

fn run(config: Config, actions: &[Action]) -> App {
    let mut app = App::new(config, SIZE);
    for &a in actions {
        app.update(a);
    }
    app
}

fn draw(app: &App) -> Terminal<TestBackend> {
    let mut terminal =
        Terminal::new(TestBackend::new(app.size.0, app.size.1)).expect("test backend");
    terminal.draw(|f| render(app, f)).expect("draw");
    terminal
}

fn buffer(app: &App) -> Buffer {
    draw(app).backend().buffer().clone()
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

/// Steps a generator takes to finish the test maze.
fn gen_total(kind: GeneratorKind) -> u64 {
    kind.generate(CELLS.0, CELLS.1, SEED, &GenOptions::default())
        .expect("maze")
        .1
}

/// Steps a solver takes on the test maze (Recursive Backtracker, seed 7).
fn solve_total(kind: SolverKind) -> u64 {
    let app = run(config(), &[Action::ToEnd]);
    let grid = app.grid.as_ref().expect("complete maze");
    kind.solve(grid, &config().solve_options).steps
}

#[test]
fn first_screen() {
    let app = App::new(
        Config {
            seed: SEED,
            ..Config::default()
        },
        SIZE,
    );
    snapshot("first_screen", &app);
}

#[test]
fn generators_after_5_steps_and_finished() {
    for &kind in GeneratorKind::ALL {
        let app = run(gen_config(kind), &[Action::Step(5)]);
        snapshot(&format!("{}_after_5_steps", kind.name()), &app);
        let app = run(gen_config(kind), &[Action::ToEnd]);
        assert!(app.grid.is_some(), "{} finishes", kind.name());
        snapshot(&format!("{}_finished", kind.name()), &app);
    }
}

#[test]
fn solvers_mid_run_and_path_found() {
    for &kind in SolverKind::ALL {
        let total = solve_total(kind);
        let app = run(
            solve_config(kind),
            &[Action::ToEnd, Action::Step(total / 2)],
        );
        assert_eq!(app.solve.as_ref().map(|s| s.steps), Some(total / 2));
        snapshot(&format!("{}_mid_run", kind.name()), &app);
        let app = run(solve_config(kind), &[Action::ToEnd, Action::ToEnd]);
        assert!(app.solve.as_ref().is_some_and(|s| s.done));
        snapshot(&format!("{}_path_found", kind.name()), &app);
    }
}

#[test]
fn list_after_switching() {
    let app = run(
        config(),
        &[
            Action::SelectNext,
            Action::SelectNext,
            Action::RunSelected,
            Action::Step(3),
        ],
    );
    snapshot("list_after_switching", &app);
}

#[test]
fn help_overlay() {
    snapshot("help_overlay", &run(config(), &[Action::ToggleHelp]));
}

#[test]
fn terminal_too_small() {
    let mut app = App::new(config(), SIZE);
    app.update(Action::Resize(39, 11));
    snapshot("terminal_too_small", &app);
    app.update(Action::Resize(SIZE.0, SIZE.1));
    assert_eq!(buffer(&app), buffer(&App::new(config(), SIZE)));
}

#[test]
fn ascii_mode() {
    let config = Config {
        ascii: true,
        solver: Some(SolverKind::Astar),
        ..config()
    };
    for view in 0..3 {
        let mut app = run(config.clone(), &[Action::ToEnd, Action::Step(5)]);
        for _ in 0..view {
            app.update(Action::CycleView);
        }
        let buf = buffer(&app);
        for cell in buf.content() {
            assert!(cell.symbol().is_ascii(), "non-ASCII {:?}", cell.symbol());
        }
        if view == 0 {
            snapshot("ascii_mode", &app);
        }
    }
}

#[test]
fn no_colour() {
    let config = Config {
        color: ColorMode::Never,
        solver: Some(SolverKind::Bfs),
        ..config()
    };
    let app = run(config, &[Action::ToEnd, Action::Step(5)]);
    let buf = buffer(&app);
    for cell in buf.content() {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset));
    }
    snapshot("no_colour", &app);
}

#[test]
fn half_block_no_colour_shows_overlays_by_glyph() {
    let config = Config {
        color: ColorMode::Never,
        solver: Some(SolverKind::Astar),
        ..config()
    };
    let app = run(
        config,
        &[
            Action::ToEnd,
            Action::Step(60),
            Action::CycleView,
            Action::CycleView,
        ],
    );
    let buf = buffer(&app);
    let maze: String = (1..11)
        .flat_map(|y| (1..40).map(move |x| (x, y)))
        .map(|(x, y)| buf[(x, y)].symbol().to_owned())
        .collect();
    for glyph in ["@", ":", ".", "S"] {
        assert!(
            maze.contains(glyph),
            "no '{glyph}' overlay in the half-block view"
        );
    }
    for cell in buf.content() {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset));
    }
    snapshot("half_block_no_colour", &app);
}

#[test]
fn stats_say_what_an_inadmissible_heuristic_costs() {
    // Seed 003's combination, Manhattan with diagonal moves, on a grid where it overestimates.
    let grid = maze_tui::maze::Grid::parse("E   \n  # \n   S\n").expect("valid grid");
    let config = Config {
        load: Some(grid),
        solver: Some(SolverKind::Astar),
        solve_options: maze_tui::solve::SolveOptions {
            heuristic: maze_tui::solve::Heuristic::Manhattan,
            diagonal: true,
            seed: 0,
        },
        ..config()
    };
    let app = run(config, &[Action::ToEnd]);
    let text: String = buffer(&app)
        .content()
        .iter()
        .map(ratatui::buffer::Cell::symbol)
        .collect();
    assert!(text.contains("h=manhattan not admissible"));
    assert!(
        text.contains("cost 44 vs optimal 38 (+6)"),
        "the stats pane must name the extra cost"
    );
    snapshot("astar_inadmissible_cost", &app);
}

#[test]
fn keys_change_the_heuristic_and_movement_and_restart_the_solver() {
    let grid = maze_tui::maze::Grid::parse("E   \n  # \n   S\n").expect("valid grid");
    let config = Config {
        load: Some(grid),
        solver: Some(SolverKind::Astar),
        ..config()
    };
    let text = |app: &App| -> String {
        buffer(app)
            .content()
            .iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect()
    };
    // Manhattan, 4-way: admissible.
    let mut app = run(config, &[Action::ToEnd]);
    assert!(!text(&app).contains("not admissible"));
    // d: diagonal moves; the solver restarts at step 0 and Manhattan overestimates.
    app.update(Action::ToggleDiagonal);
    assert_eq!(app.active_steps(), 0);
    app.update(Action::ToEnd);
    let frame = text(&app);
    assert!(
        app.log
            .lines()
            .any(|l| l == "diagonal moves on (8-way, cost 14)")
    );
    assert!(frame.contains("cost 44 vs optimal 38 (+6)"));
    // e: Euclidean, admissible with diagonals: the optimal cost.
    app.update(Action::CycleHeuristic);
    app.update(Action::ToEnd);
    let frame = text(&app);
    assert!(app.log.lines().any(|l| l == "heuristic: euclidean"));
    assert!(!frame.contains("not admissible"));
    assert!(frame.contains("cost 38"));
}

#[test]
fn views_and_heat_map() {
    let app = run(config(), &[Action::ToEnd, Action::CycleView]);
    snapshot("thin_view", &app);
    let app = run(
        config(),
        &[Action::ToEnd, Action::CycleView, Action::CycleView],
    );
    snapshot("half_block_view", &app);
    let app = run(config(), &[Action::ToEnd, Action::ToggleHeat]);
    snapshot("heat_map", &app);
}

#[test]
fn generator_step_back_equals_one_step_earlier() {
    for &kind in GeneratorKind::ALL {
        let n = gen_total(kind).div_ceil(2).max(1);
        let back = run(gen_config(kind), &[Action::Step(n), Action::StepBack(1)]);
        let earlier = run(gen_config(kind), &[Action::Step(n - 1)]);
        assert_eq!(buffer(&back), buffer(&earlier), "{}", kind.name());
        assert_eq!(back.log, earlier.log, "{}", kind.name());
        // And from the finished maze, one step back.
        let total = gen_total(kind);
        let back = run(gen_config(kind), &[Action::ToEnd, Action::StepBack(1)]);
        let earlier = run(gen_config(kind), &[Action::Step(total - 1)]);
        assert_eq!(buffer(&back), buffer(&earlier), "{} end", kind.name());
    }
}

#[test]
fn solver_step_back_equals_one_step_earlier() {
    for &kind in SolverKind::ALL {
        let n = solve_total(kind).div_ceil(2).max(1);
        let back = run(
            solve_config(kind),
            &[Action::ToEnd, Action::Step(n), Action::StepBack(1)],
        );
        let earlier = run(solve_config(kind), &[Action::ToEnd, Action::Step(n - 1)]);
        assert_eq!(buffer(&back), buffer(&earlier), "{}", kind.name());
        assert_eq!(back.log, earlier.log, "{}", kind.name());
    }
}

#[test]
fn step_back_crosses_from_waiting_solver_into_generation() {
    let total = gen_total(GeneratorKind::RecursiveBacktracker);
    let config = solve_config(SolverKind::Bfs);
    let back = run(config.clone(), &[Action::Step(total), Action::StepBack(1)]);
    let earlier = run(config, &[Action::Step(total - 1)]);
    assert!(back.solve.is_none());
    assert_eq!(back.pending_solver, Some(SolverKind::Bfs));
    assert_eq!(buffer(&back), buffer(&earlier));
}

#[test]
fn counts_repeat_keys() {
    let typed = run(
        config(),
        &[Action::Digit(1), Action::Digit(0), Action::Step(1)],
    );
    let direct = run(config(), &[Action::Step(10)]);
    assert_eq!(buffer(&typed), buffer(&direct));
    assert_eq!(typed.count, None);
}

#[test]
fn ten_steps_raise_the_step_count_by_ten_and_log() {
    for &kind in GeneratorKind::ALL {
        let mut app = run(gen_config(kind), &[]);
        let lines = app.log.len();
        for _ in 0..10 {
            app.update(Action::Step(1));
        }
        let steps = app.generation.as_ref().map(|g| g.steps);
        assert_eq!(steps, Some(gen_total(kind).min(10)), "{}", kind.name());
        assert!(app.log.len() > lines);
    }
}

/// The text of row `y` of `buf` from column `x`, `width` cells.
fn row_text(buf: &Buffer, x: u16, y: u16, width: u16) -> String {
    (x..x + width).map(|x| buf[(x, y)].symbol()).collect()
}

#[test]
fn log_wraps_round_with_the_newest_line_bold_and_a_step_redraws_two_rows() {
    let areas = maze_tui::ui::layout::areas(ratatui::layout::Rect::new(0, 0, SIZE.0, SIZE.1))
        .expect("big enough");
    let inner = maze_tui::ui::layout::inner(areas.log);
    let mut app = run(gen_config(GeneratorKind::Prim), &[]);
    let mut before = buffer(&app);
    for step in 0..3 * u32::from(inner.height) {
        app.update(Action::Step(1));
        let buf = buffer(&app);
        let bold: Vec<u16> = (inner.y..inner.bottom())
            .filter(|&y| {
                (inner.x..inner.right()).any(|x| {
                    let cell = &buf[(x, y)];
                    cell.symbol() != " " && cell.modifier.contains(Modifier::BOLD)
                })
            })
            .collect();
        let newest = app.log.lines().last().expect("a line per step");
        assert_eq!(bold.len(), 1, "step {step}: one bold row");
        let shown = row_text(&buf, inner.x, bold[0], inner.width);
        let cut: String = newest.chars().take(usize::from(inner.width)).collect();
        assert_eq!(
            shown.trim_end(),
            cut.trim_end(),
            "step {step}: the newest line"
        );
        let changed = (inner.y..inner.bottom())
            .filter(|&y| (inner.x..inner.right()).any(|x| buf[(x, y)] != before[(x, y)]))
            .count();
        assert!(changed <= 2, "step {step}: {changed} log rows redrawn");
        before = buf;
    }
    // Every line shown is one of the last `height` lines (none is stale).
    let recent: Vec<&str> = app
        .log
        .lines()
        .rev()
        .take(usize::from(inner.height))
        .collect();
    for y in inner.y..inner.bottom() {
        let shown = row_text(&before, inner.x, y, inner.width);
        assert!(
            recent.iter().any(|l| {
                let cut: String = l.chars().take(usize::from(inner.width)).collect();
                cut.trim_end() == shown.trim_end()
            }),
            "row {y}: {shown:?} is not a recent line"
        );
    }
}

#[test]
fn frontier_sparkline_is_labelled_with_a_power_of_two_scale() {
    let areas = maze_tui::ui::layout::areas(ratatui::layout::Rect::new(0, 0, SIZE.0, SIZE.1))
        .expect("big enough");
    let inner = maze_tui::ui::layout::inner(areas.stats);
    for steps in [1, 5, 40, 150] {
        let app = run(gen_config(GeneratorKind::Prim), &[Action::Step(steps)]);
        let buf = buffer(&app);
        let label = (inner.y..inner.bottom())
            .map(|y| row_text(&buf, inner.x, y, inner.width))
            .find(|row| row.starts_with("frontier over the run (0–"))
            .expect("a labelled sparkline");
        let top: u64 = label
            .trim_end()
            .trim_start_matches("frontier over the run (0–")
            .trim_end_matches(')')
            .parse()
            .expect("a number");
        let peak = app
            .generation
            .as_ref()
            .and_then(|g| g.history.bars().iter().copied().max())
            .expect("bars");
        assert!(
            top.is_power_of_two() && top >= peak && top < 2 * peak.max(1),
            "{top} {peak}"
        );
    }
}

/// A writer that counts the bytes the crossterm backend sends.
#[derive(Clone, Default)]
struct Counter(std::rc::Rc<std::cell::Cell<usize>>);

impl std::io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.set(self.0.get() + buf.len());
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Bytes the real crossterm backend writes for a draw.
fn crossterm_bytes(
    term: &mut Terminal<ratatui::backend::CrosstermBackend<Counter>>,
    counter: &Counter,
    app: &App,
) -> usize {
    counter.0.set(0);
    term.draw(|f| render(app, f)).expect("draw into a counter");
    counter.0.get()
}

/// The budget of issue 5 (as `examples/terminal_output.rs` measures it): one `n` step,
/// stats and log included, writes at most 400 bytes at 120×40, over 50 steps of each case.
#[test]
fn one_step_writes_at_most_400_bytes_at_120x40() {
    let cases = [
        (GeneratorKind::RecursiveBacktracker, None),
        (GeneratorKind::Prim, None),
        (GeneratorKind::Wilson, None),
        (GeneratorKind::Kruskal, Some(SolverKind::Astar)),
        (GeneratorKind::Kruskal, Some(SolverKind::Bfs)),
    ];
    for (generator, solver) in cases {
        let config = Config {
            seed: SEED,
            generator,
            solver,
            ..Config::default()
        };
        let mut app = App::new(config, (120, 40));
        if solver.is_some() {
            app.update(Action::ToEnd);
        }
        app.update(Action::Step(20));
        let counter = Counter::default();
        let backend = ratatui::backend::CrosstermBackend::new(counter.clone());
        let mut term = Terminal::with_options(
            backend,
            ratatui::TerminalOptions {
                viewport: ratatui::Viewport::Fixed(ratatui::layout::Rect::new(0, 0, 120, 40)),
            },
        )
        .expect("a terminal over a counter");
        assert!(
            crossterm_bytes(&mut term, &counter, &app) > 5000,
            "a full first frame"
        );
        for step in 0..50 {
            app.update(Action::Step(1));
            let bytes = crossterm_bytes(&mut term, &counter, &app);
            assert!(
                (50..=400).contains(&bytes),
                "{} step {step}: {bytes} bytes",
                solver.map_or(generator.name(), SolverKind::name)
            );
        }
    }
}

#[test]
fn heat_distances_are_worked_out_only_while_the_heat_map_is_on() {
    let mut app = run(config(), &[Action::ToEnd]);
    assert!(app.grid.is_some());
    assert_eq!(app.distances, None, "no search while the heat map is off");
    app.update(Action::ToggleHeat);
    let dist = app.distances.clone().expect("heat map on");
    let grid = app.grid.as_ref().expect("grid");
    assert_eq!(dist.moves.len(), grid.len());
    assert_eq!(dist.moves[grid.index(grid.start())], 0);
    let finite = dist.moves.iter().copied().filter(|&m| m != u32::MAX);
    assert_eq!(Some(dist.max), finite.clone().max());
    // A perfect maze: every open tile is reachable; walls are not.
    let open = (0..grid.len())
        .filter(|&i| grid.is_open(grid.pos(i)))
        .count();
    assert_eq!(finite.count(), open);
    app.update(Action::ToggleHeat);
    assert_eq!(app.distances, None);
}

#[test]
fn same_seed_same_frame() {
    let a = run(
        solve_config(SolverKind::Astar),
        &[Action::ToEnd, Action::Step(7)],
    );
    let b = run(
        solve_config(SolverKind::Astar),
        &[Action::ToEnd, Action::Step(7)],
    );
    assert_eq!(buffer(&a), buffer(&b));
    let fit_a = App::new(Config::default(), (80, 24));
    let fit_b = App::new(Config::default(), (80, 24));
    assert_eq!(buffer(&fit_a), buffer(&fit_b));
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
            let _ = view;
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
        Just(Action::SelectNext),
        Just(Action::SelectPrev),
        Just(Action::RunSelected),
        Just(Action::NewSeed),
        Just(Action::CycleView),
        Just(Action::ToggleHeat),
        Just(Action::ToggleHelp),
        Just(Action::CycleHeuristic),
        Just(Action::ToggleDiagonal),
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
            let _ = buffer(&app);
        }
        app.count = None;
        if app.active_steps() > 0 && !app.help {
            let before = buffer(&app);
            let steps = app.active_steps();
            app.update(Action::StepBack(1));
            app.update(Action::Step(1));
            proptest::prop_assert_eq!(app.active_steps(), steps);
            proptest::prop_assert_eq!(buffer(&app), before);
        }
    }
}
