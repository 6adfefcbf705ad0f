//! `maze-tui record`: the asciicast v2 file parses line by line, its clock only moves
//! forward, and replaying its output through a terminal emulator (the `vt100` crate) ends
//! on exactly the frame the explorer draws at the end of the same run.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::cmd::Cmd;
use clap::Parser;
use maze_tui::app::{Action, App};
use maze_tui::cli::{Cli, tui_config};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use serde_json::Value;

const COLS: u16 = 100;
const ROWS: u16 = 30;
const MAZE: [&str; 8] = [
    "--seed", "3", "--width", "10", "--height", "5", "--solver", "astar",
];

/// Run `maze-tui record` with the maze flags and `extra`; its standard output.
fn record(extra: &[&str]) -> String {
    let out = Cmd::maze_tui()
        .arg("record")
        .args(MAZE)
        .args(["--color", "never", "--cols", "100", "--rows", "30"])
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The explorer for the same flags, run to its very end (generation, then the solver).
fn app_at_end() -> App {
    let cli = Cli::try_parse_from(std::iter::once("maze-tui").chain(MAZE)).unwrap();
    let config = tui_config(&cli.tui, None).unwrap();
    let mut app = App::new(config, (COLS, ROWS));
    app.settle();
    while !app.stage.finished() {
        app.update(Action::ToEnd);
        app.settle();
    }
    app
}

/// The header and the events `(time, data)` of a recording.
fn parse(cast: &str) -> (Value, Vec<(f64, String)>) {
    let mut lines = cast.lines();
    let header: Value = serde_json::from_str(lines.next().expect("a header line")).unwrap();
    let events = lines
        .map(|line| {
            let event: Value = serde_json::from_str(line).unwrap();
            let event = event.as_array().expect("an event is an array");
            assert_eq!(event.len(), 3, "{line}");
            assert_eq!(event[1], "o", "an output event");
            (
                event[0].as_f64().expect("a time in seconds"),
                event[2].as_str().expect("text").to_owned(),
            )
        })
        .collect();
    (header, events)
}

#[test]
fn a_recording_replays_to_the_explorers_final_frame() {
    let (header, events) = parse(&record(&[]));
    assert_eq!(header["version"], 2);
    assert_eq!(header["width"], COLS);
    assert_eq!(header["height"], ROWS);
    assert!(events.len() > 10, "{} events", events.len());
    assert!(
        events.windows(2).all(|w| w[0].0 <= w[1].0),
        "times never go back"
    );
    assert_eq!(events[0].0, 0.0);

    let mut screen = vt100::Parser::new(ROWS.try_into().unwrap(), COLS.try_into().unwrap(), 0);
    for (_, data) in &events {
        screen.process(data.as_bytes());
    }
    let replayed: Vec<String> = screen
        .screen()
        .rows(0, COLS)
        .map(|row| row.trim_end().to_owned())
        .collect();

    let mut terminal = Terminal::new(TestBackend::new(COLS, ROWS)).unwrap();
    let app = app_at_end();
    terminal.draw(|f| maze_tui::ui::render(&app, f)).unwrap();
    let buffer = terminal.backend().buffer();
    let expected: Vec<String> = buffer
        .content()
        .chunks(usize::from(COLS))
        .map(|row| {
            row.iter()
                .map(ratatui::buffer::Cell::symbol)
                .collect::<String>()
                .trim_end()
                .to_owned()
        })
        .collect();
    assert_eq!(replayed, expected);
    assert!(
        expected.iter().any(|row| row.contains("done")),
        "the final frame shows the finished search"
    );
}

#[test]
fn steps_per_frame_sets_the_number_of_frames() {
    let total = app_at_end().stage.position();
    assert!(total > 20, "{total} steps");
    let (_, one) = parse(&record(&["--steps-per-frame", "1"]));
    let (_, five) = parse(&record(&["--steps-per-frame", "5", "--fps", "10"]));
    // The first frame, one per group of steps, and the held last frame.
    let frames = |per: u64| 1 + total.div_ceil(per) + 1;
    assert_eq!(one.len() as u64, frames(1));
    assert_eq!(five.len() as u64, frames(5));
    // At 10 frames a second each frame lasts 0.1 s.
    assert!((five[1].0 - 0.1).abs() < 1e-9, "{}", five[1].0);
}

#[test]
fn bad_recordings_are_refused_in_one_line() {
    for (args, code) in [
        (&["record", "--cols", "5"][..], 2),
        (&["record", "--fps", "0"][..], 2),
        (&["record", "--steps-per-frame", "0"][..], 2),
        (
            &[
                "record",
                "--width",
                "300",
                "--height",
                "300",
                "--generator",
                "aldous-broder",
                "--seed",
                "1",
                "--steps-per-frame",
                "1",
            ][..],
            2,
        ),
    ] {
        let out = Cmd::maze_tui().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
