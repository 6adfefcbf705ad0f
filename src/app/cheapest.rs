//! [`Yardstick`]: the cheapest path cost of the grid being searched, the measure for a
//! solver that does not always find the cheapest path (BFS on terrain, DFS, greedy, the
//! walkers). Worked out in slices between frames, so a large maze never blocks input.

use std::sync::Arc;

use super::mode::Mode;
use super::state::App;
use crate::maze::{Grid, Pos};
use crate::run::Machine;
use crate::solve::{Moves, Search, Solver, path_cost};

/// Steps between two looks at the clock.
const SLICE: u32 = 1024;

/// The cheapest cost of one grid with one move rule: being worked out, or known.
#[derive(Clone, Debug)]
pub enum Yardstick {
    /// A cheapest-path search ([`crate::solve::compare::yardstick`]) under way.
    Pending {
        /// The grid measured.
        grid: Arc<Grid>,
        /// The move rule measured.
        moves: Moves,
        /// The search.
        search: Box<Search>,
    },
    /// The cheapest path, `None` when the goal is unreachable.
    Known {
        /// The grid measured.
        grid: Arc<Grid>,
        /// The move rule measured.
        moves: Moves,
        /// The path and its cost.
        best: Option<Cheapest>,
    },
}

/// A cheapest path from start to goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cheapest {
    /// Its cost ([`path_cost`] units: 10 per straight move, 14 per diagonal, times the
    /// terrain cost of the tile entered).
    pub cost: u32,
    /// Its tiles, start first.
    pub path: Vec<Pos>,
    /// Per tile (row-major, as the grid): on the path. For drawing it in O(1) a tile.
    pub on_path: Vec<bool>,
}

impl Yardstick {
    /// Start measuring `grid` with `moves`.
    #[must_use]
    pub fn start(grid: &Arc<Grid>, moves: Moves) -> Self {
        Self::Pending {
            grid: Arc::clone(grid),
            moves,
            search: Box::new(crate::solve::compare::yardstick(grid, moves)),
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
    pub fn cost(&self) -> Option<Option<u32>> {
        self.best().map(|b| b.map(|b| b.cost))
    }

    /// The cheapest path once known (`Some(None)`: the goal is unreachable).
    #[must_use]
    pub const fn best(&self) -> Option<Option<&Cheapest>> {
        match self {
            Self::Known { best, .. } => Some(best.as_ref()),
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
                    let best = search.solver().path().map(|path| {
                        let mut on_path = vec![false; grid.len()];
                        for &p in path {
                            on_path[grid.index(p)] = true;
                        }
                        Cheapest {
                            cost: path_cost(grid, path),
                            path: path.to_vec(),
                            on_path,
                        }
                    });
                    *self = Self::Known {
                        grid: Arc::clone(grid),
                        moves: *moves,
                        best,
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
    /// The log's lines on the cheapest path, once known: when the path found is not the
    /// cheapest, how much dearer; when the player has reached E, how their route compares.
    #[must_use]
    pub fn cheapest_note(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(run) = self.stage.search()
            && let Some(path) = run.machine().solver().path()
            && let Some(best) = self.cheapest_cost()
        {
            let cost = path_cost(run.machine().grid(), path);
            if cost > best {
                lines.push(format!(
                    "not the cheapest: cost {cost}, {} more than the cheapest {best}",
                    cost - best
                ));
            }
        }
        if let Mode::Walk(walk) = &self.mode
            && let Some(verdict) = walk.verdict()
        {
            lines.push(format!("walk: {verdict}"));
        }
        lines
    }

    /// Whether a cheapest-path search is under way (the solver's yardstick or the walk's).
    #[must_use]
    pub fn measuring(&self) -> bool {
        let walk = match &self.mode {
            Mode::Walk(walk) => walk.cheapest.pending(),
            _ => false,
        };
        walk || self.cheapest.as_ref().is_some_and(Yardstick::pending)
    }

    /// Advance the cheapest-path searches under way until done or `out_of_time()`.
    pub fn measure(&mut self, mut out_of_time: impl FnMut() -> bool) {
        if let Some(yardstick) = &mut self.cheapest {
            yardstick.advance(&mut out_of_time);
        }
        if let Mode::Walk(walk) = &mut self.mode {
            walk.cheapest.advance(&mut out_of_time);
        }
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
