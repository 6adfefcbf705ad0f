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
//! step is one pop. Memory: a [`Tree`] plus the heap; O(log open) a pop.

use get_size2::GetSize;

use crate::maze::{Grid, Pos};
use crate::solve::queue::{Entry, Open};
use crate::solve::store::{Paged, Store};
use crate::solve::tree::Tree;
use crate::solve::{Heuristic, Pushes, SolveEvent, SolveOptions, Solver};
use crate::teach::{self, Pseudocode, Question, Record, Structure, Teach};

/// The pseudocode the Pseudocode pane shows; [`Teach::lines`] says which lines a
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
pub struct GreedyBestFirst<K: Store = Paged> {
    goal: Pos,
    heuristic: Heuristic,
    /// The open set, least `h` first (then the lowest tile). Its keys jump about as the
    /// search heads one way and another: a binary heap.
    open: Open,
    /// `g` is the cost of the route found, for the record; it orders nothing.
    tree: Tree<K>,
}

impl<K: Store> GreedyBestFirst<K> {
    /// A machine searching `grid` from its start to its goal with `options.heuristic`.
    /// O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let mut greedy = Self {
            goal: grid.goal(),
            heuristic: options.heuristic,
            open: Open::heap(),
            tree: Tree::new(grid, options.moves).with_estimate(options.heuristic, 1),
        };
        if let Some(start) = greedy.tree.start() {
            greedy.tree.reach_start(start);
            let h = greedy.h(grid.start());
            greedy.open.push(Entry {
                key: h,
                tie: 0,
                tile: start,
                g: 0,
            });
        }
        greedy
    }

    /// `h(tile)`: the heuristic's estimate of the cost left to the goal.
    fn h(&self, tile: Pos) -> u32 {
        self.heuristic.estimate(tile, self.goal)
    }

    /// The search's step: pop the open tile of least `h` and expand it.
    fn expand(&mut self) -> SolveEvent {
        let Some(Entry {
            key: h,
            tile: current,
            ..
        }) = self.open.pop()
        else {
            return self.tree.no_path();
        };
        self.tree.close(current);
        let g = self.tree.g(current);
        let mut pushed = Pushes::default();
        if self.tree.is_goal(current) {
            self.tree.trace_from(current);
        } else {
            for n in self.tree.neighbours(current) {
                if !self.tree.is_reached(n.tile) {
                    self.tree.reach(n, g + n.cost);
                    let nh = self.h(n.pos);
                    let entry = Entry {
                        key: nh,
                        tie: 0,
                        tile: n.tile,
                        g: g + n.cost,
                    };
                    self.open.push(entry);
                    self.tree.note(&mut pushed, n.tile, g + n.cost, nh);
                }
            }
        }
        self.tree.expanded(current, g, h, pushed)
    }
}

impl<K: Store> Solver for GreedyBestFirst<K> {
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        if self.tree.searching() {
            Some(self.expand())
        } else {
            self.tree.trace(grid)
        }
    }
}

impl<K: Store> Teach for GreedyBestFirst<K> {
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

    fn structure_len(&self) -> usize {
        self.open.len()
    }

    fn structure(&self, max: usize) -> Structure {
        let entries = self
            .open
            .least(max)
            .into_iter()
            .map(|e| teach::Entry::new(self.tree.pos(e.tile), format!("h={}", e.key)))
            .collect();
        Structure::new("open set", "lowest h first", self.open.len(), entries)
    }

    fn record(&self) -> Option<&dyn Record> {
        Some(&self.tree)
    }

    fn asks(&self) -> Option<&'static str> {
        Some("which tile does greedy pop next?")
    }

    fn question(&self) -> Option<Question> {
        let rule = "greedy best-first pops the lowest h, whatever the cost so far".to_owned();
        let show = |e: &Entry| (self.tree.pos(e.tile), format!("h={}", e.key));
        let open = self.tree.searching().then_some(&self.open)?;
        open.question(self.asks()?, rule, |_| true, show)
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
        let mut solver = GreedyBestFirst::<Paged>::new(&grid, &SolveOptions::default());
        let solution = run_to_end(&mut solver, &grid);
        assert_eq!(solution.outcome, Outcome::Found);
        assert!(solution.visited > 8, "explored the corridor too");
    }

    #[test]
    fn walled_off_goal_is_no_path() {
        let grid = Grid::parse("#####\n#S#E#\n#####\n").expect("valid");
        let mut solver = GreedyBestFirst::<Paged>::new(&grid, &SolveOptions::default());
        assert_eq!(run_to_end(&mut solver, &grid).outcome, Outcome::NoPath);
    }
}
