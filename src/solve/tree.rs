//! [`Tree`]: what a graph search knows of every tile — its cost so far `g`, the tile it was
//! reached from (its *came-from* link), and whether it is unreached, in the frontier (open),
//! expanded (closed) or on the path — and the path traced back along the links.
//!
//! The came-from links form a tree rooted at the start (Amit Patel, *Introduction to A\**,
//! "Breadth First Search": `came_from`); following them from the goal gives the path
//! backwards. BFS, DFS, Dijkstra, A* and greedy best-first keep one; the bidirectional
//! searches keep two.
//!
//! Memory: one packed 4-byte node per tile of the padded grid, in the [`Store`] the
//! search was built with (a flat array headless, shared pages in the explorer; a byte a
//! tile headless for a search that keeps no `g`, and one or two for Dijkstra and A*, which
//! keep it only while a tile is open, [`crate::solve::nodes`]); on a grid
//! with terrain, a byte per tile of costs shared by every clone; once the path is traced,
//! a bit per tile for it.

use get_size2::GetSize;

use crate::maze::{Grid, Pos};
use crate::solve::nodes::TreeNodes;
pub use crate::solve::nodes::settled::Keys;
use crate::solve::store::Store;
use std::rc::Rc;

use crate::solve::tiles::{INFINITY, Layout, Neighbour, Neighbours, Status, Tile};
use crate::solve::trace::{Progress, Trace};
use crate::solve::{Heuristic, Moves, Push, Pushes, SolveEvent};
use crate::teach::Record;

/// The search tree of one search; see the module documentation. `N` is how its per-tile
/// state is kept: the store's usual nodes, or (for a search that reads no tile's `g` but
/// the one it expands) [`Store::Marks`].
#[derive(Clone, Debug, GetSize)]
pub struct Tree<K: Store, N: TreeNodes = <K as Store>::Tree> {
    layout: Layout,
    moves: Moves,
    nodes: N,
    #[get_size(ignore)]
    store: std::marker::PhantomData<K>,
    /// Terrain costs per padded tile, where the grid has any (read only, shared by clones).
    #[get_size(ignore)]
    terrain: Option<Rc<[u8]>>,
    /// The tiles on the path traced so far, a bit each (empty until tracing).
    on_path: Vec<u64>,
    /// The root, if open.
    start: Option<Tile>,
    /// The tile searched for (`None`: reach everything).
    goal: Option<Tile>,
    closed: usize,
    current: Option<Tile>,
    progress: Progress,
    /// The heuristic and its scale, for the inspector's `h` (searches that have one).
    estimate: Option<(Heuristic, u32)>,
    /// Where the store takes keys ([`Keys::Rising`]): the potential added to `g`, its scale
    /// and the goal it estimates to.
    potential: Option<(Heuristic, u32, Pos)>,
}

impl<K: Store, N: TreeNodes> Tree<K, N> {
    /// Every tile of `grid` unreached, for a search from its start to its goal with
    /// `moves`; no root if either is a wall. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, moves: Moves) -> Self {
        let goal = grid.is_open(grid.goal()).then_some(grid.goal());
        let mut tree = Self::from_to(grid, grid.start(), goal, moves);
        if goal.is_none() {
            tree.start = None;
        }
        tree
    }

    /// Every tile unreached, for a search from `from` to `goal` (`None`: everything
    /// reachable). O(tiles).
    #[must_use]
    pub fn from_to(grid: &Grid, from: Pos, goal: Option<Pos>, moves: Moves) -> Self {
        let layout = Layout::new(grid);
        let nodes = N::new(&layout, grid, moves);
        Self {
            terrain: layout.terrain(grid),
            on_path: Vec::new(),
            start: grid.is_open(from).then(|| layout.at(from)),
            goal: goal.and_then(|g| layout.index(g)),
            layout,
            moves,
            nodes,
            store: std::marker::PhantomData,
            closed: 0,
            current: None,
            progress: Progress::Searching,
            estimate: None,
            potential: None,
        }
    }

    /// The same tree, its inspector also showing `h` (and `f = g + h`) of `heuristic`
    /// scaled by `scale`.
    #[must_use]
    pub const fn with_estimate(mut self, heuristic: Heuristic, scale: u32) -> Self {
        self.estimate = Some((heuristic, scale));
        self
    }

    /// The root, if the search can begin (start, and goal if any, open).
    #[must_use]
    pub const fn start(&self) -> Option<Tile> {
        self.start
    }

    /// Whether `tile` is the goal.
    #[must_use]
    #[inline]
    pub fn is_goal(&self, tile: Tile) -> bool {
        self.goal == Some(tile)
    }

    /// The goal, if any.
    #[must_use]
    pub const fn goal(&self) -> Option<Tile> {
        self.goal
    }

    /// The open neighbours of `tile` under the search's moves, less those the search is
    /// done with (turned down by [`TreeNodes::may_enter`]: its test would fail whatever
    /// the route), left out with no branch: which neighbour a tile came from is a coin
    /// toss to the processor (BFS 0.69× the time without it, `benches/RESULTS.md`).
    #[must_use]
    #[inline]
    pub fn neighbours(&self, tile: Tile) -> Neighbours {
        let nodes = &self.nodes;
        self.layout.neighbours_where(
            |i| nodes.is_wall(i),
            |i| nodes.may_enter(i),
            self.terrain.as_deref(),
            tile,
            self.moves,
        )
    }

    /// The cost so far of `tile` ([`INFINITY`] if not reached; 0 for a reached tile of a
    /// tree that keeps no costs, [`TreeNodes::KEEPS_G`], and for a closed tile of a tree
    /// that keeps `g` only while a tile is open, [`crate::solve::nodes::Settled`]: it is
    /// settled, no route found later is cheaper).
    #[must_use]
    #[inline(always)]
    pub fn g(&self, tile: Tile) -> u32 {
        let key = self.nodes.g(tile as usize);
        if key == 0 || key == INFINITY {
            return key;
        }
        // The store's key less the potential; with no potential, the key is `g`.
        key - (self.key(tile, 0))
    }

    /// Where `tile` stands.
    #[must_use]
    #[inline]
    pub fn status(&self, tile: Tile) -> Status {
        if self.is_on_path(tile) {
            Status::Path
        } else if self.is_closed(tile) {
            Status::Closed
        } else if self.is_reached(tile) {
            Status::Open
        } else {
            Status::Unreached
        }
    }

    /// Whether `tile` has been reached (is open, closed or on the path).
    #[must_use]
    #[inline]
    pub fn is_reached(&self, tile: Tile) -> bool {
        self.nodes.is_reached(tile as usize)
    }

    /// Whether `tile` has been expanded (or is on the path, which only expanded tiles are).
    #[must_use]
    #[inline]
    pub fn is_closed(&self, tile: Tile) -> bool {
        self.nodes.is_closed(tile as usize)
    }

    /// Whether `tile` is on the path traced so far.
    fn is_on_path(&self, tile: Tile) -> bool {
        self.on_path
            .as_slice()
            .get(tile as usize / 64)
            .is_some_and(|bits| bits & (1 << (tile % 64)) != 0)
    }

    /// The root is reached, at no cost, from nowhere.
    pub fn reach_start(&mut self, start: Tile) {
        self.nodes.reach(start as usize, self.key(start, 0), 0);
    }

    /// `n` is reached from the tile whose neighbour it is, with cost so far `g`: `g[n] ← g`,
    /// `came_from[n] ← that tile`, and `n` is open.
    #[inline(always)]
    pub fn reach(&mut self, n: Neighbour, g: u32) {
        self.nodes
            .reach(n.tile as usize, self.key(n.tile, g), usize::from(n.dir));
    }

    /// [`Tree::reach`] by a search whose estimate `h` of `n` is the store's potential
    /// ([`Keys::Rising`] with A*'s heuristic and scale): the estimate is not made twice.
    #[inline(always)]
    pub fn reach_estimated(&mut self, n: Neighbour, g: u32, h: u32) {
        self.nodes
            .reach(n.tile as usize, self.key_with(g, h), usize::from(n.dir));
    }

    /// `tile` is reached with cost so far `g` from a tile that is not its neighbour (a jump
    /// point's parent): its came-from link is kept by the caller.
    pub fn reach_from_afar(&mut self, tile: Tile, g: u32) {
        self.nodes.reach(tile as usize, self.key(tile, g), 0);
    }

    /// `tile` is expanded: closed, and the tile being worked on.
    #[inline]
    pub fn close(&mut self, tile: Tile) {
        self.current = Some(tile);
        if !self.nodes.is_closed(tile as usize) {
            self.closed += 1;
            self.nodes.close(tile as usize);
        }
    }

    /// The tile `tile` was reached from (`None` for the root and unreached tiles).
    #[must_use]
    #[inline]
    pub fn parent(&self, tile: Tile) -> Option<Tile> {
        let i = tile as usize;
        (self.nodes.is_reached(i) && Some(tile) != self.start)
            .then(|| self.layout.back(tile, self.nodes.from(i)))
    }

    /// The path from the root to `tile` along the came-from links, root first. O(path).
    #[must_use]
    pub fn path_to(&self, tile: Tile) -> Vec<Pos> {
        let mut path = vec![self.layout.pos(tile)];
        let mut at = tile;
        while let Some(from) = self.parent(at) {
            path.push(self.layout.pos(from));
            at = from;
        }
        path.reverse();
        path
    }

    /// The goal was expanded: the next steps trace the path back from `goal`.
    pub fn trace_from(&mut self, goal: Tile) {
        let trace = Trace::every_tile(self.path_to(goal));
        self.progress = Progress::Tracing(if self.terrain.is_none() {
            trace.on_flat_ground()
        } else {
            trace
        });
    }

    /// The frontier ran out: there is no path. Returns [`SolveEvent::NoPath`].
    pub fn no_path(&mut self) -> SolveEvent {
        self.current = None;
        self.progress.fail();
        SolveEvent::NoPath
    }

    /// Whether the search is still going (not tracing, not done).
    #[must_use]
    #[inline]
    pub const fn searching(&self) -> bool {
        self.progress.searching()
    }

    /// The step after the search: add one tile to the path (marked as on it), or report
    /// it; `None` once done.
    #[inline]
    pub fn trace(&mut self, grid: &Grid) -> Option<SolveEvent> {
        let (event, added) = self.progress.step(grid)?;
        for &p in added {
            mark(&mut self.on_path, &self.layout, self.layout.at(p));
        }
        Some(event.into())
    }

    /// Mark `tile` as on the path (for searches that trace their path themselves).
    pub fn mark_path(&mut self, tile: Tile) {
        mark(&mut self.on_path, &self.layout, tile);
    }

    /// The terrain cost of entering `tile` (1 on a grid without terrain).
    #[must_use]
    #[inline]
    pub fn terrain(&self, tile: Tile) -> u32 {
        self.terrain
            .as_deref()
            .map_or(1, |t| u32::from(t[tile as usize]))
    }

    /// Tiles expanded so far.
    #[must_use]
    pub const fn closed_count(&self) -> usize {
        self.closed
    }

    /// The grid tile of `tile`.
    #[must_use]
    #[inline]
    pub fn pos(&self, tile: Tile) -> Pos {
        self.layout.pos(tile)
    }

    /// The tile at `pos`, if inside the grid.
    #[must_use]
    pub fn tile(&self, pos: Pos) -> Option<Tile> {
        self.layout.index(pos)
    }

    /// Note in `pushed` that `tile` was pushed with `g` and `h`, where the store records
    /// pushes (the explorer's log); headless, nothing.
    #[inline]
    pub fn note(&self, pushed: &mut Pushes, tile: Tile, g: u32, h: u32) {
        if K::RECORDS {
            pushed.push(Push {
                tile: self.pos(tile),
                g,
                h,
            });
        }
    }

    /// The event of an expansion of `tile` with `g` and `h` that pushed `pushed`.
    #[must_use]
    #[inline]
    pub fn expanded(&self, tile: Tile, g: u32, h: u32, pushed: Pushes) -> SolveEvent {
        SolveEvent::Expand {
            tile: self.pos(tile),
            g,
            h,
            // Headless `pushed` is empty ([`Tree::note`]); a fresh empty list is written
            // straight into the event, where copying the search's own stalled each step
            // (its bytes, just written, read back in wider loads; `benches/RESULTS.md`).
            pushed: if K::RECORDS {
                pushed
            } else {
                Pushes::default()
            },
        }
    }

    /// [`Tree::expanded`] with an `h` computed by `h` where the store records (the
    /// explorer shows it), 0 headless, where no one reads it.
    #[must_use]
    #[inline]
    pub fn expanded_with(
        &self,
        tile: Tile,
        g: u32,
        h: impl FnOnce() -> u32,
        pushed: Pushes,
    ) -> SolveEvent {
        self.expanded(tile, g, if K::RECORDS { h() } else { 0 }, pushed)
    }

    /// The sentence for one tile of the path traced back: where it came from.
    #[must_use]
    pub fn explain_trace(&self, tile: Pos) -> String {
        match Record::came_from(self, tile) {
            Some(from) => format!("path: {tile} came from {from}"),
            None => format!("path: {tile} is the start; the path is complete"),
        }
    }

    /// `h` of `tile` under the tree's estimate, if it has one.
    fn h(&self, tile: Pos) -> Option<u32> {
        let (heuristic, scale) = self.estimate?;
        let goal = self.layout.pos(self.goal?);
        Some(heuristic.estimate(tile, goal) * scale)
    }
}

/// Set `tile`'s bit in `on_path` (made on the first mark: a bit per tile of `layout`).
#[inline]
fn mark(on_path: &mut Vec<u64>, layout: &Layout, tile: Tile) {
    if on_path.is_empty() {
        *on_path = vec![0; layout.len().div_ceil(64)];
    }
    on_path[tile as usize / 64] |= 1 << (tile % 64);
}

/// Whether `g` is a reached cost (not [`INFINITY`]).
#[must_use]
pub const fn is_finite(g: u32) -> bool {
    g != INFINITY
}

mod keys;
mod record;
#[cfg(test)]
mod tests;
