//! `maze-tui record`: a run of the explorer as an asciicast v2 recording.
//!
//! The recording is drawn by the explorer's own code: an [`App`] built from the same
//! flags, stepped with the same [`Action::Step`] a user's `n` sends, rendered by
//! [`crate::ui::render`] through ratatui's crossterm backend into memory instead of a
//! terminal. Each frame's bytes (ratatui writes only the cells that changed) become one
//! output event.
//!
//! Format: asciicast v2 (asciinema's documentation, "asciicast file format (version 2)"):
//! a JSON header line `{"version": 2, "width": …, "height": …, …}`, then one line per
//! event, `[seconds, "o", "bytes as text"]`.

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{TerminalOptions, Viewport};
use serde::Serialize;

use crate::app::{Action, App};

#[allow(clippy::wildcard_imports)]
use super::*;

/// Most frames a recording may hold (with `--steps-per-frame` given): about 80 minutes
/// at 20 frames a second, and files of at most a few hundred megabytes.
pub const MAX_FRAMES: u64 = 100_000;

/// How long the automatic `--steps-per-frame` makes a recording play, in seconds.
pub const AUTO_SECONDS: u64 = 30;

/// How long the last frame stays on screen before the recording ends, in seconds.
const HOLD_LAST: f64 = 2.0;

/// `maze-tui record`.
#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The maze and solver, as for the explorer
    #[command(flatten)]
    pub tui: TuiArgs,
    /// Terminal width of the recording, in columns
    #[arg(long, value_name = "COLS", default_value = "100", value_parser = clap::value_parser!(u16).range(20..=500))]
    pub cols: u16,
    /// Terminal height of the recording, in rows
    #[arg(long, value_name = "ROWS", default_value = "30", value_parser = clap::value_parser!(u16).range(10..=300))]
    pub rows: u16,
    /// Frames per second of playback
    #[arg(long, value_name = "FPS", default_value = "20", value_parser = clap::value_parser!(u32).range(1..=120))]
    pub fps: u32,
    /// Steps between two frames [default: so that the whole run plays in about 30 s]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub steps_per_frame: Option<u64>,
    /// Write the recording to FILE instead of standard output (written whole, or not at all)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// What the backend writes, shared with the recorder, which takes each frame's bytes.
#[derive(Clone, Default)]
struct Screen(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl Write for Screen {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The header line of an asciicast v2 file.
#[derive(Serialize)]
struct Header<'a> {
    version: u8,
    width: u16,
    height: u16,
    title: &'a str,
    env: Env,
}

/// The terminal the recording assumes.
#[derive(Serialize)]
struct Env {
    #[serde(rename = "TERM")]
    term: &'static str,
}

/// Steps of the whole run (generation, then the solver or race, to the end), found by
/// running a copy of the app headless.
fn total_steps(app: &App) -> u64 {
    let mut probe = app.clone();
    probe.settle();
    // Each `f` ends the active run; a waiting solver or race then starts, so repeat
    // until nothing is left (bounded: generation, then one search or race).
    for _ in 0..4 {
        if probe.stage.finished() {
            break;
        }
        probe.update(Action::ToEnd);
        probe.settle();
    }
    probe.stage.position()
}

/// Record the explorer's run for `args` into `out` as asciicast v2: one frame at the
/// start, one every `--steps-per-frame` steps, the last frame held for two seconds.
/// `no_color` is the `NO_COLOR` variable, as for the explorer.
///
/// Cost: the run is stepped twice (first on a copy, to count its steps for the automatic
/// `--steps-per-frame` and the frame limit) and drawn once per frame; memory as in the
/// explorer.
///
/// # Errors
/// As [`tui_config`] for the maze flags; [`Error::Invalid`] when the recording would hold
/// more than [`MAX_FRAMES`] frames; [`Error::Io`] when writing fails.
pub fn record(
    args: &RecordArgs,
    no_color: Option<std::ffi::OsString>,
    out: &mut impl Write,
) -> Result<(), Error> {
    let config = tui_config(&args.tui, no_color)?;
    let title = format!(
        "maze-tui: {} {}",
        config.generator.name(),
        config.solver.map(|s| s.name()).unwrap_or_default()
    );
    let mut app = App::new(config, (args.cols, args.rows));
    app.settle();
    let total = total_steps(&app);
    let per_frame = args
        .steps_per_frame
        .unwrap_or_else(|| total.div_ceil(u64::from(args.fps) * AUTO_SECONDS).max(1));
    let frames = total.div_ceil(per_frame);
    if frames > MAX_FRAMES {
        return Err(Error::Invalid(format!(
            "the run has {total} steps: {frames} frames at {per_frame} steps a frame, the limit is {MAX_FRAMES}; raise --steps-per-frame"
        )));
    }

    let area = Rect::new(0, 0, args.cols, args.rows);
    let screen = Screen::default();
    let backend = CrosstermBackend::new(screen.clone());
    let mut terminal = Terminal::with_options(
        backend,
        TerminalOptions {
            viewport: Viewport::Fixed(area),
        },
    )
    .map_err(|e| Error::Io(format!("cannot draw: {}", io_reason(&e))))?;

    let header = Header {
        version: 2,
        width: args.cols,
        height: args.rows,
        title: title.trim(),
        env: Env {
            term: "xterm-256color",
        },
    };
    let write_error = |e: io::Error| Error::Io(format!("cannot write: {}", io_reason(&e)));
    let json_error = |e: serde_json::Error| Error::Io(format!("cannot write: {e}"));
    serde_json::to_writer(&mut *out, &header).map_err(json_error)?;
    out.write_all(b"\n").map_err(write_error)?;

    // Hide the cursor and start from a clear screen, as the explorer does.
    screen.0.borrow_mut().extend_from_slice(b"\x1b[?25l\x1b[2J");
    let seconds_per_frame = 1.0 / f64::from(args.fps);
    let mut frame: u64 = 0;
    loop {
        terminal
            .draw(|f| crate::ui::render(&app, f))
            .map_err(|e| Error::Io(format!("cannot draw: {}", io_reason(&e))))?;
        let bytes = std::mem::take(&mut *screen.0.borrow_mut());
        #[allow(clippy::cast_precision_loss)] // frame counts stay far below 2^52
        let time = frame as f64 * seconds_per_frame;
        write_event(out, time, &String::from_utf8_lossy(&bytes)).map_err(json_error)?;
        frame += 1;
        if app.stage.finished() || frame > frames {
            #[allow(clippy::cast_precision_loss)]
            let end = frame as f64 * seconds_per_frame + HOLD_LAST;
            return write_event(out, end, "\x1b[?25h").map_err(json_error);
        }
        let before = app.stage.position();
        app.update(Action::Step(per_frame));
        app.settle();
        if app.stage.position() == before && !app.stage.finished() {
            // Nothing moved (cannot happen with a live run): end rather than loop.
            app.update(Action::ToEnd);
            app.settle();
        }
    }
}

/// One output event line: `[time, "o", data]`, time in seconds with microseconds.
fn write_event(out: &mut impl Write, time: f64, data: &str) -> Result<(), serde_json::Error> {
    let time = (time * 1e6).round() / 1e6;
    serde_json::to_writer(&mut *out, &(time, "o", data))?;
    out.write_all(b"\n").map_err(serde_json::Error::io)
}
