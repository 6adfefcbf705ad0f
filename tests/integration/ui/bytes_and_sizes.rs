//! Bytes a step writes, the heat map's cost, seeds and resizes.

use super::*;
use crate::screen::ByteCounter;

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
        let mut term = ByteCounter::new(120, 40);
        assert!(term.draw(&app) > 5000, "a full first frame");
        let mut sizes = Vec::new();
        for _ in 0..50 {
            app.update(Action::Step(1));
            sizes.push(term.draw(&app));
        }
        // The event loop draws nothing when nothing changed; a redraw anyway writes only
        // the backend's closing style reset.
        let unchanged = term.draw(&app);
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
