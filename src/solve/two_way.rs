//! The machinery shared by bidirectional Dijkstra and bidirectional A*: two searches, one
//! forward from the start and one backward from the goal, each with its own open set and
//! search tree, and the best meeting found so far.
//!
//! Each step pops the side whose least key is smaller. Relaxing a tile the other side has
//! reached offers a route through it, of cost `g_forward + g_backward`; the best such
//! route is kept. The search stops when the two least keys together can no longer beat it
//! (Pohl, "Bi-directional search", Machine Intelligence 6, 1971; for the A* keys, Ikeda et
//! al., "A fast algorithm for finding better routes by AI search techniques", 1994). Keys
//! are doubled costs, so that A*'s average potential `(h_goal − h_start) / 2` stays an
//! integer. The backward search walks edges in reverse: entering `v` from `u` costs what
//! the move `u → v` costs forward (its base times the terrain cost of `v`).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::run::heap_bytes;
use crate::solve::neighbours::neighbours;
use crate::solve::tree::SearchTree;
use crate::solve::{DIAGONAL, Heuristic, Moves, Push, Pushes, STRAIGHT, SolveEvent, SolveOptions};
use crate::teach::{Entry, Inspection, Structure, least};

/// What the two searches order by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, GetSize)]
pub enum Mode {
    /// Moves, terrain ignored (bidirectional BFS): every move costs its base, 10 or 14.
    Moves,
    /// Cost from the side's root, terrain included (bidirectional Dijkstra).
    Cost,
    /// Cost plus the average potential of the heuristic (bidirectional A*).
    Potential(Heuristic),
}

/// Which search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, GetSize)]
pub enum Side {
    /// From the start.
    Forward,
    /// From the goal, along edges reversed.
    Backward,
}

/// One search: its open set of `(key, tile)` (keys in doubled cost units) and its tree.
#[derive(Clone, Debug, GetSize)]
struct Search {
    #[get_size(size_fn = heap_bytes)]
    open: BinaryHeap<Reverse<(i64, Pos)>>,
    tree: SearchTree,
}

/// Where the machine is.
#[derive(Clone, Debug, GetSize)]
enum Phase {
    Searching,
    /// Adding the path's tiles, one a step: `path[next]` is the next.
    Tracing {
        path: Vec<Pos>,
        next: usize,
    },
    Done {
        path: Option<Vec<Pos>>,
    },
}

/// Two searches meeting in the middle.
#[derive(Clone, Debug, GetSize)]
pub struct TwoWay {
    start: Pos,
    goal: Pos,
    /// Grid width in tiles.
    cols: u32,
    moves: Moves,
    mode: Mode,
    /// Heuristic scale: the cheapest terrain cost.
    scale: u32,
    forward: Search,
    backward: Search,
    /// The best route through a tile both sides reached: `(cost, tile)`.
    best: Option<(u32, Pos)>,
    /// Tiles on the traced path (for the overlay), once tracing starts.
    on_path: Vec<bool>,
    current: Option<(Side, Pos)>,
    phase: Phase,
}

impl TwoWay {
    /// Two searches on `grid`, ordered as `mode` says. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions, mode: Mode) -> Self {
        let mut two = Self {
            start: grid.start(),
            goal: grid.goal(),
            cols: grid.cols(),
            moves: options.moves,
            mode,
            scale: grid.min_cost(),
            forward: Search {
                open: BinaryHeap::new(),
                tree: SearchTree::new(grid),
            },
            backward: Search {
                open: BinaryHeap::new(),
                tree: SearchTree::new(grid),
            },
            best: None,
            on_path: Vec::new(),
            current: None,
            phase: Phase::Searching,
        };
        if grid.is_open(two.start) && grid.is_open(two.goal) {
            let (s, g) = (two.start, two.goal);
            two.forward.tree.reach(s, 0, None);
            let key = two.key(Side::Forward, 0, s);
            two.forward.open.push(Reverse((key, s)));
            two.backward.tree.reach(g, 0, None);
            let key = two.key(Side::Backward, 0, g);
            two.backward.open.push(Reverse((key, g)));
            if s == g {
                two.best = Some((0, s));
            }
        }
        two
    }

    /// The potential of `tile` for the forward side, doubled: `h_goal − h_start` (0 for
    /// Dijkstra). The backward side uses its negation.
    fn potential(&self, tile: Pos) -> i64 {
        match self.mode {
            Mode::Moves | Mode::Cost => 0,
            Mode::Potential(h) => {
                let to_goal = h.estimate(tile, self.goal) * self.scale;
                let to_start = h.estimate(tile, self.start) * self.scale;
                i64::from(to_goal) - i64::from(to_start)
            }
        }
    }

    /// The key of `tile` reached with cost `g` on `side` (doubled units).
    fn key(&self, side: Side, g: u32, tile: Pos) -> i64 {
        let p = self.potential(tile);
        2 * i64::from(g)
            + match side {
                Side::Forward => p - self.potential(self.start),
                Side::Backward => -p + self.potential(self.goal),
            }
    }

    fn side(&self, side: Side) -> &Search {
        match side {
            Side::Forward => &self.forward,
            Side::Backward => &self.backward,
        }
    }

    fn side_mut(&mut self, side: Side) -> &mut Search {
        match side {
            Side::Forward => &mut self.forward,
            Side::Backward => &mut self.backward,
        }
    }

    fn top(&self, side: Side) -> Option<i64> {
        self.side(side).open.peek().map(|Reverse((k, _))| *k)
    }

    /// Whether no route through the open sets can beat the best meeting: the two least
    /// keys add up to at least its (doubled, potential-shifted) cost.
    fn can_stop(&self) -> bool {
        match (self.top(Side::Forward), self.top(Side::Backward)) {
            (Some(f), Some(b)) => self.best.is_some_and(|(best, _)| {
                let shift = self.potential(self.goal) - self.potential(self.start);
                f + b >= 2 * i64::from(best) + shift
            }),
            // A side has reached everything it can: every route through it is known.
            _ => true,
        }
    }

    /// One step of the search: pop the side with the smaller least key and expand it, or
    /// meet, or find there is no path.
    pub fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        match &mut self.phase {
            Phase::Done { .. } => return None,
            Phase::Tracing { path, next } => {
                if let Some(&tile) = path.get(*next) {
                    *next += 1;
                    let i = grid.index(tile);
                    self.on_path[i] = true;
                    return Some(SolveEvent::Trace { tile });
                }
                let path = std::mem::take(path);
                #[allow(clippy::cast_possible_truncation)] // shorter than the tile count
                let length = path.len().saturating_sub(1) as u32;
                let cost = crate::solve::path_cost(grid, &path);
                self.phase = Phase::Done { path: Some(path) };
                return Some(SolveEvent::Found { length, cost });
            }
            Phase::Searching => {}
        }
        if self.can_stop() {
            return Some(self.meet(grid));
        }
        // Both open sets are non-empty here (`can_stop` holds otherwise).
        let side = match (self.top(Side::Forward), self.top(Side::Backward)) {
            (Some(f), Some(b)) if b < f => Side::Backward,
            _ => Side::Forward,
        };
        Some(self.expand(grid, side))
    }

    /// Stop: trace the path through the best meeting tile, or say there is none.
    fn meet(&mut self, grid: &Grid) -> SolveEvent {
        self.current = None;
        let Some((_, tile)) = self.best else {
            self.phase = Phase::Done { path: None };
            return SolveEvent::NoPath;
        };
        let mut path = vec![tile];
        let mut at = tile;
        while let Some(from) = self.forward.tree.came_from(at) {
            path.push(from);
            at = from;
        }
        path.reverse();
        let mut at = tile;
        while let Some(to) = self.backward.tree.came_from(at) {
            path.push(to);
            at = to;
        }
        self.on_path = vec![false; grid.len()];
        self.phase = Phase::Tracing { path, next: 0 };
        SolveEvent::Meet { tile }
    }

    fn expand(&mut self, grid: &Grid, side: Side) -> SolveEvent {
        let Some(Reverse((key, tile))) = self.side_mut(side).open.pop() else {
            return SolveEvent::NoPath;
        };
        let search = self.side(side);
        if search.tree.is_closed(tile) {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // shown only
            let priority = (key.max(0) / 2) as u32;
            return SolveEvent::Skip { tile, priority };
        }
        let g = search.tree.g(tile);
        self.side_mut(side).tree.close(tile);
        self.current = Some((side, tile));
        let mut pushed = Pushes::default();
        for (n, forward_cost) in neighbours(grid, tile, self.moves) {
            let diagonal = n.row != tile.row && n.col != tile.col;
            let base = if diagonal { DIAGONAL } else { STRAIGHT };
            // Backward, the move n → tile is walked: it costs entering `tile`.
            let cost = match (self.mode, side) {
                (Mode::Moves, _) => base,
                (_, Side::Forward) => forward_cost,
                (_, Side::Backward) => base * grid.cost(tile).unwrap_or(1),
            };
            let new_g = g + cost;
            if new_g < self.side(side).tree.g(n) {
                self.side_mut(side).tree.reach(n, new_g, Some(tile));
                let key = self.key(side, new_g, n);
                self.side_mut(side).open.push(Reverse((key, n)));
                pushed.push(Push {
                    tile: n,
                    g: new_g,
                    h: 0,
                });
                let other = match side {
                    Side::Forward => &self.backward,
                    Side::Backward => &self.forward,
                };
                let other_g = other.tree.g(n);
                if other_g != crate::solve::tree::INFINITY {
                    let route = new_g + other_g;
                    if self.best.is_none_or(|(b, _)| route < b) {
                        self.best = Some((route, n));
                    }
                }
            }
        }
        SolveEvent::Expand {
            tile,
            g,
            h: 0,
            pushed,
        }
    }

    /// The sentence for `event` of bidirectional Dijkstra or A*, whose sides order by
    /// `key` ("g", or "key (g plus potential)").
    #[must_use]
    pub fn explain(&self, event: &SolveEvent, key: &str) -> String {
        let side = match self.last_side() {
            Some(Side::Forward) => "the search from S",
            _ => "the search from E",
        };
        match *event {
            SolveEvent::Expand {
                tile, g, pushed, ..
            } => {
                let best = self.best.map_or_else(
                    || "none yet".to_owned(),
                    |(c, t)| format!("{c} through {t}"),
                );
                let n = pushed.len();
                let s = if n == 1 { "" } else { "s" };
                format!(
                    "{side} had the lower least {key}: popped {tile} (g = {g}), relaxed {n} neighbour{s}; best meeting {best}"
                )
            }
            SolveEvent::Skip { tile, .. } => {
                format!("popped {tile}, already closed on that side: skipped")
            }
            SolveEvent::Meet { tile } => format!(
                "the two sides' least {key} add up to at least the best route: no cheaper route is left, so meet at {tile}"
            ),
            SolveEvent::Trace { tile } => format!("path: {tile}"),
            SolveEvent::Found { length, cost } => {
                format!("path found: {length} moves, cost {cost}, the cheapest")
            }
            SolveEvent::NoPath => "a side ran out before the two met: no path".to_owned(),
            _ => String::new(),
        }
    }

    /// The side that took the last step, if searching.
    #[must_use]
    pub fn last_side(&self) -> Option<Side> {
        self.current.map(|(side, _)| side)
    }

    /// The best meeting so far: `(cost, tile)`.
    #[must_use]
    pub const fn best(&self) -> Option<(u32, Pos)> {
        self.best
    }

    /// The overlay of `tile`: path, current, closed by either side, open on either side.
    #[must_use]
    pub fn mark(&self, tile: Pos) -> Mark {
        if self.on_path.get(self.forward_index(tile)).copied() == Some(true) {
            return Mark::Path;
        }
        if self.current.is_some_and(|(_, t)| t == tile) {
            return Mark::Current;
        }
        match (
            self.forward.tree.mark(tile, None),
            self.backward.tree.mark(tile, None),
        ) {
            (Mark::Closed, _) | (_, Mark::Closed) => Mark::Closed,
            (Mark::Frontier, _) | (_, Mark::Frontier) => Mark::Frontier,
            _ => Mark::None,
        }
    }

    /// Row-major index of `tile`, as the grid's.
    fn forward_index(&self, tile: Pos) -> usize {
        tile.row as usize * self.cols as usize + tile.col as usize
    }

    /// Entries in both open sets.
    #[must_use]
    pub fn open_len(&self) -> usize {
        self.forward.open.len() + self.backward.open.len()
    }

    /// Both open sets' next entries, least key first, each named by its side.
    #[must_use]
    pub fn structure(&self, max: usize) -> Structure {
        let half = max.div_ceil(2);
        let mut entries = Vec::with_capacity(max);
        for (side, name) in [(Side::Forward, "from S"), (Side::Backward, "from E")] {
            let search = self.side(side);
            for (key, tile) in least(search.open.iter().map(|Reverse(e)| *e), half, |e| *e) {
                let g = search.tree.g(tile);
                entries.push(Entry::new(tile, format!("{name} g={g} key={}", key / 2)));
            }
        }
        entries.truncate(max);
        Structure::new(
            "open sets",
            "least key first, each side",
            self.open_len(),
            entries,
        )
    }

    /// What both searches know of `tile`.
    #[must_use]
    pub fn inspect(&self, tile: Pos) -> Inspection {
        let f = self.forward.tree.g(tile);
        let b = self.backward.tree.g(tile);
        let show = |g: u32| {
            if g == crate::solve::tree::INFINITY {
                "-".to_owned()
            } else {
                g.to_string()
            }
        };
        Inspection::new(format!("{:?}", self.mark(tile)).to_lowercase())
            .with("g from S", show(f))
            .with("g from E", show(b))
    }

    /// The tile expanded last, if any.
    #[must_use]
    pub fn current(&self) -> Option<Pos> {
        self.current.map(|(_, t)| t)
    }

    /// The tile `tile` was reached from, on the forward side (else the backward side).
    #[must_use]
    pub fn came_from(&self, tile: Pos) -> Option<Pos> {
        self.forward
            .tree
            .came_from(tile)
            .or_else(|| self.backward.tree.came_from(tile))
    }

    /// Tiles expanded by the two sides.
    #[must_use]
    pub const fn visited(&self) -> usize {
        self.forward.tree.closed_count() + self.backward.tree.closed_count()
    }

    /// The path, start first, once traced.
    #[must_use]
    pub fn path(&self) -> Option<&[Pos]> {
        match &self.phase {
            Phase::Done { path } => path.as_deref(),
            _ => None,
        }
    }
}

impl crate::teach::Record for TwoWay {
    fn mark(&self, tile: Pos) -> Mark {
        TwoWay::mark(self, tile)
    }

    fn current(&self) -> Option<Pos> {
        TwoWay::current(self)
    }

    fn inspect(&self, tile: Pos) -> Inspection {
        TwoWay::inspect(self, tile)
    }

    fn came_from(&self, tile: Pos) -> Option<Pos> {
        TwoWay::came_from(self, tile)
    }

    fn visited(&self) -> usize {
        TwoWay::visited(self)
    }

    fn path(&self) -> Option<&[Pos]> {
        TwoWay::path(self)
    }
}
