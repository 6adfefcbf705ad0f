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
use crate::solve::store::Store;
use crate::solve::tiles::{Neighbour, Status, Tile};
use crate::solve::trace::{Progress, Trace};
use crate::solve::tree::{Tree, is_finite};
use crate::solve::{DIAGONAL, Heuristic, Pushes, STRAIGHT, SolveEvent, SolveOptions};
use crate::teach::{Entry, Inspection, Record, Structure, least};

mod question;

/// What the two searches order by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, GetSize)]
pub enum Mode {
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
struct Search<K: Store> {
    #[get_size(size_fn = heap_bytes)]
    open: BinaryHeap<Reverse<(i64, Tile)>>,
    tree: Tree<K>,
}

/// Two searches meeting in the middle.
#[derive(Clone, Debug, GetSize)]
pub struct TwoWay<K: Store> {
    start: Pos,
    goal: Pos,
    mode: Mode,
    /// Heuristic scale: the cheapest terrain cost.
    scale: u32,
    forward: Search<K>,
    backward: Search<K>,
    /// The best route through a tile both sides reached: `(cost, tile)`.
    best: Option<(u32, Tile)>,
    current: Option<(Side, Tile)>,
    progress: Progress,
}

impl<K: Store> TwoWay<K> {
    /// Two searches on `grid`, ordered as `mode` says. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions, mode: Mode) -> Self {
        let (start, goal) = (grid.start(), grid.goal());
        let forward = Tree::new(grid, options.moves);
        let mut backward = Tree::from_to(grid, goal, Some(start), options.moves);
        if forward.start().is_none() {
            backward = Tree::from_to(grid, goal, None, options.moves);
        }
        let mut two = Self {
            start,
            goal,
            mode,
            scale: grid.min_cost(),
            forward: Search {
                open: BinaryHeap::new(),
                tree: forward,
            },
            backward: Search {
                open: BinaryHeap::new(),
                tree: backward,
            },
            best: None,
            current: None,
            progress: Progress::Searching,
        };
        if let (Some(s), Some(g)) = (two.forward.tree.start(), two.forward.tree.goal()) {
            two.forward.tree.reach_start(s);
            let key = two.key(Side::Forward, 0, s);
            two.forward.open.push(Reverse((key, s)));
            two.backward.tree.reach_start(g);
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
            Mode::Cost => 0,
            Mode::Potential(h) => {
                let to_goal = h.estimate(tile, self.goal) * self.scale;
                let to_start = h.estimate(tile, self.start) * self.scale;
                i64::from(to_goal) - i64::from(to_start)
            }
        }
    }

    /// The key of `tile` reached with cost `g` on `side` (doubled units).
    fn key(&self, side: Side, g: u32, tile: Tile) -> i64 {
        let p = self.potential(self.forward.tree.pos(tile));
        2 * i64::from(g)
            + match side {
                Side::Forward => p - self.potential(self.start),
                Side::Backward => -p + self.potential(self.goal),
            }
    }

    fn side(&self, side: Side) -> &Search<K> {
        match side {
            Side::Forward => &self.forward,
            Side::Backward => &self.backward,
        }
    }

    fn side_mut(&mut self, side: Side) -> &mut Search<K> {
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
        if !self.progress.searching() {
            let (event, added) = self.progress.step(grid)?;
            for &p in added {
                if let Some(t) = self.forward.tree.tile(p) {
                    self.forward.tree.mark_path(t);
                }
            }
            return Some(event.into());
        }
        if self.can_stop() {
            return Some(self.meet());
        }
        Some(self.expand(self.next_side()))
    }

    /// The side the next pop takes: the one with the smaller least key, the forward one on
    /// a tie. Both open sets are non-empty while searching (`can_stop` holds otherwise).
    fn next_side(&self) -> Side {
        match (self.top(Side::Forward), self.top(Side::Backward)) {
            (Some(f), Some(b)) if b < f => Side::Backward,
            _ => Side::Forward,
        }
    }

    /// Stop: trace the path through the best meeting tile, or say there is none.
    fn meet(&mut self) -> SolveEvent {
        self.current = None;
        let Some((_, tile)) = self.best else {
            self.progress.fail();
            return SolveEvent::NoPath;
        };
        let mut path = self.forward.tree.path_to(tile);
        let mut back = self.backward.tree.path_to(tile);
        back.pop();
        path.extend(back.into_iter().rev());
        self.progress = Progress::Tracing(Trace::every_tile(path));
        SolveEvent::Meet {
            tile: self.forward.tree.pos(tile),
        }
    }

    fn expand(&mut self, side: Side) -> SolveEvent {
        let Some(Reverse((key, tile))) = self.side_mut(side).open.pop() else {
            return SolveEvent::NoPath;
        };
        let search = self.side(side);
        if search.tree.is_closed(tile) {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // shown only
            let priority = (key.max(0) / 2) as u32;
            let tile = search.tree.pos(tile);
            return SolveEvent::Skip { tile, priority };
        }
        let g = search.tree.g(tile);
        self.side_mut(side).tree.close(tile);
        self.current = Some((side, tile));
        let mut pushed = Pushes::default();
        for n in self.side(side).tree.neighbours(tile) {
            let new_g = g + self.cost(side, tile, n);
            if new_g < self.side(side).tree.g(n.tile) {
                self.side_mut(side).tree.reach(n, new_g);
                let key = self.key(side, new_g, n.tile);
                self.side_mut(side).open.push(Reverse((key, n.tile)));
                self.forward.tree.note(&mut pushed, n.tile, new_g, 0);
                let other = match side {
                    Side::Forward => &self.backward,
                    Side::Backward => &self.forward,
                };
                let other_g = other.tree.g(n.tile);
                if is_finite(other_g) {
                    let route = new_g + other_g;
                    if self.best.is_none_or(|(b, _)| route < b) {
                        self.best = Some((route, n.tile));
                    }
                }
            }
        }
        self.forward.tree.expanded(tile, g, 0, pushed)
    }

    /// What the move from `tile` to its neighbour `n` costs `side`. Backward, the move
    /// `n → tile` is walked: it costs entering `tile`.
    fn cost(&self, side: Side, tile: Tile, n: Neighbour) -> u32 {
        let base = if n.dir >= 4 { DIAGONAL } else { STRAIGHT };
        match side {
            Side::Forward => n.cost,
            Side::Backward => base * self.forward.tree.terrain(tile),
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
                let pos = search.tree.pos(tile);
                entries.push(Entry::new(pos, format!("{name} g={g} key={}", key / 2)));
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
}

impl<K: Store> Record for TwoWay<K> {
    /// Path, current, closed by either side, open on either side.
    fn mark(&self, tile: Pos) -> Mark {
        let Some(t) = self.forward.tree.tile(tile) else {
            return Mark::None;
        };
        if self.forward.tree.status(t) == Status::Path {
            return Mark::Path;
        }
        if self.current.is_some_and(|(_, c)| c == t) {
            return Mark::Current;
        }
        let (f, b) = (self.forward.tree.status(t), self.backward.tree.status(t));
        if matches!(f, Status::Closed) || matches!(b, Status::Closed | Status::Path) {
            Mark::Closed
        } else if f == Status::Open || b == Status::Open {
            Mark::Frontier
        } else {
            Mark::None
        }
    }

    fn current(&self) -> Option<Pos> {
        self.current.map(|(_, t)| self.forward.tree.pos(t))
    }

    /// What both searches know of `tile`.
    fn inspect(&self, tile: Pos) -> Inspection {
        let Some(t) = self.forward.tree.tile(tile) else {
            return Inspection::new("none");
        };
        let show = |g: u32| {
            if is_finite(g) {
                g.to_string()
            } else {
                "-".to_owned()
            }
        };
        Inspection::new(format!("{:?}", self.mark(tile)).to_lowercase())
            .with("g from S", show(self.forward.tree.g(t)))
            .with("g from E", show(self.backward.tree.g(t)))
    }

    /// The tile `tile` was reached from, on the forward side (else the backward side).
    fn came_from(&self, tile: Pos) -> Option<Pos> {
        Record::came_from(&self.forward.tree, tile)
            .or_else(|| Record::came_from(&self.backward.tree, tile))
    }

    /// Tiles expanded by the two sides.
    fn visited(&self) -> usize {
        self.forward.tree.closed_count() + self.backward.tree.closed_count()
    }

    fn path(&self) -> Option<&[Pos]> {
        self.progress.path()
    }
}
