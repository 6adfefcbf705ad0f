//! Sidewinder: row runs carved east, each closed by one passage south.
//!
//! Source: seed 001 (`CreatedBySideWinder`); Jamis Buck, *Mazes for Programmers*, ch. 2
//! (there run north from the bottom; here, as in the seed, south from the top). Rows are
//! worked from the top, cells left to right. Each cell either extends the current *run*
//! east (carve east) or closes it: one random cell of the run (the seed's
//! `rand.Next(0, rightCount)`) carves south, and a new run starts at the next cell.
//!
//! Edges, as the seed's code does and seed 000 describes ("the last row and last column
//! have no walls"): a cell in the last column (except in the last row) carves south from
//! itself, and the last row only carves east, so the last row and last column are open
//! corridors; the bottom-right cell carves nothing. Nothing is carved through the outer wall.
//!
//! Every cell but the last carves exactly one passage to a later row or a later cell of its
//! row, so the maze is perfect. Its bias: the last row is one long corridor and every run
//! has exactly one exit south.
//!
//! Cost: one step per cell, O(1) each; one random `u64` gives 64 coin flips.
//! Memory: O(1) besides the maze.

use rand::RngCore;

use crate::Mark;
use crate::generate::row_scan::{Coins, RowScan};
use crate::generate::{GenEvent, GenOptions, Generator, Rng, rng};
use crate::maze::{Dir, Maze, Pos};

/// Sidewinder as a step machine: one step per cell, rows from the top.
#[derive(Debug)]
pub struct Sidewinder {
    scan: RowScan,
    /// The first column of the current run (in the next cell's row).
    run_start: u32,
    /// Boxed: the refill call then takes no address inside this struct, whose fields stay
    /// in registers in headless runs.
    rng: Box<Rng>,
    coins: Coins,
}

impl Sidewinder {
    /// A machine for `maze` (all walls standing) seeded with `seed`.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        Self {
            scan: RowScan::new(maze),
            run_start: 0,
            rng: Box::new(rng(seed)),
            coins: Coins::default(),
        }
    }
}

/// A column in `low..=high`, drawn as `rand`'s `random_range(low..=high)` draws it (so the
/// mazes are those of earlier versions), written here so that it inlines into the step:
/// Canon's method, the high word of a random `u32` times the range, and when the low word
/// is in the zone that could bias it, a second draw whose carry corrects it.
#[inline]
#[allow(clippy::cast_possible_truncation)] // the words of a 32 × 32-bit product
fn uniform_in(rng: &mut Rng, low: u32, high: u32) -> u32 {
    let range = high - low + 1;
    let m = u64::from(rng.next_u32()) * u64::from(range);
    let (mut result, lo) = ((m >> 32) as u32, m as u32);
    if lo > range.wrapping_neg() {
        let carry_in = ((u64::from(rng.next_u32()) * u64::from(range)) >> 32) as u32;
        result += u32::from(lo.checked_add(carry_in).is_none());
    }
    low + result
}

impl Generator for Sidewinder {
    /// Visit the next cell: extend the run east, or close it by carving south from a run
    /// cell (both [`GenEvent::Carve`]); at the bottom-right cell, [`GenEvent::Done`].
    #[inline(always)]
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if let Some(end) = self.scan.finish() {
            return end;
        }
        let (row, col) = (self.scan.row, self.scan.col);
        let (last_row, last_col) = self.scan.at_edges();
        let event = if last_row || (!last_col && !self.coins.flip(&mut self.rng)) {
            // Extend the run east.
            maze.carve_index(self.scan.index, Dir::East);
            GenEvent::Carve {
                from: Pos::new(row, col),
                to: Pos::new(row, col + 1),
            }
        } else {
            // Close the run: carve south from one of its cells (the seed's
            // `rand.Next(0, rightCount)`). In the last column the cell itself, as the seed
            // does.
            let from = if last_col || self.run_start == col {
                col
            } else {
                uniform_in(&mut self.rng, self.run_start, col)
            };
            maze.carve_index(self.scan.index - (col - from) as usize, Dir::South);
            self.run_start = if last_col { 0 } else { col + 1 };
            GenEvent::Carve {
                from: Pos::new(row, from),
                to: Pos::new(row + 1, from),
            }
        };
        self.scan.advance();
        Some(event)
    }

    /// Current: the cell visited by the last step; Frontier: the other cells of the open
    /// run; Visited: cells already settled; None: cells not reached yet.
    fn mark(&self, cell: Pos) -> Mark {
        if self.current() == Some(cell) {
            return Mark::Current;
        }
        let Some(next) = self.scan.next() else {
            return Mark::Visited;
        };
        // `Pos` orders by (row, col): row-major, the visiting order.
        if cell >= next {
            Mark::None
        } else if cell.row == next.row && cell.col >= self.run_start {
            Mark::Frontier
        } else {
            Mark::Visited
        }
    }

    /// Cells in the open run, the current cell included.
    fn frontier_len(&self) -> usize {
        match self.scan.next() {
            Some(next) => (next.col - self.run_start) as usize,
            None => 0,
        }
    }

    fn current(&self) -> Option<Pos> {
        self.scan.current()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{GeneratorKind, run_to_end, testing};

    fn build(w: u32, h: u32, seed: u64) -> (Maze, Sidewinder) {
        testing::build(GeneratorKind::Sidewinder, w, h, seed, Sidewinder::new)
    }

    fn generate(w: u32, h: u32, seed: u64) -> Maze {
        testing::generate(GeneratorKind::Sidewinder, w, h, seed)
    }

    #[test]
    fn mazes_are_perfect_for_all_shapes() {
        testing::assert_perfect_for_all_shapes(GeneratorKind::Sidewinder);
    }

    #[test]
    fn same_seed_same_maze_and_different_seeds_differ() {
        testing::assert_seeded(GeneratorKind::Sidewinder);
    }

    #[test]
    fn one_carve_per_cell_but_the_last_then_done() {
        let (mut maze, mut generator) = build(9, 5, 3);
        let mut carves = 0;
        let mut steps = 0;
        while let Some(event) = generator.step(&mut maze) {
            steps += 1;
            match event {
                GenEvent::Carve { from, to } => {
                    carves += 1;
                    assert!(
                        to == Pos::new(from.row + 1, from.col)
                            || to == Pos::new(from.row, from.col + 1),
                        "carves only south or east"
                    );
                }
                GenEvent::Done => assert_eq!(steps, 9 * 5),
                other => panic!("unexpected event {other:?}"),
            }
        }
        assert_eq!(carves, 9 * 5 - 1);
    }

    #[test]
    fn each_run_has_one_passage_south() {
        let maze = generate(16, 10, 11);
        for row in 0..9 {
            let mut south_in_run = 0;
            for col in 0..16 {
                let cell = Pos::new(row, col);
                south_in_run += usize::from(maze.has_passage(cell, Dir::South));
                if !maze.has_passage(cell, Dir::East) {
                    assert_eq!(south_in_run, 1, "run ending at {cell}");
                    south_in_run = 0;
                }
            }
        }
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
        assert_eq!(generator.frontier_len(), 0);
        assert_eq!(generator.mark(Pos::new(0, 0)), Mark::Visited);
    }

    #[test]
    fn mark_shows_the_open_run() {
        // Step through row 0 until a run of at least two cells is open.
        let (mut maze, mut generator) = build(30, 4, 2);
        loop {
            let event = generator.step(&mut maze).expect("row 0 is not the end");
            if generator.frontier_len() >= 2 {
                break;
            }
            assert!(matches!(event, GenEvent::Carve { .. }));
        }
        let current = generator.current().expect("a cell was visited");
        assert_eq!(generator.mark(current), Mark::Current);
        let west = Pos::new(current.row, current.col - 1);
        assert_eq!(generator.mark(west), Mark::Frontier);
        assert!(maze.has_passage(west, Dir::East));
        assert_eq!(
            generator.mark(Pos::new(current.row, current.col + 1)),
            Mark::None
        );
        assert_eq!(generator.mark(Pos::new(3, 0)), Mark::None);
    }
}
