//! `maze-tui serve`: the explorer over SSH, one explorer per session.
//!
//! A student types `ssh -p 2222 HOST` and gets the same explorer as a local run: the size
//! comes from the session's pty request and window-change messages, `TERM`, `NO_COLOR` and
//! `COLORFGBG` from its requests, keys and mouse from the channel's bytes
//! ([`crate::input::Decoder`]). Nothing is installed on the student's side.
//!
//! Files, one job each:
//! * `options.rs`: what the server is asked to do ([`Options`]) and the checks made
//!   before it listens;
//! * `host_key.rs`: the server's Ed25519 key, generated on first start;
//! * `auth.rs`: who may log in (authorized keys, Argon2 password hashes, open) and the
//!   per-address limit on failed attempts;
//! * `slots.rs`: the session limits (`--max-sessions`, `--max-per-ip`);
//! * `connection.rs`: one SSH connection (russh's `Handler`): what is accepted, what is
//!   refused (exec, subsystems, forwarding, a shell without a pty);
//! * `explorer.rs`: one session's explorer on its own thread, driven as `tui.rs` drives
//!   the local one (input, work in slices, ticks, draw only when something changed);
//! * `local.rs`: present mode's teacher in the terminal that started the server;
//! * `present.rs`: present mode: students' explorers follow the teacher's, step by step;
//! * `outbox.rs`: the session's output: at most one frame waits, so a slow client gets
//!   the newest frame instead of an ever longer queue;
//! * `server.rs`: the listening socket and the tokio runtime.
//!
//! The protocol is russh's (<https://docs.rs/russh>); nothing here parses SSH.

mod auth;
mod connection;
mod explorer;
mod host_key;
mod local;
mod options;
mod outbox;
mod present;
mod server;
mod slots;

pub use auth::{Access, hash_password};
pub use host_key::{default_host_key_path, load_or_create_host_key};
pub use options::{ConfigFor, Options, Presenting, SessionEnv};
pub use server::run;

use std::io::Write as _;
use std::sync::{Mutex, PoisonError};

/// Log lines held while the teacher's explorer covers the terminal (at most
/// [`MAX_HELD`]); `None`: lines go straight to stderr.
static HELD: Mutex<Option<Vec<String>>> = Mutex::new(None);
/// The most log lines held.
const MAX_HELD: usize = 1000;

/// Write one line of the server's log to stderr (`maze-tui serve: …`). Never panics,
/// even when stderr is closed. Keystrokes and passwords are never logged.
pub(crate) fn log(line: &str) {
    let line = format!("maze-tui serve: {line}");
    let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
    match held.as_mut() {
        Some(lines) if lines.len() < MAX_HELD => lines.push(line),
        Some(_) => {}
        None => {
            let _ = writeln!(std::io::stderr(), "{line}");
        }
    }
}

/// Hold log lines (`true`) or print the held ones and stop holding (`false`).
pub(crate) fn hold_log(hold: bool) {
    let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
    if hold {
        held.get_or_insert_with(Vec::new);
    } else if let Some(lines) = held.take() {
        let mut err = std::io::stderr().lock();
        for line in lines {
            let _ = writeln!(err, "{line}");
        }
    }
}
