//! Masks from the outside: `generate --mask` / `--mask-text` through the binary (text,
//! PNG, built-ins, refusals, errors and exit codes, the text format read back by `solve`,
//! an SVG), and the explorer drawing a heart at 80×24.

use std::path::PathBuf;

use crate::cmd::Cmd as Command;
use maze_tui::app::{Action, App, Config};
use maze_tui::generate::GeneratorKind;
use maze_tui::maze::{Grid, Maze, Pos, Shape};
use maze_tui::ui::render;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const BIN: &str = env!("CARGO_BIN_EXE_maze-tui");

fn run(args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .write_stdin("")
        .output()
        .expect("runs")
}

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("mask-{name}"));
    std::fs::write(&path, contents).expect("write temp file");
    path
}

/// Exit `code`, nothing on stdout, one stderr line naming every needle.
fn assert_fails(out: &std::process::Output, code: i32, needles: &[&str]) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{err}");
    assert!(out.stdout.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    for needle in needles {
        assert!(err.contains(needle), "{err} should name {needle}");
    }
}

/// The text's cells (odd row, odd column) that are `X`, as a mask text.
fn off_cells(text: &str) -> String {
    text.lines()
        .skip(1)
        .step_by(2)
        .map(|line| {
            line.chars()
                .skip(1)
                .step_by(2)
                .map(|c| if c == 'X' { 'X' } else { '.' })
                .collect::<String>()
                + "\n"
        })
        .collect()
}

const SHAPE: &str = "XX..XX\n......\n......\nX....X\nXX..XX\n";

#[test]
fn a_text_mask_shapes_every_generator_that_can_carve_it() {
    let mask = temp_file("shape.txt", SHAPE.as_bytes());
    for kind in GeneratorKind::ALL {
        let out = run(&[
            "generate",
            "-a",
            kind.name(),
            "--mask",
            mask.to_str().expect("UTF-8 path"),
            "--seed",
            "3",
        ]);
        if !kind.carves_any_shape() {
            assert_fails(&out, 2, &[kind.name(), "recursive-backtracker", "houston"]);
            continue;
        }
        assert!(out.status.success(), "{}", kind.name());
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        assert_eq!(off_cells(&text), SHAPE, "{}:\n{text}", kind.name());
        let grid = Grid::parse(&text).expect("the text format reads back");
        assert_eq!(grid.to_text(None), text, "round trip");
        let maze = Maze::from_grid(&grid).expect("a maze");
        assert!(maze.is_perfect(), "{}:\n{text}", kind.name());
        // `solve` reads it and finds the path without leaving the shape.
        let file = temp_file(&format!("{}.txt", kind.name()), text.as_bytes());
        let solved = run(&["solve", "-a", "astar", file.to_str().expect("UTF-8 path")]);
        assert!(solved.status.success(), "{}", kind.name());
        let solved = String::from_utf8(solved.stdout).expect("UTF-8");
        assert_eq!(off_cells(&solved), SHAPE);
        assert!(solved.contains('.'));
    }
}

#[test]
fn png_masks_built_in_shapes_and_words() {
    let mut png = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut png, 4, 3);
        encoder.set_color(png::ColorType::Grayscale);
        let mut writer = encoder.write_header().expect("header");
        writer
            .write_image_data(&[0, 255, 255, 0, 255, 255, 255, 255, 0, 255, 255, 0])
            .expect("pixels");
    }
    let file = temp_file("shape.png", &png);
    let out = run(&["generate", "--mask", file.to_str().expect("UTF-8 path")]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(off_cells(&text), "X..X\n....\nX..X\n");

    let heart = run(&[
        "generate", "--mask", "heart", "--width", "30", "--height", "16",
    ]);
    assert!(heart.status.success());
    let text = String::from_utf8(heart.stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), 33);
    assert!(text.lines().next().expect("a line").starts_with("XXX"));

    let word = run(&["generate", "--mask-text", "Hi", "-a", "kruskal"]);
    assert!(word.status.success());
    let text = String::from_utf8(word.stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), 2 * 18 + 1);
    assert_eq!(text.lines().next().map(str::len), Some(2 * 24 + 1));

    let svg = run(&["generate", "--mask", "circle", "-f", "svg"]);
    assert!(svg.status.success());
    let svg = String::from_utf8(svg.stdout).expect("UTF-8");
    assert!(svg.starts_with("<svg") && svg.contains("<rect"));
}

#[test]
fn bad_masks_say_why_in_one_line() {
    let ragged = temp_file("ragged.txt", b"...\n..\n");
    let bad_char = temp_file("char.txt", b"..\n.#\n");
    let apart = temp_file("apart.txt", b".X.\n.X.\n");
    let one = temp_file("one.txt", b"X.\nXX\n");
    let not_png = temp_file("fake.png", b"\x89PNG but not really");
    for (file, needle) in [
        (&ragged, "ragged"),
        (&bad_char, "'#'"),
        (&apart, "not connected"),
        (&one, "at least 2"),
        (&not_png, "PNG"),
    ] {
        let out = run(&["generate", "--mask", file.to_str().expect("UTF-8 path")]);
        assert_fails(&out, 1, &[needle]);
    }
    assert_fails(
        &run(&["generate", "--mask", "no-such-mask.txt"]),
        1,
        &["no-such-mask.txt"],
    );
    assert_fails(&run(&["generate", "--mask-text", "ok?"]), 2, &["'?'"]);
    // The explorer's flags (here through `record`) refuse a generator that needs the
    // whole rectangle before anything runs.
    assert_fails(
        &run(&["record", "--mask", "heart", "--generator", "eller"]),
        2,
        &["eller", "wilson"],
    );
    assert_fails(
        &run(&["generate", "--mask", "heart", "--mask-text", "HI"]),
        2,
        &["--mask"],
    );
}

#[test]
fn the_explorer_draws_a_heart_at_80x24_with_blank_outside() {
    let config = Config {
        shape: Shape::builtin("heart"),
        seed: 7,
        ..Config::default()
    };
    let mut app = App::new(config, (80, 24));
    app.settle();
    app.update(Action::ToEnd);
    app.settle();
    let grid = app.stage.grid().expect("a complete maze").clone();
    assert!(grid.has_outside());
    assert!(grid.is_outside(Pos::new(0, 0)));
    let maze = Maze::from_grid(&grid).expect("a maze");
    assert!(maze.is_masked() && maze.is_perfect());
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test backend");
    terminal.draw(|f| render(&app, f)).expect("draw");
    insta::with_settings!({
        snapshot_path => "../../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("heart_80x24", terminal.backend());
    });
}

/// The explorer at 120×40 with a complete maze in the built-in heart, 20×12 cells (41×25
/// tiles: the blocks view shows it whole), seed 7.
fn heart_app() -> App {
    let config = Config {
        shape: Shape::builtin("heart"),
        width: Some(20),
        height: Some(12),
        seed: 7,
        ..Config::default()
    };
    let mut app = App::new(config, (120, 40));
    app.update(Action::ToEnd);
    app.settle();
    let grid = app.stage.grid().expect("a complete maze");
    assert!(grid.has_outside(), "a heart has an outside");
    app
}

/// Every solver, raced on a heart (in races of up to four), ends with the path it finds
/// alone on the same grid, at the same cost; every path stays inside the shape, and each
/// is the maze's one path from S to E (a perfect maze), as long as a breadth-first
/// search's.
#[test]
fn a_race_on_a_heart_runs_every_solver_to_its_cost_alone() {
    use maze_tui::app::Stage;
    use maze_tui::app::race::{Entrants, Runners};
    use maze_tui::maze::stats::tile_distances;
    use maze_tui::run::Run;
    use maze_tui::solve::{Search, Solver, SolverKind, path_cost};
    use std::sync::Arc;

    let mut app = heart_app();
    let grid = Arc::clone(app.stage.grid().expect("a complete maze"));
    let moves = tile_distances(&grid, grid.start())[grid.index(grid.goal())];
    assert!(
        moves != u32::MAX && moves > 10,
        "E is reachable, far from S"
    );
    // Races of 2–4: the last one takes the one left over with the three before it.
    let all = SolverKind::ALL;
    let mut races: Vec<&[SolverKind]> = all.chunks(4).collect();
    if all.len() % 4 == 1 {
        races.pop();
        races.push(&all[all.len() - 4..]);
    }
    let mut raced = 0;
    for kinds in races {
        app.race_marks = Entrants::Solvers(kinds.to_vec());
        for action in [Action::StartRace, Action::ToEnd] {
            app.update(action);
            app.settle();
        }
        let Stage::Race { race, world } = &app.stage else {
            panic!("racing {kinds:?}: {:?}", app.status);
        };
        assert!(Arc::ptr_eq(&world.grid, &grid), "the heart itself");
        let Runners::Solvers(runs) = &race.runners else {
            panic!("a race of solvers");
        };
        assert_eq!(runs.len(), kinds.len());
        for (run, &kind) in runs.iter().zip(kinds) {
            let mut alone = Run::new(Search::new(
                kind,
                Arc::clone(&grid),
                app.config.solve_options,
            ));
            while alone.step_once().is_some() {}
            let path = run.machine().solver().path().expect("found in the race");
            let solo = alone.machine().solver().path().expect("found alone");
            assert_eq!(path_cost(&grid, path), path_cost(&grid, solo), "{kind:?}");
            assert_eq!(path, solo, "{kind:?}: the same path");
            assert!(
                path.iter().all(|&t| grid.is_open(t) && !grid.is_outside(t)),
                "{kind:?} stays inside the shape"
            );
            assert_eq!(path.len() - 1, moves as usize, "{kind:?}: the one path");
            raced += 1;
        }
        app.update(Action::Cancel);
        app.settle();
    }
    assert_eq!(raced, all.len(), "every solver raced");
}

/// The editor leaves the outside of a shape alone: walls, ground, terrain, S and E
/// cannot go there (the grid stays the same value, nothing to undo, the status says
/// why); inside the shape it edits as on any maze, and undo puts the grid back exactly.
#[test]
fn the_editor_cannot_carve_into_the_outside_of_a_shape() {
    use maze_tui::app::Mode;
    use maze_tui::app::input;
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

    let press = |app: &mut App, c: char| {
        let event = Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        if let Some(action) = input::map_app_event(&event, app) {
            app.update(action);
            app.settle();
        }
    };
    let mut app = heart_app();
    let before = app.stage.grid().expect("complete").as_ref().clone();
    press(&mut app, 'E');
    assert!(matches!(app.mode, Mode::Edit { .. }));
    // Outside tiles: a corner (an off-cell's wall), and an off-cell's own tile.
    let off_cell = (0..before.len())
        .map(|i| before.pos(i))
        .find(|&t| t.row % 2 == 1 && t.col % 2 == 1 && before.is_outside(t))
        .expect("an off-cell");
    for tile in [Pos::new(0, 0), off_cell] {
        assert!(before.is_outside(tile));
        for key in ['#', ' ', '5', 'S', 'X'] {
            app.mode = Mode::Edit {
                cursor: tile,
                brush: 1,
            };
            app.status = None;
            press(&mut app, key);
            let grid = app.stage.grid().expect("complete");
            assert_eq!(**grid, before, "'{key}' at {tile} changed nothing");
            assert!(grid.is_outside(tile));
            assert_eq!(app.undo.depth(app.stage.grid()), 0, "nothing to undo");
            assert!(
                app.status.as_deref().is_some_and(|s| s.contains("shape")),
                "'{key}' at {tile}: {:?}",
                app.status
            );
        }
    }
    // Inside: a wall between two on-cells opens, and undo closes it.
    let inner_wall = (0..before.len())
        .map(|i| before.pos(i))
        .find(|&t| {
            t.row % 2 == 1
                && t.col % 2 == 0
                && !before.is_open(t)
                && !before.is_outside(t)
                && before.is_open(Pos::new(t.row, t.col - 1))
                && before.is_open(Pos::new(t.row, t.col + 1))
        })
        .expect("a wall inside");
    app.mode = Mode::Edit {
        cursor: inner_wall,
        brush: 1,
    };
    press(&mut app, '#');
    assert!(app.stage.grid().expect("complete").is_open(inner_wall));
    assert_eq!(app.undo.depth(app.stage.grid()), 1);
    press(&mut app, 'u');
    assert_eq!(
        **app.stage.grid().expect("complete"),
        before,
        "undone exactly"
    );
}

/// The heat map on a heart: every tile outside the shape is drawn blank (spaces on the
/// pane's background: one background for all of them, no heat colour), every reachable
/// open tile but S and E shows its distance decile.
#[test]
fn the_heat_map_draws_the_outside_of_a_shape_blank() {
    use maze_tui::app::viewport::tile_at;

    let mut app = heart_app();
    app.update(Action::ToggleHeat);
    app.settle();
    let grid = std::sync::Arc::clone(app.stage.grid().expect("complete"));
    let heat = app.distances.as_ref().expect("the heat map is on");
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("test backend");
    terminal.draw(|f| render(&app, f)).expect("draw");
    let buf = terminal.backend().buffer();
    let inner = app.maze_inner().expect("a maze pane");
    assert!(
        !app.shows_whole(inner),
        "a tile a character pair, all in view"
    );
    let (mut blank, mut heat_bg) = (std::collections::HashSet::new(), Vec::new());
    for y in inner.top()..inner.bottom() {
        for x in inner.left()..inner.right() {
            let Some((row, col)) = tile_at(app.view, inner, app.scroll, x, y) else {
                continue;
            };
            let tile = Pos::new(row, col);
            let cell = &buf[(x, y)];
            if grid.is_outside(tile) {
                assert_eq!(cell.symbol(), " ", "{tile} outside is blank");
                blank.insert(cell.bg);
            } else if let Some(&d) = heat.moves.get(grid.index(tile))
                && d != u32::MAX
                && tile != grid.start()
                && tile != grid.goal()
                && (x == inner.left()
                    || tile_at(app.view, inner, app.scroll, x - 1, y) != Some((row, col)))
            {
                // On the tile's first column, its decile: 10 bands over 0..=max moves.
                let decile = u64::from(d) * 10 / (u64::from(heat.max) + 1);
                assert_eq!(cell.symbol(), decile.to_string(), "{tile} at {d} moves");
                heat_bg.push(cell.bg);
            }
        }
    }
    assert_eq!(blank.len(), 1, "one background outside: {blank:?}");
    assert!(heat_bg.len() > 100, "{} heat tiles", heat_bg.len());
    assert!(
        heat_bg.iter().all(|bg| !blank.contains(bg)),
        "no heat outside"
    );
    insta::with_settings!({
        snapshot_path => "../../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("heart_heat_map", terminal.backend());
    });
}
