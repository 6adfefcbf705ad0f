//! [`Neighbours`]: the moves out of one tile that [`super::Layout::neighbours`] found open,
//! as a search goes through them.

use super::{Neighbour, Tile};
use crate::maze::Pos;

/// The neighbours of one tile, at most 8, in the order N, E, S, W, NE, SE, SW, NW, as an
/// iterator: which moves are open (a bit each) and what each costs (a byte each, at most
/// 14 · 9), so that the whole set is a few numbers the processor keeps in registers. An
/// array of [`Neighbour`]s was written a field at a time and copied whole into its
/// iterator, and reading back those fresh narrow writes with wide loads stalled every
/// expansion (measured, `benches/RESULTS.md`). No allocation; the search may change its
/// nodes while it goes through them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Neighbours {
    pub(super) tile: Tile,
    /// Where the tile stands on the grid.
    pub(super) at: Pos,
    pub(super) width: u32,
    /// Bit `dir` set: the move `dir` is open.
    pub(super) open: u8,
    /// Byte `dir`: what the move `dir` costs.
    pub(super) costs: u64,
}

/// Row and column steps of the moves N, E, S, W, NE, SE, SW, NW.
const DR: [i32; 8] = [-1, 0, 1, 0, -1, 1, 1, -1];
const DC: [i32; 8] = [0, 1, 0, -1, 1, 1, -1, -1];

impl Neighbours {
    /// Them in an array, to reorder (shuffle) before going through them.
    #[must_use]
    pub fn list(self) -> NeighbourList {
        let mut list = NeighbourList::default();
        for n in self {
            list.list[usize::from(list.len)] = n;
            list.len += 1;
        }
        list
    }
}

impl Iterator for Neighbours {
    type Item = Neighbour;

    #[inline]
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // padded indices fit
    fn next(&mut self) -> Option<Neighbour> {
        if self.open == 0 {
            return None;
        }
        let dir = self.open.trailing_zeros() as usize;
        self.open &= self.open - 1;
        let (dr, dc) = (DR[dir], DC[dir]);
        let offset = i64::from(dr) * i64::from(self.width) + i64::from(dc);
        Some(Neighbour {
            tile: (i64::from(self.tile) + offset) as Tile,
            // An open neighbour is inside the grid: no step leaves it.
            pos: Pos::new(
                self.at.row.wrapping_add_signed(dr),
                self.at.col.wrapping_add_signed(dc),
            ),
            cost: ((self.costs >> (8 * dir)) & 0xFF) as u32,
            dir: dir as u8,
        })
    }
}

/// Neighbours in an array ([`Neighbours::list`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct NeighbourList {
    len: u8,
    list: [Neighbour; 8],
}

impl NeighbourList {
    /// The neighbours, in order.
    #[must_use]
    pub fn as_slice(&self) -> &[Neighbour] {
        &self.list[..usize::from(self.len)]
    }

    /// Them as a mutable slice (to shuffle).
    pub fn as_mut_slice(&mut self) -> &mut [Neighbour] {
        &mut self.list[..usize::from(self.len)]
    }
}

impl IntoIterator for NeighbourList {
    type Item = Neighbour;
    type IntoIter = std::iter::Take<std::array::IntoIter<Neighbour, 8>>;

    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter().take(usize::from(self.len))
    }
}
