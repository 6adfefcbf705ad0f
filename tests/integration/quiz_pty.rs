//! `maze-tui quiz` on a real pseudo-terminal (80×24) opens full-screen: the round is drawn
//! with its four choices, a letter answers it, `n` after the last round leaves, and the
//! score line is printed on leaving; exit 0.
#![cfg(unix)]

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::tty::pty;

const BIN: &str = env!("CARGO_BIN_EXE_maze-tui");

/// Wait up to 10 s for one of `what` in the output read so far.
fn wait_for(seen: &Mutex<Vec<u8>>, what: &[&str]) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        let text = String::from_utf8_lossy(&seen.lock().expect("lock")).into_owned();
        if what.iter().any(|w| text.contains(w)) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[test]
fn quiz_plays_full_screen_on_a_terminal() {
    let (mut master, slave) = pty(80, 24);
    let mut child = Command::new(BIN)
        .env("TERM", "xterm-256color")
        .args(["quiz", "--rounds", "1", "--seed", "3"])
        .stdin(Stdio::from(slave.try_clone().expect("slave")))
        .stdout(Stdio::from(slave.try_clone().expect("slave")))
        .stderr(Stdio::from(slave))
        .spawn()
        .expect("start maze-tui quiz");
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut reader = master.try_clone().expect("master");
    let sink = Arc::clone(&seen);
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock().expect("lock").extend_from_slice(&buf[..n]);
        }
    });
    let finish = |child: &mut std::process::Child, ok: bool, what: &str| {
        if !ok {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}");
        }
    };
    let asked = wait_for(&seen, &["Which"]) && wait_for(&seen, &["answer"]);
    finish(&mut child, asked, "the round and its keys were drawn");
    master.write_all(b"b").expect("a letter");
    let answered = wait_for(&seen, &["right:", "wrong:"]);
    finish(&mut child, answered, "the verdict was drawn");
    master.write_all(b"n").expect("n");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if start.elapsed() > Duration::from_secs(10) {
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    finish(
        &mut child,
        status.is_some(),
        "n after the last round leaves",
    );
    assert_eq!(status.and_then(|s| s.code()), Some(0));
    assert!(
        wait_for(&seen, &["/1 right (seed 3"]),
        "the score line on leaving"
    );
}
