//! Greedy best-first search: expand the open tile that *looks* closest to the goal.
//!
//! The open set is a priority queue on `h` alone, the heuristic's estimate of the cost
//! left to the goal; the cost already paid (`g`) plays no part. So the search heads
//! straight for the goal and often gets there after expanding few tiles, but the path it
//! finds can be far from the cheapest: a dead end that points at the goal draws it in.
//!
//! Sources: J. Doran and D. Michie, "Experiments with the Graph Traverser program",
//! Proc. Royal Society A 294, 1966; Amit Patel, *Introduction to A\** (Red Blob Games),
//! "Greedy Best First Search".
//!
//! Each tile enters the open set once (when first reached), so nothing goes stale. One
//! step is one pop. Memory: a [`SearchTree`] plus the heap; O(log open) a pop.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::run::heap_bytes;
use crate::solve::neighbours::neighbours;
use crate::solve::tree::{Progress, SearchTree, Status};
use crate::solve::{Heuristic, Moves, Push, Pushes, SolveEvent, SolveOptions, Solver};
use crate::teach::{Entry, Inspection, Pseudocode, Structure, Teach, least};

/// The pseudocode the Pseudocode pane shows; [`GreedyBestFirst::lines`] says which lines a
/// step ran.
pub const PSEUDOCODE: Pseudocode = &[
    "open ← {start}",
    "while open is not empty:",
    "  current ← pop lowest h",
    "  close current",
    "  if current = goal: trace back",
    "  for each neighbour n:",
    "    if n was never reached:",
    "      came_from[n] ← current",
    "      push n with priority h(n)",
    "open is empty: no path",
];

/// Greedy best-first as a step machine: one pop per step, then one step per path tile.
#[derive(Clone, Debug, GetSize)]
pub struct GreedyBestFirst {
    goal: Pos,
    moves: Moves,
    heuristic: Heuristic,
    /// The open set: `(h, tile)`, least `h` first (then the lowest tile).
    #[get_size(size_fn = heap_bytes)]
    open: BinaryHeap<Reverse<(u32, Pos)>>,
    /// `g` is the cost of the route found, for the record; it orders nothing.
    tree: SearchTree,
    current: Option<Pos>,
    phase: Progress,
}

impl GreedyBestFirst {
    /// A machine searching `grid` from its start to its goal with `options.heuristic`.
    /// O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let mut greedy = Self {
            goal: grid.goal(),
            moves: options.moves,
            heuristic: options.heuristic,
            open: BinaryHeap::new(),
            tree: SearchTree::new(grid),
            current: None,
            phase: Progress::Searching,
        };
        let start = grid.start();
        if grid.is_open(start) && grid.is_open(greedy.goal) {
            greedy.tree.reach(start, 0, None);
            greedy.open.push(Reverse((greedy.h(start), start)));
        }
        greedy
    }

    /// `h(tile)`: the heuristic's estimate of the cost left to the goal.
    fn h(&self, tile: Pos) -> u32 {
        self.heuristic.estimate(tile, self.goal)
    }

    /// The search's step: pop the open tile of least `h` and expand it.
    fn expand(&mut self, grid: &Grid) -> SolveEvent {
        let Some(Reverse((h, current))) = self.open.pop() else {
            self.current = None;
            self.phase.no_path();
            return SolveEvent::NoPath;
        };
        self.tree.close(current);
        self.current = Some(current);
        let g = self.tree.g(current);
        let mut pushed = Pushes::default();
        if current == self.goal {
            self.phase.trace_from(current);
        } else {
            for (n, cost) in neighbours(grid, current, self.moves) {
                if self.tree.status(n) == Status::Unreached {
                    self.tree.reach(n, g + cost, Some(current));
                    let nh = self.h(n);
                    self.open.push(Reverse((nh, n)));
                    pushed.push(Push {
                        tile: n,
                        g: g + cost,
                        h: nh,
                    });
                }
            }
        }
        SolveEvent::Expand {
            tile: current,
            g,
            h,
            pushed,
        }
    }
}

impl Teach for GreedyBestFirst {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        match event {
            SolveEvent::Expand { tile, .. } if *tile == self.goal => &[2, 3, 4],
            SolveEvent::Expand { pushed, .. } if pushed.is_empty() => &[2, 3, 5, 6],
            SolveEvent::Expand { .. } => &[2, 3, 5, 6, 7, 8],
            SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[4],
            SolveEvent::NoPath => &[1, 9],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        match *event {
            SolveEvent::Expand { tile, .. } if tile == self.goal => {
                format!("popped the goal {tile}: trace the path back")
            }
            SolveEvent::Expand { tile, h, pushed, .. } => {
                let n = pushed.len();
                let s = if n == 1 { "" } else { "s" };
                format!(
                    "popped {tile}: it looks closest to the goal, h = {h} (the cost so far is ignored); {n} new neighbour{s} pushed"
                )
            }
            SolveEvent::Trace { tile } => self.tree.explain_trace(tile),
            SolveEvent::Found { length, cost } => format!(
                "path found: {length} moves, cost {cost} (greedy: not necessarily the cheapest)"
            ),
            SolveEvent::NoPath => {
                "the open set is empty: every reachable tile is closed and the goal is not among them"
                    .to_owned()
            }
            _ => String::new(),
        }
    }

    fn mark(&self, tile: Pos) -> Mark {
        self.tree.mark(tile, self.current)
    }

    fn structure_len(&self) -> usize {
        self.open.len()
    }

    fn structure(&self, max: usize) -> Structure {
        let next = least(self.open.iter().map(|Reverse(e)| *e), max, |e| *e);
        let entries = next
            .into_iter()
            .map(|(h, tile)| Entry::new(tile, format!("h={h}")))
            .collect();
        Structure::new("open set", "lowest h first", self.open.len(), entries)
    }

    fn inspect(&self, tile: Pos) -> Inspection {
        self.tree.inspect(tile, Some(self.h(tile)))
    }

    fn current(&self) -> Option<Pos> {
        self.current
    }
}

impl Solver for GreedyBestFirst {
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
    fn a_dead_end_pointing_at_the_goal_draws_it_in() {
        // The corridor east from S points at E but ends in a wall; greedy tries it first.
        let grid =
            Grid::parse("#########\n#S     ##\n# ##### #\n#      E#\n#########\n").expect("valid");
        let mut solver = GreedyBestFirst::new(&grid, &SolveOptions::default());
        let solution = run_to_end(&mut solver, &grid);
        assert_eq!(solution.outcome, Outcome::Found);
        assert!(solution.visited > 8, "explored the corridor too");
    }

    #[test]
    fn walled_off_goal_is_no_path() {
        let grid = Grid::parse("#####\n#S#E#\n#####\n").expect("valid");
        let mut solver = GreedyBestFirst::new(&grid, &SolveOptions::default());
        assert_eq!(run_to_end(&mut solver, &grid).outcome, Outcome::NoPath);
    }
}
