//! How long one step back takes, in process, at ten points along the run of every
//! generator and solver on a 1000×300-cell maze, and how much memory the run's history of
//! checkpoints holds.
//!
//! Method: each run is taken to its end once (so the whole timeline is known, as after `f`),
//! then for ten evenly spaced steps `p` the run is moved to `p` and one step back (to
//! `p − 1`) is timed: the nearest checkpoint restored plus the replay, the same
//! `Run::seek` the TUI's `b` uses. Solvers search the Recursive Backtracker maze of seed 5
//! (braided 10 % so they differ). Each step back is timed on its first try, as a student
//! meets it, and as the least of five tries: on a loaded machine a try can wait for a
//! core, and the least is what the step back itself costs.
//!
//! Run: `cargo run --release --features examples --example rewind [generators|solvers] [NAME…] [WIDTH HEIGHT]`
//! (NAME: only the generators or solvers of those names, e.g. `lpa-star d-star-lite`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use maze_tui::generate::{GenOptions, Generation, GeneratorKind};
use maze_tui::run::{Machine, Run};
use maze_tui::solve::{Search, SolveOptions, SolverKind};

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

/// Times each step back is taken to find its least time (see the module documentation).
const TRIES: usize = 5;

/// Time one step back at ten points of `run` (already at its end); print one line: the
/// step back's median and worst (the first try, and the least of [`TRIES`]), the history
/// held, and where a step back spends its time (a copy of the machine, as a restore makes;
/// the steps replayed, median and worst).
fn measure<M: Machine>(name: &str, mut run: Run<M>) {
    let end = run.step();
    let (held, bytes) = run.checkpoint_use();
    let (mut first, mut least, mut copies, mut replays) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for i in 1..=10 {
        let p = (end * i / 10).max(1);
        let mut tries = Vec::new();
        for _ in 0..TRIES {
            run.seek(p, || false);
            let start = Instant::now();
            run.seek(p - 1, || false);
            tries.push(start.elapsed());
            assert_eq!(run.step(), p - 1);
        }
        first.push(tries[0]);
        least.push(tries.iter().copied().min().unwrap_or_default());
        let start = Instant::now();
        drop(run.machine().clone());
        copies.push(start.elapsed());
        replays.push(p - 1 - run.restore_point(p - 1));
    }
    let worst = |t: &[Duration]| t.iter().copied().max().unwrap_or_default();
    replays.sort_unstable();
    println!(
        "{name:<24} {end:>10} steps  b: median {:>9.3?} worst {:>9.3?} (least of {TRIES}: {:>9.3?} / {:>9.3?})  history {held:>3} checkpoints {:>6.1} MB  (copy {:>8.3?}, replay {}/{} steps)",
        median(first.clone()),
        worst(&first),
        median(least.clone()),
        worst(&least),
        bytes as f64 / 1e6,
        median(copies),
        replays[replays.len() / 2],
        replays[replays.len() - 1],
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Vec<u32> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let names: Vec<&String> = args
        .iter()
        .filter(|a| a.parse::<u32>().is_err() && !["generators", "solvers"].contains(&a.as_str()))
        .collect();
    let groups = args.iter().any(|a| a == "generators" || a == "solvers");
    let want = |what: &str| !groups || args.iter().any(|a| a == what);
    let named = |name: &str| names.is_empty() || names.iter().any(|n| *n == name);
    let (w, h) = match numbers[..] {
        [w, h] => (w, h),
        _ => (1000, 300),
    };
    println!("== one step back at ten points of each run, {w}x{h} cells");
    if want("generators") {
        for &kind in GeneratorKind::ALL.iter().filter(|k| named(k.name())) {
            let generation =
                Generation::new(kind, w, h, 5, &GenOptions::default(), 0.0).expect("size");
            let mut run = Run::new(generation);
            let start = Instant::now();
            run.advance(u64::MAX, || false);
            let took = start.elapsed();
            print!("(run {took:>8.1?}) ");
            measure(kind.name(), run);
        }
    }
    if want("solvers") {
        let generation = Generation::new(
            GeneratorKind::RecursiveBacktracker,
            w,
            h,
            5,
            &GenOptions::default(),
            0.1,
        )
        .expect("size");
        let mut run = Run::new(generation);
        run.advance(u64::MAX, || false);
        let grid = Arc::new(run.machine().maze().to_grid());
        for &kind in SolverKind::ALL.iter().filter(|k| named(k.name())) {
            let mut run = Run::new(Search::new(
                kind,
                Arc::clone(&grid),
                SolveOptions::default(),
            ));
            let start = Instant::now();
            run.advance(u64::MAX, || false);
            let took = start.elapsed();
            print!("(run {took:>8.1?}) ");
            measure(kind.name(), run);
        }
    }
}
