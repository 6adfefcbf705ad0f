//! Masks from the outside: `generate --mask` / `--mask-text` through the binary (text,
//! PNG, built-ins, refusals, errors and exit codes, the text format read back by `solve`,
//! an SVG), and the explorer drawing a heart at 80×24.

use std::path::PathBuf;

use assert_cmd::Command;
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
