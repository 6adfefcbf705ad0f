//! One SSH connection (russh's [`Handler`]): log-in, one session channel with a pty and a
//! shell, and everything else refused — exec, subsystems (sftp), X11, agent and port
//! forwarding, a second channel. One log line when a user gets in and one when the
//! connection ends (address, user, time, why); never what is typed.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use russh::keys::PublicKey;
use russh::server::{Auth, ChannelOpenHandle, Handler, Msg, Session};
use russh::{Channel, ChannelId, ChannelWriteHalf, Disconnect, MethodKind, MethodSet, Pty};

use super::auth::Failures;
use super::explorer::{self, End, Input, Role, Setup};
use super::options::{Options, Presenting, SessionEnv};
use super::outbox::{Item, Outbox};
use super::present::Presenter;
use super::slots::{Slot, Slots};

/// Messages waiting for a session's explorer; past this, typed bytes are dropped (a
/// client pasting megabytes cannot grow the server).
const INPUT_QUEUE: usize = 1024;
/// The longest `TERM`, `NO_COLOR` or `COLORFGBG` value kept.
const MAX_ENV: usize = 64;

/// What every connection shares: the options, the limits and the failed log-ins.
#[derive(Debug)]
pub struct Shared {
    /// The server's options.
    pub options: Options,
    /// Open connections.
    pub slots: Arc<Slots>,
    /// Failed log-ins per address.
    pub failures: Failures,
    /// Numbers sessions (their save folders).
    pub next_id: AtomicU64,
    /// The presentation, in present mode.
    pub presenter: Option<Arc<Presenter>>,
}

/// One connection from `peer`.
pub struct Connection {
    shared: Arc<Shared>,
    peer: SocketAddr,
    id: u64,
    started: Instant,
    _slot: Slot,
    user: Option<String>,
    /// Logged in with a `--teacher-key` key.
    teacher: bool,
    channel: Option<ChannelId>,
    write: Option<ChannelWriteHalf<Msg>>,
    pty: Option<(u16, u16)>,
    env: SessionEnv,
    input: Option<SyncSender<Input>>,
    /// Why the session ended, for the log.
    end: Arc<Mutex<Option<&'static str>>>,
}

impl Connection {
    /// A connection from `peer` holding `slot`.
    #[must_use]
    pub fn new(shared: Arc<Shared>, peer: SocketAddr, slot: Slot) -> Self {
        let id = shared.next_id.fetch_add(1, Ordering::Relaxed);
        Self {
            shared,
            peer,
            id,
            started: Instant::now(),
            _slot: slot,
            user: None,
            teacher: false,
            channel: None,
            write: None,
            pty: None,
            env: SessionEnv::default(),
            input: None,
            end: Arc::new(Mutex::new(None)),
        }
    }

    /// The methods a client is told about after a refusal.
    fn methods(&self) -> MethodSet {
        let access = &self.shared.options.access;
        let mut methods = MethodSet::empty();
        if access.anyone() || !access.keys.is_empty() {
            methods.push(MethodKind::PublicKey);
        }
        if access.anyone() || !access.passwords.is_empty() {
            methods.push(MethodKind::Password);
        }
        methods
    }

    fn accept(&mut self, user: &str, how: &str) -> Auth {
        let user = printable(user);
        super::log(&format!(
            "connect {} user={user} ({how}; {} open)",
            self.peer,
            self.shared.slots.open()
        ));
        self.user = Some(user);
        Auth::Accept
    }

    fn reject(&self, failed: bool) -> Auth {
        let ip = self.peer.ip();
        if failed && self.shared.failures.record(ip, Instant::now()) {
            super::log(&format!(
                "refusing {ip} for {} s: {} failed log-ins",
                super::auth::FAILURE_WINDOW.as_secs(),
                super::auth::MAX_FAILURES
            ));
        }
        Auth::Reject {
            proceed_with_methods: Some(self.methods()),
            partial_success: false,
        }
    }

    fn is_teacher_key(&self, key: &PublicKey) -> bool {
        match &self.shared.options.present {
            Some(Presenting::Keys(keys)) => keys.iter().any(|k| k.key_data() == key.key_data()),
            _ => false,
        }
    }

    fn blocked(&self) -> bool {
        self.shared.failures.blocked(self.peer.ip(), Instant::now())
    }

    /// Start the session's explorer thread and the task writing its output.
    fn start(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), russh::Error> {
        let Some(size) = self.pty else {
            // A shell without a pty (`ssh -T`): nothing could show the explorer.
            session.channel_success(channel)?;
            let line = "maze-tui: this server shows an interactive explorer: connect with \
                        `ssh -t`, from a terminal\r\n";
            session.data(channel, line.as_bytes().to_vec())?;
            session.exit_status_request(channel, 2)?;
            session.eof(channel)?;
            return session.close(channel);
        };
        let (Some(write), None) = (self.write.take(), self.input.as_ref()) else {
            return session.channel_failure(channel);
        };
        let options = &self.shared.options;
        let user = self.user.clone().unwrap_or_default();
        let setup = Setup {
            config: (options.config_for)(&self.env),
            size,
            max_cells: options.max_cells,
            idle_timeout: options.idle_timeout,
            save_dir: options
                .save_dir
                .as_ref()
                .map(|dir| dir.join(folder_name(&user, self.id))),
            role: match &self.shared.presenter {
                None => Role::Own,
                Some(p) if self.teacher => Role::Teacher(Arc::clone(p)),
                Some(p) => Role::Student(Arc::clone(p)),
            },
        };
        let (tx, rx) = std::sync::mpsc::sync_channel(INPUT_QUEUE);
        let outbox = Arc::new(Outbox::default());
        let thread_out = Arc::clone(&outbox);
        let end = Arc::clone(&self.end);
        let spawned = std::thread::Builder::new()
            .name(format!("session-{}", self.id))
            .spawn(move || {
                let how = explorer::run(setup, &rx, &thread_out);
                set_end(&end, how.word());
                if how == End::Gone {
                    // Wakes the writer, whose send then fails and ends it.
                    thread_out.close(&[], 0);
                }
            });
        if spawned.is_err() {
            return session.channel_failure(channel);
        }
        self.input = Some(tx);
        let stall = options.stall_timeout;
        let handle = session.handle();
        let end = Arc::clone(&self.end);
        tokio::spawn(async move {
            if write_output(&outbox, &write, stall).await.is_err() {
                set_end(&end, "stalled");
                let _ = handle
                    .disconnect(
                        Disconnect::ByApplication,
                        "the client read nothing for too long".to_owned(),
                        String::new(),
                    )
                    .await;
            }
        });
        session.channel_success(channel)
    }

    fn send(&self, input: Input) {
        if let Some(tx) = &self.input {
            // When the queue is full the explorer is far behind: this input is dropped.
            let _ = tx.try_send(input);
        }
    }
}

/// Send the outbox's items on the channel until the session closes. `Err` when the
/// client took nothing for `stall`.
async fn write_output(
    outbox: &Outbox,
    write: &ChannelWriteHalf<Msg>,
    stall: Duration,
) -> Result<(), ()> {
    loop {
        match outbox.next().await {
            Item::Bytes(bytes) => {
                match tokio::time::timeout(stall, write.data_bytes(bytes)).await {
                    Ok(Ok(())) => {}
                    Ok(Err(_)) => return Ok(()),
                    Err(_) => return Err(()),
                }
            }
            Item::Close(bytes, status) => {
                let _ = tokio::time::timeout(stall, write.data_bytes(bytes)).await;
                let _ = write.exit_status(status).await;
                let _ = write.eof().await;
                let _ = write.close().await;
                return Ok(());
            }
        }
    }
}

fn set_end(end: &Mutex<Option<&'static str>>, word: &'static str) {
    end.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get_or_insert(word);
}

/// A user name as logged: printable ASCII only, at most 32 characters.
fn printable(user: &str) -> String {
    let kept: String = user
        .chars()
        .filter(|c| c.is_ascii_graphic())
        .take(32)
        .collect();
    if kept.is_empty() {
        "-".to_owned()
    } else {
        kept
    }
}

/// A session's save folder: its user name (letters, digits, `-`, `_` only) and number.
fn folder_name(user: &str, id: u64) -> PathBuf {
    let safe: String = user
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(32)
        .collect();
    let safe = if safe.is_empty() { "user" } else { &safe };
    PathBuf::from(format!("{safe}-{id}"))
}

fn clamp(n: u32) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

impl Drop for Connection {
    fn drop(&mut self) {
        let why = self
            .end
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .unwrap_or("closed");
        if let Some(user) = &self.user {
            super::log(&format!(
                "disconnect {} user={user} after {:.1} s ({why})",
                self.peer,
                self.started.elapsed().as_secs_f64()
            ));
        }
    }
}

impl Handler for Connection {
    type Error = russh::Error;

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        // With teacher keys, a client must show its key (OpenSSH tries "none" first, and
        // would get in as a student); students then get in with any key or password.
        let teachers = matches!(self.shared.options.present, Some(Presenting::Keys(_)));
        if self.shared.options.access.anyone() && !teachers && !self.blocked() {
            return Ok(self.accept(user, "open"));
        }
        Ok(self.reject(false))
    }

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        key: &PublicKey,
    ) -> Result<Auth, Self::Error> {
        let access = &self.shared.options.access;
        if !self.blocked() && (access.anyone() || access.knows_key(key) || self.is_teacher_key(key))
        {
            return Ok(Auth::Accept);
        }
        Ok(self.reject(false))
    }

    async fn auth_publickey(&mut self, user: &str, key: &PublicKey) -> Result<Auth, Self::Error> {
        if !self.blocked() && self.is_teacher_key(key) {
            self.teacher = true;
            return Ok(self.accept(user, "teacher key"));
        }
        let access = &self.shared.options.access;
        if !self.blocked() && (access.anyone() || access.knows_key(key)) {
            return Ok(self.accept(user, "publickey"));
        }
        Ok(self.reject(true))
    }

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        if self.blocked() {
            return Ok(self.reject(false));
        }
        if self.shared.options.access.anyone() {
            return Ok(self.accept(user, "open"));
        }
        let shared = Arc::clone(&self.shared);
        let (name, secret) = (user.to_owned(), password.to_owned());
        let matches = tokio::task::spawn_blocking(move || {
            shared.options.access.password_matches(&name, &secret)
        })
        .await
        .unwrap_or(false);
        if matches {
            return Ok(self.accept(user, "password"));
        }
        Ok(self.reject(true))
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            // One explorer per connection; dropping the reply refuses the channel.
            return Ok(());
        }
        self.channel = Some(channel.id());
        // Only the write half is kept: requests and data come through this handler, and a
        // dropped read half makes russh skip copying them into the channel.
        let (_read, write) = channel.split();
        self.write = Some(write);
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) != self.channel || self.input.is_some() {
            return session.channel_failure(channel);
        }
        // A client that does not know its size says 0: the usual 80×24 then.
        let size = if cols == 0 || rows == 0 {
            (80, 24)
        } else {
            (clamp(cols), clamp(rows))
        };
        self.pty = Some(size);
        self.env.term = term.chars().take(MAX_ENV).collect();
        session.channel_success(channel)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let value = Some(value.chars().take(MAX_ENV).collect());
        match name {
            "NO_COLOR" => self.env.no_color = value,
            "COLORFGBG" => self.env.colorfgbg = value,
            _ => return session.channel_failure(channel),
        }
        session.channel_success(channel)
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) != self.channel {
            return session.channel_failure(channel);
        }
        self.start(channel, session)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _command: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let line = "maze-tui: this server runs no commands; connect without one\r\n";
        session.extended_data(channel, 1, line.as_bytes().to_vec())?;
        session.channel_failure(channel)?;
        session.close(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        session.close(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _x11_auth_protocol: &str,
        _x11_auth_cookie: &str,
        _x11_screen_number: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn agent_request(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) == self.channel && cols > 0 && rows > 0 {
            let size = (clamp(cols), clamp(rows));
            if self.input.is_some() {
                self.send(Input::Resize(size.0, size.1));
            } else {
                self.pty = Some(size);
            }
        }
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) == self.channel {
            self.send(Input::Bytes(data.to_vec()));
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.input = None;
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.input = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_logs_and_folders_are_tame() {
        assert_eq!(printable("ada\x1b[2J\n"), "ada[2J");
        assert_eq!(printable(""), "-");
        assert_eq!(folder_name("../../etc", 3), PathBuf::from("etc-3"));
        assert_eq!(folder_name("", 4), PathBuf::from("user-4"));
    }
}
