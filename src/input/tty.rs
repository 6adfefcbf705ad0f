//! A terminal's input as it arrives: its bytes and its resizes, on one channel, read by
//! two small threads so that the event loop can wait for either with a timeout.

use std::io::Read;
use std::sync::mpsc::{self, Receiver, Sender};

/// What the terminal sent.
#[derive(Debug)]
pub enum Input {
    /// Bytes read from standard input, in order (decode them with a
    /// [`Decoder`](super::Decoder)).
    Bytes(Vec<u8>),
    /// The window changed size (SIGWINCH): read the new size from the terminal.
    Resized,
    /// Standard input ended or failed (a hung-up terminal reads as end of file): the
    /// reason, one line.
    Closed(String),
}

/// Start reading standard input and watching SIGWINCH; every [`Input`] comes on the
/// returned channel. The threads live as long as the process (a thread blocked in
/// `read` cannot be woken); they stop by themselves when the receiver is dropped and
/// something arrives.
///
/// # Errors
/// When a thread or the SIGWINCH handler cannot be set up (the message says which).
pub fn spawn() -> Result<Receiver<Input>, String> {
    let (tx, rx) = mpsc::channel();
    let mut signals = signal_hook::iterator::Signals::new([signal_hook::consts::SIGWINCH])
        .map_err(|e| format!("cannot watch resizes: {e}"))?;
    let resizes = tx.clone();
    std::thread::Builder::new()
        .name("terminal-resize".into())
        .spawn(move || {
            for _ in signals.forever() {
                if resizes.send(Input::Resized).is_err() {
                    break;
                }
            }
        })
        .map_err(|e| format!("cannot watch resizes: {e}"))?;
    std::thread::Builder::new()
        .name("terminal-input".into())
        .spawn(move || read_bytes(&tx))
        .map_err(|e| format!("cannot read input: {e}"))?;
    Ok(rx)
}

/// Send every read of standard input until it ends, fails or nobody listens.
fn read_bytes(tx: &Sender<Input>) {
    let mut stdin = std::io::stdin().lock();
    let mut buf = vec![0u8; 4096];
    loop {
        let closed = match stdin.read(&mut buf) {
            Ok(0) => "end of input".to_owned(),
            Ok(n) => {
                if tx.send(Input::Bytes(buf[..n].to_vec())).is_err() {
                    return;
                }
                continue;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => e.to_string(),
        };
        let _ = tx.send(Input::Closed(closed));
        return;
    }
}
