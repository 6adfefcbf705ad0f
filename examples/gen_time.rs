//! Quick in-process timing of generators, for before/after comparisons while tuning one
//! (criterion in `benches/` is the reference, but it builds the peers and takes minutes).
//!
//! Runs `GeneratorKind::generate` (the step machines the TUI single-steps, maze allocation
//! included) N times per generator on a W×W-cell maze with a fixed seed and prints the
//! minimum and median wall time. On a shared machine, compare binaries by alternating them
//! several times and taking the best minimum.
//!
//! Run: `cargo run --release --features examples --example gen_time -- [NAMES] [N] [W]`
//! e.g. `cargo run --release --features examples --example gen_time -- sidewinder,recursive-division 50 1000`
//! (defaults: every generator, 20 runs, 1000×1000 cells).

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use maze_tui::generate::{GenOptions, GeneratorKind};

/// The seed of every maze (the one `benches/` uses).
const SEED: u64 = 20_240_501;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kinds: Result<Vec<GeneratorKind>, _> = match args.first().map(String::as_str) {
        None | Some("all") => Ok(GeneratorKind::ALL.to_vec()),
        Some(names) => names.split(',').map(GeneratorKind::from_name).collect(),
    };
    let number = |i: usize, default: u32| args.get(i).map_or(Ok(default), |s| s.parse::<u32>());
    let (Ok(kinds), Ok(runs), Ok(side)) = (kinds, number(1, 20), number(2, 1000)) else {
        eprintln!("usage: gen_time [NAME,NAME,...|all] [RUNS] [SIDE]");
        return ExitCode::from(2);
    };
    for kind in kinds {
        let mut times = Vec::with_capacity(runs as usize);
        for _ in 0..runs.max(1) {
            let start = Instant::now();
            let made = kind.generate(black_box(side), side, SEED, &GenOptions::default());
            times.push(start.elapsed().as_secs_f64() * 1e3);
            if let Err(error) = black_box(made) {
                eprintln!("gen_time: {error}");
                return ExitCode::from(2);
            }
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{:24} {side}x{side}  min {:8.3} ms  median {:8.3} ms  ({} runs)",
            kind.name(),
            times[0],
            times[times.len() / 2],
            times.len()
        );
    }
    ExitCode::SUCCESS
}
