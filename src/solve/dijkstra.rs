//! Dijkstra's algorithm: expand the open tile of least cost `g` from the start.
//!
//! The open set is a priority queue on `g`; the first time a tile is taken from it, no
//! cheaper route to it can exist (every other open route already costs at least as much,
//! and costs never go down), so it is closed for good. When the goal is closed, its
//! came-from links trace a cheapest path back. Terrain counts: entering a tile of cost `c`
//! costs `c` times the move (10 straight, 14 diagonal).
//!
//! Sources: E. W. Dijkstra, "A note on two problems in connexion with graphs", Numerische
//! Mathematik 1, 1959; Jamis Buck, *Mazes for Programmers*, ch. 3 (distances in a maze);
//! Amit Patel, *Introduction to A\** (Red Blob Games), the "Dijkstra's Algorithm" section.
//!
//! Like the A* here, the queue may hold a tile more than once (a cheaper route pushes it
//! again instead of lowering its entry); the later, stale entries are skipped when popped.
//! One step is one pop. Memory: a [`Tree`] (1 to 4 bytes a tile) plus the queue; O(1) a
//! push and about O(1) a pop (a bucket queue: [`Open::buckets`]).

use get_size2::GetSize;

use crate::maze::Grid;
use crate::solve::queue::{Entry, Open};
use crate::solve::store::{Paged, Store};
use crate::solve::tree::Tree;
use crate::solve::{Pushes, SolveEvent, SolveOptions, Solver};
use crate::teach::{self, Pseudocode, Question, Record, Structure, Teach};

/// The pseudocode the Pseudocode pane shows; [`Teach::lines`] says which lines a step ran.
pub const PSEUDOCODE: Pseudocode = &[
    "queue ← {start}, g[start] ← 0",
    "while queue is not empty:",
    "  current ← pop lowest g",
    "  if current closed: skip it",
    "  close current",
    "  if current = goal: trace back",
    "  for each neighbour n:",
    "    g' ← g[current] + cost(n)",
    "    if g' < g[n]: g[n] ← g'",
    "      came_from[n] ← current",
    "      push n with priority g'",
    "queue is empty: no path",
];

/// Dijkstra as a step machine: one pop of the queue per step, then one step per path tile.
#[derive(Clone, Debug, GetSize)]
pub struct Dijkstra<K: Store = Paged> {
    /// The queue, least `g` first (then the lowest tile, so runs repeat). Path costs are
    /// small integers, so it is a bucket queue ([`Open::buckets`]).
    queue: Open,
    /// `g` and came-from links (headless, `g` only while a tile is open: a closed tile is
    /// settled, [`Store::Settled`]).
    tree: Tree<K, K::Settled>,
}

impl<K: Store> Dijkstra<K> {
    /// A machine searching `grid` from its start to its goal. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let mut dijkstra = Self {
            queue: Open::buckets(),
            tree: Tree::new(grid, options.moves),
        };
        if let Some(start) = dijkstra.tree.start() {
            dijkstra.tree.reach_start(start);
            dijkstra.push(start, 0);
        }
        dijkstra
    }

    #[inline]
    fn push(&mut self, tile: u32, g: u32) {
        let entry = Entry {
            key: g,
            tie: 0,
            tile,
            g,
        };
        self.queue.push(entry);
    }

    /// The search's step: pop the open tile of least `g` and expand it.
    #[inline(always)]
    fn expand(&mut self) -> SolveEvent {
        let Some(Entry {
            tile: current, g, ..
        }) = self.queue.pop()
        else {
            return self.tree.no_path();
        };
        if self.tree.is_closed(current) {
            let tile = self.tree.pos(current);
            return SolveEvent::Skip { tile, priority: g };
        }
        self.tree.close(current);
        let mut pushed = Pushes::default();
        if self.tree.is_goal(current) {
            self.tree.trace_from(current);
        } else {
            for n in self.tree.neighbours(current) {
                let new_g = g + n.cost;
                if new_g < self.tree.g(n.tile) {
                    self.tree.reach(n, new_g);
                    self.push(n.tile, new_g);
                    self.tree.note(&mut pushed, n.tile, new_g, 0);
                }
            }
        }
        self.tree.expanded(current, g, 0, pushed)
    }
}

impl<K: Store> Solver for Dijkstra<K> {
    #[inline(always)]
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        if self.tree.searching() {
            Some(self.expand())
        } else {
            self.tree.trace(grid)
        }
    }
}

impl<K: Store> Teach for Dijkstra<K> {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        let goal = |tile| self.tree.tile(tile).is_some_and(|t| self.tree.is_goal(t));
        match event {
            SolveEvent::Expand { tile, .. } if goal(*tile) => &[2, 4, 5],
            SolveEvent::Expand { pushed, .. } if pushed.is_empty() => &[2, 4, 6, 7, 8],
            SolveEvent::Expand { .. } => &[2, 4, 6, 7, 8, 9, 10],
            SolveEvent::Skip { .. } => &[2, 3],
            SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[5],
            SolveEvent::NoPath => &[1, 11],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        let goal = |tile| self.tree.tile(tile).is_some_and(|t| self.tree.is_goal(t));
        match *event {
            SolveEvent::Expand { tile, g, .. } if goal(tile) => format!(
                "popped the goal {tile} with g = {g}: every open route costs at least as much, so trace the path back"
            ),
            SolveEvent::Expand {
                tile, g, pushed, ..
            } => {
                let n = pushed.len();
                let s = if n == 1 { "" } else { "s" };
                format!(
                    "popped {tile}: lowest cost so far, g = {g}, in the queue; closed it and pushed {n} neighbour{s} with a cheaper route"
                )
            }
            SolveEvent::Skip { tile, priority } => format!(
                "popped {tile} (g = {priority}) but it is already closed by a cheaper route: a stale entry, skipped"
            ),
            SolveEvent::Trace { tile } => self.tree.explain_trace(tile),
            SolveEvent::Found { length, cost } => {
                format!("path found: {length} moves, cost {cost}, the cheapest there is")
            }
            SolveEvent::NoPath => {
                "the queue is empty: every reachable tile is closed and the goal is not among them"
                    .to_owned()
            }
            _ => String::new(),
        }
    }

    fn structure_len(&self) -> usize {
        self.queue.len()
    }

    fn structure(&self, max: usize) -> Structure {
        let entries = self
            .queue
            .least(max)
            .into_iter()
            .map(|e| {
                let stale = if self.tree.is_closed(e.tile) {
                    " (stale)"
                } else {
                    ""
                };
                teach::Entry::new(self.tree.pos(e.tile), format!("g={}{stale}", e.g))
            })
            .collect();
        Structure::new("queue", "lowest g first", self.queue.len(), entries)
    }

    fn record(&self) -> Option<&dyn Record> {
        Some(&self.tree)
    }

    fn asks(&self) -> Option<&'static str> {
        Some("which tile does Dijkstra pop next?")
    }

    fn question(&self) -> Option<Question> {
        let rule = "Dijkstra pops the lowest g, the cost from the start".to_owned();
        let show = |e: &Entry| (self.tree.pos(e.tile), format!("g={}", e.g));
        let queue = self.tree.searching().then_some(&self.queue)?;
        queue.question(self.asks()?, rule, |t| !self.tree.is_closed(t), show)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Outcome, run_to_end};

    #[test]
    fn terrain_makes_it_go_round() {
        // Straight through the 9 costs 90 + 10; round the bottom, six moves cost 60.
        let grid = Grid::parse("#####\n#S9E#\n# # #\n#   #\n#####\n").expect("valid");
        let mut solver = Dijkstra::<Paged>::new(&grid, &SolveOptions::default());
        let solution = run_to_end(&mut solver, &grid);
        assert_eq!(solution.outcome, Outcome::Found);
        assert_eq!(solution.cost, 60);
        assert_eq!(solution.path.as_ref().map(Vec::len), Some(7));
    }

    #[test]
    fn walled_off_goal_is_no_path() {
        let grid = Grid::parse("#####\n#S#E#\n#####\n").expect("valid");
        let mut solver = Dijkstra::<Paged>::new(&grid, &SolveOptions::default());
        assert_eq!(run_to_end(&mut solver, &grid).outcome, Outcome::NoPath);
    }
}
