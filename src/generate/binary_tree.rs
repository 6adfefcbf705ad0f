//! Binary Tree: every cell carves one passage, south or east, at random.
//!
//! Source: Jamis Buck, *Mazes for Programmers*, ch. 2. Cells are visited row-major from
//! the top-left; each one carves south or east with probability ½. Cells of the last row
//! can only carve east and cells of the last column only south, so the last row and the
//! last column become open corridors; the bottom-right cell carves nothing. Nothing is
//! ever carved through the outer wall.
//!
//! The result is a perfect maze (every cell but the last links to a neighbour that comes
//! later in the south-east order, so there are no loops, and following those links always
//! reaches the bottom-right cell) with the algorithm's strong diagonal texture: every path
//! towards the bottom-right corner is a monotone staircase.
//!
//! Cost: one step per cell, O(1) each; one random `u64` gives 64 coin flips.
//! Memory: O(1) besides the maze.

use get_size2::GetSize;

use crate::teach::Pseudocode;
use rand::RngCore;

use crate::Mark;
use crate::generate::row_scan::{Coins, RowScan};
use crate::generate::{GenEvent, GenOptions, Generator, Rng, direction, rng};
use crate::maze::{Maze, Pos};

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "for each cell, row by row:",
    "  choices ← south, east",
    "    (those inside the grid)",
    "  if no choice: done",
    "  pick one at random",
    "  carve a passage to it",
];

/// Binary Tree as a step machine: one step per cell, in row-major order.
///
/// The state is a row-major cursor and the coin flips; the step is a handful of integer
/// operations and one byte write, so headless runs go at memory speed.
#[derive(Clone, Debug, GetSize)]
pub struct BinaryTree {
    scan: RowScan,
    /// Boxed so that the refill call (which takes the RNG by reference) does not take
    /// the address of this struct: the step's other fields then stay in registers in
    /// headless runs (measured: 4 fewer instructions per cell).
    #[get_size(ignore)]
    rng: Box<Rng>,
    coins: Coins,
}

impl BinaryTree {
    /// A machine for `maze` (all walls standing) seeded with `seed`.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        Self {
            scan: RowScan::new(maze),
            rng: Box::new(rng(seed)),
            coins: Coins::default(),
        }
    }
}

impl Generator for BinaryTree {
    /// Visit the next cell: carve south or east ([`GenEvent::Carve`]); at the bottom-right
    /// cell, [`GenEvent::Done`].
    #[inline(always)]
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if let Some(end) = self.scan.finish() {
            return end;
        }
        let cell = Pos::new(self.scan.row, self.scan.col);
        let (last_row, last_col) = self.scan.at_edges();
        // Branch-free on the coin (a random branch would be mispredicted half the time).
        let south = !last_row && (last_col || self.coins.flip_with(|| self.rng.next_u64()));
        let s = u32::from(south);
        maze.carve_forward(self.scan.index, south);
        self.scan.advance();
        Some(GenEvent::Carve {
            from: cell,
            to: Pos::new(cell.row + s, cell.col + 1 - s),
        })
    }

    /// A carve ran the cell loop, the choice and the carve; the last cell has no choice.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Carve { .. } => &[0, 1, 4, 5],
            _ => &[3],
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Carve { from, to } => format!(
                "visited {from} and carved {} to {to}: a coin picks south or east, and on the last row or column only one is inside the grid",
                direction(from, to)
            ),
            _ => "the bottom-right cell has neither south nor east: every cell is in the maze"
                .to_owned(),
        }
    }

    /// Current: the cell visited by the last step; Visited: cells before it; None: the rest.
    /// Once done, every cell is Visited.
    fn mark(&self, cell: Pos) -> Mark {
        if self.current() == Some(cell) {
            return Mark::Current;
        }
        // `Pos` orders by (row, col): row-major, the visiting order.
        match self.scan.next() {
            Some(next) if cell >= next => Mark::None,
            _ => Mark::Visited,
        }
    }

    /// Binary Tree keeps no structure: always 0.
    fn structure_len(&self) -> usize {
        0
    }

    fn current(&self) -> Option<Pos> {
        self.scan.current()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{GeneratorKind, run_to_end, testing};
    use crate::maze::Dir;

    fn build(w: u32, h: u32, seed: u64) -> (Maze, BinaryTree) {
        testing::build(GeneratorKind::BinaryTree, w, h, seed, BinaryTree::new)
    }

    fn generate(w: u32, h: u32, seed: u64) -> Maze {
        testing::generate(GeneratorKind::BinaryTree, w, h, seed)
    }

    #[test]
    fn mazes_are_perfect_for_all_shapes() {
        testing::assert_perfect_for_all_shapes(GeneratorKind::BinaryTree);
    }

    #[test]
    fn same_seed_same_maze_and_different_seeds_differ() {
        testing::assert_seeded(GeneratorKind::BinaryTree);
    }

    #[test]
    fn one_carve_per_cell_but_the_last_then_done() {
        let (mut maze, mut generator) = build(9, 5, 3);
        let mut carves = 0;
        let mut last = None;
        while let Some(event) = generator.step(&mut maze) {
            match event {
                GenEvent::Carve { from, to } => {
                    carves += 1;
                    assert!(
                        to == Pos::new(from.row + 1, from.col)
                            || to == Pos::new(from.row, from.col + 1),
                        "carves only south or east"
                    );
                }
                GenEvent::Done => {}
                other => panic!("unexpected event {other:?}"),
            }
            last = Some(event);
        }
        assert_eq!(carves, 9 * 5 - 1);
        assert_eq!(last, Some(GenEvent::Done));
    }

    #[test]
    fn last_row_and_last_column_are_open_corridors() {
        for seed in 0..5 {
            let maze = generate(12, 8, seed);
            for col in 0..11 {
                assert!(maze.has_passage(Pos::new(7, col), Dir::East));
            }
            for row in 0..7 {
                assert!(maze.has_passage(Pos::new(row, 11), Dir::South));
            }
        }
    }

    #[test]
    fn fused_after_done() {
        let (mut maze, mut generator) = build(3, 3, 1);
        assert_eq!(run_to_end(&mut generator, &mut maze), 9);
        for _ in 0..3 {
            assert_eq!(generator.step(&mut maze), None);
        }
        assert_eq!(generator.current(), None);
        assert_eq!(generator.mark(Pos::new(2, 2)), Mark::Visited);
    }

    #[test]
    fn one_by_one_is_done_at_once() {
        let (mut maze, mut generator) = build(1, 1, 0);
        assert_eq!(generator.step(&mut maze), Some(GenEvent::Done));
        assert_eq!(generator.step(&mut maze), None);
    }

    #[test]
    fn mark_shows_progress_mid_run() {
        let (mut maze, mut generator) = build(4, 3, 5);
        assert_eq!(generator.mark(Pos::new(0, 0)), Mark::None);
        for _ in 0..6 {
            generator.step(&mut maze);
        }
        // Six cells visited: row 0 and (1,0), (1,1); the last is current.
        assert_eq!(generator.current(), Some(Pos::new(1, 1)));
        assert_eq!(generator.mark(Pos::new(1, 1)), Mark::Current);
        assert_eq!(generator.mark(Pos::new(0, 3)), Mark::Visited);
        assert_eq!(generator.mark(Pos::new(1, 0)), Mark::Visited);
        assert_eq!(generator.mark(Pos::new(1, 2)), Mark::None);
        assert_eq!(generator.mark(Pos::new(2, 0)), Mark::None);
        assert_eq!(generator.structure_len(), 0);
    }
}
