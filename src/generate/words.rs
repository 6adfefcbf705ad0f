//! The generator RNG read ahead as a stream of 32-bit words, for a step machine that must
//! not branch on whether it draws a random number (Recursive Division).

use rand::SeedableRng;
use rand_chacha::ChaCha8Core;
use rand_chacha::rand_core::block::BlockRngCore;

/// The generator RNG's output as a stream of 32-bit words, read ahead into a buffer.
///
/// [`Rng`](crate::generate::Rng) (`ChaCha8Rng`) hands out the words its core generates, 64
/// at a time, in order: `next_u32` the next word, `next_u64` the next two (low word first).
/// This reads the same core, seeded the same way, into a buffer of its own, so reading
/// words from here in the same order gives the same numbers as calling the RNG. What the
/// buffer adds is a word that can be looked at before it is taken: a step can compute with
/// [`Words::word`] and then move its position past it or not, with no branch on whether it
/// wanted a random number.
///
/// The read position is kept by the caller (a `usize` that stays in a register), so the
/// buffer and the generator can live behind one pointer.
#[derive(Clone, Debug)]
pub(crate) struct Words {
    /// Words `buf[pos..end]` are read ahead and not taken yet.
    buf: [u32; Words::BLOCK + Words::MAX_AHEAD],
    end: usize,
    core: ChaCha8Core,
    /// Where the core writes each block before it is appended to `buf`.
    block: <ChaCha8Core as BlockRngCore>::Results,
}

impl Words {
    /// Words the core generates at a time.
    const BLOCK: usize = 64;
    /// The most words [`Words::ensure`] can be asked for.
    pub const MAX_AHEAD: usize = 8;

    /// The words of [`rng`](crate::generate::rng)`(seed)`, read from position 0 (nothing is
    /// read ahead yet: the first [`Words::ensure`] generates a block).
    pub fn new(seed: u64) -> Box<Self> {
        Box::new(Self {
            buf: [0; Self::BLOCK + Self::MAX_AHEAD],
            end: 0,
            core: ChaCha8Core::seed_from_u64(seed),
            block: Default::default(),
        })
    }

    /// At least `n` (≤ [`Words::MAX_AHEAD`]) words are read ahead from `pos` on; returns
    /// the position to read from (the words not taken yet move to the front when a block
    /// is generated).
    #[inline]
    pub fn ensure(&mut self, pos: usize, n: usize) -> usize {
        debug_assert!(n <= Self::MAX_AHEAD);
        if pos + n > self.end {
            self.refill(pos)
        } else {
            pos
        }
    }

    #[cold]
    #[inline(never)]
    fn refill(&mut self, pos: usize) -> usize {
        let kept = self.end - pos;
        self.buf.copy_within(pos..self.end, 0);
        self.core.generate(&mut self.block);
        self.buf[kept..kept + Self::BLOCK].copy_from_slice(self.block.as_ref());
        self.end = kept + Self::BLOCK;
        0
    }

    /// The word at `pos` (buffered by [`Words::ensure`]).
    #[inline]
    pub fn word(&self, pos: usize) -> u32 {
        self.buf[pos]
    }
}

/// `(high, low)` words of `a × b`.
#[inline]
#[allow(clippy::cast_possible_truncation)] // the words of a 32 × 32-bit product
fn wide_mul(a: u32, b: u32) -> (u32, u32) {
    let product = u64::from(a) * u64::from(b);
    ((product >> 32) as u32, product as u32)
}

impl Words {
    /// A number in `0..n` (`n` ≥ 1) computed from the words at `pos` exactly as `rand`'s
    /// `random_range(0..n)` draws a `u32` (Canon's method: the high word of a random word
    /// times `n`; when the low word is in the zone that could bias it, the carry of a second
    /// word's product). The words are taken (`pos` moved past them) only if `take`: a step
    /// can compute the number whether it wants it or not and select it without a branch.
    /// Needs two buffered words. O(1); the second word is taken with probability < n / 2³².
    #[inline]
    pub fn below(&self, pos: &mut usize, n: u32, take: bool) -> u32 {
        let (mut value, low) = wide_mul(self.word(*pos), n);
        // Rare (probability < n / 2³²), so a well-predicted branch.
        if take & (low > n.wrapping_neg()) {
            let (carry_in, _) = wide_mul(self.word(*pos + 1), n);
            value += u32::from(low.checked_add(carry_in).is_none());
            *pos += 1;
        }
        *pos += usize::from(take);
        value
    }

    /// A fair coin from the word at `pos` as `rand`'s `random::<bool>()` draws it (the
    /// word's top bit), taken only if `take`. Needs one word read ahead.
    #[inline]
    pub fn coin(&self, pos: &mut usize, take: bool) -> bool {
        let heads = self.word(*pos) >> 31 == 1;
        *pos += usize::from(take);
        heads
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng;
    use rand::{Rng as _, RngCore};

    #[test]
    fn words_read_as_the_rng_would_return_them() {
        // Words taken one and two at a time, across many refills (some with words left
        // over), equal the twin RNG's next_u32 / next_u64.
        let mut twin = rng(42);
        let (mut words, mut pos) = (Words::new(42), 0);
        let mut pattern = rng(7);
        for _ in 0..5_000 {
            pos = words.ensure(pos, 4);
            match pattern.next_u32() % 3 {
                0 => {
                    assert_eq!(words.word(pos), twin.next_u32());
                    pos += 1;
                }
                1 => {
                    let pair = u64::from(words.word(pos)) | (u64::from(words.word(pos + 1)) << 32);
                    assert_eq!(pair, twin.next_u64(), "two words, low first");
                    pos += 2;
                }
                _ => {} // looked at nothing, took nothing
            }
        }
    }

    #[test]
    fn below_and_coin_draw_as_rand_does() {
        // Ranges up to 2³² − 1 (where the second word is often needed) and small ones,
        // some looked at and not taken: the taken ones match rand's draws one for one.
        let mut twin = rng(9);
        let (mut words, mut pos) = (Words::new(9), 0);
        let mut pattern = rng(3);
        for i in 0..20_000_u32 {
            pos = words.ensure(pos, 3);
            let n = if i % 2 == 0 { u32::MAX - i } else { 1 + i % 40 };
            let take = !pattern.next_u32().is_multiple_of(4);
            if i % 3 == 0 {
                let heads = words.coin(&mut pos, take);
                if take {
                    assert_eq!(heads, twin.random::<bool>());
                }
            } else {
                let value = words.below(&mut pos, n, take);
                if take {
                    assert_eq!(value, twin.random_range(0..n), "n = {n}");
                }
            }
        }
    }
}
