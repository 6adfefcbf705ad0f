//! The listening socket and the runtime: a tokio runtime of two worker threads accepts
//! connections, gives each a [`Slot`](super::slots::Slot) or closes it at once, and runs
//! russh's protocol on it with a [`Connection`] as handler. Sessions' explorers run on
//! threads of their own. SIGINT and SIGTERM stop the server (exit 0).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use russh::keys::HashAlg;
use russh::server::Config;
use russh::{MethodKind, MethodSet};
use tokio::net::TcpListener;

use super::auth::Failures;
use super::connection::{Connection, Shared};
use super::host_key::load_or_create_host_key;
use super::options::{Options, Presenting};
use super::slots::Slots;
use crate::Error;

/// How often the accept loop looks at the stop flag (set by SIGINT and SIGTERM).
const STOP_POLL: Duration = Duration::from_millis(250);
/// How often the server asks a quiet client whether it is there.
const KEEPALIVE: Duration = Duration::from_secs(10);
/// Keepalives unanswered before the connection is dropped (a stopped or vanished client
/// is gone within about 30 s).
const KEEPALIVE_MAX: usize = 2;

/// Serve the explorer over SSH until SIGINT or SIGTERM: check the options, read or create
/// the host key (its fingerprint is printed), listen, and run every connection.
///
/// # Errors
/// [`Error::Invalid`] for refused options (see [`Options::check`]) and a bad host key;
/// [`Error::Io`] when the address cannot be bound or the runtime cannot start.
pub fn run(options: Options) -> Result<(), Error> {
    options.check()?;
    let (key, created) = load_or_create_host_key(&options.host_key)?;
    super::log(&format!(
        "host key {} {} ({})",
        key.public_key().fingerprint(HashAlg::Sha256),
        options.host_key.display(),
        if created { "new" } else { "existing" }
    ));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Error::Io(format!("cannot start the server: {e}")))?;
    runtime.block_on(serve(options, key))
}

async fn serve(options: Options, key: russh::keys::PrivateKey) -> Result<(), Error> {
    let listener = TcpListener::bind(options.listen)
        .await
        .map_err(|e| Error::Io(format!("cannot listen on {}: {e}", options.listen)))?;
    let local = listener
        .local_addr()
        .map_err(|e| Error::Io(format!("cannot listen on {}: {e}", options.listen)))?;
    let access = &options.access;
    let how = if access.anyone() {
        "open: anyone who reaches it gets in".to_owned()
    } else {
        let mut ways = Vec::new();
        if !access.keys.is_empty() {
            ways.push(format!("{} authorized keys", access.keys.len()));
        }
        if !access.passwords.is_empty() {
            ways.push(format!("{} passwords", access.passwords.len()));
        }
        ways.join(", ")
    };
    super::log(&format!(
        "listening on {local} ({how}); connect with: ssh -p {} {}",
        local.port(),
        local.ip()
    ));
    let config = Arc::new(russh_config(&options, key));
    let shared = Arc::new(Shared {
        slots: Slots::new(options.max_sessions, options.max_per_ip),
        failures: Failures::default(),
        next_id: AtomicU64::new(1),
        presenter: options.present.as_ref().map(|_| Arc::default()),
        options,
    });
    let teacher_done = match (&shared.options.present, &shared.presenter) {
        (Some(Presenting::Local), Some(presenter)) => {
            Some(super::local::start(&shared.options, Arc::clone(presenter))?)
        }
        _ => None,
    };
    let teacher_quit = async {
        match &teacher_done {
            Some(done) => done.notified().await,
            None => std::future::pending().await,
        }
    };
    tokio::pin!(teacher_quit);
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(signal, Arc::clone(&stop))
            .map_err(|e| Error::Io(format!("cannot watch signals: {e}")))?;
    }
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = tokio::time::sleep(STOP_POLL) => {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                continue;
            }
            () = &mut teacher_quit => break,
        };
        let (stream, peer) = match accepted {
            Ok(pair) => pair,
            Err(_) => {
                // Out of file descriptors, or a connection reset before it was taken:
                // wait a little instead of spinning.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let slot = match shared.slots.take(peer.ip()) {
            Ok(slot) => slot,
            Err(full) => {
                super::log(&format!("refused {peer}: {full}"));
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let handler = Connection::new(Arc::clone(&shared), peer, slot);
        let config = Arc::clone(&config);
        tokio::spawn(async move {
            if let Ok(session) = russh::server::run_stream(config, stream, handler).await {
                let _ = session.await;
            }
        });
    }
    if teacher_done.is_some() {
        super::local::restore();
    }
    super::log("stopped");
    Ok(())
}

/// russh's settings: the host key, the log-in methods offered, keepalives that find dead
/// clients, and a handshake and idle limit so a connection without a session ends.
fn russh_config(options: &Options, key: russh::keys::PrivateKey) -> Config {
    let access = &options.access;
    let mut methods = MethodSet::empty();
    if access.anyone() {
        methods.push(MethodKind::None);
    }
    if access.anyone() || !access.keys.is_empty() {
        methods.push(MethodKind::PublicKey);
    }
    if access.anyone() || !access.passwords.is_empty() {
        methods.push(MethodKind::Password);
    }
    Config {
        keys: vec![key],
        methods,
        auth_rejection_time: Duration::from_secs(1),
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: 6,
        inactivity_timeout: Some(options.idle_timeout + KEEPALIVE),
        keepalive_interval: Some(KEEPALIVE),
        keepalive_max: KEEPALIVE_MAX,
        nodelay: true,
        ..Config::default()
    }
}
