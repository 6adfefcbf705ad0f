//! Present mode's teacher in the terminal that started the server: the same explorer as a
//! session's ([`super::explorer`]), fed by the terminal's bytes and window size instead of
//! an SSH channel, writing to standard output. While it is on screen, the server's log
//! lines are held and printed when it ends.

use std::io::{IsTerminal as _, Read as _, Write as _};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::time::Duration;

use ratatui::crossterm::terminal;

use super::explorer::{self, Input, Role, Setup};
use super::options::{Options, SessionEnv};
use super::outbox::{Item, Outbox};
use super::present::Presenter;
use crate::Error;

/// How often the window's size is looked at after a SIGWINCH.
const RESIZE_POLL: Duration = Duration::from_millis(100);

/// Start the teacher's explorer on this terminal. Returns a notifier that fires when the
/// teacher quits (then the terminal has been put back).
///
/// # Errors
/// [`Error::NoTerminal`] when standard input or output is not a terminal;
/// [`Error::Io`] when raw mode or a thread cannot be had.
pub fn start(
    options: &Options,
    presenter: Arc<Presenter>,
) -> Result<Arc<tokio::sync::Notify>, Error> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(Error::NoTerminal);
    }
    let io = |e: std::io::Error| Error::Io(format!("cannot present on this terminal: {e}"));
    let size = terminal::size().map_err(io)?;
    let env = SessionEnv {
        term: std::env::var("TERM").unwrap_or_default(),
        no_color: std::env::var("NO_COLOR").ok(),
        colorfgbg: std::env::var("COLORFGBG").ok(),
    };
    let setup = Setup {
        config: (options.config_for)(&env),
        size,
        max_cells: options.max_cells,
        // The teacher's own terminal is never closed for being idle.
        idle_timeout: Duration::from_secs(u64::from(u32::MAX)),
        save_dir: options.save_dir.as_ref().map(|dir| dir.join("teacher")),
        role: Role::Teacher(presenter),
    };
    let (tx, rx) = std::sync::mpsc::sync_channel(1024);
    let outbox = Arc::new(Outbox::default());
    let done = Arc::new(tokio::sync::Notify::new());
    let mut stdout = own_stdout().map_err(io)?;
    terminal::enable_raw_mode().map_err(io)?;
    super::hold_log(true);
    let thread_out = Arc::clone(&outbox);
    std::thread::Builder::new()
        .name("teacher".into())
        .spawn(move || {
            explorer::run(setup, &rx, &thread_out);
            thread_out.close(&[], 0);
        })
        .map_err(io)?;
    spawn_readers(&tx)?;
    let finished = Arc::clone(&done);
    tokio::spawn(async move {
        loop {
            match outbox.next().await {
                Item::Bytes(bytes) => {
                    let _ = stdout.write_all(&bytes).and_then(|()| stdout.flush());
                }
                Item::Close(bytes, _) => {
                    let _ = stdout.write_all(&bytes).and_then(|()| stdout.flush());
                    break;
                }
            }
        }
        let _ = terminal::disable_raw_mode();
        super::hold_log(false);
        finished.notify_one();
    });
    Ok(done)
}

/// A file of its own on standard output's descriptor: the command line's runner holds
/// `Stdout`'s lock for as long as the command runs.
fn own_stdout() -> std::io::Result<std::fs::File> {
    let fd = std::os::fd::AsFd::as_fd(&std::io::stdout()).try_clone_to_owned()?;
    Ok(std::fs::File::from(fd))
}

/// Put the terminal back when the server stops while the teacher's explorer is on it
/// (SIGINT, SIGTERM): the explorer's modes off, raw mode off, held log lines printed.
pub fn restore() {
    if let Ok(mut stdout) = own_stdout() {
        let _ = stdout.write_all(explorer::RESTORE);
    }
    let _ = terminal::disable_raw_mode();
    super::hold_log(false);
}

/// A thread reading the terminal's bytes and one watching its size, both feeding `tx`
/// until the explorer stops listening.
fn spawn_readers(tx: &SyncSender<Input>) -> Result<(), Error> {
    let io = |e: std::io::Error| Error::Io(format!("cannot present on this terminal: {e}"));
    let keys = tx.clone();
    std::thread::Builder::new()
        .name("teacher-keys".into())
        .spawn(move || {
            let mut buf = [0u8; 4096];
            let mut stdin = std::io::stdin();
            while let Ok(n) = stdin.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Err(TrySendError::Disconnected(_)) =
                    keys.try_send(Input::Bytes(buf[..n].to_vec()))
                {
                    break;
                }
            }
        })
        .map_err(io)?;
    let resized = Arc::new(AtomicBool::new(false));
    signal_hook::flag::register(signal_hook::consts::SIGWINCH, Arc::clone(&resized)).map_err(io)?;
    let sizes = tx.clone();
    std::thread::Builder::new()
        .name("teacher-size".into())
        .spawn(move || {
            loop {
                std::thread::sleep(RESIZE_POLL);
                if !resized.swap(false, Ordering::Relaxed) {
                    continue;
                }
                let Ok((cols, rows)) = terminal::size() else {
                    continue;
                };
                if let Err(TrySendError::Disconnected(_)) =
                    sizes.try_send(Input::Resize(cols, rows))
                {
                    break;
                }
            }
        })
        .map_err(io)?;
    Ok(())
}
