//! Depth-first search: a last-in, first-out stack of tiles.
//!
//! DFS always goes on from the tile it reached last, so it runs down one corridor until a
//! dead end and only then backs up to the most recent fork. It finds *a* path, rarely the
//! shortest. The order in which a tile's neighbours are pushed is shuffled by the search's
//! seed, so different seeds explore differently (as a person choosing at each fork would).
//!
//! Sources: Charles Pierre Trémaux's maze method as described by É. Lucas, *Récréations
//! mathématiques*, 1882; R. Tarjan, "Depth-first search and linear graph algorithms",
//! SIAM J. Computing 1(2), 1972; Jamis Buck, *Mazes for Programmers*, ch. 5.
//!
//! A tile may be pushed more than once (by each neighbour that reaches it before it is
//! expanded); a popped tile that is already closed is skipped. One step is one pop.
//! Memory: a [`Tree`] plus the stack.

use get_size2::GetSize;
use rand::seq::SliceRandom;

use crate::generate::{Rng, rng};
use crate::maze::{Grid, Pos};
use crate::solve::store::{Paged, Store};
use crate::solve::tiles::Tile;
use crate::solve::tree::Tree;
use crate::solve::{Pushes, SolveEvent, SolveOptions, Solver};
use crate::teach::{Entry, MAX_CHOICES, Pseudocode, Question, Record, Structure, Teach};

/// The pseudocode the Pseudocode pane shows; [`Teach::lines`] says which lines a step ran.
pub const PSEUDOCODE: Pseudocode = &[
    "stack ← [start]",
    "while stack is not empty:",
    "  current ← pop the top",
    "  if current closed: skip it",
    "  close current",
    "  if current = goal: trace back",
    "  for each neighbour n,",
    "    in random order:",
    "    if n is not closed:",
    "      came_from[n] ← current",
    "      push n",
    "stack is empty: no path",
];

/// DFS as a step machine: one pop of the stack per step, then one step per path tile.
#[derive(Clone, Debug, GetSize)]
pub struct Dfs<K: Store = Paged> {
    /// The frontier; the top is the last element.
    stack: Vec<Tile>,
    /// `g` is the number of moves along the route found.
    tree: Tree<K>,
    #[get_size(ignore)]
    rng: Rng,
}

impl<K: Store> Dfs<K> {
    /// A machine searching `grid` from its start to its goal; `options.seed` orders the
    /// neighbours. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let mut dfs = Self {
            stack: Vec::new(),
            tree: Tree::new(grid, options.moves),
            rng: rng(options.seed),
        };
        if let Some(start) = dfs.tree.start() {
            dfs.tree.reach_start(start);
            dfs.stack.push(start);
        }
        dfs
    }

    fn is_goal(&self, tile: Pos) -> bool {
        self.tree.tile(tile).is_some_and(|t| self.tree.is_goal(t))
    }

    /// The search's step: pop the top of the stack and push its unclosed neighbours.
    fn expand(&mut self) -> SolveEvent {
        let Some(current) = self.stack.pop() else {
            return self.tree.no_path();
        };
        if self.tree.is_closed(current) {
            let tile = self.tree.pos(current);
            return SolveEvent::Skip { tile, priority: 0 };
        }
        self.tree.close(current);
        let moves = self.tree.g(current);
        let mut pushed = Pushes::default();
        if self.tree.is_goal(current) {
            self.tree.trace_from(current);
        } else {
            let mut order = self.tree.neighbours(current).list();
            order.as_mut_slice().shuffle(&mut self.rng);
            for n in order {
                if !self.tree.is_closed(n.tile) {
                    self.tree.reach(n, moves + 1);
                    self.stack.push(n.tile);
                    self.tree.note(&mut pushed, n.tile, moves + 1, 0);
                }
            }
        }
        self.tree.expanded(current, moves, 0, pushed)
    }
}

impl<K: Store> Solver for Dfs<K> {
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        if self.tree.searching() {
            Some(self.expand())
        } else {
            self.tree.trace(grid)
        }
    }
}

impl<K: Store> Teach for Dfs<K> {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        match event {
            SolveEvent::Expand { tile, .. } if self.is_goal(*tile) => &[2, 4, 5],
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
            SolveEvent::Expand { tile, .. } if self.is_goal(tile) => {
                format!("popped the goal {tile} from the stack: trace the path back")
            }
            SolveEvent::Expand { tile, pushed, .. } if pushed.is_empty() => format!(
                "popped {tile} from the top of the stack: a dead end, nothing new to push, so the next pop backs up"
            ),
            SolveEvent::Expand { tile, pushed, .. } => {
                let n = pushed.len();
                let s = if n == 1 { "" } else { "s" };
                format!(
                    "popped {tile} from the top of the stack and pushed {n} neighbour{s}; the last pushed is explored next"
                )
            }
            SolveEvent::Skip { tile, .. } => format!(
                "popped {tile} but it is already closed (pushed twice, reached first by another route): skipped"
            ),
            SolveEvent::Trace { tile } => self.tree.explain_trace(tile),
            SolveEvent::Found { length, cost } => format!(
                "path found: {length} moves, cost {cost} (a path, not necessarily the shortest)"
            ),
            SolveEvent::NoPath => {
                "the stack is empty: every reachable tile is closed and the goal is not among them"
                    .to_owned()
            }
            _ => String::new(),
        }
    }

    fn structure_len(&self) -> usize {
        self.stack.len()
    }

    fn structure(&self, max: usize) -> Structure {
        let entries = self
            .stack
            .iter()
            .rev()
            .take(max)
            .map(|&t| {
                let stale = if self.tree.is_closed(t) {
                    "closed (will be skipped)"
                } else {
                    ""
                };
                Entry::new(self.tree.pos(t), stale)
            })
            .collect();
        Structure::new("stack", "top first", self.stack.len(), entries)
    }

    fn record(&self) -> Option<&dyn Record> {
        Some(&self.tree)
    }

    fn asks(&self) -> Option<&'static str> {
        Some("which tile does DFS pop next?")
    }

    fn question(&self) -> Option<Question> {
        let &top = self.stack.last()?;
        if !self.tree.searching() || self.tree.is_closed(top) {
            return None;
        }
        let live = self
            .stack
            .iter()
            .rev()
            .filter(|&&t| !self.tree.is_closed(t));
        let upcoming = live.take(MAX_CHOICES).enumerate().map(|(depth, &t)| {
            let pushed = if depth == 0 { "top" } else { "below" };
            (self.tree.pos(t), depth, format!("{pushed} {depth}"))
        });
        let rule = "DFS pops the top of the stack, the tile pushed last".to_owned();
        Question::next_of(self.asks()?.to_owned(), rule, upcoming)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Outcome, run_to_end};

    #[test]
    fn finds_a_valid_path_for_every_seed() {
        let grid = Grid::parse("#######\n#S    #\n# ### #\n#    E#\n#######\n").expect("valid");
        for seed in 0..8 {
            let options = SolveOptions {
                seed,
                ..SolveOptions::default()
            };
            let mut solver = Dfs::<Paged>::new(&grid, &options);
            let solution = run_to_end(&mut solver, &grid);
            assert_eq!(solution.outcome, Outcome::Found);
            let path = solution.path.expect("path");
            assert_eq!(path.first(), Some(&grid.start()));
            assert_eq!(path.last(), Some(&grid.goal()));
            for pair in path.windows(2) {
                let d = pair[0].row.abs_diff(pair[1].row) + pair[0].col.abs_diff(pair[1].col);
                assert_eq!(d, 1, "contiguous");
                assert!(grid.is_open(pair[1]));
            }
        }
    }

    #[test]
    fn walled_off_goal_is_no_path() {
        let grid = Grid::parse("#####\n#S#E#\n#####\n").expect("valid");
        let mut solver = Dfs::<Paged>::new(&grid, &SolveOptions::default());
        assert_eq!(run_to_end(&mut solver, &grid).outcome, Outcome::NoPath);
    }
}
