//! Terminal setup and restore, the event loop, frame pacing.
//!
//! Idle (paused): waits for input without redrawing (the process sleeps). Playing: ticks at
//! most 60 times a second and runs as many steps per tick as the speed asks, but stops a
//! tick's steps after about 10 ms (the app's tick budget), so input is read between every
//! two frames and a pause takes effect within a frame even on a huge maze at full speed.
//! All pending input is applied before one draw, so a burst of 1000 `n` presses costs one
//! frame.
//! ratatui's buffer diff sends only changed cells; nothing forces a full redraw.
//!
//! Input is read as bytes ([`crate::input::tty`]) and decoded here
//! ([`crate::input::Decoder`]): an escape sequence cut short is held for at most
//! [`ESC_WAIT`] after its last byte, then read as the keys it is made of, so that no
//! stray byte can hold the keyboard, while an arrow whose bytes arrive a few
//! milliseconds apart over a slow link is still one arrow.

use std::collections::VecDeque;
use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::crossterm::event::{DisableMouseCapture, Event, KeyCode, KeyModifiers};
use ratatui::crossterm::style::{Attribute, SetAttribute};
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::crossterm::{cursor, execute};

use crate::app::{Action, App, Config, input};
use crate::input::Decoder;
use crate::input::tty::{self, Input};
use crate::ui::wire::Frugal;

/// The explorer's terminal: stdout through the backend that writes fewer bytes a frame.
type Screen = Terminal<Frugal<io::Stdout>>;

/// Longest a frame spends on long work (run to the end, a rewind) before drawing and
/// reading keys again.
const WORK_BUDGET: Duration = Duration::from_millis(12);

/// Mouse reporting for clicks and drags only (xterm modes 1000 and 1002, SGR encoding
/// 1006): unlike crossterm's `EnableMouseCapture`, no report for every pointer motion,
/// which over a slow link is a stream of bytes for nothing.
struct EnableClicks;

impl ratatui::crossterm::Command for EnableClicks {
    fn write_ansi(&self, f: &mut impl std::fmt::Write) -> std::fmt::Result {
        f.write_str("\x1b[?1000h\x1b[?1002h\x1b[?1006h")
    }
}

/// Shortest time between two frames while playing (60 frames per second).
const FRAME: Duration = Duration::from_micros(16_667);
/// Signals that end the explorer with the terminal restored and exit status 128 + the
/// signal's number (in raw mode Ctrl-C and `Ctrl-\` arrive as keys, so these come from
/// `kill`, a closed session or a timer).
pub(crate) const ENDING: [i32; 7] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGQUIT,
    signal_hook::consts::SIGUSR1,
    signal_hook::consts::SIGUSR2,
    signal_hook::consts::SIGALRM,
];

/// How long an unfinished escape sequence waits for its next byte before it is read as
/// plain keys (a lone Esc is this late).
pub const ESC_WAIT: Duration = Duration::from_millis(50);
/// How long an idle wait lasts before checking for signals again.
const IDLE_WAIT: Duration = Duration::from_millis(250);
/// How often the watchdog looks at the terminal and the stop flag.
const WATCH_PERIOD: Duration = Duration::from_millis(200);
/// How long the event loop has to stop by itself after SIGTERM / SIGHUP before the
/// watchdog ends the process.
const GRACE: Duration = Duration::from_millis(600);

fn io_error(what: &str) -> impl Fn(io::Error) -> crate::Error + '_ {
    move |e| crate::Error::Io(format!("{what}: {e}"))
}

/// Undo everything [`run`] did to the terminal, each part on its own, ignoring errors: the
/// terminal may be gone (after SIGHUP, every write fails), and nothing here may print or
/// panic (ratatui's own `restore` prints its error to stderr, which panics when stderr is
/// that dead terminal, and a panic in the panic hook aborts).
fn restore() {
    let _ = disable_raw_mode();
    let mut out = io::stdout();
    // The colours too: the frames leave the terminal drawing in the last cell's colours.
    let _ = execute!(
        out,
        SetAttribute(Attribute::Reset),
        DisableMouseCapture,
        LeaveAlternateScreen,
        cursor::Show
    );
    let _ = out.flush();
}

/// Raw mode, the alternate screen, and a terminal drawing to stdout (what
/// `ratatui::try_init` does, without the panic hook that calls ratatui's `restore`).
fn init_terminal() -> io::Result<Screen> {
    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen)?;
    Terminal::new(Frugal::new(io::stdout()))
}

/// Run the interactive explorer until the user quits; the terminal is restored on every
/// exit path. Returns the app as the user left it (`None` when the terminal went away).
///
/// # Errors
/// [`crate::Error::NoTerminal`] when stdin or stdout is not a TTY; [`crate::Error::Io`]
/// when the terminal fails.
pub fn run(config: Config) -> Result<Option<App>, crate::Error> {
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        return Err(crate::Error::NoTerminal);
    }
    // A terminal that cannot move the cursor shows a full-screen program as garbage.
    match std::env::var("TERM") {
        Ok(term) if !term.is_empty() && term != "dumb" => {}
        _ => return Err(crate::Error::DumbTerminal),
    }
    // The number of the ending signal received (0: none yet).
    let stop = Arc::new(AtomicUsize::new(0));
    for signal in ENDING {
        let number = usize::try_from(signal).unwrap_or(1);
        signal_hook::flag::register_usize(signal, Arc::clone(&stop), number)
            .map_err(io_error("cannot watch signals"))?;
    }
    let suspend = Arc::new(AtomicBool::new(false));
    signal_hook::flag::register(signal_hook::consts::SIGTSTP, Arc::clone(&suspend))
        .map_err(io_error("cannot watch signals"))?;
    // Restore first, then report the panic (the default hook ignores a dead stderr).
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    spawn_watchdog(Arc::clone(&stop));
    let mut terminal = match init_terminal() {
        Ok(t) => t,
        Err(e) => {
            restore();
            return Err(crate::Error::Io(format!("cannot set up the terminal: {e}")));
        }
    };
    let result = execute!(io::stdout(), EnableClicks)
        .map_err(io_error("cannot enable the mouse"))
        .and_then(|()| event_loop(&mut terminal, config, &stop, &suspend));
    restore();
    // The terminal went away (a closed session): the end of the session, not an error;
    // the watchdog exits the same way when the event loop cannot notice.
    let result = match result {
        Err(crate::Error::Io(_)) if !io::stdin().is_terminal() => Ok(None),
        other => other.map(Some),
    };
    // Not dropped: ratatui's `Terminal` shows the cursor on drop and, if that fails (the
    // terminal hung up), reports it with `eprintln!`, which panics on a dead stderr.
    // `restore` has already shown the cursor; the terminal holds nothing else to free.
    std::mem::forget(terminal);
    result
}

/// Stop the process as a shell's Ctrl-Z would, with the terminal restored while it is
/// stopped, and take the terminal back when it continues (the next frame is drawn whole).
fn suspend_now(terminal: &mut Screen) -> Result<(), crate::Error> {
    restore();
    // SIGSTOP cannot be caught: the process stops here until SIGCONT.
    signal_hook::low_level::raise(signal_hook::consts::SIGSTOP)
        .map_err(io_error("cannot suspend"))?;
    enable_raw_mode().map_err(io_error("cannot resume"))?;
    execute!(io::stdout(), EnterAlternateScreen, EnableClicks)
        .map_err(io_error("cannot resume"))?;
    // `resize` clears the screen and forgets the last frame without asking the terminal
    // for its cursor position, as `clear` does: a round trip that fails after two seconds
    // where the answer is slow (SSH) or never comes. The window may also have changed size
    // while the process was stopped.
    let size = terminal
        .size()
        .map_err(io_error("cannot read the terminal size"))?;
    terminal
        .resize(ratatui::layout::Rect::new(0, 0, size.width, size.height))
        .map_err(io_error("cannot resume"))
}

/// End the process when its terminal is gone, even if the event loop cannot notice.
///
/// The event loop sees a hung-up tty (a closed SSH session, a killed tmux pane) as the end
/// of its input, but only between two slices of work, and a write to a dead terminal may
/// block (crossterm's event reader, not used here, even spins for ever on one:
/// github.com/crossterm-rs/crossterm/issues/793). The process must never stay behind,
/// orphaned. So a small thread checks, every [`WATCH_PERIOD`], that standard input is
/// still a terminal (a hung-up tty no longer answers the terminal ioctl) and whether a
/// SIGTERM / SIGHUP has set `stop`; if the terminal is gone, or the event loop has not
/// stopped [`GRACE`] after a signal, it restores what it can and exits as the event loop
/// would have: status 0 for a lost terminal, 128 + N after signal N. With a live terminal the event loop stops first and cleanly.
fn spawn_watchdog(stop: Arc<AtomicUsize>) {
    let watch = move || {
        let mut signalled: Option<Instant> = None;
        loop {
            std::thread::sleep(WATCH_PERIOD);
            let gone = !io::stdin().is_terminal();
            let signal = stop.load(Ordering::Relaxed);
            if signal != 0 {
                signalled.get_or_insert_with(Instant::now);
            }
            if gone || signalled.is_some_and(|at| at.elapsed() >= GRACE) {
                restore();
                let code = if signal == 0 { 0 } else { 128 + signal };
                std::process::exit(i32::try_from(code).unwrap_or(1));
            }
        }
    };
    // Without the thread the explorer still works; only this safety net is missing.
    let _ = std::thread::Builder::new()
        .name("terminal-watchdog".into())
        .spawn(watch);
}

/// Wait up to `timeout` for input, then take all that has come: bytes through the
/// decoder, resizes as the terminal's new size; a sequence unfinished for [`ESC_WAIT`]
/// is given up on (`last_byte` then restarts the wait). Decoded events go to the back of `queue`.
fn read_input(
    input: &Receiver<Input>,
    timeout: Duration,
    decoder: &mut Decoder,
    queue: &mut VecDeque<Event>,
    last_byte: &mut Instant,
) -> Result<(), crate::Error> {
    let mut next = match input.recv_timeout(timeout) {
        Ok(first) => Some(first),
        Err(RecvTimeoutError::Timeout) => None,
        Err(RecvTimeoutError::Disconnected) => {
            return Err(crate::Error::Io(
                "cannot read input: the reader stopped".into(),
            ));
        }
    };
    while let Some(item) = next {
        match item {
            Input::Bytes(bytes) => {
                *last_byte = Instant::now();
                queue.extend(decoder.feed(&bytes));
            }
            Input::Resized => {
                let (cols, rows) = ratatui::crossterm::terminal::size()
                    .map_err(io_error("cannot read the terminal size"))?;
                queue.push_back(Event::Resize(cols, rows));
            }
            Input::Closed(why) => {
                return Err(crate::Error::Io(format!("cannot read input: {why}")));
            }
        }
        next = input.try_recv().ok();
    }
    if decoder.pending() && last_byte.elapsed() >= ESC_WAIT {
        queue.extend(decoder.flush());
        // A paste still open waits again (the decoder counts the flushes).
        *last_byte = Instant::now();
    }
    Ok(())
}

fn event_loop(
    terminal: &mut Screen,
    config: Config,
    stop: &AtomicUsize,
    suspend: &AtomicBool,
) -> Result<App, crate::Error> {
    let size = terminal
        .size()
        .map_err(io_error("cannot read the terminal size"))?;
    let mut app = App::new(config, (size.width, size.height));
    app.begin_lesson();
    app.begin_guess();
    let draw = |terminal: &mut Screen, app: &App| {
        terminal
            .draw(|frame| crate::ui::render(app, frame))
            .map(|_| ())
            .map_err(io_error("cannot draw"))
    };
    draw(terminal, &app)?;
    let input = tty::spawn().map_err(crate::Error::Io)?;
    let mut decoder = Decoder::new();
    // Events decoded and not applied yet (those after a Ctrl-Z wait for the resume).
    let mut queue: VecDeque<Event> = VecDeque::new();
    let mut last_byte = Instant::now();
    let mut last_tick = Instant::now();
    loop {
        let signal = stop.load(Ordering::Relaxed);
        if signal != 0 {
            return Err(crate::Error::Signal(i32::try_from(signal).unwrap_or(1)));
        }
        if suspend.swap(false, Ordering::Relaxed) {
            suspend_now(terminal)?;
            draw(terminal, &app)?;
        }
        let mut timeout = if !queue.is_empty() {
            Duration::ZERO
        } else if app.ticking() || app.busy() {
            FRAME.saturating_sub(last_tick.elapsed())
        } else {
            IDLE_WAIT
        };
        if decoder.pending() {
            timeout = timeout.min(ESC_WAIT.saturating_sub(last_byte.elapsed()));
        }
        let mut dirty = false;
        let was_ticking = app.ticking();
        read_input(&input, timeout, &mut decoder, &mut queue, &mut last_byte)?;
        // Apply everything pending, then draw once (thirty `b` are one rewind).
        while let Some(ev) = queue.pop_front() {
            // Ctrl-Z: raw mode delivers it as a key, not as SIGTSTP.
            if let Event::Key(key) = &ev
                && key.code == KeyCode::Char('z')
                && key.modifiers.contains(KeyModifiers::CONTROL)
            {
                suspend.store(true, Ordering::Relaxed);
                break;
            }
            if let Some(action) = input::map_app_event(&ev, &app) {
                app.update(action);
                dirty = true;
            }
            if app.quit {
                return Ok(app);
            }
        }
        if app.busy() {
            let start = Instant::now();
            app.work(|| start.elapsed() >= WORK_BUDGET);
            dirty = true;
        }
        if app.ticking() && !was_ticking {
            last_tick = Instant::now();
        }
        if app.ticking() {
            let elapsed = last_tick.elapsed();
            if elapsed >= FRAME {
                app.update(Action::Tick(elapsed));
                last_tick = Instant::now();
                // A tick that took no step (slow speeds) changed nothing: no frame.
                dirty |= app.tick_moved;
            }
        } else if app.busy() {
            last_tick = Instant::now();
        }
        if dirty {
            draw(terminal, &app)?;
        }
    }
}
