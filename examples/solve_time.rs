//! Quick in-process timing of every solver on a braided 1000×300 maze (for before/after
//! comparisons while tuning): `cargo run --release --features examples --example solve_time [ROUNDS]`.

use std::time::Instant;

use maze_tui::generate::{GenOptions, GeneratorKind, braid::braid};
use maze_tui::solve::{SolveOptions, SolverKind};

fn main() {
    let rounds: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let (mut maze, _) = GeneratorKind::RecursiveBacktracker
        .generate(1000, 300, 5, &GenOptions::default())
        .expect("size");
    braid(&mut maze, 0.1, 5);
    let grid = maze.to_grid();
    for &kind in SolverKind::ALL {
        let mut best = f64::MAX;
        let mut steps = 0;
        for _ in 0..rounds {
            let start = Instant::now();
            let solution = kind.solve(&grid, &SolveOptions::default());
            best = best.min(start.elapsed().as_secs_f64());
            steps = solution.steps;
        }
        println!(
            "{:<20} {:>8} steps  best {:>8.2} ms  {:>6.1} ns/step",
            kind.name(),
            steps,
            best * 1e3,
            best * 1e9 / steps as f64
        );
    }
}
