//! Path finding: ours (`SolverKind::solve`, the very step machines the TUI single-steps)
//! against the `pathfinding` crate's `bfs`, `dijkstra` and `astar`, in the same run.
//!
//! The grid is the tile grid of a 1000×1000-cell maze (2001×2001 tiles) from our Recursive
//! Backtracker, start at the top-left cell, goal at the bottom-right cell; and the same maze
//! braided (half of the dead ends opened, so there are loops and many shortest-path
//! candidates) when `braid` is implemented. Moves are 4-way, 10 per move; A* uses Manhattan
//! × 10 on both sides.
//!
//! The peer gets the same grid as a plain `Vec<bool>` and `u32` tile indices as nodes (the
//! cheapest node type to hash), and successors as a non-allocating iterator — its best case.
//! Before timing, each pair is checked once to find a path of the same cost.
//!
//! Benchmark ids: `solve-<grid>/<ours|pathfinding>-<solver>/1000x1000`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use maze_tui::maze::Grid;
use maze_tui::solve::{Heuristic, SolveOptions};

#[path = "common/solve_cases.rs"]
mod solve_cases;
use solve_cases::{PeerGrid, SEED, SIDE, SOLVERS, grids};

fn bench_grid(c: &mut Criterion, name: &str, grid: &Grid) {
    let peer = PeerGrid::new(grid);
    let options = SolveOptions {
        heuristic: Heuristic::Manhattan,
        seed: SEED,
        ..SolveOptions::default()
    };
    let size = format!("{SIDE}x{SIDE}");
    let mut group = c.benchmark_group(format!("solve-{name}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Elements(grid.len() as u64));
    for (kind, id, peer_solve) in SOLVERS {
        let ours = kind.solve(grid, &options);
        let theirs = peer_solve(&peer);
        assert!(ours.path.is_some(), "ours/{id} found no path on {name}");
        assert_eq!(
            Some(ours.cost),
            theirs,
            "ours/{id} and pathfinding/{id} disagree on the path cost on {name}"
        );
        eprintln!(
            "{name}: {id}: cost {} ({} moves), ours visited {} tiles",
            ours.cost, ours.length, ours.visited
        );
        group.bench_function(BenchmarkId::new(format!("ours-{id}"), &size), |b| {
            b.iter(|| kind.solve(black_box(grid), &options));
        });
        group.bench_function(BenchmarkId::new(format!("pathfinding-{id}"), &size), |b| {
            b.iter(|| peer_solve(black_box(&peer)));
        });
    }
    group.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    for (name, grid) in grids() {
        bench_grid(&mut c, name, &grid);
    }
    c.final_summary();
}
