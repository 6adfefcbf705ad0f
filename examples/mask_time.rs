//! Masked generation against unmasked, per generator that can carve a shape: the time to
//! generate a W×W-cell maze in a mask (maze allocation and the mask applied included)
//! over the time of the unmasked W×W maze, both with the same seed, alternating runs.
//!
//! Masks: `full-1` (every cell on but the top-left one: as many cells to carve as the
//! unmasked maze, so it shows the mask's cost alone), and the built-in `heart` and
//! `circle` drawn at W×W (fewer cells to carve).
//!
//! Run: `cargo run --release --features examples --example mask_time -- [NAMES|all] [RUNS] [SIDE]`
//! e.g. `cargo run --release --features examples --example mask_time -- all 5 1000` (the defaults).
//!
//! With `phases` first (`mask_time phases [NAMES|all] [RUNS] [SIDE]`): what `generate`
//! spends outside the generator too, per phase, min of RUNS, for the unmasked maze and
//! the `full-1` mask read from its text: reading the mask (parse and connectivity
//! check), generating, the far ends alone, and writing the text (far ends included)
//! into memory. Times are wall-clock in process: run it on an idle machine, or compare
//! only its columns with one another.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use maze_tui::generate::{GenOptions, GeneratorKind};
use maze_tui::maze::{Mask, write_maze_text};

/// The seed of every maze (the one `benches/` uses).
const SEED: u64 = 20_240_501;

/// Milliseconds `kind` takes to generate in `mask` (`None`: the unmasked `side × side`).
fn time(kind: GeneratorKind, mask: Option<&Mask>, side: u32) -> Result<f64, String> {
    let start = Instant::now();
    let made = kind.generate_in(mask, black_box(side), side, SEED, &GenOptions::default());
    let ms = start.elapsed().as_secs_f64() * 1e3;
    black_box(made).map(|_| ms).map_err(|e| e.to_string())
}

/// Milliseconds `f` takes, and what it made.
fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let made = black_box(f());
    (start.elapsed().as_secs_f64() * 1e3, made)
}

/// `phases`: the whole of `generate`'s text path, phase by phase, unmasked and `full-1`.
fn phases(kinds: &[GeneratorKind], runs: u32, side: u32) -> Result<(), String> {
    let mut text = String::new();
    for r in 0..side {
        text.push_str(if r == 0 { "X" } else { "." });
        text.push_str(&".".repeat(side as usize - 1));
        text.push('\n');
    }
    println!("{side}x{side} cells, min of {runs} runs, seed {SEED}, ms; full-1 read from text");
    println!(
        "{:22} {:>8} {:>8} | {:>8} {:>8} {:>8} {:>8} {:>8}",
        "generator", "gen", "write", "mask", "gen", "ends", "write", "total ×"
    );
    let options = GenOptions::default();
    for &kind in kinds.iter().filter(|k| k.carves_any_shape()) {
        let mut best = [f64::INFINITY; 6];
        for _ in 0..runs.max(1) {
            let (gen_ms, plain) = timed(|| kind.generate_in(None, side, side, SEED, &options));
            let (plain, _) = plain.map_err(|e| e.to_string())?;
            let (write_ms, _) = timed(|| {
                let mut out = Vec::new();
                write_maze_text(&plain, &mut out).map(|()| out)
            });
            let (mask_ms, mask) = timed(|| Mask::parse_text(&text));
            let mask = mask.map_err(|e| e.to_string())?;
            let (mgen_ms, masked) =
                timed(|| kind.generate_in(Some(&mask), side, side, SEED, &options));
            let (masked, _) = masked.map_err(|e| e.to_string())?;
            let (ends_ms, _) = timed(|| masked.far_ends());
            let (mwrite_ms, _) = timed(|| {
                let mut out = Vec::new();
                write_maze_text(&masked, &mut out).map(|()| out)
            });
            for (b, ms) in best
                .iter_mut()
                .zip([gen_ms, write_ms, mask_ms, mgen_ms, ends_ms, mwrite_ms])
            {
                *b = b.min(ms);
            }
        }
        let [gen_ms, write_ms, mask_ms, mgen_ms, ends_ms, mwrite_ms] = best;
        let ratio = (mask_ms + mgen_ms + mwrite_ms) / (gen_ms + write_ms);
        println!(
            "{:22} {gen_ms:8.1} {write_ms:8.1} | {mask_ms:8.1} {mgen_ms:8.1} {ends_ms:8.1} {mwrite_ms:8.1} {ratio:8.2}",
            kind.name()
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let phased = args.first().is_some_and(|a| a == "phases");
    if phased {
        args.remove(0);
    }
    let kinds: Result<Vec<GeneratorKind>, _> = match args.first().map(String::as_str) {
        None | Some("all") => Ok(GeneratorKind::ALL.to_vec()),
        Some(names) => names.split(',').map(GeneratorKind::from_name).collect(),
    };
    let number = |i: usize, default: u32| args.get(i).map_or(Ok(default), |s| s.parse::<u32>());
    let (Ok(kinds), Ok(runs), Ok(side)) = (kinds, number(1, 5), number(2, 1000)) else {
        eprintln!("usage: mask_time [phases] [NAME,NAME,...|all] [RUNS] [SIDE]");
        return ExitCode::from(2);
    };
    if phased {
        return match phases(&kinds, runs, side) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("mask_time: {error}");
                ExitCode::from(1)
            }
        };
    }
    let cells = side as usize * side as usize;
    let mut full = vec![true; cells];
    full[0] = false;
    let masks = [
        ("full-1", Mask::from_cells(side, side, full)),
        (
            "heart",
            Mask::builtin("heart", side, side).expect("a built-in shape"),
        ),
        (
            "circle",
            Mask::builtin("circle", side, side).expect("a built-in shape"),
        ),
    ];
    println!("{side}x{side} cells, min of {runs} alternating runs, seed {SEED}");
    println!(
        "{:22} {:>10} {:>16} {:>16} {:>16}",
        "generator", "plain ms", "full-1 ms (×)", "heart ms (×)", "circle ms (×)"
    );
    for kind in kinds.into_iter().filter(|k| k.carves_any_shape()) {
        let mut plain = f64::INFINITY;
        let mut best = [f64::INFINITY; 3];
        for _ in 0..runs.max(1) {
            let measured = time(kind, None, side).and_then(|ms| {
                plain = plain.min(ms);
                for (k, (_, mask)) in masks.iter().enumerate() {
                    let mask = mask.as_ref().map_err(ToString::to_string)?;
                    best[k] = best[k].min(time(kind, Some(mask), side)?);
                }
                Ok(())
            });
            if let Err(error) = measured {
                eprintln!("mask_time: {error}");
                return ExitCode::from(1);
            }
        }
        let cell = |ms: f64| format!("{ms:8.1} ({:4.2})", ms / plain);
        println!(
            "{:22} {plain:10.1} {:>16} {:>16} {:>16}",
            kind.name(),
            cell(best[0]),
            cell(best[1]),
            cell(best[2])
        );
    }
    ExitCode::SUCCESS
}
