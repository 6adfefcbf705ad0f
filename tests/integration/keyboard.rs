//! The explorer on a pseudo-terminal given raw bytes and resizes, as a terminal or a
//! fuzzer gives them: a half-sent escape sequence never holds the keyboard, and a window
//! resized while long work goes on never brings the explorer down.
#![cfg(unix)]

use std::fs::File;
use std::io::Write;
use std::process::{Child, Command, ExitStatus};
use std::time::{Duration, Instant};

use rustix::termios::{Winsize, tcsetwinsize};

use super::tty::{read_until, start};

/// Wait up to 10 s for the explorer to exit.
fn exit_within(child: &mut Child) -> Option<ExitStatus> {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

fn send(master: &mut File, bytes: &[u8]) {
    master.write_all(bytes).unwrap();
    master.flush().unwrap();
}

/// Resize the pty to `cols × rows` and tell the explorer, as a terminal does.
fn resize(master: &File, child: &Child, cols: u16, rows: u16) {
    let size = Winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    tcsetwinsize(master, size).unwrap();
    let sent = Command::new("kill")
        .args(["-WINCH", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// Each escape prefix alone (what `tmux send-keys -H 1b 5b 3f` sends), a pause, then `q`:
/// the explorer quits, status 0. A bracketed paste left open ends after half a second.
#[test]
fn a_half_sent_escape_sequence_never_holds_the_keyboard() {
    let prefixes: [(&[u8], u64); 6] = [
        (b"\x1b[?", 150),
        (b"\x1b[", 150),
        (b"\x1bO", 150),
        (b"\x1b[1;", 150),
        (b"\x1b[<0;3", 150),
        (b"\x1b[200~", 1500),
    ];
    for (prefix, pause) in prefixes {
        let (mut child, mut master, rx) = start(&["--seed", "7", "--width", "10", "--height", "5"]);
        let first = read_until(&rx, |s| s.contains("quit"));
        assert!(first.contains("quit"), "the first frame was drawn");
        send(&mut master, prefix);
        std::thread::sleep(Duration::from_millis(pause));
        send(&mut master, b"q");
        let status = exit_within(&mut child);
        assert!(
            status.is_some_and(|s| s.success()),
            "{prefix:?} then q: {status:?}"
        );
        drop(master);
    }
}

/// A large maze run to the end (`f`), raced (`R`) and played (space) while the window goes
/// through sizes from 1×1 to 300×100: no panic (status 101), and `q` still quits.
#[test]
fn resizes_during_long_work_never_panic() {
    for keys in [&b"f"[..], b"jmjmR", b"99+ "] {
        let (mut child, mut master, rx) =
            start(&["--seed", "1", "--width", "1000", "--height", "300"]);
        let first = read_until(&rx, |s| s.contains("quit"));
        assert!(first.contains("quit"), "the first frame was drawn");
        resize(&master, &child, 120, 40);
        send(&mut master, keys);
        let sizes = [(80, 24), (1, 1), (2, 1), (1, 2), (300, 100), (40, 10)]
            .into_iter()
            .chain(
                (1..=100)
                    .step_by(33)
                    .flat_map(|r| (1..=300).step_by(61).map(move |c| (c, r))),
            );
        for (cols, rows) in sizes {
            resize(&master, &child, cols, rows);
            std::thread::sleep(Duration::from_millis(15));
            assert!(
                child.try_wait().unwrap().is_none(),
                "{keys:?}: exited at {cols}×{rows}"
            );
        }
        resize(&master, &child, 100, 30);
        send(&mut master, b"\x1bq");
        std::thread::sleep(Duration::from_millis(100));
        send(&mut master, b"q");
        let status = exit_within(&mut child);
        assert!(status.is_some_and(|s| s.success()), "{keys:?}: {status:?}");
        drop(master);
    }
}
