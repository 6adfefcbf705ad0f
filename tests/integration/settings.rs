//! The search's settings stay on screen: the stats pane says the moves and corner rule,
//! the heuristic, A*'s weight and the tie-break at every size, whole.

use maze_tui::app::{Action, App, Config};
use maze_tui::solve::{Corners, Heuristic, Moves, SolveOptions, SolverKind, TieBreak};

use crate::screen::text;

fn app(size: (u16, u16), solver: SolverKind) -> App {
    let config = Config {
        width: Some(12),
        height: Some(8),
        seed: 7,
        solver: Some(solver),
        solve_options: SolveOptions {
            heuristic: Heuristic::Octile,
            moves: Moves::Eight(Corners::NoCut),
            heuristic_weight: 150,
            tie_break: TieBreak::LowH,
            ..SolveOptions::default()
        },
        ..Config::default()
    };
    let mut app = App::new(config, size);
    for a in [Action::ToEnd, Action::Step(5)] {
        app.update(a);
        app.settle();
    }
    app
}

#[test]
fn the_stats_say_every_setting_of_the_search_at_every_size() {
    for size in [(80, 24), (120, 40), (200, 60)] {
        let screen = text(&app(size, SolverKind::Astar));
        for word in ["8-way", "corners=no-cut", "h=octile", "w=1.5", "ties=low-h"] {
            assert!(
                screen.split_whitespace().any(|w| w.contains(word)),
                "{size:?}: {word}\n{screen}"
            );
        }
    }
}

#[test]
fn a_search_shows_only_the_settings_it_reads() {
    let screen = text(&app((120, 40), SolverKind::Bfs));
    assert!(screen.contains("8-way corners=no-cut"), "{screen}");
    assert!(!screen.contains("h=octile"), "{screen}");
    assert!(!screen.contains("ties="), "{screen}");
}

#[test]
fn a_loaded_maze_shows_no_seed() {
    let (maze, _) = maze_tui::generate::GeneratorKind::Kruskal
        .generate(6, 4, 3, &maze_tui::generate::GenOptions::default())
        .expect("maze");
    let config = Config {
        load: Some(maze.to_grid()),
        solver: Some(SolverKind::Bfs),
        seed: 1_795_774_193_531_923_423,
        ..Config::default()
    };
    let mut app = App::new(config, (120, 40));
    app.update(Action::Step(3));
    app.settle();
    let screen = text(&app);
    assert!(!screen.contains("1795774193531923423"), "{screen}");
    assert!(screen.contains("loaded  size"), "{screen}");
}

/// The rules the explorer restarts a search by (and the settings line shows) name every
/// solver whose run the setting changes, and only those: this test's own list, each
/// entry checked by running the solver both ways on a field with obstacles.
#[test]
fn the_heuristic_and_moves_rules_name_the_solvers_they_change() {
    use maze_tui::generate::{GenOptions, GeneratorKind};
    use maze_tui::solve::{Solution, Solver as _};

    let uses_h = [
        SolverKind::Astar,
        SolverKind::GreedyBestFirst,
        SolverKind::BidirectionalAstar,
        SolverKind::IdaStar,
        SolverKind::LpaStar,
        SolverKind::DStarLite,
    ];
    let ignores_moves = [
        SolverKind::WallFollower,
        SolverKind::DeadEndFilling,
        SolverKind::Tremaux,
    ];
    let (maze, _) = GeneratorKind::Obstacles
        .generate(14, 10, 3, &GenOptions::default())
        .expect("a field");
    let grid = maze.to_grid();
    let solve = |kind: SolverKind, options: SolveOptions| -> (Option<Vec<_>>, usize, u64) {
        let Solution {
            path,
            visited,
            steps,
            ..
        } = kind.build(&grid, &options).run(&grid);
        (path, visited, steps)
    };
    for &kind in SolverKind::ALL {
        let manhattan = SolveOptions {
            heuristic: Heuristic::Manhattan,
            ..SolveOptions::default()
        };
        let zero = SolveOptions {
            heuristic: Heuristic::Zero,
            ..SolveOptions::default()
        };
        let eight = SolveOptions {
            moves: Moves::Eight(Corners::default()),
            ..SolveOptions::default()
        };
        let h_matters = solve(kind, manhattan) != solve(kind, zero);
        let moves_matter = solve(kind, SolveOptions::default()) != solve(kind, eight);
        assert_eq!(h_matters, uses_h.contains(&kind), "{kind:?}: heuristic");
        assert_eq!(kind.uses_heuristic(), uses_h.contains(&kind), "{kind:?}");
        assert_eq!(
            moves_matter,
            !ignores_moves.contains(&kind),
            "{kind:?}: moves"
        );
        assert_eq!(
            kind.uses_moves(),
            !ignores_moves.contains(&kind),
            "{kind:?}"
        );
    }
}
