//! How a [`Tree`] talks to a store that keeps `g` only while a tile is open
//! ([`crate::solve::nodes::Settled`]): what the search promises about its keys, and the key
//! of a tile reached.

use super::{Keys, Tree};
use crate::maze::Pos;
use crate::solve::nodes::TreeNodes;
use crate::solve::store::Store;
use crate::solve::tiles::Tile;

impl<K: Store, N: TreeNodes> Tree<K, N> {
    /// The same tree, its store told what the search's keys do ([`Keys`]); before any tile
    /// is reached.
    #[must_use]
    pub fn with_keys(mut self, keys: Keys) -> Self {
        match keys {
            Keys::Rising(Some((heuristic, scale))) if self.nodes.keyed() => {
                let goal = self.goal.map_or(Pos::new(0, 0), |g| self.layout.pos(g));
                self.potential = Some((heuristic, scale, goal));
            }
            Keys::Rising(_) => {}
            Keys::MayFall => self.nodes.keys_may_fall(),
        }
        self
    }

    /// The key the store keeps for `tile` reached with cost so far `g`: `g` plus the
    /// potential, if the store takes keys ([`Keys::Rising`]).
    #[inline]
    pub(super) fn key(&self, tile: Tile, g: u32) -> u32 {
        match self.potential {
            Some((heuristic, scale, goal)) => g + heuristic.estimate(self.pos(tile), goal) * scale,
            None => g,
        }
    }

    /// [`Tree::key`] for a search that has just computed `h`, the estimate of
    /// the store's potential (the same heuristic, scale and goal; A* with no weight):
    /// `g + h`, without estimating again.
    #[inline]
    pub(super) const fn key_with(&self, g: u32, h: u32) -> u32 {
        if self.potential.is_some() { g + h } else { g }
    }
}
