//! [`Pilot`]: who walks for the player, one tile a tick.
//!
//! Two texts describe it. The Prim maze game's `AIEscape` hands the walk to an AI that
//! goes from where the player stands to the exit, one move every `AI_MOVE_SECOND` (125 ms).
//! The Board/Player course gives the player an `Update(deltaTick)` that moves it along a
//! route found by path-finding: time adds up frame by frame, and each full interval moves
//! the player one tile. Here the route is a solver's path: searched from the player's tile
//! in slices between frames (the AI), or a path a solver has already traced (the walker).
//! [`Pace`] is the interval.

use std::sync::Arc;
use std::time::Duration;

use super::cheapest::{Cheapest, Yardstick};
use crate::maze::{Grid, Pos};
use crate::solve::{Moves, SolveOptions, SolverKind};

/// Walking speeds in tiles per second, each twice the one before.
pub const PACES: [u32; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// The speed a walk starts at: 8 tiles a second, one every 125 ms, the Prim game's
/// `AI_MOVE_SECOND`.
const DEFAULT_PACE: usize = 3;

/// The most tiles one tick moves: a frame that comes late does not send the walker
/// across the maze at once.
const MOST_PER_TICK: u32 = 16;

/// How fast the pilot walks, and the time owed towards its next tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    /// Index into [`PACES`].
    index: usize,
    /// Time since the last tile, not yet paid out in tiles.
    owed: Duration,
}

impl Default for Pace {
    fn default() -> Self {
        Self {
            index: DEFAULT_PACE,
            owed: Duration::ZERO,
        }
    }
}

impl Pace {
    /// Tiles a second.
    #[must_use]
    pub const fn per_second(self) -> u32 {
        PACES[self.index]
    }

    /// Faster by `by` steps of [`PACES`] (capped at the top).
    pub fn faster(&mut self, by: usize) {
        self.index = self.index.saturating_add(by).min(PACES.len() - 1);
    }

    /// Slower by `by` steps of [`PACES`] (down to 1 tile a second).
    pub fn slower(&mut self, by: usize) {
        self.index = self.index.saturating_sub(by);
    }

    /// The speed in words: `8 tiles/s (125 ms a tile)`.
    #[must_use]
    pub fn label(self) -> String {
        let n = self.per_second();
        let tiles = if n == 1 { "tile" } else { "tiles" };
        format!("{n} {tiles}/s ({} ms a tile)", 1000 / n)
    }

    /// `Update(deltaTick)`: add `dt` to the time owed and take out the whole tiles it pays
    /// for (at most [`MOST_PER_TICK`]; what is owed beyond that is dropped).
    pub fn due(&mut self, dt: Duration) -> u32 {
        let interval = Duration::from_secs(1) / self.per_second();
        self.owed = self.owed.saturating_add(dt);
        let tiles = u32::try_from(self.owed.as_nanos() / interval.as_nanos()).unwrap_or(u32::MAX);
        if tiles >= MOST_PER_TICK {
            self.owed = Duration::ZERO;
            return MOST_PER_TICK;
        }
        self.owed -= interval * tiles;
        tiles
    }

    /// Start counting afresh (a new route, or the walk handed over).
    pub fn restart(&mut self) {
        self.owed = Duration::ZERO;
    }
}

/// The pilot's route: being searched, or being walked.
#[derive(Clone, Debug)]
pub enum Route {
    /// A solver searching from the tile the pilot starts on to E, in slices.
    Searching(Yardstick),
    /// The path, walked up to index `at` (the tile the pilot stands on).
    Walking {
        /// The tiles, the pilot's first tile first, E last.
        path: Cheapest,
        /// Index into the path of the tile the pilot stands on.
        at: usize,
    },
}

/// What a slice of the route search came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Still searching (or already walking).
    Pending,
    /// A route was found: walking it from the next tick.
    Found,
    /// The solver found no route it could walk; A* searches instead.
    Fallback,
    /// Not even A* found a route: E cannot be reached from the pilot's tile.
    NoRoute,
}

/// Who walks for the player: a solver's route and how far along it.
#[derive(Clone, Debug)]
pub struct Pilot {
    /// The solver whose route it walks.
    pub kind: SolverKind,
    /// The solver asked first, when it found no route and A* stands in for it.
    pub instead_of: Option<SolverKind>,
    /// Found by the AI from the player's tile (`false`: a walker on a traced path).
    pub escape: bool,
    /// The route.
    pub route: Route,
    /// The search settings (A* standing in searches with them too).
    options: SolveOptions,
}

impl Pilot {
    /// The AI escape: `kind` searches `grid`, whose start is the player's tile, to E.
    #[must_use]
    pub fn escape(kind: SolverKind, grid: &Arc<Grid>, options: SolveOptions) -> Self {
        Self {
            kind,
            instead_of: None,
            escape: true,
            route: Route::Searching(Yardstick::by(kind, grid, options)),
            options,
        }
    }

    /// A walker along `path`, the path `kind` traced on `grid` (start first).
    #[must_use]
    pub fn follow(kind: SolverKind, grid: &Grid, path: Vec<Pos>, options: SolveOptions) -> Self {
        Self {
            kind,
            instead_of: None,
            escape: false,
            route: Route::Walking {
                path: Cheapest::of(grid, path),
                at: 0,
            },
            options,
        }
    }

    /// Search on until the route is found or `out_of_time()`; a solver that finds no
    /// route the walk's moves can follow hands over to A* (a solver that gives up, a path
    /// with a move the walk does not make).
    pub fn search(&mut self, out_of_time: impl FnMut() -> bool) -> Search {
        let Route::Searching(search) = &mut self.route else {
            return Search::Pending;
        };
        if search.advance(out_of_time) {
            return Search::Pending;
        }
        let grid = Arc::clone(search.grid());
        match search.best().flatten() {
            Some(found) if walkable(&grid, &found.path, self.options.moves) => {
                self.route = Route::Walking {
                    path: found.clone(),
                    at: 0,
                };
                Search::Found
            }
            _ if self.kind != SolverKind::Astar => {
                self.instead_of = Some(self.kind);
                self.kind = SolverKind::Astar;
                self.route =
                    Route::Searching(Yardstick::by(SolverKind::Astar, &grid, self.options));
                Search::Fallback
            }
            _ => Search::NoRoute,
        }
    }

    /// Whether the route is still being searched.
    #[must_use]
    pub const fn searching(&self) -> bool {
        matches!(self.route, Route::Searching(_))
    }

    /// The next tile of the route, while walking and short of its end.
    #[must_use]
    pub fn next(&self) -> Option<Pos> {
        match &self.route {
            Route::Walking { path, at } => path.path.get(at + 1).copied(),
            Route::Searching(_) => None,
        }
    }

    /// One tile further along the route.
    pub fn advance(&mut self) {
        if let Route::Walking { at, .. } = &mut self.route {
            *at += 1;
        }
    }

    /// Whether the tile at row-major index `i` is on the route (walked or ahead).
    #[must_use]
    pub fn on_route(&self, i: usize) -> bool {
        match &self.route {
            Route::Walking { path, .. } => path.on_path.get(i).copied().unwrap_or(false),
            Route::Searching(_) => false,
        }
    }

    /// Moves on the route, once found.
    #[must_use]
    pub fn length(&self) -> Option<usize> {
        match &self.route {
            Route::Walking { path, .. } => Some(path.path.len().saturating_sub(1)),
            Route::Searching(_) => None,
        }
    }

    /// Whose route, in words: `A*'s route`, or `A*'s route (DFS found none)`; a walker
    /// walks a solver's `path`.
    #[must_use]
    pub fn whose(&self) -> String {
        let way = if self.escape { "route" } else { "path" };
        match self.instead_of {
            Some(asked) => format!(
                "{}'s {way} ({} found none)",
                self.kind.title(),
                asked.title()
            ),
            None => format!("{}'s {way}", self.kind.title()),
        }
    }
}

/// Whether `path` can be walked on `grid` with `moves`: every move is to an adjacent open
/// tile (diagonal ones only with 8-way moves). O(path).
#[must_use]
pub fn walkable(grid: &Grid, path: &[Pos], moves: Moves) -> bool {
    let diagonal = matches!(moves, Moves::Eight(_));
    path.iter().all(|&p| grid.is_open(p))
        && path.windows(2).all(|w| {
            let (dr, dc) = (w[0].row.abs_diff(w[1].row), w[0].col.abs_diff(w[1].col));
            match (dr, dc) {
                (1, 0) | (0, 1) => true,
                (1, 1) => diagonal,
                _ => false,
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pace_pays_out_whole_tiles_and_carries_the_rest() {
        let mut pace = Pace::default();
        assert_eq!(pace.per_second(), 8, "the Prim game's 125 ms");
        let frame = Duration::from_millis(50);
        let tiles: Vec<u32> = (0..10).map(|_| pace.due(frame)).collect();
        // 50 ms frames: a tile at 150 ms (125 owed), 250, 400, 500.
        assert_eq!(tiles, [0, 0, 1, 0, 1, 0, 0, 1, 0, 1]);
        pace.faster(1);
        assert_eq!(pace.due(Duration::from_millis(125)), 2);
        assert_eq!(pace.due(Duration::from_secs(60)), MOST_PER_TICK);
        pace.slower(100);
        assert_eq!(pace.label(), "1 tile/s (1000 ms a tile)");
    }

    #[test]
    fn a_route_is_walkable_only_through_adjacent_open_tiles() {
        let grid = Grid::parse("#####\n#S  #\n# #E#\n#####\n").expect("valid");
        let p = |r, c| Pos::new(r, c);
        let four = Moves::Four;
        let eight = Moves::Eight(crate::solve::Corners::default());
        assert!(walkable(&grid, &[p(1, 1), p(1, 2), p(1, 3), p(2, 3)], four));
        assert!(
            !walkable(&grid, &[p(1, 1), p(1, 3), p(2, 3)], four),
            "a jump"
        );
        assert!(!walkable(&grid, &[p(1, 2), p(2, 3)], four), "a diagonal");
        assert!(walkable(&grid, &[p(1, 2), p(2, 3)], eight));
        assert!(!walkable(&grid, &[p(1, 2), p(2, 2)], four), "into a wall");
    }
}
