//! The solving cases shared by the `solve` (criterion) and `paired` benchmarks: the grids,
//! and the `pathfinding` crate's solvers on them in their best case.

use maze_tui::generate::{GenOptions, GeneratorKind, braid::braid};
use maze_tui::maze::{Grid, Pos};
use maze_tui::solve::{STRAIGHT, SolverKind};

pub const SEED: u64 = 20_240_501;
pub const SIDE: u32 = 1000;
/// Share of dead ends opened in the braided variant.
pub const BRAID: f64 = 0.5;

/// The grid as the peer sees it: open flags, row-major, and `u32` tile indices.
pub struct PeerGrid {
    cols: u32,
    rows: u32,
    open: Vec<bool>,
    start: u32,
    goal: u32,
}

impl PeerGrid {
    #[allow(clippy::cast_possible_truncation)]
    pub fn new(grid: &Grid) -> Self {
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

    pub fn bfs(&self) -> Option<u32> {
        pathfinding::prelude::bfs(&self.start, |&i| self.successors(i), |&i| i == self.goal)
            .map(|path| path_cost(path.len()))
    }

    pub fn dijkstra(&self) -> Option<u32> {
        pathfinding::prelude::dijkstra(
            &self.start,
            |&i| self.successors(i).map(|n| (n, STRAIGHT)),
            |&i| i == self.goal,
        )
        .map(|(_, cost)| cost)
    }

    pub fn astar(&self) -> Option<u32> {
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

pub type PeerSolve = fn(&PeerGrid) -> Option<u32>;

pub const SOLVERS: [(SolverKind, &str, PeerSolve); 3] = [
    (SolverKind::Bfs, "bfs", PeerGrid::bfs),
    (SolverKind::Dijkstra, "dijkstra", PeerGrid::dijkstra),
    (SolverKind::Astar, "astar", PeerGrid::astar),
];

/// The grids compared: `("perfect", …)` from our Recursive Backtracker at 1000×1000 cells,
/// and `("braided", …)` the same maze with half of its dead ends opened (if braid opens any).
pub fn grids() -> Vec<(&'static str, Grid)> {
    let (mut maze, _) = GeneratorKind::RecursiveBacktracker
        .generate(SIDE, SIDE, SEED, &GenOptions::default())
        .expect("1000×1000 is a valid size");
    let mut grids = vec![("perfect", maze.to_grid())];
    if braid(&mut maze, BRAID, SEED) > 0 {
        grids.push(("braided", maze.to_grid()));
    } else {
        eprintln!("braid opened no wall: skipping the braided grid");
    }
    grids
}
