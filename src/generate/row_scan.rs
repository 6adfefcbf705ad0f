//! Shared pieces of the generators that visit every cell once in row-major order (Binary
//! Tree, Sidewinder): the cursor over the cells, fair coin flips drawn 64 at a time, and
//! a buffer of the generator's random words that a step can take from without a branch.

use rand::Rng as _;

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
///
/// One word: the flips not used yet sit above a marker bit, so `1` means none are left
/// and no separate count is kept (one register fewer in the generators' loops).
#[derive(Debug)]
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

/// The generator RNG's output as a stream of 32-bit words, read ahead into a buffer.
///
/// `rand_chacha`'s `next_u32` returns the next word of its stream and `next_u64` the next
/// two (low word first), so reading words from here in the same order gives the same
/// numbers as calling the RNG. What the buffer adds is a word that can be looked at
/// before it is taken: a step can compute with [`Words::word`] and then move its position
/// past it or not, with no branch on whether it wanted a random number.
///
/// The read position is kept by the caller (a `usize` that stays in a register), so the
/// buffer and the RNG can live behind one pointer.
#[derive(Debug)]
pub(crate) struct Words {
    buf: [u32; Words::LEN],
    rng: Rng,
}

impl Words {
    /// Words read ahead at a time.
    pub const LEN: usize = 64;

    /// A buffer reading from `rng`, and the position to start at (the buffer is empty:
    /// the first [`Words::ensure`] fills it).
    pub fn new(rng: Rng) -> (Box<Self>, usize) {
        (
            Box::new(Self {
                buf: [0; Self::LEN],
                rng,
            }),
            Self::LEN,
        )
    }

    /// At least `n` (≤ [`Words::LEN`]) words are buffered from `pos` on; returns the
    /// position to read from (unread words are moved to the front when more are read).
    #[inline]
    pub fn ensure(&mut self, pos: usize, n: usize) -> usize {
        if pos + n > Self::LEN {
            self.refill(pos)
        } else {
            pos
        }
    }

    #[cold]
    #[inline(never)]
    fn refill(&mut self, pos: usize) -> usize {
        let kept = Self::LEN - pos;
        self.buf.copy_within(pos.., 0);
        self.rng.fill(&mut self.buf[kept..]);
        0
    }

    /// The word at `pos` (buffered by [`Words::ensure`]).
    #[inline]
    pub fn word(&self, pos: usize) -> u32 {
        self.buf[pos]
    }

    /// The two words at `pos` as the RNG's `next_u64` returns them (low word first).
    #[inline]
    pub fn pair(&self, pos: usize) -> u64 {
        u64::from(self.buf[pos]) | (u64::from(self.buf[pos + 1]) << 32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng;
    use rand::RngCore;

    #[test]
    fn words_read_as_the_rng_would_return_them() {
        // Words taken one and two at a time, across many refills (some with words left
        // over), equal the twin RNG's next_u32 / next_u64.
        let mut twin = rng(42);
        let (mut words, mut pos) = Words::new(rng(42));
        let mut pattern = rng(7);
        for _ in 0..5_000 {
            pos = words.ensure(pos, 4);
            match pattern.next_u32() % 3 {
                0 => {
                    assert_eq!(words.word(pos), twin.next_u32());
                    pos += 1;
                }
                1 => {
                    assert_eq!(words.pair(pos), twin.next_u64());
                    pos += 2;
                }
                _ => {} // looked at nothing, took nothing
            }
        }
    }

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
