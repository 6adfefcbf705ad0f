//! [`Open`]: the priority queue of Dijkstra, A* and the searches like them — push an entry,
//! pop the lowest — in the form that suits the keys.
//!
//! An entry is `(key, tie, tile, g)` and entries leave in that order: the least key (`g`
//! for Dijkstra, `f` for A*, `h` for greedy best-first), then the least tie-break key, then
//! the lowest tile (row-major), so runs repeat exactly. A tile may be in the queue more than
//! once; the search skips the stale entries when they come out.
//!
//! * [`Open::buckets`]: a bucket queue (R. Dial, "Algorithm 360: shortest-path forest with
//!   topological ordering", CACM 12(11), 1969). Path costs are small integers and a search
//!   like Dijkstra's pushes keys no lower than the one it popped, so entries go into a ring
//!   of buckets, one per key, and popping takes from the lowest non-empty bucket (found
//!   through a bit per bucket, 64 keys a word): O(1) a push, a pop O(1) plus the order
//!   inside the bucket (sorted once, when its turn comes; by radix when it is large).
//!   Keys pushed at or below the current bucket (an inconsistent heuristic) go into their
//!   place in it and still leave first; keys beyond the ring grow it: the order is exact
//!   for any keys.
//! * [`Open::heap`]: a binary heap, for keys that jump about (greedy best-first, jump point
//!   search).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use get_size2::{GetSize, GetSizeTracker};

use crate::maze::Pos;
use crate::solve::tiles::Tile;
use crate::teach::{MAX_CHOICES, Question, least};

/// One entry: least `key`, then least `tie`, then lowest `tile` first. `g` rides along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    /// The priority.
    pub key: u32,
    /// The tie-break key among equal priorities.
    pub tie: u32,
    /// The tile.
    pub tile: Tile,
    /// Its cost so far when pushed.
    pub g: u32,
}

/// A priority queue of [`Entry`]s; see the module documentation.
#[derive(Clone, Debug)]
pub enum Open {
    /// Dial's buckets.
    Buckets(Buckets),
    /// A binary heap.
    Heap(BinaryHeap<Reverse<Entry>>),
}

/// A ring of buckets, one per key from `low` on, and the entries with key ≤ `low` sorted.
#[derive(Clone, Debug)]
pub struct Buckets {
    /// Entries with key ≤ `low`, sorted greatest first: the next to pop is the last. A
    /// bucket is sorted once when its turn comes; a push into it (a search with an
    /// inconsistent heuristic, or A* moving towards the goal at the same `f`) goes into its
    /// place, usually at the end.
    now: Vec<Entry>,
    /// Bucket `k & mask` holds the entries of key `k`, for `low < k < low + ring.len()`.
    ring: Vec<Vec<Entry>>,
    /// Bit `i % 64` of word `i / 64` is set when bucket `i` holds entries, so the next
    /// bucket is found a word (64 keys) at a time: costs are multiples of 10, so most
    /// keys have an empty bucket.
    occupied: Vec<u64>,
    low: u32,
    /// Entries in the ring.
    later: usize,
}

/// Buckets of more entries than this are sorted by a radix sort.
const RADIX: usize = 64;

/// Buckets in a new ring (a power of two; it doubles when a key lands past its end).
const RING: usize = 256;

impl Open {
    /// An empty bucket queue.
    #[must_use]
    pub fn buckets() -> Self {
        Open::Buckets(Buckets {
            now: Vec::new(),
            ring: vec![Vec::new(); RING],
            occupied: vec![0; RING / 64],
            low: 0,
            later: 0,
        })
    }

    /// An empty binary heap.
    #[must_use]
    pub const fn heap() -> Self {
        Open::Heap(BinaryHeap::new())
    }

    /// Add `entry`. O(1) into a later bucket, O(log n) otherwise.
    #[inline(always)]
    pub fn push(&mut self, entry: Entry) {
        match self {
            Open::Heap(heap) => heap.push(Reverse(entry)),
            Open::Buckets(b) => b.push(entry),
        }
    }

    /// Take the least entry, if any.
    #[inline]
    pub fn pop(&mut self) -> Option<Entry> {
        match self {
            Open::Heap(heap) => heap.pop().map(|Reverse(e)| e),
            Open::Buckets(b) => b.pop(),
        }
    }

    /// The least entry's key, if any (O(1) for the heap, O(ring) at worst for the buckets).
    #[must_use]
    pub fn peek_key(&self) -> Option<u32> {
        match self {
            Open::Heap(heap) => heap.peek().map(|Reverse(e)| e.key),
            Open::Buckets(b) => b
                .now
                .last()
                .map(|e| e.key)
                .or_else(|| b.ring.iter().flatten().map(|e| e.key).min()),
        }
    }

    /// Entries held.
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            Open::Heap(heap) => heap.len(),
            Open::Buckets(b) => b.now.len() + b.later,
        }
    }

    /// Whether it holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `max` least entries, least first, without taking them. O(len · log max).
    #[must_use]
    pub fn least(&self, max: usize) -> Vec<Entry> {
        match self {
            Open::Heap(heap) => least(heap.iter().map(|Reverse(e)| *e), max, |e| *e),
            Open::Buckets(b) => least(
                b.now.iter().chain(b.ring.iter().flatten()).copied(),
                max,
                |e| *e,
            ),
        }
    }

    /// The next entries a search will expand, in pop order: the least entries whose tile
    /// `live` accepts (entries it would skip left out), one per tile, at most `max`;
    /// `None` when the very next pop is one it skips (or there is none), so a quiz asks
    /// only about a pop that expands. A tile rarely has more than 8 entries, so reading the
    /// `8 · max` least entries finds about `max` tiles. O(len · log max).
    #[must_use]
    pub fn upcoming(&self, max: usize, live: impl Fn(Tile) -> bool) -> Option<Vec<Entry>> {
        let least = self.least(max.saturating_mul(8));
        if !live(least.first()?.tile) {
            return None;
        }
        let mut out: Vec<Entry> = Vec::with_capacity(max);
        for e in least {
            if out.len() == max {
                break;
            }
            if live(e.tile) && !out.iter().any(|o| o.tile == e.tile) {
                out.push(e);
            }
        }
        Some(out)
    }

    /// The quiz's question `ask` on the next pop: the [`Open::upcoming`] entries whose tile
    /// `live` accepts, each shown by `show` (its cell or tile and what the search knows of
    /// it), ties on the key accepted, answered by `rule`. O(len · log [`MAX_CHOICES`]).
    #[must_use]
    pub fn question(
        &self,
        ask: &str,
        rule: String,
        live: impl Fn(Tile) -> bool,
        show: impl Fn(&Entry) -> (Pos, String),
    ) -> Option<Question> {
        let next = self.upcoming(MAX_CHOICES, live)?;
        let upcoming = next.iter().map(|e| {
            let (at, detail) = show(e);
            (at, e.key, detail)
        });
        Question::next_of(ask.to_owned(), rule, upcoming)
    }
}

impl Buckets {
    #[inline(always)]
    fn push(&mut self, entry: Entry) {
        if self.now.is_empty() && self.later == 0 {
            // Empty: the ring starts at this key (A*'s first key is h(start), far from 0).
            self.low = entry.key;
        }
        if entry.key <= self.low {
            // Mostly it leaves next (A* heading for the goal at the same `f`): on top,
            // without a search.
            if self.now.last().is_none_or(|top| *top > entry) {
                self.now.push(entry);
            } else {
                let at = self.now.partition_point(|e| *e > entry);
                self.now.insert(at, entry);
            }
            return;
        }
        if (entry.key - self.low) as usize >= self.ring.len() {
            self.grow(entry.key);
        }
        self.file(entry);
        self.later += 1;
    }

    /// Put `entry` into the ring's bucket of its key, marked as holding entries (the key
    /// must be within the ring).
    #[inline(always)]
    fn file(&mut self, entry: Entry) {
        let at = entry.key as usize & (self.ring.len() - 1);
        self.ring[at].push(entry);
        self.occupied[at / 64] |= 1 << (at % 64);
    }

    #[inline]
    fn pop(&mut self) -> Option<Entry> {
        if self.now.is_empty() {
            self.advance();
        }
        self.now.pop()
    }

    /// Move the lowest non-empty bucket into `now` (which is empty).
    fn advance(&mut self) {
        if self.later == 0 {
            return;
        }
        let mask = self.ring.len() - 1;
        let from = (self.low as usize + 1) & mask;
        let at = self.next_occupied(from);
        self.occupied[at / 64] &= !(1 << (at % 64));
        let bucket = &mut self.ring[at];
        self.later -= bucket.len();
        // The emptied buffer of `now` takes the bucket's place, for its next turn.
        std::mem::swap(bucket, &mut self.now);
        #[allow(clippy::cast_possible_truncation)]
        let key = self.low + 1 + (at.wrapping_sub(from) & mask) as u32;
        self.low = key;
        // One key in the bucket, so the entry order is (tie, tile, g): sorted on the first
        // two as one 64-bit number, then, in the rare bucket where one tile came twice with
        // the same tie and out of `g` order, on the whole entry.
        let order = |e: &Entry| (u64::from(e.tie) << 32) | u64::from(e.tile);
        // Most buckets come already in order (pushes follow the expansions, which go in
        // tile order; a bucket of one always is): then greatest first is the reverse. Told
        // by one comparison of numbers an entry, where comparing entries field by field
        // was a branch on data the processor guessed wrong (`benches/RESULTS.md`).
        if self.now.is_sorted_by(|a, b| order(a) < order(b)) {
            self.now.reverse();
            return;
        }
        // A stable sort (it takes runs already in order as they are), then greatest first.
        // Measured a little faster than an unstable sort on the reversed key; a radix sort
        // for large buckets (a braided maze's wide frontier).
        if self.now.len() > RADIX {
            radsort::sort_by_key(&mut self.now, |e| order(e));
        } else {
            self.now.sort_by_key(|e| order(e));
        }
        self.now.reverse();
        if self
            .now
            .windows(2)
            .any(|w| order(&w[0]) == order(&w[1]) && w[0].g < w[1].g)
        {
            self.now.sort_unstable_by(|a, b| b.cmp(a));
        }
    }

    /// The first bucket from ring index `from` on, wrapping round, that holds entries (one
    /// must). O(ring / 64) at worst.
    fn next_occupied(&self, from: usize) -> usize {
        let words = self.occupied.len();
        let mut word = from / 64;
        let mut bits = self.occupied[word] & (u64::MAX << (from % 64));
        loop {
            if bits != 0 {
                return word * 64 + bits.trailing_zeros() as usize;
            }
            word = (word + 1) & (words - 1);
            bits = self.occupied[word];
        }
    }

    /// Make the ring long enough for `key`.
    #[cold]
    fn grow(&mut self, key: u32) {
        let need = ((key - self.low) as usize + 1).next_power_of_two();
        let len = need.max(2 * self.ring.len());
        let old = std::mem::replace(&mut self.ring, vec![Vec::new(); len]);
        self.occupied = vec![0; len / 64];
        for e in old.into_iter().flatten() {
            self.file(e);
        }
    }
}

impl GetSize for Open {
    fn get_heap_size_with_tracker<Tr: GetSizeTracker>(&self, tracker: Tr) -> (usize, Tr) {
        let entry = size_of::<Entry>();
        let bytes = match self {
            Open::Heap(heap) => heap.capacity() * entry,
            Open::Buckets(b) => {
                b.now.capacity() * entry
                    + b.ring.capacity() * size_of::<Vec<Entry>>()
                    + b.occupied.capacity() * size_of::<u64>()
                    + b.ring.iter().map(|v| v.capacity() * entry).sum::<usize>()
            }
        };
        (bytes, tracker)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Both queues give what a sorted list gives, for keys that rise like Dijkstra's, for
    /// keys that sometimes fall, and across a ring that has to grow.
    #[test]
    fn both_pop_in_entry_order_like_a_sorted_list() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        for spread in [30, 300, 5000] {
            let (mut buckets, mut heap) = (Open::buckets(), Open::heap());
            let mut reference: Vec<Entry> = Vec::new();
            let mut low: u32 = 0;
            for step in 0..20_000_u32 {
                if step % 3 != 2 {
                    let key =
                        (low + rng.random_range(0..spread)).saturating_sub(rng.random_range(0..4));
                    let e = Entry {
                        key,
                        tie: rng.random_range(0..3),
                        tile: rng.random_range(0..50),
                        g: step,
                    };
                    buckets.push(e);
                    heap.push(e);
                    reference.push(e);
                } else if !reference.is_empty() {
                    reference.sort_unstable_by(|a, b| b.cmp(a));
                    let want = reference.pop();
                    assert_eq!(buckets.pop(), want);
                    assert_eq!(heap.pop(), want);
                    low = want.map_or(low, |e| e.key);
                }
                assert_eq!(buckets.len(), reference.len());
            }
            reference.sort_unstable();
            assert_eq!(buckets.least(5), reference[..5.min(reference.len())]);
        }
    }

    /// A first key far from zero (A*'s `h(start)` on a long maze) costs no ring that long.
    #[test]
    fn the_ring_starts_at_the_first_key() {
        let mut open = Open::buckets();
        open.push(Entry {
            key: 10_000_000,
            tie: 0,
            tile: 1,
            g: 0,
        });
        let Open::Buckets(b) = &open else {
            panic!("a bucket queue")
        };
        assert_eq!(b.ring.len(), RING);
        assert_eq!(open.pop().map(|e| e.key), Some(10_000_000));
    }
}
