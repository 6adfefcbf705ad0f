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

use crate::maze::{Grid, Pos};
use crate::solve::store::{Flat, Paged, Store};
use crate::solve::tiles::Tile;
use crate::solve::tree::Tree;
use crate::solve::{Moves, Pushes, SolveEvent, SolveOptions, Solver};
use crate::teach::{Entry, MAX_CHOICES, Pseudocode, Question, Record, Structure, Teach};

/// The pseudocode the Pseudocode pane shows; [`Teach::lines`] says which lines a step ran.
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
/// `K` is where its nodes live ([`Store`]).
#[derive(Clone, Debug, GetSize)]
pub struct Bfs<K: Store = Paged> {
    /// The frontier, oldest first, each tile with its number of moves from the start.
    queue: VecDeque<(Tile, u32)>,
    /// Marked tiles and their came-from links (headless, no moves per tile: they ride in
    /// the queue, [`Store::Marks`]).
    tree: Tree<K, K::Marks>,
}

impl<K: Store> Bfs<K> {
    /// A machine searching `grid` from its start to its goal. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        Self::search(Tree::new(grid, options.moves))
    }

    /// A machine searching from the root of `tree`.
    fn search(mut tree: Tree<K, K::Marks>) -> Self {
        let mut queue = VecDeque::new();
        if let Some(start) = tree.start() {
            tree.reach_start(start);
            queue.push_back((start, 0));
        }
        Self { queue, tree }
    }

    /// The search's step: take the oldest tile of the queue and queue its new neighbours.
    #[inline(always)]
    fn expand(&mut self) -> SolveEvent {
        let Some((current, moves)) = self.queue.pop_front() else {
            return self.tree.no_path();
        };
        self.tree.close(current);
        let mut pushed = Pushes::default();
        if self.tree.is_goal(current) {
            self.tree.trace_from(current);
        } else {
            for n in self.tree.neighbours(current) {
                if !self.tree.is_reached(n.tile) {
                    self.tree.reach(n, moves + 1);
                    self.queue.push_back((n.tile, moves + 1));
                    self.tree.note(&mut pushed, n.tile, moves + 1, 0);
                }
            }
        }
        self.tree.expanded(current, moves, 0, pushed)
    }
}

/// Moves from `from` to every tile of `grid` through open tiles (4-way), row-major like the
/// grid, `u32::MAX` for walls and tiles out of reach: the BFS above run over the whole grid
/// with no goal, each tile's moves read from its expansion. O(tiles).
#[must_use]
pub fn distances(grid: &Grid, from: Pos) -> Vec<u32> {
    let mut bfs = Bfs::<Flat>::search(Tree::from_to(grid, from, None, Moves::Four));
    let mut moves = vec![u32::MAX; grid.len()];
    while let Some(event) = bfs.step(grid) {
        if let SolveEvent::Expand { tile, g, .. } = event {
            moves[grid.index(tile)] = g;
        }
    }
    moves
}

impl<K: Store> Solver for Bfs<K> {
    #[inline(always)]
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        if self.tree.searching() {
            Some(self.expand())
        } else {
            self.tree.trace(grid)
        }
    }
}

impl<K: Store> Teach for Bfs<K> {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        let goal = |tile| self.tree.tile(tile).is_some_and(|t| self.tree.is_goal(t));
        match event {
            SolveEvent::Expand { tile, .. } if goal(*tile) => &[2, 3],
            SolveEvent::Expand { pushed, .. } if pushed.is_empty() => &[2, 4, 5],
            SolveEvent::Expand { .. } => &[2, 4, 5, 6, 7, 8],
            SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[3],
            SolveEvent::NoPath => &[1, 9],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        let goal = |tile| self.tree.tile(tile).is_some_and(|t| self.tree.is_goal(t));
        match *event {
            SolveEvent::Expand { tile, g, .. } if goal(tile) => format!(
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

    fn structure_len(&self) -> usize {
        self.queue.len()
    }

    fn structure(&self, max: usize) -> Structure {
        let entries = self
            .queue
            .iter()
            .take(max)
            .map(|&(t, moves)| Entry::new(self.tree.pos(t), format!("moves {moves}")))
            .collect();
        Structure::new("queue", "front first", self.queue.len(), entries)
    }

    fn record(&self) -> Option<&dyn Record> {
        Some(&self.tree)
    }

    fn asks(&self) -> Option<&'static str> {
        Some("which tile does BFS take next?")
    }

    fn question(&self) -> Option<Question> {
        if !self.tree.searching() {
            return None;
        }
        let upcoming = self
            .queue
            .iter()
            .take(MAX_CHOICES)
            .enumerate()
            .map(|(i, &(t, moves))| (self.tree.pos(t), i, format!("moves {moves}")));
        let rule = "BFS takes the oldest tile, from the front of the queue".to_owned();
        Question::next_of(self.asks()?.to_owned(), rule, upcoming)
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
        let mut solver = Bfs::<Paged>::new(&grid, &SolveOptions::default());
        let solution = run_to_end(&mut solver, &grid);
        assert_eq!(solution.outcome, Outcome::Found);
        assert_eq!(solution.length, 2);
        assert_eq!(solution.cost, 100);
    }

    /// Headless (a byte a tile, moves in the queue) and in the explorer (`g` per tile):
    /// the same tiles in the same order with the same moves, the same path; and the
    /// distances of the headless run are those the explorer's tree holds.
    #[test]
    fn headless_and_explorer_runs_agree() {
        let grid = Grid::parse("S    #   \n ## ## # \n  #   #  \n# # #  #E\n").expect("valid");
        let options = SolveOptions::default();
        let (mut flat, mut paged) = (
            Bfs::<Flat>::new(&grid, &options),
            Bfs::<Paged>::new(&grid, &options),
        );
        loop {
            let (a, b) = (flat.step(&grid), paged.step(&grid));
            let strip = |e: Option<SolveEvent>| match e {
                Some(SolveEvent::Expand { tile, g, h, .. }) => Some((tile, g, h)),
                _ => None,
            };
            assert_eq!(strip(a), strip(b));
            if a.is_none() {
                assert!(b.is_none());
                break;
            }
        }
        assert_eq!(Solver::path(&flat), Solver::path(&paged));
        let d = distances(&grid, grid.start());
        let mut all = Bfs::<Paged>::search(Tree::from_to(&grid, grid.start(), None, Moves::Four));
        while all.step(&grid).is_some() {}
        for (i, &moves) in d.iter().enumerate() {
            let tile = all.tree.tile(grid.pos(i)).expect("inside");
            let want = if all.tree.is_reached(tile) {
                all.tree.g(tile)
            } else {
                u32::MAX
            };
            assert_eq!(moves, want, "tile {}", grid.pos(i));
        }
    }

    #[test]
    fn queue_is_first_in_first_out() {
        let grid = Grid::parse("#####\n#   #\n# S #\n#  E#\n#####\n").expect("valid");
        let mut solver = Bfs::<Paged>::new(&grid, &SolveOptions::default());
        solver.step(&grid);
        let s = solver.structure(10);
        assert_eq!(s.len, 4, "the start's four neighbours");
        assert!(s.entries.iter().all(|e| e.detail == "moves 1"));
    }
}
