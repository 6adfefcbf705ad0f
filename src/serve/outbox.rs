//! A session's output, between its explorer thread and the task that writes to the SSH
//! channel.
//!
//! The explorer draws a frame only when the previous one has been taken by the writer
//! ([`Outbox::is_free`]); meanwhile it keeps updating its state and draws once, the newest
//! state, when the writer is ready. So at most two frames are held per session (one being
//! sent, one waiting) whatever the client's speed: a slow client sees fewer frames, never
//! an older one, and never makes the server's memory grow.

use std::sync::{Mutex, PoisonError};

use tokio::sync::Notify;

/// What the writer does next.
#[derive(Debug, PartialEq, Eq)]
pub enum Item {
    /// Send these bytes.
    Bytes(Vec<u8>),
    /// Send the bytes, then the exit status, then close the channel.
    Close(Vec<u8>, u32),
}

#[derive(Debug, Default)]
struct State {
    bytes: Vec<u8>,
    exit: Option<u32>,
}

/// One session's waiting output.
#[derive(Debug, Default)]
pub struct Outbox {
    state: Mutex<State>,
    ready: Notify,
}

impl Outbox {
    /// Whether the writer has taken everything put so far (a new frame may be drawn).
    pub fn is_free(&self) -> bool {
        self.lock().bytes.is_empty()
    }

    /// Queue `bytes` after whatever is waiting. The explorer puts a whole frame only when
    /// [`Outbox::is_free`]; small pieces (mode switches, a closing message) may follow a
    /// waiting frame.
    pub fn put(&self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        self.lock().bytes.extend_from_slice(bytes);
        self.ready.notify_one();
    }

    /// Queue `bytes`, then end the session with exit status `status`.
    pub fn close(&self, bytes: &[u8], status: u32) {
        let mut state = self.lock();
        state.bytes.extend_from_slice(bytes);
        state.exit = Some(status);
        drop(state);
        self.ready.notify_one();
    }

    /// Wait for output and take it all.
    pub async fn next(&self) -> Item {
        loop {
            // Registered before looking, so a `put` between the look and the wait wakes it.
            let notified = self.ready.notified();
            if let Some(item) = self.take() {
                return item;
            }
            notified.await;
        }
    }

    fn take(&self) -> Option<Item> {
        let mut state = self.lock();
        if let Some(status) = state.exit.take() {
            return Some(Item::Close(std::mem::take(&mut state.bytes), status));
        }
        if state.bytes.is_empty() {
            return None;
        }
        Some(Item::Bytes(std::mem::take(&mut state.bytes)))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_is_taken_whole_and_a_close_comes_last() {
        let outbox = Outbox::default();
        assert!(outbox.is_free());
        outbox.put(b"frame 1");
        outbox.put(b"+more");
        assert!(!outbox.is_free());
        assert_eq!(outbox.take(), Some(Item::Bytes(b"frame 1+more".to_vec())));
        assert!(outbox.is_free());
        assert_eq!(outbox.take(), None);
        outbox.put(b"frame 2");
        outbox.close(b"bye", 0);
        assert_eq!(outbox.take(), Some(Item::Close(b"frame 2bye".to_vec(), 0)));
    }
}
