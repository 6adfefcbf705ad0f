//! Shared pieces of the generators that visit every cell once in row-major order (Binary
//! Tree, Sidewinder): the cursor over the cells, and fair coin flips drawn 64 at a time.

use rand::RngCore;

use crate::generate::{GenEvent, Rng};
use crate::maze::{Maze, Pos};

/// A cursor over the cells of a maze in row-major order (rows from the top, cells left to
/// right), kept as (row, col) and the row-major index, so a step needs no division.
#[derive(Debug)]
pub(crate) struct RowScan {
    /// Maze size in cells.
    pub width: u32,
    pub height: u32,
    /// Row and column of the next cell to visit.
    pub row: u32,
    pub col: u32,
    /// Row-major index of the next cell.
    pub index: usize,
    /// Row-major index of the bottom-right cell, where the scan ends.
    last: usize,
    /// Whether [`GenEvent::Done`] was returned.
    done: bool,
}

impl RowScan {
    /// A cursor on the top-left cell of `maze`.
    pub fn new(maze: &Maze) -> Self {
        Self {
            width: maze.width(),
            height: maze.height(),
            row: 0,
            col: 0,
            index: 0,
            last: maze.cell_count() - 1,
            done: false,
        }
    }

    /// At the bottom-right cell (which carves nothing) or past it: the step to take is
    /// [`GenEvent::Done`] the first time, `None` after.
    #[inline]
    pub fn finish(&mut self) -> Option<Option<GenEvent>> {
        if self.index < self.last {
            return None;
        }
        if self.done {
            return Some(None);
        }
        self.done = true;
        Some(Some(GenEvent::Done))
    }

    /// Whether the next cell is in the last row / the last column.
    #[inline]
    pub fn at_edges(&self) -> (bool, bool) {
        (self.row + 1 == self.height, self.col + 1 == self.width)
    }

    /// Move to the following cell.
    #[inline]
    pub fn advance(&mut self) {
        self.index += 1;
        if self.col + 1 == self.width {
            self.row += 1;
            self.col = 0;
        } else {
            self.col += 1;
        }
    }

    /// The next cell to visit, `None` once done.
    pub fn next(&self) -> Option<Pos> {
        (!self.done).then_some(Pos::new(self.row, self.col))
    }

    /// The cell visited last: the one before the next (none before the first step and
    /// once done).
    pub fn current(&self) -> Option<Pos> {
        if self.done || self.index == 0 {
            return None;
        }
        Some(if self.col == 0 {
            Pos::new(self.row - 1, self.width - 1)
        } else {
            Pos::new(self.row, self.col - 1)
        })
    }
}

/// Fair coin flips, 64 from each random `u64`, consumed from the low bit.
#[derive(Debug, Default)]
pub(crate) struct Coins {
    bits: u64,
    left: u32,
}

impl Coins {
    /// One fair coin flip.
    #[inline]
    pub fn flip(&mut self, rng: &mut Rng) -> bool {
        if self.left == 0 {
            self.bits = rng.next_u64();
            self.left = 64;
        }
        let heads = self.bits & 1 != 0;
        self.bits >>= 1;
        self.left -= 1;
        heads
    }
}
