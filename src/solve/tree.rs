//! [`SearchTree`]: what a graph search knows of every tile — its cost so far `g`, the tile
//! it was reached from (its *came-from* link), and whether it is unreached, in the
//! frontier (open), expanded (closed) or on the path — and [`TraceBack`], which follows the
//! came-from links from the goal back to the start, one tile per step.
//!
//! The came-from links form a tree rooted at the start (Amit Patel, *Introduction to A\**,
//! "Breadth First Search": `came_from`); following them from the goal gives the path
//! backwards.
//!
//! Memory: 9 bytes per tile (`g`, the came-from tile's index, the status), kept in
//! [`CowVec`] pages that checkpoints share until the search writes them, so that many
//! checkpoints of a large search fit in a run's history budget.

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::run::CowVec;
use crate::solve::SolveEvent;
use crate::teach::Inspection;

/// `g` of a tile not reached yet: infinitely far.
pub const INFINITY: u32 = u32::MAX;

/// The came-from index of a tile with none (the start, or not reached).
const NO_TILE: u32 = u32::MAX;

/// Side of the square blocks of tiles stored together (64×64 = one [`CowVec`] page).
const BLOCK: u32 = 64;

/// Where a tile stands in the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, GetSize)]
pub enum Status {
    /// Not reached yet.
    #[default]
    Unreached,
    /// Reached, waiting in the frontier (the open set).
    Open,
    /// Expanded: taken from the frontier, its neighbours looked at (the closed set).
    Closed,
    /// On the path traced back from the goal.
    Path,
}

/// Per-tile `g`, came-from link and [`Status`] of one search, row-major like the grid.
#[derive(Clone, Debug, GetSize)]
pub struct SearchTree {
    cols: u32,
    g: CowVec<u32>,
    came_from: CowVec<u32>,
    status: CowVec<Status>,
    closed: usize,
}

impl SearchTree {
    /// Every tile of `grid` unreached. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid) -> Self {
        Self {
            cols: grid.cols(),
            g: CowVec::from_elem(INFINITY, Self::slots(grid.rows(), grid.cols())),
            came_from: CowVec::from_elem(NO_TILE, Self::slots(grid.rows(), grid.cols())),
            status: CowVec::from_elem(Status::Unreached, Self::slots(grid.rows(), grid.cols())),
            closed: 0,
        }
    }

    /// Where `tile`'s values are kept: tiles are stored in square blocks of
    /// [`BLOCK`]×[`BLOCK`], block after block, so that a search working in one part of the
    /// maze writes few [`CowVec`] pages, and a checkpoint of it shares the rest.
    #[inline]
    fn index(&self, tile: Pos) -> usize {
        let blocks_per_row = self.cols.div_ceil(BLOCK) as usize;
        let block = (tile.row / BLOCK) as usize * blocks_per_row + (tile.col / BLOCK) as usize;
        block * (BLOCK * BLOCK) as usize + ((tile.row % BLOCK) * BLOCK + tile.col % BLOCK) as usize
    }

    /// The tile kept at `index` (the inverse of [`SearchTree::index`]).
    fn pos(&self, index: u32) -> Pos {
        let blocks_per_row = self.cols.div_ceil(BLOCK);
        let (block, within) = (index / (BLOCK * BLOCK), index % (BLOCK * BLOCK));
        Pos::new(
            (block / blocks_per_row) * BLOCK + within / BLOCK,
            (block % blocks_per_row) * BLOCK + within % BLOCK,
        )
    }

    /// Slots needed for a `rows × cols` grid in whole blocks.
    fn slots(rows: u32, cols: u32) -> usize {
        (rows.div_ceil(BLOCK) as usize) * (cols.div_ceil(BLOCK) as usize) * (BLOCK * BLOCK) as usize
    }

    /// The cost so far of `tile` ([`INFINITY`] if not reached).
    #[must_use]
    #[inline]
    pub fn g(&self, tile: Pos) -> u32 {
        self.g[self.index(tile)]
    }

    /// The tile `tile` was reached from (`None` for the start and unreached tiles).
    #[must_use]
    #[inline]
    pub fn came_from(&self, tile: Pos) -> Option<Pos> {
        let from = *self.came_from.get(self.index(tile))?;
        (from != NO_TILE).then(|| self.pos(from))
    }

    /// Where `tile` stands.
    #[must_use]
    #[inline]
    pub fn status(&self, tile: Pos) -> Status {
        self.status[self.index(tile)]
    }

    /// Whether `tile` has been expanded (or is on the path, which only expanded tiles are).
    #[must_use]
    #[inline]
    pub fn is_closed(&self, tile: Pos) -> bool {
        matches!(self.status(tile), Status::Closed | Status::Path)
    }

    /// Record that `tile` was reached from `from` with cost `g` and is now in the frontier.
    #[allow(clippy::cast_possible_truncation)] // tile indices fit u32: grids are bounded
    #[inline]
    pub fn reach(&mut self, tile: Pos, g: u32, from: Option<Pos>) {
        let i = self.index(tile);
        self.g[i] = g;
        self.came_from[i] = from.map_or(NO_TILE, |f| self.index(f) as u32);
        self.status[i] = Status::Open;
    }

    /// Record that `tile` was expanded.
    #[inline]
    pub fn close(&mut self, tile: Pos) {
        let i = self.index(tile);
        if !matches!(self.status[i], Status::Closed | Status::Path) {
            self.closed += 1;
        }
        self.status[i] = Status::Closed;
    }

    /// Tiles expanded so far.
    #[must_use]
    pub const fn closed_count(&self) -> usize {
        self.closed
    }

    /// The overlay of `tile`: path, current, closed, frontier or nothing.
    #[must_use]
    #[inline]
    pub fn mark(&self, tile: Pos, current: Option<Pos>) -> Mark {
        let Some(&status) = self.status.get(self.index(tile)) else {
            return Mark::None;
        };
        match status {
            Status::Path => Mark::Path,
            _ if current == Some(tile) => Mark::Current,
            Status::Closed => Mark::Closed,
            Status::Open => Mark::Frontier,
            Status::Unreached => Mark::None,
        }
    }

    /// The sentence for one tile of the path traced back: where it came from.
    #[must_use]
    pub fn explain_trace(&self, tile: Pos) -> String {
        match self.came_from(tile) {
            Some(from) => format!("path: {tile} came from {from}"),
            None => format!("path: {tile} is the start; the path is complete"),
        }
    }

    /// What the tree knows of `tile`, with `h` (the heuristic, where the search has one)
    /// added to the fields.
    #[must_use]
    pub fn inspect(&self, tile: Pos, h: Option<u32>) -> Inspection {
        let status = match self.status(tile) {
            Status::Unreached => return Inspection::new("not reached"),
            Status::Open => "in the frontier (open)",
            Status::Closed => "expanded (closed)",
            Status::Path => "on the path",
        };
        let g = self.g(tile);
        let mut inspection = Inspection::new(status).with("g", g);
        if let Some(h) = h {
            inspection = inspection.with("h", h).with("f", g.saturating_add(h));
        }
        match self.came_from(tile) {
            Some(from) => inspection.with("came from", from),
            None => inspection.with("came from", "- (the start)"),
        }
    }
}

/// Follows the came-from links from the goal to the start, one tile per step, marking each
/// tile as on the path.
#[derive(Clone, Debug, Default, GetSize)]
pub struct TraceBack {
    /// The next tile to add (`None` once the start has been added).
    next: Option<Pos>,
    /// The tiles added so far, goal first.
    back: Vec<Pos>,
    /// The whole path, start first, once traced.
    path: Option<Vec<Pos>>,
}

impl TraceBack {
    /// A trace that will start at `goal`.
    #[must_use]
    pub fn from(goal: Pos) -> Self {
        Self {
            next: Some(goal),
            back: Vec::new(),
            path: None,
        }
    }

    /// One step: add the next tile to the path ([`SolveEvent::Trace`]), or, once the start
    /// has been added, finish ([`SolveEvent::Found`] with the path's moves and cost on
    /// `grid`).
    pub fn step(&mut self, tree: &mut SearchTree, grid: &Grid) -> SolveEvent {
        if let Some(tile) = self.next {
            let i = tree.index(tile);
            tree.status[i] = Status::Path;
            self.back.push(tile);
            self.next = tree.came_from(tile);
            return SolveEvent::Trace { tile };
        }
        let mut path = std::mem::take(&mut self.back);
        path.reverse();
        #[allow(clippy::cast_possible_truncation)] // a path is shorter than the tile count
        let length = path.len().saturating_sub(1) as u32;
        let cost = crate::solve::path_cost(grid, &path);
        self.path = Some(path);
        SolveEvent::Found { length, cost }
    }

    /// The path, start first, once the trace has finished.
    #[must_use]
    pub fn path(&self) -> Option<&[Pos]> {
        self.path.as_deref()
    }

    /// Whether every tile of the path has been added (the next step finishes).
    #[must_use]
    pub const fn at_start(&self) -> bool {
        self.next.is_none()
    }
}

/// Where a search on a [`SearchTree`] is in its life: searching, tracing the path back one
/// tile per step, or done (found, or no path).
#[derive(Clone, Debug, Default, GetSize)]
pub enum Progress {
    /// Taking tiles from the frontier.
    #[default]
    Searching,
    /// The goal was expanded: tracing the path back.
    Tracing(TraceBack),
    /// Found or no path: nothing more to do.
    Done(TraceBack),
}

impl Progress {
    /// The goal was expanded: trace back from it.
    pub fn trace_from(&mut self, goal: Pos) {
        *self = Progress::Tracing(TraceBack::from(goal));
    }

    /// The frontier ran out: there is no path.
    pub fn no_path(&mut self) {
        *self = Progress::Done(TraceBack::default());
    }

    /// The step after the search: add one path tile (or finish), `None` once done.
    pub fn trace(&mut self, tree: &mut SearchTree, grid: &Grid) -> Option<SolveEvent> {
        match self {
            Progress::Tracing(trace) => {
                let event = trace.step(tree, grid);
                if matches!(event, SolveEvent::Found { .. }) {
                    *self = Progress::Done(std::mem::take(trace));
                }
                Some(event)
            }
            Progress::Searching | Progress::Done(_) => None,
        }
    }

    /// The path, start first, once traced.
    #[must_use]
    pub fn path(&self) -> Option<&[Pos]> {
        match self {
            Progress::Done(trace) => trace.path(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracing_follows_came_from_links_one_tile_per_step() {
        let grid = Grid::parse("S 2\n##E\n").expect("valid");
        let mut tree = SearchTree::new(&grid);
        let (s, a, b, e) = (
            Pos::new(0, 0),
            Pos::new(0, 1),
            Pos::new(0, 2),
            Pos::new(1, 2),
        );
        tree.reach(s, 0, None);
        tree.reach(a, 10, Some(s));
        tree.reach(b, 30, Some(a));
        tree.reach(e, 40, Some(b));
        assert_eq!(tree.came_from(e), Some(b));
        assert_eq!(tree.came_from(s), None);
        let mut trace = TraceBack::from(e);
        for tile in [e, b, a, s] {
            assert_eq!(trace.step(&mut tree, &grid), SolveEvent::Trace { tile });
            assert_eq!(tree.status(tile), Status::Path);
        }
        assert!(trace.at_start());
        // Cost: into (0,1) 10, into the `2` 20, into E 10.
        assert_eq!(
            trace.step(&mut tree, &grid),
            SolveEvent::Found {
                length: 3,
                cost: 40
            }
        );
        assert_eq!(trace.path(), Some(&[s, a, b, e][..]));
    }
}
