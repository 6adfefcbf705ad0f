//! The priority queue `U` of LPA* and D* Lite: each inconsistent tile at most once, with its
//! key `[k1; k2]`, taken least key first (lexicographic order, as in the papers).
//!
//! Unlike A*'s open set, `U` must update and remove a tile's entry when an edit or an
//! expansion changes it (`U.Update`, `U.Remove`), so it keeps the key of every tile it holds
//! beside the ordered entries: a balanced tree of `(key, tile)` and a map from tile to key.
//! Insert, update, remove and pop are O(log n); the top is O(log n); a clone (a checkpoint
//! of a run) copies the entries, O(n).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

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
    order: BTreeSet<(Key, TileIndex)>,
    keys: BTreeMap<TileIndex, Key>,
}

impl Queue {
    /// `U ← ∅`.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// `U.Insert(tile, key)`, or `U.Update(tile, key)` if it is already in. O(log n).
    pub fn insert(&mut self, tile: TileIndex, key: Key) {
        if let Some(old) = self.keys.insert(tile, key) {
            self.order.remove(&(old, tile));
        }
        self.order.insert((key, tile));
    }

    /// `U.Remove(tile)` (nothing if it is not in). O(log n).
    pub fn remove(&mut self, tile: TileIndex) {
        if let Some(old) = self.keys.remove(&tile) {
            self.order.remove(&(old, tile));
        }
    }

    /// `U.Top()` with `U.TopKey()`: the least entry, lowest tile among equal keys.
    #[must_use]
    pub fn top(&self) -> Option<(Key, TileIndex)> {
        self.order.first().copied()
    }

    /// `U.TopKey()`: the least key, `[∞; ∞]` when empty.
    #[must_use]
    pub fn top_key(&self) -> Key {
        self.top().map_or(Key::INFINITE, |(k, _)| k)
    }

    /// `U.Pop()`: take the least entry.
    pub fn pop(&mut self) -> Option<(Key, TileIndex)> {
        let (key, tile) = self.order.pop_first()?;
        self.keys.remove(&tile);
        Some((key, tile))
    }

    /// The key `tile` is held with, if it is in `U`.
    #[must_use]
    pub fn key(&self, tile: TileIndex) -> Option<Key> {
        self.keys.get(&tile).copied()
    }

    /// Whether `tile` is in `U`.
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

    /// The `max` least entries, least first. O(max).
    #[must_use]
    pub fn least(&self, max: usize) -> Vec<(Key, TileIndex)> {
        self.order.iter().take(max).copied().collect()
    }

    /// Empty it, keeping nothing.
    pub fn clear(&mut self) {
        self.order.clear();
        self.keys.clear();
    }

    /// Every tile held, in key order.
    pub fn tiles(&self) -> impl Iterator<Item = TileIndex> + '_ {
        self.order.iter().map(|&(_, t)| t)
    }
}

impl GetSize for Queue {
    fn get_heap_size_with_tracker<Tr: GetSizeTracker>(&self, tracker: Tr) -> (usize, Tr) {
        // A B-tree entry costs about its size plus a share of its node (bounded by 2×).
        let set = 2 * size_of::<(Key, TileIndex)>();
        let map = 2 * size_of::<(TileIndex, Key)>();
        (self.len() * (set + map), tracker)
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
}
