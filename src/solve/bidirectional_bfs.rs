//! Bidirectional BFS: two breadth-first searches, one from the start and one from the goal,
//! each with its own queue, until their frontiers meet.
//!
//! Each step takes a tile from the front of the queue whose front is nearer its root and
//! labels its unlabelled neighbours with their distance in moves from that root. Whenever a
//! tile is labelled by both sides, `d_s + d_e` is a route; the best so far and its meeting
//! tile are kept. The first contact is **not** always on a shortest route, so the search
//! stops only when the two fronts' distances add up to at least the best route: any shorter
//! route would cross a tile one side has expanded and the other labelled, and all of those
//! were counted (the stopping rule of bidirectional Dijkstra, with unit weights: Pohl,
//! "Bi-directional search", Machine Intelligence 6, 1971). Then it meets and traces
//! start → meeting tile → goal: a path of fewest moves. Terrain is ignored; a diagonal
//! move (8-way) is one move, as in BFS.
//!
//! Each queue holds tiles in the order of their distance; those at the same distance leave
//! in tile order (row by row), so that runs repeat exactly. Memory: two search trees and two
//! queues.

use std::collections::VecDeque;

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::store::{Paged, Store};
use crate::solve::tiles::Tile;
use crate::solve::trace::{Progress, Trace};
use crate::solve::tree::Tree;
use crate::solve::{Pushes, SolveEvent, SolveOptions, Solver};
use crate::teach::{
    Entry, Inspection, MAX_CHOICES, Pseudocode, Question, Record, Structure, Teach,
};

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "queue_s ← [S], queue_e ← [E]",
    "best ← ∞",
    "until d_s + d_e ≥ best:",
    "  side ← nearer front first",
    "  current ← take its front",
    "  for each neighbour n:",
    "    if this side never saw n:",
    "      label n, came_from ← cur",
    "      if the other side saw n:",
    "        best ← min(best, d+d')",
    "meet at best: trace S..E",
    "a queue is empty: no path",
];

/// One side's breadth-first search: its queue (the tiles at the front's distance, then
/// those one move further, each group in tile order) and its tree (`g` in moves).
#[derive(Clone, Debug, GetSize)]
struct Side<K: Store> {
    queue: VecDeque<Tile>,
    /// Labelled one move further than the front, taken once the front's distance is done.
    next: Vec<Tile>,
    tree: Tree<K>,
}

impl<K: Store> Side<K> {
    /// The distance of the front of the queue, if any.
    fn front(&self) -> Option<u32> {
        self.queue
            .front()
            .or(self.next.first())
            .map(|&t| self.tree.g(t))
    }

    /// Take the front of the queue.
    fn take(&mut self) -> Option<Tile> {
        if self.queue.is_empty() {
            self.next.sort_unstable();
            self.queue.extend(self.next.drain(..));
        }
        self.queue.pop_front()
    }

    fn len(&self) -> usize {
        self.queue.len() + self.next.len()
    }

    /// The first `max` tiles in the order `take` gives them.
    fn upcoming(&self, max: usize) -> impl Iterator<Item = Tile> {
        let mut next = self.next.clone();
        next.sort_unstable();
        self.queue.iter().copied().chain(next).take(max)
    }
}

/// Bidirectional BFS as a step machine: one tile of one side per step.
#[derive(Clone, Debug, GetSize)]
pub struct BidirectionalBfs<K: Store = Paged> {
    from_s: Side<K>,
    from_e: Side<K>,
    /// The best route through a tile both sides labelled: `(moves, tile)`.
    best: Option<(u32, Tile)>,
    /// The tile taken last, and whether from S's side.
    current: Option<(Tile, bool)>,
    progress: Progress,
}

impl<K: Store> BidirectionalBfs<K> {
    /// A machine searching `grid` from both ends. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let side = |tree: Tree<K>| Side {
            queue: VecDeque::new(),
            next: Vec::new(),
            tree,
        };
        let s_tree = Tree::new(grid, options.moves);
        let e_tree = Tree::from_to(grid, grid.goal(), Some(grid.start()), options.moves);
        let mut me = Self {
            from_s: side(s_tree),
            from_e: side(e_tree),
            best: None,
            current: None,
            progress: Progress::Searching,
        };
        if let (Some(s), Some(e)) = (me.from_s.tree.start(), me.from_s.tree.goal()) {
            me.from_s.tree.reach_start(s);
            me.from_s.queue.push_back(s);
            me.from_e.tree.reach_start(e);
            me.from_e.queue.push_back(e);
            if s == e {
                me.best = Some((0, s));
            }
        }
        me
    }

    /// The search's step: meet, or take the nearer front and label its neighbours.
    fn search(&mut self) -> SolveEvent {
        let (Some(d_s), Some(d_e)) = (self.from_s.front(), self.from_e.front()) else {
            return self.meet();
        };
        if self.best.is_some_and(|(best, _)| d_s + d_e >= best) {
            return self.meet();
        }
        let from_s = d_s <= d_e;
        let (side, other) = if from_s {
            (&mut self.from_s, &self.from_e)
        } else {
            (&mut self.from_e, &self.from_s)
        };
        let Some(current) = side.take() else {
            return self.meet();
        };
        side.tree.close(current);
        let d = side.tree.g(current);
        let mut pushed = Pushes::default();
        for n in side.tree.neighbours(current) {
            if !side.tree.is_reached(n.tile) {
                side.tree.reach(n, d + 1);
                side.next.push(n.tile);
                side.tree.note(&mut pushed, n.tile, d + 1, 0);
                if other.tree.is_reached(n.tile) {
                    let route = d + 1 + other.tree.g(n.tile);
                    if self.best.is_none_or(|(best, _)| route < best) {
                        self.best = Some((route, n.tile));
                    }
                }
            }
        }
        self.current = Some((current, from_s));
        self.from_s.tree.expanded(current, d, 0, pushed)
    }

    /// Stop: trace the path through the best meeting tile, or say there is none.
    fn meet(&mut self) -> SolveEvent {
        self.current = None;
        let Some((_, tile)) = self.best else {
            self.progress.fail();
            return SolveEvent::NoPath;
        };
        let mut path = self.from_s.tree.path_to(tile);
        let mut back = self.from_e.tree.path_to(tile);
        back.pop();
        path.extend(back.into_iter().rev());
        self.progress = Progress::Tracing(Trace::every_tile(path));
        SolveEvent::Meet {
            tile: self.from_s.tree.pos(tile),
        }
    }
}

impl<K: Store> Solver for BidirectionalBfs<K> {
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        if self.progress.searching() {
            return Some(self.search());
        }
        let (event, added) = self.progress.step(grid)?;
        let tiles: Vec<Tile> = added
            .iter()
            .filter_map(|&p| self.from_s.tree.tile(p))
            .collect();
        for t in tiles {
            self.from_s.tree.mark_path(t);
        }
        Some(event.into())
    }
}

impl<K: Store> Teach for BidirectionalBfs<K> {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// Both fronts and the best meeting cost are set up when the machine is built.
    fn setup_lines(&self) -> &'static [usize] {
        &[0, 1]
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        match event {
            SolveEvent::Expand { .. } => &[2, 3, 4, 5, 6, 7, 8, 9],
            SolveEvent::Meet { .. } | SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[10],
            SolveEvent::NoPath => &[11],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        let side = match self.current {
            Some((_, true)) => "S's",
            _ => "E's",
        };
        match *event {
            SolveEvent::Expand {
                tile, g, pushed, ..
            } => {
                let best = self.best.map_or_else(
                    || "no meeting yet".to_owned(),
                    |(d, t)| format!("best meeting {d} moves via {}", self.from_s.tree.pos(t)),
                );
                format!(
                    "took {tile} from the front of {side} queue ({g} moves out); {} new neighbours labelled; {best}",
                    pushed.len()
                )
            }
            SolveEvent::Meet { tile } => {
                format!("the two fronts are too far out to beat the best route: meet at {tile}")
            }
            SolveEvent::Trace { tile } => format!("path: {tile}"),
            SolveEvent::Found { length, .. } => {
                format!("path found: {length} moves, the fewest there are")
            }
            SolveEvent::NoPath => "a queue ran empty before the two met: no path".to_owned(),
            _ => String::new(),
        }
    }

    fn structure_len(&self) -> usize {
        self.from_s.len() + self.from_e.len()
    }

    /// Both queues' fronts, each named by its side.
    fn structure(&self, max: usize) -> Structure {
        let half = max.div_ceil(2);
        let mut entries = Vec::with_capacity(max);
        for (side, name) in [(&self.from_s, "from S"), (&self.from_e, "from E")] {
            let mut next = side.next.clone();
            next.sort_unstable();
            for &t in side.queue.iter().chain(&next).take(half) {
                let d = side.tree.g(t);
                entries.push(Entry::new(side.tree.pos(t), format!("{name} moves {d}")));
            }
        }
        entries.truncate(max);
        Structure::new(
            "queues",
            "front first, each side",
            self.structure_len(),
            entries,
        )
    }

    fn record(&self) -> Option<&dyn Record> {
        Some(self)
    }

    fn asks(&self) -> Option<&'static str> {
        Some("which tile is taken next?")
    }

    fn question(&self) -> Option<Question> {
        let (d_s, d_e) = (self.from_s.front()?, self.from_e.front()?);
        let meets = self.best.is_some_and(|(best, _)| d_s + d_e >= best);
        if meets || !self.progress.searching() {
            return None;
        }
        let (side, other) = if d_s <= d_e {
            ((&self.from_s, "S"), (&self.from_e, "E"))
        } else {
            ((&self.from_e, "E"), (&self.from_s, "S"))
        };
        let upcoming = [side, other].into_iter().flat_map(|(side, name)| {
            side.upcoming(MAX_CHOICES).enumerate().map(move |(i, t)| {
                let d = side.tree.g(t);
                (
                    side.tree.pos(t),
                    (name, i),
                    format!("from {name} moves {d}"),
                )
            })
        });
        let rule = "bidirectional BFS takes the front of the side whose front is nearer its end (S on a tie)";
        Question::next_of(self.asks()?.to_owned(), rule.to_owned(), upcoming)
    }
}

impl<K: Store> Record for BidirectionalBfs<K> {
    /// Path, current, taken by either side, labelled by either side.
    fn mark(&self, tile: Pos) -> Mark {
        let Some(t) = self.from_s.tree.tile(tile) else {
            return Mark::None;
        };
        let (s, e) = (&self.from_s.tree, &self.from_e.tree);
        if Record::mark(s, tile) == Mark::Path {
            Mark::Path
        } else if self.current.is_some_and(|(c, _)| c == t) {
            Mark::Current
        } else if s.is_closed(t) || e.is_closed(t) {
            Mark::Closed
        } else if s.is_reached(t) || e.is_reached(t) {
            Mark::Frontier
        } else {
            Mark::None
        }
    }

    fn current(&self) -> Option<Pos> {
        self.current.map(|(t, _)| self.from_s.tree.pos(t))
    }

    fn inspect(&self, tile: Pos) -> Inspection {
        let Some(t) = self.from_s.tree.tile(tile) else {
            return Inspection::new("none");
        };
        let show = |tree: &Tree<K>| {
            if tree.is_reached(t) {
                tree.g(t).to_string()
            } else {
                "-".to_owned()
            }
        };
        Inspection::new(format!("{:?}", Record::mark(self, tile)).to_lowercase())
            .with("moves from S", show(&self.from_s.tree))
            .with("moves from E", show(&self.from_e.tree))
    }

    fn came_from(&self, tile: Pos) -> Option<Pos> {
        Record::came_from(&self.from_s.tree, tile)
            .or_else(|| Record::came_from(&self.from_e.tree, tile))
    }

    fn visited(&self) -> usize {
        self.from_s.tree.closed_count() + self.from_e.tree.closed_count()
    }

    fn path(&self) -> Option<&[Pos]> {
        self.progress.path()
    }
}

#[cfg(test)]
mod tests;
