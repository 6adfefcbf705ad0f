//! The priority queue `U` of LPA* and D* Lite: each inconsistent tile at most once, with its
//! key `[k1; k2]`, taken least key first (lexicographic order, as in the papers).
//!
//! Unlike A*'s open set, `U` must update and remove a tile's entry when an edit or an
//! expansion changes it (`U.Update`, `U.Remove`), so it keeps the key of every tile it holds
//! (a hash map from tile to key) beside a binary heap of `(key, tile)` entries. An update or
//! a removal leaves the old entry in the heap: it is *stale* (its key is no longer its
//! tile's) and is dropped when it comes to the top, so the top is always a live entry and
//! `U` pops exactly what an ordered set of its live entries would (least key, then lowest
//! tile). The heap is rebuilt from the map when stale entries outnumber live ones, so it
//! stays within about twice `U`'s size. This is the usual "lazy deletion" binary heap
//! (e.g. Sedgewick and Wayne, *Algorithms*, 4th ed., 2011, section 4.4, Dijkstra's
//! algorithm without decrease-key).
//!
//! Insert, update and pop are O(log n) (amortized), remove and the top O(1) amortized; a
//! clone (a checkpoint of a run) copies two flat tables, O(n) with no allocation per
//! entry. The structure pane's [`Queue::least`] sorts the live entries, O(n log n).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use get_size2::{GetSize, GetSizeTracker};

/// A tile, by its row-major index in the grid.
pub type TileIndex = u32;

/// `∞` in `g`, `rhs` and keys.
pub const INF: u32 = u32::MAX;

/// A key `[k1; k2]`: `k1 = min(g, rhs) + h (+ km)`, `k2 = min(g, rhs)`; compared k1 first,
/// then k2 (Koenig, Likhachev & Furcy, "Lifelong Planning A*", *Artificial Intelligence*
/// 155, 2004, section 4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Key(pub u32, pub u32);

impl Key {
    /// The key of an empty queue's top: `[∞; ∞]`.
    pub const INFINITE: Key = Key(INF, INF);

    /// The key as an array, for events.
    #[must_use]
    pub const fn pair(self) -> [u32; 2] {
        [self.0, self.1]
    }
}

impl From<[u32; 2]> for Key {
    fn from([k1, k2]: [u32; 2]) -> Self {
        Key(k1, k2)
    }
}

/// A cost or `∞`, as a student reads it.
#[must_use]
pub fn cost(value: u32) -> String {
    if value == INF {
        "∞".to_owned()
    } else {
        value.to_string()
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}; {}]", cost(self.0), cost(self.1))
    }
}

/// The queue `U`; see the module documentation.
#[derive(Clone, Debug, Default)]
pub struct Queue {
    /// Entries, least on top; those whose key is not their tile's key in `keys` are stale.
    /// The top is never stale.
    order: BinaryHeap<Reverse<(Key, TileIndex)>>,
    /// The key of each tile in `U`.
    keys: HashMap<TileIndex, Key, BuildHasherDefault<TileHasher>>,
}

/// Hashes a tile index by one multiply (Fibonacci hashing: Knuth, *TAOCP* vol. 3, 6.4):
/// tile indices are distinct small integers, and the map's default hasher (SipHash, built
/// against crafted keys) would cost more than the rest of an update.
#[derive(Clone, Copy, Debug, Default)]
pub struct TileHasher(u64);

impl Hasher for TileHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u32(&mut self, i: u32) {
        self.0 = (self.0 ^ u64::from(i)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

impl Queue {
    /// `U ← ∅`.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// `U.Insert(tile, key)`, or `U.Update(tile, key)` if it is already in. O(log n).
    pub fn insert(&mut self, tile: TileIndex, key: Key) {
        if self.keys.insert(tile, key) != Some(key) {
            self.order.push(Reverse((key, tile)));
            self.tidy();
        }
    }

    /// `U.Remove(tile)` (nothing if it is not in). O(1) amortized.
    pub fn remove(&mut self, tile: TileIndex) {
        if self.keys.remove(&tile).is_some() {
            self.tidy();
        }
    }

    /// `U.Top()` with `U.TopKey()`: the least entry, lowest tile among equal keys.
    #[must_use]
    pub fn top(&self) -> Option<(Key, TileIndex)> {
        self.order.peek().map(|&Reverse(entry)| entry)
    }

    /// `U.TopKey()`: the least key, `[∞; ∞]` when empty.
    #[must_use]
    pub fn top_key(&self) -> Key {
        self.top().map_or(Key::INFINITE, |(k, _)| k)
    }

    /// `U.Pop()`: take the least entry. O(log n).
    pub fn pop(&mut self) -> Option<(Key, TileIndex)> {
        let Reverse((key, tile)) = self.order.pop()?;
        self.keys.remove(&tile);
        self.tidy();
        Some((key, tile))
    }

    /// The key `tile` is held with, if it is in `U`. O(1).
    #[must_use]
    pub fn key(&self, tile: TileIndex) -> Option<Key> {
        self.keys.get(&tile).copied()
    }

    /// Whether `tile` is in `U`. O(1).
    #[must_use]
    pub fn contains(&self, tile: TileIndex) -> bool {
        self.keys.contains_key(&tile)
    }

    /// Entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether it is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The `max` least entries, least first. O(n log n).
    #[must_use]
    pub fn least(&self, max: usize) -> Vec<(Key, TileIndex)> {
        let mut entries = self.entries();
        entries.truncate(max);
        entries
    }

    /// Empty it, keeping nothing.
    pub fn clear(&mut self) {
        self.order.clear();
        self.keys.clear();
    }

    /// Every tile held, in key order.
    pub fn tiles(&self) -> impl Iterator<Item = TileIndex> + '_ {
        self.entries().into_iter().map(|(_, t)| t)
    }

    /// The live entries, least first.
    fn entries(&self) -> Vec<(Key, TileIndex)> {
        let mut entries: Vec<(Key, TileIndex)> = self.keys.iter().map(|(&t, &k)| (k, t)).collect();
        entries.sort_unstable();
        entries
    }

    /// Drop the stale entries on top (so the top is live), and rebuild the heap from the
    /// live entries when the stale ones outnumber them.
    fn tidy(&mut self) {
        while let Some(&Reverse((key, tile))) = self.order.peek() {
            if self.keys.get(&tile) == Some(&key) {
                break;
            }
            self.order.pop();
        }
        if self.order.len() > 2 * self.keys.len() + 64 {
            let live: Vec<_> = self.keys.iter().map(|(&t, &k)| Reverse((k, t))).collect();
            self.order = BinaryHeap::from(live);
        }
    }
}

impl GetSize for Queue {
    fn get_heap_size_with_tracker<Tr: GetSizeTracker>(&self, tracker: Tr) -> (usize, Tr) {
        // The heap's entries, and the map's slots with a control byte each.
        let heap = self.order.capacity() * size_of::<(Key, TileIndex)>();
        let map = self.keys.capacity() * (size_of::<(TileIndex, Key)>() + 1);
        (heap + map, tracker)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u_orders_by_key_then_tile_and_updates_in_place() {
        let mut u = Queue::new();
        u.insert(5, Key(30, 10));
        u.insert(2, Key(30, 20));
        u.insert(9, Key(20, 20));
        u.insert(7, Key(30, 10));
        assert_eq!(u.top(), Some((Key(20, 20), 9)));
        u.insert(9, Key(40, 0));
        assert_eq!(u.len(), 4);
        assert_eq!(u.key(9), Some(Key(40, 0)));
        u.remove(5);
        u.remove(5);
        assert_eq!(u.pop(), Some((Key(30, 10), 7)));
        assert_eq!(u.pop(), Some((Key(30, 20), 2)));
        assert_eq!(u.top_key(), Key(40, 0));
        assert_eq!(u.pop(), Some((Key(40, 0), 9)));
        assert_eq!(u.top_key(), Key::INFINITE);
        assert!(u.is_empty());
        assert_eq!(Key(INF, 3).to_string(), "[∞; 3]");
    }

    /// Against an ordered set of `(key, tile)` and a map from tile to key (the plain
    /// structure the paper's `U` describes), over long runs of random inserts, updates,
    /// removals and pops on few tiles (so stale entries pile up and the heap is rebuilt):
    /// the same top, pops, keys, length and listing after every operation.
    #[test]
    fn u_takes_what_an_ordered_set_of_its_entries_would() {
        use std::collections::{BTreeMap, BTreeSet};
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: u64| {
            // xorshift64: reproducible, no dependency.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            u32::try_from(state % n).expect("small")
        };
        let mut u = Queue::new();
        let mut order = BTreeSet::new();
        let mut keys = BTreeMap::new();
        for _ in 0..20_000 {
            let tile = next(40);
            match next(10) {
                0..=4 => {
                    let key = Key(next(8), next(4));
                    u.insert(tile, key);
                    if let Some(old) = keys.insert(tile, key) {
                        order.remove(&(old, tile));
                    }
                    order.insert((key, tile));
                }
                5..=7 => {
                    u.remove(tile);
                    if let Some(old) = keys.remove(&tile) {
                        order.remove(&(old, tile));
                    }
                }
                _ => {
                    let want = order.pop_first();
                    if let Some((_, t)) = want {
                        keys.remove(&t);
                    }
                    assert_eq!(u.pop(), want);
                }
            }
            assert_eq!(u.top(), order.first().copied());
            assert_eq!(u.len(), keys.len());
            assert_eq!(u.key(tile), keys.get(&tile).copied());
            assert!(
                u.order.len() <= 2 * u.len() + 65,
                "the heap stays near U's size"
            );
        }
        assert_eq!(
            u.least(usize::MAX),
            order.iter().copied().collect::<Vec<_>>()
        );
        assert!(u.tiles().eq(order.iter().map(|&(_, t)| t)));
    }
}
