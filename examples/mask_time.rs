//! Masked generation against unmasked, per generator that can carve a shape: the time to
//! generate a W×W-cell maze in a mask (maze allocation and the mask applied included)
//! over the time of the unmasked W×W maze, both with the same seed, alternating runs.
//!
//! Masks: `full-1` (every cell on but the top-left one: as many cells to carve as the
//! unmasked maze, so it shows the mask's cost alone), and the built-in `heart` and
//! `circle` drawn at W×W (fewer cells to carve).
//!
//! Run: `cargo run --release --example mask_time -- [NAMES|all] [RUNS] [SIDE]`
//! e.g. `cargo run --release --example mask_time -- all 5 1000` (the defaults).

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use maze_tui::generate::{GenOptions, GeneratorKind};
use maze_tui::maze::Mask;

/// The seed of every maze (the one `benches/` uses).
const SEED: u64 = 20_240_501;

/// Milliseconds `kind` takes to generate in `mask` (`None`: the unmasked `side × side`).
fn time(kind: GeneratorKind, mask: Option<&Mask>, side: u32) -> Result<f64, String> {
    let start = Instant::now();
    let made = kind.generate_in(mask, black_box(side), side, SEED, &GenOptions::default());
    let ms = start.elapsed().as_secs_f64() * 1e3;
    black_box(made).map(|_| ms).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kinds: Result<Vec<GeneratorKind>, _> = match args.first().map(String::as_str) {
        None | Some("all") => Ok(GeneratorKind::ALL.to_vec()),
        Some(names) => names.split(',').map(GeneratorKind::from_name).collect(),
    };
    let number = |i: usize, default: u32| args.get(i).map_or(Ok(default), |s| s.parse::<u32>());
    let (Ok(kinds), Ok(runs), Ok(side)) = (kinds, number(1, 5), number(2, 1000)) else {
        eprintln!("usage: mask_time [NAME,NAME,...|all] [RUNS] [SIDE]");
        return ExitCode::from(2);
    };
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
