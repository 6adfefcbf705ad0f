//! `maze-tui serve` with OpenSSH's own client over loopback: a session draws the explorer,
//! takes keys, follows a resize and ends with `q`; exec, a shell without a pty and unknown
//! keys are refused; the per-address limit holds and a killed client frees its slot.
//!
//! Each test starts a server on a free port of 127.0.0.1 and `ssh -tt` on a pseudo-terminal
//! of a known size; the client's output goes through a `vt100` parser and the tests read
//! its screen. Without an `ssh` binary the tests print SKIPPED and pass, unless
//! `MAZE_TUI_REQUIRE_SSH=1` (CI sets it after installing the client), where they fail.
#![cfg(all(unix, feature = "serve"))]

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
use rustix::termios::{Winsize, tcsetwinsize};

const BIN: &str = env!("CARGO_BIN_EXE_maze-tui");
/// The longest any one wait in these tests lasts.
const PATIENCE: Duration = Duration::from_secs(30);

/// Whether OpenSSH's client is here; when it is not, say so (or fail, when CI requires it).
fn have_ssh(test: &str) -> bool {
    let found = Command::new("ssh")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        assert!(
            std::env::var_os("MAZE_TUI_REQUIRE_SSH").is_none_or(|v| v != "1"),
            "MAZE_TUI_REQUIRE_SSH=1 but there is no `ssh` client"
        );
        println!("SKIPPED {test}: no `ssh` client (install openssh-client)");
    }
    found
}

/// A server on a free loopback port, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
    _dir: tempfile::TempDir,
    log: mpsc::Receiver<String>,
}

impl Server {
    fn start(args: &[&str]) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let listen = format!("127.0.0.1:{port}");
        let key = dir.path().join("host_key");
        let mut child = Command::new(BIN)
            .args(["serve", "--listen", &listen, "--host-key"])
            .arg(&key)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the server");
        let (tx, log) = mpsc::channel();
        let stderr = child.stderr.take().expect("piped");
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let server = Self {
            child,
            port,
            _dir: dir,
            log,
        };
        server.wait_log("listening on");
        server
    }

    /// Wait for a log line containing `text`; returns it.
    fn wait_log(&self, text: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.log.recv_timeout(left) {
                Ok(line) if line.contains(text) => return line,
                Ok(_) => {}
                Err(_) => break,
            }
        }
        panic!("the server never logged {text:?}");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// OpenSSH's client options for a throwaway server on loopback.
fn ssh_args(port: u16) -> Vec<String> {
    [
        "-F",
        "/dev/null",
        "-p",
        &port.to_string(),
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "LogLevel=ERROR",
        "-o",
        "BatchMode=yes",
        "-o",
        "ConnectTimeout=20",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect()
}

/// `ssh -tt` on a pty of `cols × rows`, its screen kept by a vt100 parser.
struct Client {
    child: Child,
    master: File,
    parser: vt100::Parser,
    bytes: mpsc::Receiver<Vec<u8>>,
}

impl Client {
    fn start(port: u16, size: (u16, u16), extra: &[&str], env: &[(&str, &str)]) -> Self {
        let (master, slave) = pty(size);
        let mut command = Command::new("ssh");
        command
            .arg("-tt")
            .args(ssh_args(port))
            .args(extra)
            .arg("student@127.0.0.1")
            .env("TERM", "xterm-256color")
            .env_remove("NO_COLOR")
            .stdin(Stdio::from(slave.try_clone().expect("dup")))
            .stdout(Stdio::from(slave.try_clone().expect("dup")))
            .stderr(Stdio::from(slave));
        for (name, value) in env {
            command.env(name, value);
        }
        let child = command.spawn().expect("start ssh");
        let (tx, bytes) = mpsc::channel();
        let mut reader = master.try_clone().expect("dup");
        std::thread::spawn(move || {
            let mut buf = [0u8; 1 << 14];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            master,
            parser: vt100::Parser::new(nonzero(size.1), nonzero(size.0), 0),
            bytes,
        }
    }

    /// Feed the parser until `done(screen text)` holds; panics after [`PATIENCE`].
    fn wait(&mut self, what: &str, done: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        while !done(self.parser.screen()) {
            let left = deadline
                .checked_duration_since(Instant::now())
                .unwrap_or_else(|| {
                    panic!("never saw {what}:\n{}", self.parser.screen().contents())
                });
            match self
                .bytes
                .recv_timeout(left.min(Duration::from_millis(200)))
            {
                Ok(bytes) => self.parser.process(&bytes),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    panic!(
                        "ssh closed before {what}:\n{}",
                        self.parser.screen().contents()
                    )
                }
            }
        }
    }

    fn wait_text(&mut self, text: &str) {
        self.wait(text, |s| s.contents().contains(text));
    }

    fn type_keys(&mut self, keys: &[u8]) {
        self.master.write_all(keys).expect("type");
    }

    /// Resize the pty and tell ssh, as a terminal emulator does.
    fn resize(&mut self, size: (u16, u16)) {
        set_size(&self.master, size);
        self.parser.set_size(nonzero(size.1), nonzero(size.0));
        let status = Command::new("kill")
            .args(["-WINCH", &self.child.id().to_string()])
            .status()
            .expect("kill -WINCH");
        assert!(status.success());
    }

    /// The client's exit status, waiting at most [`PATIENCE`].
    fn exit(&mut self) -> Option<i32> {
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.code();
            }
            // Keep reading, so the client is never blocked on a full pty.
            while let Ok(bytes) = self.bytes.try_recv() {
                self.parser.process(&bytes);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("ssh did not exit");
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn set_size(file: &File, (cols, rows): (u16, u16)) {
    let size = Winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    tcsetwinsize(file, size).expect("set the pty size");
}

/// A pty pair of `cols × rows`: (master, slave).
fn pty(size: (u16, u16)) -> (File, File) {
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
    set_size(&slave, size);
    (File::from(master), slave)
}

/// `ssh` without a pty, its output and exit status.
fn ssh_plain(port: u16, extra: &[&str]) -> (Option<i32>, String) {
    let output = Command::new("ssh")
        .args(ssh_args(port))
        .args(extra)
        .stdin(Stdio::null())
        .output()
        .expect("run ssh");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.code(), text)
}

fn keygen(path: &Path) {
    let status = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(path)
        .stdin(Stdio::null())
        .status()
        .expect("ssh-keygen");
    assert!(status.success());
}

#[test]
fn a_session_draws_steps_resizes_and_quits() {
    if !have_ssh("a_session_draws_steps_resizes_and_quits") {
        return;
    }
    let server = Server::start(&["--seed", "7", "--width", "12", "--height", "6"]);
    let mut client = Client::start(server.port, (120, 40), &[], &[]);
    client.wait_text("step 0");
    assert!(
        client
            .parser
            .screen()
            .contents()
            .contains("Maze 12×6 cells")
    );
    server.wait_log("connect 127.0.0.1");
    client.type_keys(b"n");
    client.wait_text("step 1");
    client.type_keys(b"3n");
    client.wait_text("step 4");
    // The explorer's right edge follows the window.
    client.resize((100, 30));
    client.wait("the frame redrawn at 100 columns", |s| {
        s.contents_between(0, 99, 0, 100) == "┐"
    });
    client.type_keys(b"q");
    assert_eq!(client.exit(), Some(0));
    server.wait_log("disconnect 127.0.0.1");
}

#[test]
fn no_color_from_the_client_turns_colour_off() {
    if !have_ssh("no_color_from_the_client_turns_colour_off") {
        return;
    }
    let server = Server::start(&["--seed", "3", "--width", "10", "--height", "5"]);
    let coloured = |s: &vt100::Screen| {
        (0..40u16).any(|row| {
            (0..120u16).any(|col| {
                s.cell(row, col)
                    .is_some_and(|c| c.fgcolor() != vt100::Color::Default)
            })
        })
    };
    let mut plain = Client::start(
        server.port,
        (120, 40),
        &["-o", "SendEnv=NO_COLOR"],
        &[("NO_COLOR", "1")],
    );
    plain.wait_text("step 0");
    assert!(
        !coloured(plain.parser.screen()),
        "NO_COLOR=1 draws no colour"
    );
    let mut colour = Client::start(server.port, (120, 40), &[], &[]);
    colour.wait_text("step 0");
    assert!(coloured(colour.parser.screen()), "without NO_COLOR, colour");
}

#[test]
fn exec_and_a_shell_without_a_pty_are_refused() {
    if !have_ssh("exec_and_a_shell_without_a_pty_are_refused") {
        return;
    }
    let server = Server::start(&[]);
    let (status, text) = ssh_plain(server.port, &["student@127.0.0.1", "echo", "hello"]);
    assert_ne!(status, Some(0), "{text}");
    assert!(!text.contains("hello"), "{text}");
    let (status, text) = ssh_plain(server.port, &["-T", "student@127.0.0.1"]);
    assert_eq!(status, Some(2), "{text}");
    assert!(text.contains("ssh -t"), "{text}");
    let (status, text) = ssh_plain(server.port, &["-s", "student@127.0.0.1", "sftp"]);
    assert_ne!(status, Some(0), "{text}");
}

#[test]
fn only_authorized_keys_get_in() {
    if !have_ssh("only_authorized_keys_get_in") {
        return;
    }
    let keys = tempfile::tempdir().expect("temp dir");
    let (known, stranger) = (keys.path().join("known"), keys.path().join("stranger"));
    keygen(&known);
    keygen(&stranger);
    let authorized = keys.path().join("authorized_keys");
    std::fs::copy(keys.path().join("known.pub"), &authorized).expect("copy");
    let authorized = authorized.to_string_lossy().into_owned();
    let server = Server::start(&[
        "--authorized-keys",
        &authorized,
        "--width",
        "8",
        "--height",
        "4",
    ]);
    let identity = |key: &Path| {
        vec![
            "-o".to_owned(),
            "IdentitiesOnly=yes".to_owned(),
            "-i".to_owned(),
            key.to_string_lossy().into_owned(),
        ]
    };
    let mut args = identity(&stranger);
    args.push("student@127.0.0.1".to_owned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (status, text) = ssh_plain(server.port, &args);
    assert_eq!(status, Some(255), "{text}");
    assert!(text.contains("Permission denied"), "{text}");

    let args = identity(&known);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut client = Client::start(server.port, (120, 40), &args, &[]);
    client.wait_text("step 0");
    client.type_keys(b"q");
    assert_eq!(client.exit(), Some(0));
}

#[test]
fn the_address_limit_holds_and_a_killed_client_frees_its_slot() {
    if !have_ssh("the_address_limit_holds_and_a_killed_client_frees_its_slot") {
        return;
    }
    let server = Server::start(&["--max-per-ip", "1", "--width", "8", "--height", "4"]);
    let mut first = Client::start(server.port, (120, 40), &[], &[]);
    first.wait_text("step 0");
    let (status, text) = ssh_plain(server.port, &["student@127.0.0.1", "true"]);
    assert_eq!(status, Some(255), "a second session is refused: {text}");
    server.wait_log("refused 127.0.0.1");
    // kill -9: the connection drops, the slot comes back within 5 s.
    first.child.kill().expect("kill -9");
    let _ = first.child.wait();
    server.wait_log("disconnect 127.0.0.1");
    let mut second = Client::start(server.port, (120, 40), &[], &[]);
    second.wait_text("step 0");
}

fn nonzero(n: u16) -> std::num::NonZero<u16> {
    std::num::NonZero::new(n).expect("not zero")
}

#[test]
fn students_follow_the_teacher_and_one_takes_over() {
    if !have_ssh("students_follow_the_teacher_and_one_takes_over") {
        return;
    }
    let keys = tempfile::tempdir().expect("temp dir");
    let (teacher_key, student_key) = (keys.path().join("teacher"), keys.path().join("student"));
    keygen(&teacher_key);
    keygen(&student_key);
    let teachers = keys
        .path()
        .join("teacher.pub")
        .to_string_lossy()
        .into_owned();
    let server = Server::start(&[
        "--present",
        "--teacher-key",
        &teachers,
        "--width",
        "10",
        "--height",
        "5",
        "--seed",
        "4",
    ]);
    let identity = |key: &Path| {
        vec![
            "-o".to_owned(),
            "IdentitiesOnly=yes".to_owned(),
            "-i".to_owned(),
            key.to_string_lossy().into_owned(),
        ]
    };
    let args = identity(&teacher_key);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut teacher = Client::start(server.port, (120, 40), &args, &[]);
    teacher.wait_text("presenting | 0 following");
    let args = identity(&student_key);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut student = Client::start(server.port, (120, 40), &args, &[]);
    student.wait_text("following the teacher (read-only)");
    teacher.wait_text("presenting | 1 following");
    teacher.type_keys(b"5n");
    teacher.wait_text("step 5");
    student.wait_text("step 5");
    // Keys other than t and q do nothing while following.
    student.type_keys(b"n");
    teacher.type_keys(b"n");
    student.wait_text("step 6");
    student.type_keys(b"t");
    student.wait_text("your own copy");
    teacher.wait_text("presenting | 0 following");
    student.type_keys(b"2n");
    student.wait_text("step 8");
    student.type_keys(b"F");
    student.wait_text("step 6");
    teacher.wait_text("presenting | 1 following");
}
