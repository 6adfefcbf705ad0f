//! Quick in-process timing of solvers (for before/after comparisons while tuning):
//!
//! `cargo run --release --features examples --example solve_time -- [ROUNDS] [ALGORITHMS]
//! [perfect|braided]`
//!
//! ROUNDS solves of each solver (default 5; 0 builds the grid and solves nothing, the
//! baseline to subtract when counting a solve's instructions with `valgrind
//! --tool=cachegrind`); ALGORITHMS a comma-separated list of solver names (default all).
//! Without a third argument the grid is a braided 1000×300 maze; `perfect` and `braided`
//! are the 2001×2001-tile grids of the paired benchmark (`benches/`: a 1000×1000
//! Recursive Backtracker maze, seed 20240501, and the same maze with half its dead ends
//! opened). Prints each solver's steps, best and median time.

use std::time::Instant;

use maze_tui::generate::{GenOptions, GeneratorKind, braid::braid};
use maze_tui::maze::Grid;
use maze_tui::solve::{SolveOptions, SolverKind};

/// The grid named on the command line (see the module documentation).
fn grid(name: Option<&str>) -> Grid {
    let (width, height, seed, share) = match name {
        Some("perfect") => (1000, 1000, 20_240_501, 0.0),
        Some("braided") => (1000, 1000, 20_240_501, 0.5),
        _ => (1000, 300, 5, 0.1),
    };
    let (mut maze, _) = GeneratorKind::RecursiveBacktracker
        .generate(width, height, seed, &GenOptions::default())
        .expect("a valid size");
    if share > 0.0 {
        braid(&mut maze, share, seed);
    }
    maze.to_grid()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(5);
    let mut kinds = Vec::new();
    for name in args
        .get(1)
        .map_or(Vec::new(), |list| list.split(',').collect())
    {
        match SolverKind::ALL.iter().find(|k| k.name() == name) {
            Some(&kind) => kinds.push(kind),
            None => {
                eprintln!("solve_time: no solver named '{name}'");
                std::process::exit(2);
            }
        }
    }
    if kinds.is_empty() {
        kinds = SolverKind::ALL.to_vec();
    }
    let grid = grid(args.get(2).map(String::as_str));
    let options = SolveOptions {
        seed: 20_240_501,
        ..SolveOptions::default()
    };
    if rounds == 0 {
        return;
    }
    for kind in kinds {
        let mut times = Vec::with_capacity(rounds);
        let mut steps = 0;
        for _ in 0..rounds {
            let start = Instant::now();
            let solution = kind.solve(&grid, &options);
            times.push(start.elapsed().as_secs_f64());
            steps = solution.steps;
        }
        times.sort_by(f64::total_cmp);
        let (best, median) = (times[0], times[times.len() / 2]);
        println!(
            "{:<22} {:>8} steps  best {:>8.2} ms  median {:>8.2} ms  {:>6.1} ns/step",
            kind.name(),
            steps,
            best * 1e3,
            median * 1e3,
            best * 1e9 / steps as f64
        );
    }
}
