//! What a config file costs at start-up: the release binary started with and without a
//! full config file (every setting, every key remapped through `[keys]`), paired, and the
//! in-process work alone (read, parse, build the key map, resolve the settings).
//!
//! Method: the explorer needs a terminal, and it reads its config file before it looks
//! for one; so with standard input not a terminal, a start runs everything up to the
//! terminal check and exits 2. That start is timed `RUNS` times with a scratch
//! `XDG_CONFIG_HOME` holding no file and `RUNS` times holding the full file, alternating,
//! and the medians compared. Then the in-process part alone, 1000 times.
//!
//! Run: `cargo build --release && cargo run --release --features examples --example config_startup`

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use maze_tui::app::keymap::{Command as Key, Keymap};
use maze_tui::config::Location;

/// Starts timed per case.
const RUNS: usize = 200;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

/// The release binary beside this example (`target/release/examples/..` → `target/release`).
fn binary() -> PathBuf {
    let exe = std::env::current_exe().expect("own path");
    let release = exe
        .parent()
        .and_then(|p| p.parent())
        .expect("target/release");
    release.join("maze-tui")
}

/// The full config file: every setting at its default, then every command's keys
/// swapped for the same keys written again (a `[keys]` entry per command).
fn full_config() -> String {
    let keys = Keymap::default();
    let mut text = maze_tui::config::default_file(&keys.to_toml());
    text = text.replace("# solver = \"astar\"", "solver = \"astar\"");
    assert!(text.contains(Key::Step.name()));
    text
}

/// One start of the binary with `home` as its config folder; the time to its exit.
fn start(home: &std::path::Path) -> Duration {
    let at = Instant::now();
    let status = Command::new(binary())
        .env("XDG_CONFIG_HOME", home)
        .env_remove("MAZE_TUI_CONFIG")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("start the binary");
    let took = at.elapsed();
    assert_eq!(status.code(), Some(2), "stops at the terminal check");
    took
}

fn main() {
    let empty = tempfile::tempdir().expect("temp dir");
    let full = tempfile::tempdir().expect("temp dir");
    let folder = full.path().join("maze-tui");
    std::fs::create_dir_all(&folder).expect("folder");
    let text = full_config();
    std::fs::write(folder.join("config.toml"), &text).expect("write config");
    let (mut without, mut with) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        without.push(start(empty.path()));
        with.push(start(full.path()));
    }
    let (a, b) = (median(without), median(with));
    println!(
        "start to the terminal check, median of {RUNS}: no config {a:.2?}, full config ({} bytes) {b:.2?}, difference {:.2?}",
        text.len(),
        b.saturating_sub(a)
    );

    let location = Location::Usual(folder.join("config.toml"));
    let mut times = Vec::new();
    for _ in 0..1000 {
        let at = Instant::now();
        let loaded = location.load().expect("read").expect("present");
        let (keys, problems) = maze_tui::cli::keys_and_problems(&loaded);
        assert!(problems.is_empty(), "{problems:?}");
        let config = maze_tui::cli::tui_config(&loaded.args, None).expect("valid");
        std::hint::black_box((keys, config));
        times.push(at.elapsed());
    }
    println!(
        "in process: read + parse + key map + settings, median of 1000: {:.1?}",
        median(times)
    );
}
