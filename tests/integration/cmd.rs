//! [`Cmd`]: a process run as the command-line tests run the binary — standard input a pipe
//! that gets the given bytes and is then closed (never a terminal), standard output and
//! error captured, and a time limit after which the process is killed and the test fails.

use std::ffi::OsStr;
use std::io::{self, Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use wait_timeout::ChildExt;

/// How long a command may run unless [`Cmd::timeout`] says otherwise.
const LIMIT: Duration = Duration::from_secs(120);

/// A command with bytes for its standard input and a time limit; see the module docs.
pub struct Cmd {
    command: Command,
    stdin: Vec<u8>,
    limit: Duration,
}

impl Cmd {
    /// `program` with no arguments, an empty standard input and the default limit.
    pub fn new(program: impl AsRef<OsStr>) -> Self {
        Self {
            command: Command::new(program),
            stdin: Vec::new(),
            limit: LIMIT,
        }
    }

    /// The binary cargo built for these tests.
    pub fn maze_tui() -> Self {
        Self::new(env!("CARGO_BIN_EXE_maze-tui"))
    }

    pub fn arg(&mut self, arg: impl AsRef<OsStr>) -> &mut Self {
        self.command.arg(arg);
        self
    }

    pub fn args<I, S>(&mut self, args: I) -> &mut Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.command.args(args);
        self
    }

    pub fn env(&mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> &mut Self {
        self.command.env(key, value);
        self
    }

    pub fn env_remove(&mut self, key: impl AsRef<OsStr>) -> &mut Self {
        self.command.env_remove(key);
        self
    }

    /// The bytes its standard input gives before it is closed.
    pub fn write_stdin(&mut self, bytes: impl Into<Vec<u8>>) -> &mut Self {
        self.stdin = bytes.into();
        self
    }

    /// Kill it and fail the test if it runs longer than `limit`.
    pub fn timeout(&mut self, limit: Duration) -> &mut Self {
        self.limit = limit;
        self
    }

    /// Run it to the end: its exit status and everything it wrote.
    ///
    /// # Errors
    /// When it cannot be started or waited for.
    ///
    /// # Panics
    /// When it outlives its time limit (it is killed first).
    pub fn output(&mut self) -> io::Result<Output> {
        let mut child = self
            .command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        // Each pipe on its own thread: a process that fills one pipe while the test writes
        // or reads another must not stall both.
        let mut input = child.stdin.take();
        let bytes = std::mem::take(&mut self.stdin);
        let writer = thread::spawn(move || {
            if let Some(input) = input.as_mut() {
                // A process may exit without reading all of it: a broken pipe is no error.
                let _ = input.write_all(&bytes);
            }
        });
        let stdout = reader(child.stdout.take());
        let stderr = reader(child.stderr.take());
        let status = wait(&mut child, self.limit)?;
        let _ = writer.join();
        Ok(Output {
            status,
            stdout: stdout.join().unwrap_or_default(),
            stderr: stderr.join().unwrap_or_default(),
        })
    }
}

/// A thread reading `pipe` to its end.
fn reader(pipe: Option<impl Read + Send + 'static>) -> JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    })
}

/// Its exit status, waiting at most `limit`; past it, kill it and panic.
fn wait(child: &mut Child, limit: Duration) -> io::Result<std::process::ExitStatus> {
    if let Some(status) = child.wait_timeout(limit)? {
        return Ok(status);
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the command ran longer than {limit:?} and was killed");
}
