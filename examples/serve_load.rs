//! Load figures for `maze-tui serve` with real OpenSSH clients over loopback.
//!
//! ```sh
//! cargo build --release && cargo run --release --features examples --example serve_load -- [SESSIONS] [SECONDS]
//! ```
//!
//! Starts `target/release/maze-tui serve` (or the binary named by `MAZE_TUI_BIN`) on a free port of 127.0.0.1 (50×50 mazes, play
//! at top speed, A* after each maze), then `SESSIONS` (default 40) `ssh -tt` clients, each
//! on its own 80×24 pseudo-terminal, and reports:
//! 1. the server's RSS with no session and with every session open and idle, and its CPU
//!    over 10 s of those idle sessions;
//! 2. all but one client playing at top speed (`r` and space every second) for `SECONDS`
//!    (default 20): the server's peak RSS and CPU, and the last client's time from a key
//!    (`n` and `b` in turn, paused) to the first bytes of the frame it causes (p50, p95,
//!    max);
//! 3. 100 clients started and killed with `kill -9` one after another: sessions open at the
//!    end (from the server's log) and RSS before and after;
//! 4. a client stopped with `kill -STOP` while playing: the server's RSS growth over 40 s
//!    and whether it was dropped.
//!
//! Every client and the server are stopped at the end; all traffic stays on 127.0.0.1.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
use rustix::termios::{Winsize, tcsetwinsize};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// An `ssh -tt` client on an 80×24 pty; its output is read (and counted) by a thread.
struct Client {
    child: Child,
    master: File,
    bytes: Arc<AtomicU64>,
    arrivals: mpsc::Receiver<Instant>,
}

impl Client {
    fn start(port: u16) -> Result<Self> {
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC)?;
        grantpt(&master)?;
        unlockpt(&master)?;
        let name = ptsname(&master, Vec::new())?;
        let slave = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(name.to_str()?)?;
        let size = Winsize {
            ws_row: 24,
            ws_col: 80,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        tcsetwinsize(&slave, size)?;
        let child = Command::new("ssh")
            .args(["-tt", "-F", "/dev/null", "-p", &port.to_string()])
            .args([
                "-o",
                "StrictHostKeyChecking=no",
                "-o",
                "UserKnownHostsFile=/dev/null",
            ])
            .args(["-o", "LogLevel=ERROR", "-o", "BatchMode=yes"])
            .arg("load@127.0.0.1")
            .env("TERM", "xterm-256color")
            .stdin(Stdio::from(slave.try_clone()?))
            .stdout(Stdio::from(slave.try_clone()?))
            .stderr(Stdio::from(slave))
            .spawn()?;
        let master = File::from(master);
        let bytes = Arc::new(AtomicU64::new(0));
        let (tx, arrivals) = mpsc::channel();
        let mut reader = master.try_clone()?;
        let counter = Arc::clone(&bytes);
        std::thread::spawn(move || {
            let mut buf = [0u8; 1 << 14];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                counter.fetch_add(n as u64, Ordering::Relaxed);
                let _ = tx.send(Instant::now());
            }
        });
        Ok(Self {
            child,
            master,
            bytes,
            arrivals,
        })
    }

    fn wait_drawn(&self, patience: Duration) -> bool {
        let deadline = Instant::now() + patience;
        while Instant::now() < deadline {
            if self.bytes.load(Ordering::Relaxed) > 500 {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server process and its log lines.
struct Server {
    child: Child,
    log: Arc<Mutex<Vec<String>>>,
}

impl Server {
    fn start(port: u16, sessions: usize, dir: &std::path::Path) -> Result<Self> {
        // MAZE_TUI_BIN names another build of the binary (e.g. target/debug/maze-tui).
        let bin = std::env::var_os("MAZE_TUI_BIN").map_or_else(
            || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release/maze-tui"),
            std::path::PathBuf::from,
        );
        let mut child = Command::new(&bin)
            .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
            .arg("--host-key")
            .arg(dir.join("host_key"))
            .args(["--max-sessions", &(sessions + 10).to_string()])
            .args(["--max-per-ip", &(sessions + 10).to_string()])
            .args([
                "--width", "50", "--height", "50", "--speed", "max", "--solver", "astar",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| {
                format!(
                    "cannot start {} (cargo build --release first): {e}",
                    bin.display()
                )
            })?;
        let log = Arc::new(Mutex::new(Vec::new()));
        let lines = Arc::clone(&log);
        let stderr = child.stderr.take().ok_or("stderr")?;
        std::thread::spawn(move || {
            for line in BufReader::new(stderr)
                .lines()
                .map_while(std::result::Result::ok)
            {
                if let Ok(mut log) = lines.lock() {
                    log.push(line);
                }
            }
        });
        let server = Self { child, log };
        let deadline = Instant::now() + Duration::from_secs(30);
        while !server.logged("listening on") {
            if Instant::now() > deadline {
                return Err("the server did not start".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(server)
    }

    fn logged(&self, text: &str) -> bool {
        self.count(text) > 0
    }

    fn count(&self, text: &str) -> usize {
        self.log
            .lock()
            .map(|log| log.iter().filter(|l| l.contains(text)).count())
            .unwrap_or(0)
    }

    /// Resident memory in KiB.
    fn rss(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }

    /// CPU time used so far (user + system), in clock ticks (1/100 s).
    fn cpu_ticks(&self) -> u64 {
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        let after = stat.rsplit(')').next().unwrap_or_default();
        let fields: Vec<&str> = after.split_whitespace().collect();
        let field = |i: usize| {
            fields
                .get(i)
                .and_then(|f| f.parse::<u64>().ok())
                .unwrap_or(0)
        };
        field(11) + field(12)
    }

    /// CPU use in per cent of one core over `span`.
    fn cpu_over(&self, span: Duration) -> f64 {
        let before = self.cpu_ticks();
        std::thread::sleep(span);
        let ticks = self.cpu_ticks() - before;
        ticks as f64 / span.as_secs_f64()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() -> Result<()> {
    let mut args = std::env::args().skip(1);
    let sessions: usize = args.next().map_or(Ok(40), |a| a.parse())?;
    let seconds: u64 = args.next().map_or(Ok(20), |a| a.parse())?;
    let dir = tempfile::tempdir()?;
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let server = Server::start(port, sessions, dir.path())?;
    std::thread::sleep(Duration::from_millis(500));
    let rss_empty = server.rss();

    let mut clients = Vec::new();
    for _ in 0..sessions {
        clients.push(Client::start(port)?);
    }
    let drawn = clients
        .iter()
        .filter(|c| c.wait_drawn(Duration::from_secs(60)))
        .count();
    std::thread::sleep(Duration::from_secs(1));
    let rss_idle = server.rss();
    let cpu_idle = server.cpu_over(Duration::from_secs(10));
    println!("sessions drawn: {drawn}/{sessions}");
    println!(
        "RSS: {} KiB empty, {} KiB with {sessions} idle sessions ({:.2} MiB a session)",
        rss_empty,
        rss_idle,
        (rss_idle.saturating_sub(rss_empty)) as f64 / 1024.0 / sessions.max(1) as f64
    );
    println!("CPU with {sessions} idle sessions: {cpu_idle:.1} % of a core");

    // Load: all but the last client play at top speed; the last one measures latency.
    let (probe, players) = clients.split_last_mut().ok_or("no session")?;
    let start = Instant::now();
    let cpu_before = server.cpu_ticks();
    let mut rss_peak = 0;
    let mut latencies = Vec::new();
    let mut next_play = Instant::now();
    let mut forward = true;
    while start.elapsed() < Duration::from_secs(seconds) {
        if Instant::now() >= next_play {
            for player in players.iter_mut() {
                let _ = player.master.write_all(b"r ");
            }
            next_play += Duration::from_secs(1);
        }
        while probe.arrivals.try_recv().is_ok() {}
        let key: &[u8] = if forward { b"n" } else { b"b" };
        forward = !forward;
        let sent = Instant::now();
        probe.master.write_all(key)?;
        match probe.arrivals.recv_timeout(Duration::from_secs(2)) {
            Ok(at) => latencies.push(at.duration_since(sent).as_secs_f64() * 1000.0),
            Err(_) => latencies.push(f64::INFINITY),
        }
        rss_peak = rss_peak.max(server.rss());
        std::thread::sleep(Duration::from_millis(50));
    }
    let cpu_load = (server.cpu_ticks() - cpu_before) as f64 / start.elapsed().as_secs_f64();
    latencies.sort_by(f64::total_cmp);
    let lost = latencies.iter().filter(|l| l.is_infinite()).count();
    println!(
        "{} playing + 1 probe for {seconds} s: RSS peak {rss_peak} KiB, CPU {cpu_load:.0} % of a core",
        players.len()
    );
    println!(
        "key to frame bytes ({} keys): p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms, no answer {lost}",
        latencies.len(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.95),
        latencies.last().copied().unwrap_or(f64::NAN)
    );
    for client in &mut clients {
        client.kill();
    }
    std::thread::sleep(Duration::from_secs(2));

    // 100 clients killed one after another.
    let rss_before = server.rss();
    let gone_before = server.count("disconnect");
    for _ in 0..100 {
        let mut client = Client::start(port)?;
        client.wait_drawn(Duration::from_secs(30));
        let _ = Command::new("kill")
            .args(["-9", &client.child.id().to_string()])
            .status();
        client.kill();
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.count("disconnect") < gone_before + 100 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_secs(1));
    println!(
        "100 clients killed: {} disconnects logged, RSS {} KiB before, {} KiB after",
        server.count("disconnect") - gone_before,
        rss_before,
        server.rss()
    );

    // A stopped client.
    let mut stopped = Client::start(port)?;
    stopped.wait_drawn(Duration::from_secs(30));
    stopped.master.write_all(b" ")?;
    std::thread::sleep(Duration::from_millis(500));
    let _ = Command::new("kill")
        .args(["-STOP", &stopped.child.id().to_string()])
        .status();
    let rss_stop = server.rss();
    let mut rss_max = rss_stop;
    let stop_start = Instant::now();
    let gone = server.count("disconnect");
    let mut dropped_after = None;
    while stop_start.elapsed() < Duration::from_secs(60) {
        // Keep the player busy so the server has output for it.
        std::thread::sleep(Duration::from_millis(500));
        rss_max = rss_max.max(server.rss());
        if dropped_after.is_none() && server.count("disconnect") > gone {
            dropped_after = Some(stop_start.elapsed());
            break;
        }
    }
    let _ = Command::new("kill")
        .args(["-CONT", &stopped.child.id().to_string()])
        .status();
    stopped.kill();
    println!(
        "stopped client: RSS {rss_stop} KiB at the stop, at most {rss_max} KiB after (+{} KiB); dropped after {}",
        rss_max - rss_stop,
        dropped_after.map_or("more than 60 s".to_owned(), |d| format!(
            "{:.1} s",
            d.as_secs_f64()
        ))
    );
    if let Ok(log) = server.log.lock()
        && let Some(line) = log.iter().rev().find(|l| l.contains("disconnect"))
    {
        println!("last log line: {line}");
    }
    Ok(())
}
