//! [`Yardstick`]: the cheapest path cost of the grid being searched, the measure for a
//! solver that does not always find the cheapest path (BFS on terrain, DFS, greedy, the
//! walkers). Worked out in slices between frames, so a large maze never blocks input. The
//! same sliced search serves any solver ([`Yardstick::by`]): the par (BFS moves from S to
//! E) and the AI's route in walk mode.

use std::sync::Arc;

use super::mode::Mode;
use super::state::App;
use crate::maze::{Ends, Grid, Pos};
use crate::run::Machine;
use crate::solve::{Moves, Search, SolveOptions, Solver, SolverKind, path_cost};

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

/// A path from start to goal, its cost and its tiles: the cheapest one when the search
/// that found it is optimal ([`Yardstick::start`]).
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

impl Cheapest {
    /// `path` (tiles of `grid`, start first) with its cost and tiles marked. O(tiles).
    #[must_use]
    pub fn of(grid: &Grid, path: Vec<Pos>) -> Self {
        let mut on_path = vec![false; grid.len()];
        for &p in &path {
            if grid.contains(p) {
                on_path[grid.index(p)] = true;
            }
        }
        Self {
            cost: path_cost(grid, &path),
            path,
            on_path,
        }
    }
}

impl Yardstick {
    /// Start measuring `grid` with `moves`: the cheapest path, by the search every path is
    /// measured against ([`crate::solve::compare::yardstick`], Dijkstra on terrain costs).
    #[must_use]
    pub fn start(grid: &Arc<Grid>, moves: Moves) -> Self {
        Self::from_search(grid, crate::solve::compare::yardstick(grid, moves))
    }

    /// Start searching `grid` from its start to its goal with `kind` and `options`: the
    /// path found is the cheapest only if `kind` is optimal with them (`Bfs` with 4-way
    /// moves gives the fewest moves).
    #[must_use]
    pub fn by(kind: SolverKind, grid: &Arc<Grid>, options: SolveOptions) -> Self {
        Self::from_search(grid, Search::new(kind, Arc::clone(grid), options))
    }

    /// `search` of `grid`, to be worked out in slices.
    fn from_search(grid: &Arc<Grid>, search: Search) -> Self {
        Self::Pending {
            grid: Arc::clone(grid),
            moves: search.options().moves,
            search: Box::new(search),
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

    /// The grid searched.
    #[must_use]
    pub const fn grid(&self) -> &Arc<Grid> {
        match self {
            Self::Pending { grid, .. } | Self::Known { grid, .. } => grid,
        }
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

    /// Moves on the path once known (`Some(None)`: the goal is unreachable).
    #[must_use]
    pub fn length(&self) -> Option<Option<usize>> {
        self.best()
            .map(|b| b.map(|b| b.path.len().saturating_sub(1)))
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
                    let best = search
                        .solver()
                        .path()
                        .map(|path| Cheapest::of(grid, path.to_vec()));
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

    /// Whether a search is under way: the solver's yardstick, the par, the walk's cheapest
    /// routes or the AI's route.
    #[must_use]
    pub fn measuring(&self) -> bool {
        let walk = match &self.mode {
            Mode::Walk(walk) => {
                walk.cheapest.pending() || walk.ahead.as_ref().is_some_and(|(_, y)| y.pending())
            }
            _ => false,
        };
        walk || self.route_pending()
            || self.cheapest.as_ref().is_some_and(Yardstick::pending)
            || self.par.as_ref().is_some_and(Yardstick::pending)
    }

    /// Advance the searches under way until done or `out_of_time()`.
    pub fn measure(&mut self, mut out_of_time: impl FnMut() -> bool) {
        for yardstick in [&mut self.cheapest, &mut self.par].into_iter().flatten() {
            yardstick.advance(&mut out_of_time);
        }
        let par = self.par_moves();
        if let Mode::Walk(walk) = &mut self.mode {
            let waiting = walk.reveal && walk.revealed().pending();
            walk.cheapest.advance(&mut out_of_time);
            if let Some((_, ahead)) = &mut walk.ahead {
                ahead.advance(&mut out_of_time);
            }
            // What `v` asked for is known now: say it.
            if waiting && !walk.revealed().pending() {
                self.status = Some(super::walk::reveal_note(walk, par));
            }
        }
        self.search_route(&mut out_of_time);
    }

    /// The par of the maze shown, once worked out: the moves a breadth-first search takes
    /// from S to E (`None` before, when E is unreachable, or when nothing asks for it).
    #[must_use]
    pub fn par_moves(&self) -> Option<usize> {
        let grid = self.stage.grid()?;
        let par = self.par.as_ref()?;
        par.is_for(grid, Moves::Four)
            .then(|| par.length().flatten())
            .flatten()
    }

    /// Start working out the par of a new grid when something shows it: the stats with
    /// an `--ends` rule other than `corners`, or a walk.
    pub(super) fn refresh_par(&mut self) {
        let wanted = self.config.ends != Ends::Corners || matches!(self.mode, Mode::Walk(_));
        let Some(grid) = self.stage.grid().filter(|_| wanted) else {
            self.par = None;
            return;
        };
        if !self
            .par
            .as_ref()
            .is_some_and(|p| p.is_for(grid, Moves::Four))
        {
            let options = SolveOptions {
                moves: Moves::Four,
                ..SolveOptions::default()
            };
            self.par = Some(Yardstick::by(SolverKind::Bfs, grid, options));
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
