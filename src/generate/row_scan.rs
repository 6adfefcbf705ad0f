//! Shared pieces of the generators that visit every cell once in row-major order (Binary
//! Tree, Sidewinder): the cursor over the cells, and fair coin flips drawn 64 at a time.

use crate::maze::{Maze, Pos};
use get_size2::GetSize;

/// A cursor over the cells of a maze in row-major order (rows from the top, cells left to
/// right), kept as (row, col) and the row-major index, so a step needs no division.
#[derive(Clone, Debug, GetSize)]
pub(crate) struct RowScan {
    /// Maze size in cells.
    pub width: u32,
    pub height: u32,
    /// Row and column of the next cell to visit.
    pub row: u32,
    pub col: u32,
    /// Row-major index of the next cell.
    pub index: usize,
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
            done: false,
        }
    }

    /// The visit is over: [`RowScan::next`] gives nothing from now on.
    pub fn end(&mut self) {
        self.done = true;
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
///
/// One word: the flips not used yet sit above a marker bit, so `1` means none are left
/// and no separate count is kept (one register fewer in the generators' loops).
#[derive(Clone, Debug, GetSize)]
pub(crate) struct Coins {
    bits: u64,
}

impl Default for Coins {
    fn default() -> Self {
        Self { bits: 1 }
    }
}

impl Coins {
    /// One fair coin flip; `fresh` gives the next 64 when all are used.
    #[inline]
    pub fn flip_with(&mut self, fresh: impl FnOnce() -> u64) -> bool {
        if self.bits == 1 {
            let bits = fresh();
            self.bits = (bits >> 1) | (1 << 63);
            return bits & 1 != 0;
        }
        let heads = self.bits & 1 != 0;
        self.bits >>= 1;
        heads
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coins_are_the_bits_of_each_u64_from_the_low_one() {
        let mut draws = [0b1011_u64, u64::MAX << 1].into_iter();
        let mut coins = Coins::default();
        let flips: Vec<bool> = (0..128)
            .map(|_| coins.flip_with(|| draws.next().expect("two draws")))
            .collect();
        assert_eq!(&flips[..5], [true, true, false, true, false]);
        assert!(flips[4..64].iter().all(|&heads| !heads));
        assert!(!flips[64]);
        assert!(flips[65..].iter().all(|&heads| heads));
    }
}
