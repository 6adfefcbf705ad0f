//! Terminal setup and restore, the event loop, frame pacing.
//!
//! Idle (paused): waits for input without redrawing (the process sleeps). Playing: ticks at
//! most 60 times a second and runs as many steps per tick as the speed asks, but stops a
//! tick's steps after about 10 ms (the app's tick budget), so input is read between every
//! two frames and a pause takes effect within a frame even on a huge maze at full speed.
//! All pending input is applied before one draw, so a burst of 1000 `n` presses costs one
//! frame.
//! ratatui's buffer diff sends only changed cells; nothing forces a full redraw.

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::{cursor, execute};

use crate::app::{Action, App, Config, input};

/// Shortest time between two frames while playing (60 frames per second).
const FRAME: Duration = Duration::from_micros(16_667);
/// How long an idle wait lasts before checking for SIGTERM / SIGHUP again.
const IDLE_WAIT: Duration = Duration::from_millis(250);

fn io_error(what: &str) -> impl Fn(io::Error) -> crate::Error + '_ {
    move |e| crate::Error::Io(format!("{what}: {e}"))
}

/// Undo everything [`run`] did to the terminal; errors are ignored (the terminal may be
/// gone, e.g. after SIGHUP).
fn restore() {
    let mut out = io::stdout();
    let _ = execute!(out, DisableMouseCapture, cursor::Show);
    ratatui::restore();
    let _ = out.flush();
}

/// Run the interactive explorer until the user quits; the terminal is restored on every
/// exit path.
///
/// # Errors
/// [`crate::Error::NoTerminal`] when stdin or stdout is not a TTY; [`crate::Error::Io`]
/// when the terminal fails.
pub fn run(config: Config) -> Result<(), crate::Error> {
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        return Err(crate::Error::NoTerminal);
    }
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
        signal_hook::flag::register(signal, Arc::clone(&stop))
            .map_err(io_error("cannot watch signals"))?;
    }
    // Restore first, then report the panic. ratatui's own hook (installed by try_init)
    // runs before this one and leaves raw mode and the alternate screen.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            restore();
            return Err(crate::Error::Io(format!("cannot set up the terminal: {e}")));
        }
    };
    let result = execute!(io::stdout(), EnableMouseCapture)
        .map_err(io_error("cannot enable the mouse"))
        .and_then(|()| event_loop(&mut terminal, config, &stop));
    restore();
    result
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    config: Config,
    stop: &AtomicBool,
) -> Result<(), crate::Error> {
    let size = terminal
        .size()
        .map_err(io_error("cannot read the terminal size"))?;
    let mut app = App::new(config, (size.width, size.height));
    let draw = |terminal: &mut DefaultTerminal, app: &App| {
        terminal
            .draw(|frame| crate::ui::render(app, frame))
            .map(|_| ())
            .map_err(io_error("cannot draw"))
    };
    draw(terminal, &app)?;
    let mut last_tick = Instant::now();
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        let timeout = if app.playing {
            FRAME.saturating_sub(last_tick.elapsed())
        } else {
            IDLE_WAIT
        };
        let mut dirty = false;
        let was_playing = app.playing;
        if event::poll(timeout).map_err(io_error("cannot read input"))? {
            // Drain everything pending, then draw once.
            loop {
                let ev = event::read().map_err(io_error("cannot read input"))?;
                if let Some(action) = input::map_event(&ev, app.focus) {
                    app.update(action);
                    dirty = true;
                }
                if app.quit {
                    return Ok(());
                }
                if !event::poll(Duration::ZERO).map_err(io_error("cannot read input"))? {
                    break;
                }
            }
        }
        if app.playing && !was_playing {
            last_tick = Instant::now();
        }
        if app.playing {
            let elapsed = last_tick.elapsed();
            if elapsed >= FRAME {
                app.update(Action::Tick(elapsed));
                last_tick = Instant::now();
                // A tick that took no step (slow speeds) changed nothing: no frame.
                dirty |= app.tick_steps > 0 || !app.playing;
            }
        }
        if dirty {
            draw(terminal, &app)?;
        }
    }
}
