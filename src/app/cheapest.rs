//! [`Yardstick`]: the cheapest path cost of the grid being searched, the measure for a
//! solver that does not always find the cheapest path (BFS on terrain, DFS, greedy, the
//! walkers). Worked out in slices between frames, so a large maze never blocks input.

use std::sync::Arc;

use super::state::App;
use crate::maze::Grid;
use crate::run::Machine;
use crate::solve::{Heuristic, Moves, Search, SolveOptions, Solver, SolverKind, path_cost};

/// Steps between two looks at the clock.
const SLICE: u32 = 1024;

/// The cheapest cost of one grid with one move rule: being worked out, or known.
#[derive(Clone, Debug)]
pub enum Yardstick {
    /// A cheapest-path search (A* with a zero heuristic: Dijkstra on terrain costs) under
    /// way.
    Pending {
        /// The grid measured.
        grid: Arc<Grid>,
        /// The move rule measured.
        moves: Moves,
        /// The search.
        search: Box<Search>,
    },
    /// The cheapest cost, `None` when the goal is unreachable.
    Known {
        /// The grid measured.
        grid: Arc<Grid>,
        /// The move rule measured.
        moves: Moves,
        /// The cost ([`path_cost`] units).
        cost: Option<u32>,
    },
}

impl Yardstick {
    /// Start measuring `grid` with `moves`.
    #[must_use]
    pub fn start(grid: &Arc<Grid>, moves: Moves) -> Self {
        let options = SolveOptions {
            heuristic: Heuristic::Zero,
            heuristic_weight: 100,
            moves,
            ..SolveOptions::default()
        };
        Self::Pending {
            grid: Arc::clone(grid),
            moves,
            search: Box::new(Search::new(SolverKind::Astar, Arc::clone(grid), options)),
        }
    }

    /// Whether this measures `grid` (the same allocation) with `moves`.
    #[must_use]
    pub fn is_for(&self, grid: &Arc<Grid>, moves: Moves) -> bool {
        let (Self::Pending {
            grid: g, moves: m, ..
        }
        | Self::Known {
            grid: g, moves: m, ..
        }) = self;
        Arc::ptr_eq(g, grid) && *m == moves
    }

    /// Whether the search is still under way.
    #[must_use]
    pub const fn pending(&self) -> bool {
        matches!(self, Self::Pending { .. })
    }

    /// The cheapest cost once known (`Some(None)`: the goal is unreachable).
    #[must_use]
    pub const fn cost(&self) -> Option<Option<u32>> {
        match self {
            Self::Known { cost, .. } => Some(*cost),
            Self::Pending { .. } => None,
        }
    }

    /// Step the search until it ends or `out_of_time()` says to stop (asked every
    /// [`SLICE`] steps). Returns whether work remains.
    pub fn advance(&mut self, mut out_of_time: impl FnMut() -> bool) -> bool {
        let Self::Pending {
            grid,
            moves,
            search,
        } = self
        else {
            return false;
        };
        loop {
            for _ in 0..SLICE {
                if search.step().is_none() {
                    let cost = search.solver().path().map(|p| path_cost(grid, p));
                    *self = Self::Known {
                        grid: Arc::clone(grid),
                        moves: *moves,
                        cost,
                    };
                    return false;
                }
            }
            if out_of_time() {
                return true;
            }
        }
    }
}

impl App {
    /// The log's line on the path found, when it is not the cheapest: how much dearer,
    /// once the yardstick knows.
    #[must_use]
    pub fn cheapest_note(&self) -> Option<String> {
        let run = self.stage.search()?;
        let path = run.machine().solver().path()?;
        let cost = path_cost(run.machine().grid(), path);
        let best = self.cheapest_cost()?;
        (cost > best).then(|| {
            format!(
                "not the cheapest: cost {cost}, {} more than the cheapest {best}",
                cost - best
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_yardstick_counts_terrain() {
        // Straight through the 9 costs 90 + 10; round the bottom, six moves cost 60.
        let grid = Arc::new(Grid::parse("#####\n#S9E#\n# # #\n#   #\n#####\n").expect("valid"));
        let mut y = Yardstick::start(&grid, Moves::Four);
        assert!(y.is_for(&grid, Moves::Four));
        while y.advance(|| true) {}
        assert_eq!(y.cost(), Some(Some(60)));
    }
}
