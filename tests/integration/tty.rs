//! The explorer on a real pseudo-terminal: it starts, draws, and leaves when its terminal
//! goes away (issue 6: never a process left behind burning a core).
//!
//! Unix only: the test opens a pty pair, runs the binary with the pty's slave side as its
//! standard input and output, reads the first frame from the master side, then closes the
//! master, which is what a closed SSH session or a killed tmux pane does to a program.
#![cfg(unix)]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs::File;
use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
use rustix::termios::{Winsize, tcsetwinsize};

/// The binary cargo built for these tests.
const BIN: &str = env!("CARGO_BIN_EXE_maze-tui");

/// A pty pair of `cols × rows`: (master, slave).
pub(crate) fn pty(cols: u16, rows: u16) -> (File, File) {
    // Close-on-exec, or the child would inherit the master and never see the hang-up.
    let master =
        openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC).expect("openpt");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("ptsname");
    let slave = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(name.to_str().expect("a UTF-8 pty path"))
        .expect("open the pty slave");
    let size = Winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    tcsetwinsize(&slave, size).expect("set the pty size");
    (File::from(master), slave)
}

#[test]
fn leaves_when_its_terminal_is_hung_up() {
    let (master, slave) = pty(80, 24);
    let mut child = Command::new(BIN)
        .env("TERM", "xterm-256color")
        .args(["--seed", "7", "--width", "20", "--height", "10"])
        .stdin(Stdio::from(slave.try_clone().unwrap()))
        .stdout(Stdio::from(slave.try_clone().unwrap()))
        .stderr(Stdio::from(slave))
        .spawn()
        .expect("start the explorer");

    // Read until the first frame has drawn the key bar (bounded: at most 10 s).
    let (tx, rx) = mpsc::channel();
    let mut reader = master.try_clone().unwrap();
    std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            seen.extend_from_slice(&buf[..n]);
            // The key bar's last word (blanks between words are cursor moves).
            if String::from_utf8_lossy(&seen).contains("quit") {
                let _ = tx.send(());
                break; // and close this copy of the master
            }
        }
    });
    let drew = rx.recv_timeout(Duration::from_secs(10)).is_ok();
    if !drew {
        let _ = child.kill();
    }
    assert!(
        drew,
        "the first frame (with the key bar) was drawn on the pty"
    );

    // Hang up: close the last master descriptor (the reader closed its copy).
    drop(master);
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > Duration::from_secs(5) {
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
    let status = status.expect("the explorer exits within 5 s of its terminal going away");
    assert!(status.success(), "exit status {status:?}");
}

/// Start the explorer on a fresh pty; returns the child, the master, and a channel that
/// receives everything the explorer writes (read by a thread until the master closes).
pub(crate) fn start(args: &[&str]) -> (std::process::Child, File, mpsc::Receiver<Vec<u8>>) {
    let mut explorer = Command::new(BIN);
    explorer.args(args);
    start_with(explorer)
}

/// [`start`] for a command already given its arguments and environment.
pub(crate) fn start_with(
    mut explorer: Command,
) -> (std::process::Child, File, mpsc::Receiver<Vec<u8>>) {
    let (master, slave) = pty(100, 30);
    let child = explorer
        .env("TERM", "xterm-256color")
        .stdin(Stdio::from(slave.try_clone().unwrap()))
        .stdout(Stdio::from(slave.try_clone().unwrap()))
        .stderr(Stdio::from(slave))
        .spawn()
        .expect("start the explorer");
    let (tx, rx) = mpsc::channel();
    let mut reader = master.try_clone().unwrap();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    (child, master, rx)
}

/// Collect output until `done(all so far)` holds or 10 s pass.
pub(crate) fn read_until(rx: &mpsc::Receiver<Vec<u8>>, done: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut seen = Vec::new();
    while Instant::now() < deadline {
        if let Ok(chunk) = rx.recv_timeout(Duration::from_millis(50)) {
            seen.extend(chunk);
            if done(&String::from_utf8_lossy(&seen)) {
                break;
            }
        }
    }
    String::from_utf8_lossy(&seen).into_owned()
}

/// Every signal that ends the explorer (Ctrl-C is a key in raw mode, so these come from
/// outside: `kill`, `timeout`, a closing session): the terminal is restored — raw mode off,
/// the alternate screen left, the cursor shown — and the exit status is 128 + the signal's
/// number.
#[test]
fn signals_restore_the_terminal_and_exit_128_plus_n() {
    for (signal, number) in [
        ("-HUP", 1),
        ("-INT", 2),
        ("-QUIT", 3),
        ("-USR1", 10),
        ("-USR2", 12),
        ("-ALRM", 14),
        ("-TERM", 15),
    ] {
        let (mut child, master, rx) = start(&["--seed", "7", "--width", "10", "--height", "5"]);
        let first = read_until(&rx, |s| s.contains("quit"));
        assert!(first.contains("quit"), "the first frame was drawn");
        let sent = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(sent.success());
        let rest = read_until(&rx, |s| s.contains("\u{1b}[?1049l"));
        assert!(
            rest.contains("\u{1b}[?1049l"),
            "left the alternate screen: {rest:?}"
        );
        assert!(rest.contains("\u{1b}[?25h"), "cursor shown again");
        let status = child.wait().expect("exits");
        assert_eq!(status.code(), Some(128 + number), "{signal}");
        drop(master);
    }
}

/// `TERM=dumb` (or unset) gets one line pointing at the headless commands, exit 2, and no
/// escape codes.
#[test]
fn a_dumb_terminal_gets_one_line() {
    let (mut child, master, rx) = {
        let (master, slave) = pty(80, 24);
        let child = Command::new(BIN)
            .env("TERM", "dumb")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave))
            .spawn()
            .expect("start");
        let (tx, rx) = mpsc::channel();
        let mut reader = master.try_clone().unwrap();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        (child, master, rx)
    };
    let status = child.wait().expect("exits");
    let out = read_until(&rx, |s| s.contains("headless"));
    assert_eq!(status.code(), Some(2));
    assert!(out.contains("cannot show the explorer"), "{out:?}");
    assert!(!out.contains("\u{1b}["), "no escape codes: {out:?}");
    drop(master);
}

/// The state letter of a process from `/proc` (`T` = stopped), where Linux provides it.
fn process_state(pid: u32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // "pid (name) S ...": the state follows the last ')'.
    stat.rsplit_once(')')?.1.trim_start().chars().next()
}

/// `kill -TSTP` (what Ctrl-Z sends in a cooked terminal) suspends cleanly: the terminal is
/// restored and the process stops; `kill -CONT` (what `fg` sends) re-enters the alternate
/// screen and redraws the whole frame.
#[test]
fn suspend_restores_the_terminal_and_continue_redraws() {
    let (mut child, master, rx) = start(&["--seed", "7", "--width", "10", "--height", "5"]);
    let pid = child.id().to_string();
    let first = read_until(&rx, |s| s.contains("quit"));
    assert!(first.contains("quit"), "the first frame was drawn");

    let kill = |signal: &str| {
        let sent = Command::new("kill")
            .args([signal, &pid])
            .status()
            .expect("run kill");
        assert!(sent.success(), "kill {signal}");
    };
    kill("-TSTP");
    let suspended = read_until(&rx, |s| s.contains("\u{1b}[?1049l"));
    assert!(
        suspended.contains("\u{1b}[?1049l") && suspended.contains("\u{1b}[?25h"),
        "alternate screen left and cursor shown before stopping: {suspended:?}"
    );
    if std::path::Path::new("/proc/self/stat").exists() {
        let deadline = Instant::now() + Duration::from_secs(5);
        while process_state(child.id()) != Some('T') && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(
            process_state(child.id()),
            Some('T'),
            "the process is stopped"
        );
    }

    kill("-CONT");
    let resumed = read_until(&rx, |s| {
        s.find("\u{1b}[?1049h")
            .is_some_and(|at| s[at..].contains("quit"))
    });
    let at = resumed
        .find("\u{1b}[?1049h")
        .expect("re-entered the alternate screen");
    assert!(
        resumed[at..].contains("quit"),
        "the frame was redrawn: {resumed:?}"
    );

    kill("-TERM");
    let status = child.wait().expect("exits");
    assert_eq!(status.code(), Some(128 + 15));
    drop(master);
}
