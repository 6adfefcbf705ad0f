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
//! One step is one pop. Memory: a [`SearchTree`] plus the queue; O(log queue) a pop.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::run::heap_bytes;
use crate::solve::neighbours::neighbours;
use crate::solve::tree::{Progress, SearchTree};
use crate::solve::{Moves, Push, Pushes, SolveEvent, SolveOptions, Solver};
use crate::teach::{Entry, Inspection, Pseudocode, Structure, Teach, least};

/// The pseudocode the Pseudocode pane shows; [`Dijkstra::lines`] says which lines a step ran.
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
pub struct Dijkstra {
    goal: Pos,
    moves: Moves,
    /// The queue: `(g, tile)`, least `g` first (then the lowest tile, so runs repeat).
    #[get_size(size_fn = heap_bytes)]
    queue: BinaryHeap<Reverse<(u32, Pos)>>,
    tree: SearchTree,
    current: Option<Pos>,
    phase: Progress,
}

impl Dijkstra {
    /// A machine searching `grid` from its start to its goal. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let mut dijkstra = Self {
            goal: grid.goal(),
            moves: options.moves,
            queue: BinaryHeap::new(),
            tree: SearchTree::new(grid),
            current: None,
            phase: Progress::Searching,
        };
        let start = grid.start();
        if grid.is_open(start) && grid.is_open(dijkstra.goal) {
            dijkstra.tree.reach(start, 0, None);
            dijkstra.queue.push(Reverse((0, start)));
        }
        dijkstra
    }

    /// The search's step: pop the open tile of least `g` and expand it.
    fn expand(&mut self, grid: &Grid) -> SolveEvent {
        let Some(Reverse((g, current))) = self.queue.pop() else {
            self.current = None;
            self.phase.no_path();
            return SolveEvent::NoPath;
        };
        if self.tree.is_closed(current) {
            return SolveEvent::Skip {
                tile: current,
                priority: g,
            };
        }
        self.tree.close(current);
        self.current = Some(current);
        let mut pushed = Pushes::default();
        if current == self.goal {
            self.phase.trace_from(current);
        } else {
            for (n, cost) in neighbours(grid, current, self.moves) {
                let new_g = g + cost;
                if new_g < self.tree.g(n) {
                    self.tree.reach(n, new_g, Some(current));
                    self.queue.push(Reverse((new_g, n)));
                    pushed.push(Push {
                        tile: n,
                        g: new_g,
                        h: 0,
                    });
                }
            }
        }
        SolveEvent::Expand {
            tile: current,
            g,
            h: 0,
            pushed,
        }
    }
}

impl Teach for Dijkstra {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        match event {
            SolveEvent::Expand { tile, .. } if *tile == self.goal => &[2, 4, 5],
            SolveEvent::Expand { pushed, .. } if pushed.is_empty() => &[2, 4, 6, 7, 8],
            SolveEvent::Expand { .. } => &[2, 4, 6, 7, 8, 9, 10],
            SolveEvent::Skip { .. } => &[2, 3],
            SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[5],
            SolveEvent::NoPath => &[1, 11],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        match *event {
            SolveEvent::Expand { tile, g, .. } if tile == self.goal => format!(
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

    fn mark(&self, tile: Pos) -> Mark {
        self.tree.mark(tile, self.current)
    }

    fn structure_len(&self) -> usize {
        self.queue.len()
    }

    fn structure(&self, max: usize) -> Structure {
        let next = least(self.queue.iter().map(|Reverse(e)| *e), max, |e| *e);
        let entries = next
            .into_iter()
            .map(|(g, tile)| {
                let stale = if self.tree.is_closed(tile) {
                    " (stale)"
                } else {
                    ""
                };
                Entry::new(tile, format!("g={g}{stale}"))
            })
            .collect();
        Structure::new("queue", "lowest g first", self.queue.len(), entries)
    }

    fn inspect(&self, tile: Pos) -> Inspection {
        self.tree.inspect(tile, None)
    }

    fn current(&self) -> Option<Pos> {
        self.current
    }
}

impl Solver for Dijkstra {
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        match self.phase {
            Progress::Searching => Some(self.expand(grid)),
            _ => self.phase.trace(&mut self.tree, grid),
        }
    }

    fn came_from(&self, tile: Pos) -> Option<Pos> {
        self.tree.came_from(tile)
    }

    fn visited(&self) -> usize {
        self.tree.closed_count()
    }

    fn path(&self) -> Option<&[Pos]> {
        self.phase.path()
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
        let mut solver = Dijkstra::new(&grid, &SolveOptions::default());
        let solution = run_to_end(&mut solver, &grid);
        assert_eq!(solution.outcome, Outcome::Found);
        assert_eq!(solution.cost, 60);
        assert_eq!(solution.path.as_ref().map(Vec::len), Some(7));
    }

    #[test]
    fn walled_off_goal_is_no_path() {
        let grid = Grid::parse("#####\n#S#E#\n#####\n").expect("valid");
        let mut solver = Dijkstra::new(&grid, &SolveOptions::default());
        assert_eq!(run_to_end(&mut solver, &grid).outcome, Outcome::NoPath);
    }
}
