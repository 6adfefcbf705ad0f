//! Breadth-first search: a first-in, first-out queue of tiles, each queued at most once.
//!
//! The queue holds the frontier in the order it was discovered, so tiles leave it in order
//! of their number of moves from the start, and the first time the goal is taken from it,
//! its came-from links trace a path of fewest moves back to the start. BFS counts moves,
//! not terrain: on weighted ground its path is the shortest, not always the cheapest.
//!
//! Sources: E. F. Moore, "The shortest path through a maze", Proc. Int. Symp. on the
//! Theory of Switching, 1959; Amit Patel, *Introduction to A\** (Red Blob Games),
//! "Breadth First Search"; Jamis Buck, *Mazes for Programmers*, ch. 3.
//!
//! One step is one tile taken from the queue, with its neighbours queued. Memory: a
//! [`SearchTree`] plus the queue (the wavefront). O(1) a step.

use std::collections::VecDeque;

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::neighbours::neighbours;
use crate::solve::tree::{Progress, SearchTree, Status};
use crate::solve::{Moves, Push, Pushes, SolveEvent, SolveOptions, Solver};
use crate::teach::{Entry, Inspection, Pseudocode, Structure, Teach};

/// The pseudocode the Pseudocode pane shows; [`Bfs::lines`] says which lines a step ran.
pub const PSEUDOCODE: Pseudocode = &[
    "queue ← [start]; mark start",
    "while queue is not empty:",
    "  current ← take from front",
    "  if current = goal: trace back",
    "  for each neighbour n:",
    "    if n is not marked:",
    "      mark n",
    "      came_from[n] ← current",
    "      add n to the back",
    "queue is empty: no path",
];

/// BFS as a step machine: one tile taken from the queue per step, then one per path tile.
#[derive(Clone, Debug, GetSize)]
pub struct Bfs {
    goal: Pos,
    moves: Moves,
    /// The frontier, oldest first.
    queue: VecDeque<Pos>,
    /// `g` is the number of moves from the start.
    tree: SearchTree,
    current: Option<Pos>,
    phase: Progress,
}

impl Bfs {
    /// A machine searching `grid` from its start to its goal. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let mut bfs = Self {
            goal: grid.goal(),
            moves: options.moves,
            queue: VecDeque::new(),
            tree: SearchTree::new(grid),
            current: None,
            phase: Progress::Searching,
        };
        let start = grid.start();
        if grid.is_open(start) && grid.is_open(bfs.goal) {
            bfs.tree.reach(start, 0, None);
            bfs.queue.push_back(start);
        }
        bfs
    }

    /// The search's step: take the oldest tile of the queue and queue its new neighbours.
    fn expand(&mut self, grid: &Grid) -> SolveEvent {
        let Some(current) = self.queue.pop_front() else {
            self.current = None;
            self.phase.no_path();
            return SolveEvent::NoPath;
        };
        self.tree.close(current);
        self.current = Some(current);
        let moves = self.tree.g(current);
        let mut pushed = Pushes::default();
        if current == self.goal {
            self.phase.trace_from(current);
        } else {
            for (n, _) in neighbours(grid, current, self.moves) {
                if self.tree.status(n) == Status::Unreached {
                    self.tree.reach(n, moves + 1, Some(current));
                    self.queue.push_back(n);
                    pushed.push(Push {
                        tile: n,
                        g: moves + 1,
                        h: 0,
                    });
                }
            }
        }
        SolveEvent::Expand {
            tile: current,
            g: moves,
            h: 0,
            pushed,
        }
    }
}

impl Teach for Bfs {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        match event {
            SolveEvent::Expand { tile, .. } if *tile == self.goal => &[2, 3],
            SolveEvent::Expand { pushed, .. } if pushed.is_empty() => &[2, 4, 5],
            SolveEvent::Expand { .. } => &[2, 4, 5, 6, 7, 8],
            SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[3],
            SolveEvent::NoPath => &[1, 9],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        match *event {
            SolveEvent::Expand { tile, g, .. } if tile == self.goal => format!(
                "took the goal {tile} from the front of the queue, {g} moves from the start: trace the path back"
            ),
            SolveEvent::Expand {
                tile, g, pushed, ..
            } => {
                let n = pushed.len();
                let s = if n == 1 { "" } else { "s" };
                format!(
                    "took {tile} from the front of the queue, {g} moves from S; {n} new neighbour{s} queued at the back"
                )
            }
            SolveEvent::Trace { tile } => self.tree.explain_trace(tile),
            SolveEvent::Found { length, cost } => format!(
                "path found: {length} moves, the fewest there are (cost {cost}: BFS does not weigh terrain)"
            ),
            SolveEvent::NoPath => {
                "the queue is empty: every reachable tile was taken and the goal is not among them"
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
        let entries = self
            .queue
            .iter()
            .take(max)
            .map(|&tile| Entry::new(tile, format!("moves {}", self.tree.g(tile))))
            .collect();
        Structure::new("queue", "front first", self.queue.len(), entries)
    }

    fn inspect(&self, tile: Pos) -> Inspection {
        self.tree.inspect(tile, None)
    }

    fn current(&self) -> Option<Pos> {
        self.current
    }
}

impl Solver for Bfs {
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
    fn fewest_moves_even_through_dear_terrain() {
        // Straight through the 9: two moves; round the bottom: six.
        let grid = Grid::parse("#####\n#S9E#\n# # #\n#   #\n#####\n").expect("valid");
        let mut solver = Bfs::new(&grid, &SolveOptions::default());
        let solution = run_to_end(&mut solver, &grid);
        assert_eq!(solution.outcome, Outcome::Found);
        assert_eq!(solution.length, 2);
        assert_eq!(solution.cost, 100);
    }

    #[test]
    fn queue_is_first_in_first_out() {
        let grid = Grid::parse("#####\n#   #\n# S #\n#  E#\n#####\n").expect("valid");
        let mut solver = Bfs::new(&grid, &SolveOptions::default());
        solver.step(&grid);
        let s = solver.structure(10);
        assert_eq!(s.len, 4, "the start's four neighbours");
        assert!(s.entries.iter().all(|e| e.detail == "moves 1"));
    }
}
