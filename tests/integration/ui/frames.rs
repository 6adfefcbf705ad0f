//! The explorer's frames: each view, pane and mode at the test sizes.

use super::*;

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

/// On a small terminal the tab bar names every tab and the key that switches them whole
/// (not cut to a stray letter), the names closer together where that makes it fit.
#[test]
fn tab_bar_keeps_its_key_whole_at_80x24() {
    for width in [80, 90] {
        // A maze as tall as the screen: the log is a tab too, five in all.
        let tall = Config {
            height: Some(20),
            ..config()
        };
        let app = run_at(tall, (width, 24), &[Action::ToEnd]);
        let top = text(&app).lines().next().unwrap_or_default().to_owned();
        for name in ["Stats", "Code", "Data", "Log", "List"] {
            assert!(top.contains(name), "{width} columns: {top}");
        }
        assert!(
            top.contains("s: next") || top.contains("s:next"),
            "{width} columns: {top}"
        );
    }
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
