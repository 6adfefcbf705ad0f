//! Frame tests: the app driven by actions, drawn on ratatui's `TestBackend`, compared with
//! the snapshots in the top-level `snapshots/` folder (a story per name), plus checks that
//! a step back gives exactly the frame of one step earlier, that the log reads in order,
//! and the byte budget of a step.

use maze_tui::app::{Action, App, ColorMode, Config, Overlay, Stage};
use maze_tui::generate::{Bias, GenOptions, GeneratorKind};
use maze_tui::maze::Grid;
use maze_tui::run::Run;
use maze_tui::solve::{Corners, Heuristic, Moves, SolveOptions, SolverKind};
use maze_tui::teach::Teach;
use maze_tui::ui::render;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;

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

fn buffer(app: &App) -> Buffer {
    draw(app).backend().buffer().clone()
}

fn text(app: &App) -> String {
    let buf = buffer(app);
    let width = usize::from(buf.area.width);
    buf.content()
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(ratatui::buffer::Cell::symbol)
                .collect::<String>()
                + "\n"
        })
        .collect()
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
fn the_pseudocode_pane_names_the_binary_tree_bias() {
    for (bias, choices, first) in [
        (Bias::NorthEast, "choices ← north, east", (CELLS.1 - 1, 0)),
        (Bias::SouthWest, "choices ← south, west", (0, CELLS.0 - 1)),
    ] {
        let config = Config {
            gen_options: GenOptions {
                bias,
                ..GenOptions::default()
            },
            ..gen_config(GeneratorKind::BinaryTree)
        };
        let app = run(config, &[Action::Step(1)]);
        let code = app.pseudocode().expect("generating");
        assert_eq!(code, bias.pseudocode());
        let screen = text(&app);
        assert!(screen.contains(choices), "{bias:?}:\n{screen}");
        assert!(!screen.contains("choices ← south, east"), "{bias:?}");
        // The scan starts in the corner opposite the bias.
        let (row, col) = first;
        assert!(
            screen.contains(&format!("({row},{col})")),
            "{bias:?}:\n{screen}"
        );
        let done = run(
            Config {
                gen_options: GenOptions {
                    bias,
                    ..GenOptions::default()
                },
                ..gen_config(GeneratorKind::BinaryTree)
            },
            &[Action::ToEnd],
        );
        assert!(text(&done).contains(choices), "{bias:?} once complete");
    }
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
        assert!(app.stage.grid().is_some(), "{} finishes", kind.name());
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
        assert_eq!(app.stage.active_step(), total / 2, "{}", kind.name());
        snapshot(&format!("{}_mid_run", kind.name()), &app);
        let app = run(solve_config(kind), &[Action::ToEnd, Action::ToEnd]);
        assert!(app.stage.finished(), "{}", kind.name());
        snapshot(&format!("{}_path_found", kind.name()), &app);
    }
}

/// A room with a few pillars and walls, for jump point search with diagonal moves.
const ROOM: &str = "\
##############################
#S                           #
#       ###                  #
#         #         #        #
#         #         #        #
#    ######         #        #
#                   ####     #
#                            #
#           ##               #
#           ##          ###  #
#                         #  #
#                         # E#
##############################
";

#[test]
fn jump_point_search_with_diagonals_mid_run() {
    // 8-way moves, no corner cutting: the diagonal jumps scan their two straight parts
    // from every tile (`--` scanned), only jump points enter the open set (`::`).
    let grid = Grid::parse(ROOM).expect("valid room");
    let options = SolveOptions {
        moves: Moves::Eight(Corners::Never),
        ..SolveOptions::default()
    };
    let total = SolverKind::JumpPointSearch.solve(&grid, &options).steps;
    let config = Config {
        load: Some(grid),
        solve_options: options,
        ..solve_config(SolverKind::JumpPointSearch)
    };
    let app = run(config, &[Action::Step(total / 2)]);
    assert_eq!(app.stage.active_step(), total / 2);
    snapshot("jump-point-search_diagonals_mid_run", &app);
}

#[test]
fn astar_path_traced_back() {
    // Half-way through tracing the path back from the goal, one tile per step.
    let total = solve_total(SolverKind::Astar);
    let app = run(
        solve_config(SolverKind::Astar),
        &[Action::ToEnd, Action::Step(total - 20)],
    );
    let Stage::Solving { run, .. } = &app.stage else {
        panic!("solving");
    };
    assert!(matches!(
        run.last_event(),
        Some(maze_tui::solve::SolveEvent::Trace { .. })
    ));
    snapshot("astar_path_traced_back", &app);
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
fn log_after_switching_runs() {
    // DFS, then A* on the same maze: the DFS section is above the A* one, never
    // interleaved, and the newest line is at the bottom.
    let app = run(
        solve_config(SolverKind::Dfs),
        &[Action::ToEnd, Action::Step(12)],
    );
    let mut app = app;
    let astar = app
        .items
        .iter()
        .position(|&i| i == maze_tui::app::Item::Solve(SolverKind::Astar))
        .expect("A* in the list");
    app.selected = astar;
    app.update(Action::RunSelected);
    app.update(Action::Step(6));
    let lines = app.log_lines();
    let dfs = lines
        .iter()
        .position(|l| l.contains("DFS:"))
        .expect("a DFS section");
    let astar = lines
        .iter()
        .position(|l| l.contains("A*:"))
        .expect("an A* section");
    assert!(dfs < astar);
    assert!(
        lines[astar..].iter().all(|l| !l.starts_with("expand")),
        "no DFS line after the A* header"
    );
    assert!(
        lines
            .last()
            .is_some_and(|l| l.starts_with("  push") || l.starts_with("pop"))
    );
    snapshot("log_after_switching_runs", &app);
}

#[test]
fn help_overlay_and_esc_closes_it_without_quitting() {
    let mut app = run(config(), &[Action::ToggleHelp]);
    snapshot("help_overlay", &app);
    app.update(Action::Cancel);
    assert_eq!(app.overlay, Overlay::None);
    assert!(!app.quit);
    app.update(Action::Cancel);
    assert!(!app.quit, "Esc never quits");
    app.update(Action::Quit);
    assert!(app.quit);
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
fn layout_80x24_keeps_the_essentials() {
    let app = run_at(
        solve_config(SolverKind::Astar),
        (80, 24),
        &[Action::ToEnd, Action::Step(25)],
    );
    let shown = text(&app);
    assert!(shown.contains("step 25"), "{shown}");
    // The pop with f, g and h: in the log, and in the stats only when the log does not
    // show it whole.
    assert!(shown.contains("pop ("), "the pop with f, g and h: {shown}");
    assert!(shown.contains(" f="), "{shown}");
    snapshot("layout_80x24", &app);
}

#[test]
fn layout_200x60_uses_the_screen() {
    let app = run_at(
        solve_config(SolverKind::Astar),
        (200, 60),
        &[Action::ToEnd, Action::Step(25)],
    );
    let areas = app.areas().expect("large enough");
    assert!(areas.tabs.is_none());
    for pane in maze_tui::app::viewport::Pane::TABS {
        assert!(areas.pane(pane).is_some(), "{pane:?} has its own place");
    }
    snapshot("layout_200x60", &app);
}

#[test]
fn legend_names_every_glyph_in_use() {
    let app = run(
        solve_config(SolverKind::Astar),
        &[Action::ToEnd, Action::Step(30)],
    );
    let shown = text(&app);
    for word in ["start", "goal", "current", "frontier", "closed", "path"] {
        assert!(shown.contains(word), "legend lacks {word}");
    }
    snapshot("legend", &app);
}

#[test]
fn loaded_maze_larger_than_pane() {
    let (maze, _) = GeneratorKind::RecursiveBacktracker
        .generate(60, 30, 3, &GenOptions::default())
        .expect("maze");
    let config = Config {
        load: Some(maze.to_grid()),
        ..config()
    };
    // Too big for its pane, it is shown whole; zoomed in, it scrolls.
    let whole = text(&run(config.clone(), &[]));
    assert!(whole.contains("whole view"), "{whole}");
    let app = run(config, &[Action::Zoom(false)]);
    let shown = text(&app);
    assert!(
        shown.contains("121×61 tiles"),
        "sizes say tiles for a loaded maze"
    );
    assert!(shown.contains("more"), "a sign there is more: {shown}");
    snapshot("loaded_maze_larger_than_pane", &app);
}

/// `r` on a loaded maze says what it does (the loaded maze is closed for a new generated
/// one), even when a solver then waits for the new maze.
#[test]
fn r_on_a_loaded_maze_says_what_it_does() {
    let (maze, _) = GeneratorKind::RecursiveBacktracker
        .generate(12, 6, 3, &GenOptions::default())
        .expect("maze");
    let config = Config {
        load: Some(maze.to_grid()),
        solver: Some(SolverKind::Bfs),
        ..config()
    };
    let app = run(config, &[Action::NewSeed]);
    let status = app.status.clone().unwrap_or_default();
    assert!(status.contains("loaded maze closed"), "{status}");
    assert!(status.contains("BFS waits"), "{status}");
    assert!(matches!(app.stage, Stage::Generating { .. }));
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

/// A grid where Manhattan overestimates with diagonal moves.
fn overestimating() -> Grid {
    Grid::parse("E   \n  # \n   S\n").expect("valid grid")
}

#[test]
fn stats_say_what_an_inadmissible_heuristic_costs() {
    let config = Config {
        load: Some(overestimating()),
        solver: Some(SolverKind::Astar),
        solve_options: SolveOptions {
            heuristic: Heuristic::Manhattan,
            moves: Moves::Eight(Corners::Allow),
            ..SolveOptions::default()
        },
        ..config()
    };
    let app = run(config, &[Action::ToEnd]);
    let shown = text(&app);
    assert!(shown.contains("h=manhattan not admissible"), "{shown}");
    assert!(shown.contains("cost 44 +6 over the cheapest 38"), "{shown}");
    snapshot("astar_inadmissible_cost", &app);
}

#[test]
fn keys_change_the_heuristic_and_movement_and_restart_the_solver_that_uses_them() {
    let config = Config {
        load: Some(overestimating()),
        solver: Some(SolverKind::Astar),
        ..config()
    };
    let mut app = run(config, &[Action::ToEnd]);
    assert!(!text(&app).contains("not admissible"));
    // d: diagonal moves; the solver restarts at step 0 and Manhattan overestimates.
    app.update(Action::ToggleDiagonal);
    assert_eq!(app.stage.active_step(), 0);
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.contains("A* restarted"))
    );
    app.update(Action::ToEnd);
    app.settle();
    assert!(text(&app).contains("+6 over the cheapest 38"));
    // e: Euclidean, admissible with diagonals: the cheapest cost.
    app.update(Action::CycleHeuristic);
    app.update(Action::ToEnd);
    app.settle();
    let shown = text(&app);
    assert!(!shown.contains("not admissible"));
    assert!(shown.contains("cost 38"));
    // On BFS the heuristic does not apply: it says so and does not restart.
    let mut app = run(
        solve_config(SolverKind::Bfs),
        &[Action::ToEnd, Action::Step(4)],
    );
    app.update(Action::CycleHeuristic);
    assert_eq!(app.stage.active_step(), 4);
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.contains("BFS does not use it"))
    );
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
    // h during generation says when the heat map will show.
    let app = run(config(), &[Action::Step(3), Action::ToggleHeat]);
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.contains("once the maze is complete"))
    );
}

// A step back (a checkpoint restored, then a short replay) shows exactly what stepping
// forward to the same place shows. Both runs have seen the same future, so their
// timelines (which show how far the run has been) agree too.

#[test]
fn generator_step_back_equals_one_step_earlier() {
    for &kind in GeneratorKind::ALL {
        let n = gen_total(kind).div_ceil(2).max(1);
        let back = run(gen_config(kind), &[Action::Step(n), Action::StepBack(1)]);
        let earlier = run(
            gen_config(kind),
            &[Action::Step(n), Action::ToStart, Action::Step(n - 1)],
        );
        assert_eq!(buffer(&back), buffer(&earlier), "{}", kind.name());
        assert_eq!(back.log_lines(), earlier.log_lines(), "{}", kind.name());
        let total = gen_total(kind);
        let back = run(gen_config(kind), &[Action::ToEnd, Action::StepBack(1)]);
        let earlier = run(
            gen_config(kind),
            &[Action::ToEnd, Action::ToStart, Action::Step(total - 1)],
        );
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
        let earlier = run(
            solve_config(kind),
            &[
                Action::ToEnd,
                Action::Step(n),
                Action::ToStart,
                Action::Step(n - 1),
            ],
        );
        assert_eq!(buffer(&back), buffer(&earlier), "{}", kind.name());
        assert_eq!(back.log_lines(), earlier.log_lines(), "{}", kind.name());
    }
}

#[test]
fn step_back_crosses_from_waiting_solver_into_generation() {
    let total = gen_total(GeneratorKind::RecursiveBacktracker);
    let config = solve_config(SolverKind::Bfs);
    let back = run(config.clone(), &[Action::Step(total), Action::StepBack(1)]);
    assert!(back.stage.search().is_none());
    assert_eq!(back.stage.waiting(), Some(SolverKind::Bfs));
    assert_eq!(back.stage.position(), total - 1);
    let earlier = run(
        config,
        &[Action::Step(total), Action::StepBack(10), Action::Step(9)],
    );
    assert_eq!(buffer(&back), buffer(&earlier));
}

#[test]
fn thirty_queued_steps_back_are_one_rewind() {
    let mut app = run(config(), &[Action::Step(200)]);
    for _ in 0..30 {
        app.update(Action::StepBack(1));
    }
    assert!(app.busy(), "the rewind waits for the event loop's slice");
    app.settle();
    assert_eq!(app.stage.position(), 170);
    let stepped = run(
        config(),
        &[Action::Step(200), Action::ToStart, Action::Step(170)],
    );
    assert_eq!(buffer(&app), buffer(&stepped));
}

#[test]
fn go_to_a_step_and_jump_between_milestones() {
    let mut app = run(
        config(),
        &[Action::Digit(4), Action::Digit(2), Action::GoTo],
    );
    assert_eq!(app.stage.active_step(), 42);
    app.update(Action::ToEnd);
    app.settle();
    app.update(Action::ToStart);
    app.settle();
    assert_eq!(app.stage.active_step(), 0);
    app.update(Action::NextMilestone);
    app.settle();
    let first = app.stage.generation().expect("a run").milestones()[0].0;
    assert_eq!(app.stage.active_step(), first, "the first dead end");
    assert!(first > 0);
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
fn astar_log_reads_with_f_never_decreasing() {
    // With a consistent heuristic A* pops in order of f: reading the log top to bottom,
    // f never goes down.
    for seed in 0..6 {
        let config = Config {
            seed,
            ..solve_config(SolverKind::Astar)
        };
        let app = run(config, &[Action::ToEnd, Action::Step(60)]);
        let fs: Vec<u32> = app
            .log_lines()
            .iter()
            .filter_map(|l| l.strip_prefix("pop "))
            .filter_map(|l| l.split(" f=").nth(1))
            .filter_map(|l| l.split(' ').next()?.parse().ok())
            .collect();
        assert!(fs.len() > 10, "seed {seed}: {fs:?}");
        assert!(fs.windows(2).all(|w| w[0] <= w[1]), "seed {seed}: {fs:?}");
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

/// The budget (as `examples/terminal_output.rs` measures it): one `n` step, every pane
/// included, writes at most 600 bytes at 120×40 (median over 50 steps of each case).
#[test]
fn one_step_writes_at_most_600_bytes_at_120x40() {
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
            app.settle();
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
        let mut sizes = Vec::new();
        for _ in 0..50 {
            app.update(Action::Step(1));
            sizes.push(crossterm_bytes(&mut term, &counter, &app));
        }
        // The event loop draws nothing when nothing changed; a redraw anyway writes only
        // the backend's closing style reset.
        let unchanged = crossterm_bytes(&mut term, &counter, &app);
        assert!(
            unchanged <= 32,
            "an unchanged redraw wrote {unchanged} bytes"
        );
        sizes.sort_unstable();
        let median = sizes[sizes.len() / 2];
        let what = solver.map_or(generator.name(), SolverKind::name);
        assert!(
            (20..=600).contains(&median),
            "{what}: median {median} bytes, {sizes:?}"
        );
    }
}

#[test]
fn heat_distances_are_worked_out_only_while_the_heat_map_is_on() {
    let mut app = run(config(), &[Action::ToEnd]);
    assert!(app.stage.grid().is_some());
    assert_eq!(app.distances, None, "no search while the heat map is off");
    app.update(Action::ToggleHeat);
    let dist = app.distances.clone().expect("heat map on");
    let grid = app.stage.grid().expect("grid");
    assert_eq!(dist.moves.len(), grid.len());
    assert_eq!(dist.moves[grid.index(grid.start())], 0);
    let finite = dist.moves.iter().copied().filter(|&m| m != u32::MAX);
    assert_eq!(Some(dist.max), finite.clone().max());
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
fn r_after_a_resize_fits_the_new_terminal() {
    let mut app = App::new(Config::default(), (120, 40));
    let before = app.maze_size;
    app.update(Action::Resize(200, 60));
    app.update(Action::NewSeed);
    assert!(
        app.maze_size.0 > before.0 && app.maze_size.1 > before.1,
        "{:?}",
        app.maze_size
    );
    // A size given on the command line stays.
    let mut app = App::new(config(), (120, 40));
    app.update(Action::Resize(200, 60));
    app.update(Action::NewSeed);
    assert_eq!(app.maze_size, CELLS);
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

// ---------------------------------------------------------------- teaching panes

/// The pseudocode row marked with the step glyph, trimmed.
fn marked_code_lines(app: &App) -> Vec<String> {
    text(app)
        .lines()
        .filter_map(|row| {
            let at = row.find("▶ ")?;
            Some(
                row[at + "▶ ".len()..]
                    .trim_end_matches(['│', ' '])
                    .trim()
                    .to_owned(),
            )
        })
        .collect()
}

/// A* after a pop: the pseudocode pane marks the pop of the lowest f, and the sentence
/// under it names the tile popped with its f.
#[test]
fn astar_pseudocode_pop_line() {
    let mut app = run(solve_config(SolverKind::Astar), &[Action::ToEnd]);
    app.update(Action::Step(12));
    app.settle();
    let marked = marked_code_lines(&app);
    assert!(
        marked
            .iter()
            .any(|l| l.contains("pop") && l.contains("lowest f")),
        "{marked:?}"
    );
    assert!(
        text(&app).contains("popped"),
        "the sentence says what was popped"
    );
    snapshot("astar_pseudocode_pop_line", &app);
}

/// Prim's structure pane lists its priority queue, lightest edge first, with weights on
/// the readable thousandths scale.
#[test]
fn prim_queue_pane() {
    let app = run(gen_config(GeneratorKind::Prim), &[Action::Step(15)]);
    let screen = text(&app);
    assert!(screen.contains("queue"), "the structure is named");
    assert!(screen.contains("w=."), "weights in thousandths");
    snapshot("prim_queue_pane", &app);
}

/// Kruskal's sets: every cell of one set shows the same letter and the same colour, and
/// several sets show at once in different colours.
#[test]
fn kruskal_sets_coloured() {
    use maze_tui::Mark;
    use maze_tui::app::viewport::tile_at;
    use maze_tui::maze::Pos;
    use std::collections::HashMap;

    let app = run(gen_config(GeneratorKind::Kruskal), &[Action::Step(60)]);
    let buf = buffer(&app);
    let inner = app.maze_inner().expect("a maze pane");
    let mut colour_of_set: HashMap<u32, Color> = HashMap::new();
    for y in inner.top()..inner.bottom() {
        for x in (inner.left()..inner.right()).step_by(2) {
            let Some((row, col)) = tile_at(app.view, inner, app.scroll, x, y) else {
                continue;
            };
            if let Mark::Set(id) = app.mark(Pos::new(row, col)) {
                let fg = buf[(x, y)].fg;
                let first = *colour_of_set.entry(id).or_insert(fg);
                assert_eq!(first, fg, "set {id} in one colour");
            }
        }
    }
    let colours: std::collections::HashSet<Color> = colour_of_set.values().copied().collect();
    assert!(
        colour_of_set.len() >= 3 && colours.len() >= 3,
        "{} sets in {} colours",
        colour_of_set.len(),
        colours.len()
    );
    snapshot("kruskal_sets_coloured", &app);
}

/// Sidewinder's open run is highlighted (the frontier glyph, readable without colour) and
/// listed in the structure pane as the run.
#[test]
fn sidewinder_run_highlighted() {
    let config = Config {
        color: ColorMode::Never,
        ..gen_config(GeneratorKind::Sidewinder)
    };
    // Find a step where the open run holds at least three cells.
    let mut app = run(config, &[]);
    let mut steps = 0;
    while app
        .stage
        .generation()
        .is_some_and(|run| run.machine().generator().structure_len() < 3)
    {
        app.update(Action::Step(1));
        steps += 1;
        assert!(steps < 200, "a run of three cells opens early");
    }
    let screen = text(&app);
    assert!(screen.contains("::"), "the run shows as frontier");
    assert!(screen.contains("run"), "the structure is named the run");
    snapshot("sidewinder_run_highlighted", &app);
}

/// One state per position: a generation reached by a jump (the "maze complete"
/// milestone) with a solver waiting starts the solver at its step 0, exactly as stepping
/// there one step at a time does, so a step back and forward gives the same frame.
#[test]
fn a_jump_to_the_generations_end_starts_the_waiting_solver() {
    // Trémaux chosen (Enter) while the generation is rewound: it waits for the maze.
    let mut jumped = run(config(), &[Action::ToEnd, Action::ToStart]);
    while jumped.items[jumped.selected] != maze_tui::app::Item::Solve(SolverKind::Tremaux) {
        jumped.update(Action::SelectPrev);
    }
    jumped.update(Action::RunSelected);
    assert_eq!(jumped.stage.waiting(), Some(SolverKind::Tremaux));
    while !matches!(jumped.stage, Stage::Solving { .. }) && jumped.stage.position() < 10_000 {
        let at = jumped.stage.position();
        jumped.update(Action::NextMilestone);
        jumped.settle();
        assert!(jumped.stage.position() > at, "milestones lead to the end");
    }
    let end = jumped.stage.generation().and_then(Run::end).expect("known");
    assert_eq!(jumped.stage.position(), end);
    assert!(matches!(jumped.stage, Stage::Solving { auto: true, .. }));
    jumped.status = None;
    let before = buffer(&jumped);
    jumped.update(Action::StepBack(1));
    jumped.settle();
    jumped.update(Action::Step(1));
    jumped.settle();
    jumped.status = None;
    assert_eq!(buffer(&jumped), before);
}

/// The stats' "last …" line repeats the log's newest line: it is left out while the log
/// shows that line whole, and back when the log is scrolled away from it.
#[test]
fn the_last_step_is_said_once_while_the_log_shows_it() {
    let mut app = run(gen_config(GeneratorKind::Prim), &[Action::Step(30)]);
    let newest = app.log_lines().last().cloned().expect("a log line");
    assert!(
        newest.starts_with("pop ") || newest.starts_with("skip "),
        "{newest}"
    );
    // The stats wrap a long line at a space: its start up to the colon fits a row.
    let head = newest.split(':').next().expect("a line");
    let shown = text(&app);
    assert_eq!(shown.matches(newest.as_str()).count(), 1, "{shown}");
    assert!(!shown.contains(&format!("last {head}")), "{shown}");
    app.update(Action::ScrollLog(5));
    let shown = text(&app);
    assert!(shown.contains(&format!("last {head}")), "{shown}");
}
