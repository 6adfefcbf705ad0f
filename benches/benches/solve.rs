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
use maze_tui::generate::{GenOptions, GeneratorKind, braid::braid};
use maze_tui::maze::{Grid, Pos};
use maze_tui::solve::{Heuristic, STRAIGHT, SolveOptions, SolverKind};

const SEED: u64 = 20_240_501;
const SIDE: u32 = 1000;
/// Share of dead ends opened in the braided variant.
const BRAID: f64 = 0.5;

/// The grid as the peer sees it: open flags, row-major, and `u32` tile indices.
struct PeerGrid {
    cols: u32,
    rows: u32,
    open: Vec<bool>,
    start: u32,
    goal: u32,
}

impl PeerGrid {
    #[allow(clippy::cast_possible_truncation)]
    fn new(grid: &Grid) -> Self {
        let (rows, cols) = (grid.rows(), grid.cols());
        let mut open = Vec::with_capacity(grid.len());
        for row in 0..rows {
            for col in 0..cols {
                open.push(grid.is_open(Pos::new(row, col)));
            }
        }
        Self {
            cols,
            rows,
            open,
            start: grid.index(grid.start()) as u32,
            goal: grid.index(grid.goal()) as u32,
        }
    }

    /// Open 4-neighbours of tile `i`, without allocating.
    fn successors(&self, i: u32) -> impl Iterator<Item = u32> + '_ {
        let (row, col) = (i / self.cols, i % self.cols);
        let north = (row > 0).then(|| i - self.cols);
        let east = (col + 1 < self.cols).then(|| i + 1);
        let south = (row + 1 < self.rows).then(|| i + self.cols);
        let west = (col > 0).then(|| i - 1);
        [north, east, south, west]
            .into_iter()
            .flatten()
            .filter(|&n| self.open[n as usize])
    }

    /// Manhattan distance × 10 to the goal.
    fn manhattan(&self, i: u32) -> u32 {
        let (row, col) = (i / self.cols, i % self.cols);
        let (grow, gcol) = (self.goal / self.cols, self.goal % self.cols);
        STRAIGHT * (row.abs_diff(grow) + col.abs_diff(gcol))
    }

    fn bfs(&self) -> Option<u32> {
        pathfinding::prelude::bfs(&self.start, |&i| self.successors(i), |&i| i == self.goal)
            .map(|path| path_cost(path.len()))
    }

    fn dijkstra(&self) -> Option<u32> {
        pathfinding::prelude::dijkstra(
            &self.start,
            |&i| self.successors(i).map(|n| (n, STRAIGHT)),
            |&i| i == self.goal,
        )
        .map(|(_, cost)| cost)
    }

    fn astar(&self) -> Option<u32> {
        pathfinding::prelude::astar(
            &self.start,
            |&i| self.successors(i).map(|n| (n, STRAIGHT)),
            |&i| self.manhattan(i),
            |&i| i == self.goal,
        )
        .map(|(_, cost)| cost)
    }
}

#[allow(clippy::cast_possible_truncation)]
fn path_cost(tiles: usize) -> u32 {
    STRAIGHT * (tiles as u32 - 1)
}

type PeerSolve = fn(&PeerGrid) -> Option<u32>;

const SOLVERS: [(SolverKind, &str, PeerSolve); 3] = [
    (SolverKind::Bfs, "bfs", PeerGrid::bfs),
    (SolverKind::Dijkstra, "dijkstra", PeerGrid::dijkstra),
    (SolverKind::Astar, "astar", PeerGrid::astar),
];

fn bench_grid(c: &mut Criterion, name: &str, grid: &Grid) {
    let peer = PeerGrid::new(grid);
    let options = SolveOptions {
        heuristic: Heuristic::Manhattan,
        diagonal: false,
        seed: SEED,
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
    let (mut maze, _) = GeneratorKind::RecursiveBacktracker
        .generate(SIDE, SIDE, SEED, &GenOptions::default())
        .expect("1000×1000 is a valid size");
    bench_grid(&mut c, "perfect", &maze.to_grid());
    if braid(&mut maze, BRAID, SEED) > 0 {
        bench_grid(&mut c, "braided", &maze.to_grid());
    } else {
        eprintln!("braid opened no wall (not implemented yet?): skipping the braided grid");
    }
    c.final_summary();
}
