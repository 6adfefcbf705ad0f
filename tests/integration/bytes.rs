//! The explorer's whole input path on random bytes: bytes → [`Decoder`] → events →
//! `map_app_event` → `update` → a slice of long work → a frame drawn on a `TestBackend`
//! whose size changes before the app hears of it (as a real terminal resizes its buffer
//! before the resize event is read). No byte sequence and no size may panic or leave the
//! keyboard held.
//!
//! Saving is the one effect outside the app (`w`, `x`, also as Ctrl-, Alt- or CSI-u keys):
//! the actions that open the save prompts are dropped, so no run writes a file.

use maze_tui::app::input::map_app_event;
use maze_tui::app::{Action, App, Config, ModeAction};
use maze_tui::input::{Decoder, PASTE_PATIENCE};
use maze_tui::ui::render;
use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::Event;
use ratatui::layout::Size;

/// Keys that do things in the explorer, and the bytes of escape sequences.
const USEFUL: &[u8] = b"fnbrRtT+-0123456789 \r\t?qEpiAWgGhjklSXmcv[]<>;M~O\x1b\x1b\x1b\x7f\x03";

/// One thing a terminal does.
#[derive(Clone, Debug)]
enum Input {
    /// A read of these bytes.
    Bytes(Vec<u8>),
    /// The window becomes `cols × rows`.
    Resize(u16, u16),
    /// Time passes: the decoder gives up waiting, the app ticks.
    Pause,
}

fn input() -> impl Strategy<Value = Input> {
    let byte = prop_oneof![
        4 => proptest::sample::select(USEFUL),
        1 => any::<u8>(),
    ];
    prop_oneof![
        6 => proptest::collection::vec(byte, 1..12).prop_map(Input::Bytes),
        2 => (1u16..=300, 1u16..=100).prop_map(|(c, r)| Input::Resize(c, r)),
        1 => Just(Input::Pause),
    ]
}

/// Apply `event` as the event loop does, except for the save prompts.
fn apply(app: &mut App, event: &Event) {
    match map_app_event(event, app) {
        Some(Action::Mode(ModeAction::Save | ModeAction::Picture)) | None => {}
        Some(action) => app.update(action),
    }
}

/// A slice of long work, bounded in steps (not in time: the test must not depend on speed).
fn work(app: &mut App) {
    let mut slices = 0;
    app.work(|| {
        slices += 1;
        slices > 200
    });
}

fn config() -> Config {
    Config {
        width: Some(40),
        height: Some(20),
        seed: 11,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_bytes_and_resizes_never_panic_and_q_always_quits(
        inputs in proptest::collection::vec(input(), 1..40)
    ) {
        let mut app = App::new(config(), (100, 30));
        let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("test backend");
        let mut decoder = Decoder::new();
        for item in inputs {
            let events = match item {
                Input::Bytes(bytes) => decoder.feed(&bytes),
                Input::Resize(cols, rows) => {
                    // The frame shrinks or grows first; the app hears of it next.
                    terminal.backend_mut().resize(cols, rows);
                    terminal
                        .resize(ratatui::layout::Rect::new(0, 0, cols, rows))
                        .expect("resize");
                    terminal.draw(|f| render(&app, f)).expect("draw");
                    vec![Event::Resize(cols, rows)]
                }
                Input::Pause => {
                    let mut events = decoder.flush();
                    if app.ticking() {
                        app.update(Action::Tick(std::time::Duration::from_millis(17)));
                    }
                    events.extend(decoder.flush());
                    events
                }
            };
            for event in &events {
                apply(&mut app, event);
                if app.quit {
                    return Ok(());
                }
            }
            work(&mut app);
            terminal.draw(|f| render(&app, f)).expect("draw");
        }
        // Whatever came before, Esc (out of any prompt, overlay or mode) and `q` quit.
        for _ in 0..=PASTE_PATIENCE {
            for event in decoder.flush() {
                apply(&mut app, &event);
            }
        }
        prop_assert!(!decoder.pending());
        let Size { width, height } = terminal.size().expect("size");
        apply(&mut app, &Event::Resize(width, height));
        for _ in 0..4 {
            for event in decoder.feed(b"\x1b") {
                apply(&mut app, &event);
            }
            for event in decoder.flush() {
                apply(&mut app, &event);
            }
        }
        for event in decoder.feed(b"q") {
            apply(&mut app, &event);
        }
        prop_assert!(app.quit);
    }
}

/// The shrink the explorer died of: a 1000×300 maze run to the end (`f`), raced (`R`) or
/// played (space) in 120×40, the frame shrunk to 80×24 before the app hears of it, then
/// sizes from 1×1 to 300×100 (every 7th row and 23rd column, and the corners) while the
/// work goes on.
#[test]
fn a_shrink_during_long_work_draws_inside_the_frame() {
    let config = Config {
        width: Some(1000),
        height: Some(300),
        seed: 1,
        ..Config::default()
    };
    for keys in [&b"f"[..], b"jmjmR", b"99+ "] {
        let mut app = App::new(config.clone(), (120, 40));
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("test backend");
        let mut decoder = Decoder::new();
        for event in decoder.feed(keys) {
            apply(&mut app, &event);
        }
        work(&mut app);
        let sizes = std::iter::once((80, 24))
            .chain(
                (1..=100)
                    .step_by(7)
                    .flat_map(|r| (1..=300).step_by(23).map(move |c| (c, r))),
            )
            .chain([(1, 1), (300, 100), (2, 1), (1, 2)]);
        for (cols, rows) in sizes {
            terminal.backend_mut().resize(cols, rows);
            terminal
                .resize(ratatui::layout::Rect::new(0, 0, cols, rows))
                .expect("resize");
            terminal
                .draw(|f| render(&app, f))
                .expect("draw before the resize event");
            app.update(Action::Resize(cols, rows));
            if app.ticking() {
                app.update(Action::Tick(std::time::Duration::from_millis(17)));
            }
            work(&mut app);
            terminal.draw(|f| render(&app, f)).expect("draw after it");
        }
    }
}
