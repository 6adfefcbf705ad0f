//! One session's explorer, on a thread of its own (the app keeps `Rc` pages, so it stays
//! on one thread), driven as [`crate::tui`] drives the local one: every byte that came is
//! decoded and applied before one draw, long work runs in slices of [`WORK_BUDGET`], play
//! ticks at most every [`FRAME`], and a frame is drawn only when something changed and
//! the [`Outbox`] has taken the previous one.
//!
//! The terminal is a ratatui [`Terminal`] with a fixed viewport of the client's size over
//! a byte buffer; what a draw writes there is put in the outbox. Keys and mouse come from
//! the channel's bytes through [`Decoder`]; an escape sequence cut short is flushed as
//! keys after [`ESC_WAIT`] without a byte.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};

use super::options::clamp_size;
use super::outbox::Outbox;
use super::present::{Follower, Presenter};
use crate::app::{Action, App, Config, ModeAction};
use crate::input::Decoder;
use crate::ui::wire::Frugal;

/// Longest a frame spends on long work before drawing and reading keys again.
const WORK_BUDGET: Duration = Duration::from_millis(12);
/// Shortest time between two frames while playing (60 a second).
const FRAME: Duration = Duration::from_micros(16_667);
/// Longest wait for input when nothing plays (the idle timeout is checked this often).
const IDLE_WAIT: Duration = Duration::from_millis(250);
/// A lone Esc, or a sequence cut short, is taken as typed after this long without a byte.
const ESC_WAIT: Duration = Duration::from_millis(50);
/// How often a frame owed to a slow client is retried.
const OWED_WAIT: Duration = Duration::from_millis(8);

/// The alternate screen, no cursor, mouse clicks and drags in SGR encoding (no motion
/// reports), a clear screen.
const START: &[u8] = b"\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1002h\x1b[?1006h\x1b[H\x1b[2J";
/// Everything [`START`] turned on, turned off again.
pub(super) const RESTORE: &[u8] = b"\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[0m\x1b[?25h\x1b[?1049l";

/// What the connection sends the explorer.
#[derive(Debug)]
pub enum Input {
    /// Bytes typed (keys, mouse reports, pasted text).
    Bytes(Vec<u8>),
    /// The window is now `cols × rows`.
    Resize(u16, u16),
}

/// How a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The user quit (`q`, Ctrl-C).
    Quit,
    /// The connection went away.
    Gone,
    /// No key for the idle timeout.
    Idle,
}

impl End {
    /// The word for the log.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            End::Quit => "quit",
            End::Gone => "gone",
            End::Idle => "idle",
        }
    }
}

/// How one session's explorer starts.
#[derive(Debug)]
pub struct Setup {
    /// The explorer's settings for this session.
    pub config: Config,
    /// The window's size from the pty request, `cols × rows`.
    pub size: (u16, u16),
    /// Largest maze, in cells (the size given to the app is clamped to it).
    pub max_cells: u64,
    /// Session closed after this long without a key.
    pub idle_timeout: Duration,
    /// This session's own folder for `w` and `x`; `None`: saving is off.
    pub save_dir: Option<PathBuf>,
    /// Whether the session presents, follows or explores alone.
    pub role: Role,
}

/// Who drives a session's explorer.
#[derive(Clone, Debug)]
pub enum Role {
    /// The session's own keys (no presentation).
    Own,
    /// The teacher of a presentation: its actions are recorded for the students.
    Teacher(Arc<Presenter>),
    /// A student: follows the teacher until `t`, again after `F`.
    Student(Arc<Presenter>),
}

/// The bytes a draw writes, kept for the outbox (shared with the backend, which owns its
/// writer).
#[derive(Clone, Default)]
struct Sink(Rc<RefCell<Vec<u8>>>);

impl std::io::Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The explorer's terminal: a fixed viewport over the bytes of the next frame.
struct Screen {
    terminal: Terminal<Frugal<Sink>>,
    bytes: Sink,
    size: (u16, u16),
}

impl Screen {
    fn new(size: (u16, u16)) -> std::io::Result<Self> {
        let bytes = Sink::default();
        let terminal = Terminal::with_options(
            Frugal::new(bytes.clone()),
            TerminalOptions {
                viewport: Viewport::Fixed(Rect::new(0, 0, size.0, size.1)),
            },
        )?;
        Ok(Self {
            terminal,
            bytes,
            size,
        })
    }

    /// Draw `app`, with `banner` over its last row, and return the bytes that bring the
    /// client's screen to it.
    fn draw(&mut self, app: &App, banner: Option<&str>) -> Vec<u8> {
        let _ = self.terminal.draw(|frame| {
            crate::ui::render(app, frame);
            if let Some(text) = banner {
                let area = frame.area();
                let row = Rect::new(0, area.height.saturating_sub(1), area.width, 1);
                let style = ratatui::style::Style::new().reversed();
                frame.render_widget(
                    ratatui::widgets::Paragraph::new(text)
                        .style(style)
                        .right_aligned(),
                    row,
                );
            }
        });
        std::mem::take(&mut *self.bytes.0.borrow_mut())
    }

    fn resize(&mut self, size: (u16, u16)) {
        self.size = size;
        let _ = self.terminal.resize(Rect::new(0, 0, size.0, size.1));
    }
}

/// The most input messages taken before the explorer draws again.
const DRAIN: usize = 256;

/// Run one session's explorer until the user quits, the connection goes away (`input`
/// closed) or the idle timeout passes; the client's terminal is put back in every case
/// where it is still there.
#[allow(clippy::too_many_lines)]
pub fn run(setup: Setup, input: &Receiver<Input>, out: &Arc<Outbox>) -> End {
    let size = clamp_size(setup.size, setup.max_cells);
    let Ok(mut screen) = Screen::new(size) else {
        out.close(b"", 1);
        return End::Gone;
    };
    let mut config = setup.config;
    let (teacher, mut follower) = match setup.role {
        Role::Own => (None, None),
        Role::Teacher(presenter) => {
            // Every student's copy needs the same maze, whatever their window.
            let (w, h) = crate::app::viewport::fit(size);
            config.width.get_or_insert(w);
            config.height.get_or_insert(h);
            presenter.start(config.clone());
            (Some(presenter), None)
        }
        Role::Student(presenter) => (None, Some(Follower::new(presenter))),
    };
    let banner = |follower: &Option<Follower>| -> Option<String> {
        match (&teacher, follower) {
            (Some(p), _) => Some(format!(" presenting | {} following ", p.followers())),
            (None, Some(f)) => Some(f.banner()),
            (None, None) => None,
        }
    };
    let mut app = App::new(config, size);
    let mut decoder = Decoder::new();
    let mut pending: VecDeque<Action> = VecDeque::new();
    out.put(START);
    out.put(&screen.draw(&app, banner(&follower).as_deref()));
    let mut shown_followers = teacher.as_ref().map(|p| p.followers());
    let mut last_key = Instant::now();
    let mut last_byte = Instant::now();
    let mut last_tick = Instant::now();
    // Something changed since the last frame sent.
    let mut owed = false;
    loop {
        let timeout = if owed || !pending.is_empty() {
            OWED_WAIT
        } else if app.ticking() || app.busy() || follower.as_ref().is_some_and(Follower::following)
        {
            FRAME.saturating_sub(last_tick.elapsed())
        } else if decoder.pending() {
            ESC_WAIT
        } else {
            IDLE_WAIT
        };
        let mut events = Vec::new();
        let mut next = input.recv_timeout(timeout);
        for _ in 0..DRAIN {
            match next {
                Ok(Input::Bytes(bytes)) => {
                    events.extend(decoder.feed(&bytes));
                    last_byte = Instant::now();
                    last_key = last_byte;
                }
                Ok(Input::Resize(cols, rows)) => {
                    let size = clamp_size((cols.max(1), rows.max(1)), setup.max_cells);
                    if size != screen.size {
                        screen.resize(size);
                        events.push(Event::Resize(size.0, size.1));
                    }
                }
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return End::Gone,
            }
            next = input.try_recv().map_err(|e| match e {
                TryRecvError::Empty => RecvTimeoutError::Timeout,
                TryRecvError::Disconnected => RecvTimeoutError::Disconnected,
            });
        }
        if decoder.pending() && last_byte.elapsed() >= ESC_WAIT {
            events.extend(decoder.flush());
        }
        if let Some(f) = follower.as_mut() {
            owed |= f.catch_up(&mut app, screen.size, &mut pending);
        }
        while !app.busy()
            && let Some(action) = pending.pop_front()
        {
            app.update(action);
            owed = true;
        }
        for event in &events {
            let key = match event {
                Event::Key(key) if key.kind != KeyEventKind::Release => Some(key),
                _ => None,
            };
            // Ctrl-Z suspends a local explorer; a remote one has nothing to stop.
            if key.is_some_and(|k| {
                k.code == KeyCode::Char('z') && k.modifiers.contains(KeyModifiers::CONTROL)
            }) {
                continue;
            }
            if let Some(f) = follower.as_mut() {
                let code = key.map(|k| k.code);
                if f.following() && code == Some(KeyCode::Char('t')) {
                    f.take_over();
                    pending.clear();
                    owed = true;
                    continue;
                }
                if !f.following() && code == Some(KeyCode::Char('F')) && app.prompt.is_none() {
                    f.follow();
                    owed = true;
                    continue;
                }
            }
            let Some(action) = crate::app::input::map_app_event(event, &app) else {
                continue;
            };
            let following = follower.as_ref().is_some_and(Follower::following);
            if following && !matches!(action, Action::Quit | Action::Resize(..)) {
                continue;
            }
            let prompt_open = app.prompt.is_some();
            if let Some(action) = guard_files(action, &mut app, setup.save_dir.as_deref()) {
                app.update(action);
                if let Some(p) = &teacher {
                    p.record(action, prompt_open);
                }
            }
            owed = true;
            if app.quit {
                if let Some(p) = &teacher {
                    p.end();
                }
                out.close(RESTORE, 0);
                return End::Quit;
            }
        }
        if app.busy() {
            let start = Instant::now();
            app.work(|| start.elapsed() >= WORK_BUDGET);
            owed = true;
        }
        let following = follower.as_ref().is_some_and(Follower::following);
        if app.ticking() && !following {
            let elapsed = last_tick.elapsed();
            if elapsed >= FRAME {
                app.update(Action::Tick(elapsed));
                if let Some(p) = &teacher {
                    p.record(Action::Tick(elapsed), app.prompt.is_some());
                }
                last_tick = Instant::now();
                owed |= app.tick_moved;
            }
        } else {
            last_tick = Instant::now();
        }
        let followers = teacher.as_ref().map(|p| p.followers());
        if followers != shown_followers {
            shown_followers = followers;
            owed = true;
        }
        if owed && out.is_free() {
            out.put(&screen.draw(&app, banner(&follower).as_deref()));
            owed = false;
        }
        if last_key.elapsed() >= setup.idle_timeout {
            if let Some(p) = &teacher {
                p.end();
            }
            let mut bye = RESTORE.to_vec();
            bye.extend_from_slice(
                format!(
                    "maze-tui: session closed after {} s without a key\r\n",
                    setup.idle_timeout.as_secs()
                )
                .as_bytes(),
            );
            out.close(&bye, 0);
            return End::Idle;
        }
    }
}

/// Keep a session's files inside its own folder: without a save folder, `w` and `x` say
/// that saving is off; with one, the name typed is reduced to a plain file name in that
/// folder (no `..`, no other directory), which is created when first needed.
fn guard_files(action: Action, app: &mut App, save_dir: Option<&Path>) -> Option<Action> {
    let Action::Mode(mode) = action else {
        return Some(action);
    };
    match (mode, save_dir) {
        (ModeAction::Save | ModeAction::Picture, None) if app.prompt.is_none() => {
            app.status = Some("saving is off on this server".to_owned());
            None
        }
        (ModeAction::PromptConfirm, Some(dir)) => {
            if let Some(prompt) = app.prompt.as_mut() {
                let name = Path::new(prompt.text.trim())
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                if !name.is_empty() {
                    if let Err(e) = std::fs::create_dir_all(dir) {
                        app.prompt = None;
                        app.status = Some(format!("cannot save: {e}"));
                        return None;
                    }
                    prompt.text = dir.join(name).to_string_lossy().into_owned();
                }
            }
            Some(action)
        }
        _ => Some(action),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::prompt::{Prompt, Purpose};

    #[test]
    fn saving_is_off_without_a_folder_and_kept_inside_it_with_one() {
        let mut app = App::new(Config::default(), (100, 30));
        let save = Action::Mode(ModeAction::Save);
        assert_eq!(guard_files(save, &mut app, None), None);
        assert_eq!(app.status.as_deref(), Some("saving is off on this server"));

        let dir = tempfile::tempdir().expect("temp dir");
        let mine = dir.path().join("ada-1");
        app.prompt = Some(Prompt::new(Purpose::Save, "../../etc/maze.txt"));
        let confirm = Action::Mode(ModeAction::PromptConfirm);
        assert_eq!(guard_files(confirm, &mut app, Some(&mine)), Some(confirm));
        let text = app
            .prompt
            .as_ref()
            .map(|p| p.text.clone())
            .unwrap_or_default();
        assert_eq!(Path::new(&text), mine.join("maze.txt"));
        assert!(mine.is_dir());
    }
}
