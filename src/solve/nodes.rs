//! How a search tree ([`crate::solve::tree::Tree`]) keeps its per-tile state, chosen by its
//! [`Store`](crate::solve::store::Store): what the tree asks of a tile (a wall? reached?
//! closed? its `g`, its came-from move) is the same, where the bits live is not.
//!
//! * [`Pages<Node>`]: one packed 4-byte [`Node`] per tile (`g`, came-from move, closed) in
//!   shared pages, for a run in the explorer that checkpoints (a checkpoint copies only the
//!   pages written since).
//! * `Vec<Node>`: the same nodes in one flat array, for headless runs.
//! * [`Marks`]: headless runs of a search that reads no tile's `g` but the one it expands
//!   and carries that itself (BFS, whose moves ride in its queue). A byte per tile says
//!   everything the search reads (wall, reached, closed, came-from move). A 4-byte node per
//!   tile of a 1000×1000 maze is 16 MB, every page of it mapped and zeroed by the system
//!   and most of it pulled through the caches; the byte is a quarter of that. Measured
//!   (`benches/RESULTS.md`): a third of BFS's whole-process time. Splitting the packed
//!   node into a byte and a `g` array beside it gained nothing for the searches that
//!   compare `g` (Dijkstra, A*): their `g` array is written wherever they reach.
//! * [`Settled`]: headless runs of Dijkstra and A*, whose closed tiles are settled while
//!   their keys never fall: two bytes a tile, `g` kept only while a tile is open
//!   ([`settled`]).

use get_size2::GetSize;

use crate::maze::Grid;
use crate::run::Pages;
use crate::solve::Moves;
use crate::solve::store::Nodes;
use crate::solve::tiles::{INFINITY, Layout, Node};

pub mod settled;
pub use settled::Settled;

/// The per-tile state of a search tree; see the module documentation. `i` is a padded
/// tile index; every method is O(1).
pub trait TreeNodes: Clone + std::fmt::Debug + GetSize {
    /// Whether [`TreeNodes::g`] is the cost so far of every reached tile; `false`: a store
    /// that keeps only whether a tile is reached ([`Marks`]).
    const KEEPS_G: bool = true;

    /// Every tile of `grid` unreached (walls and the border walls), laid out by `layout`,
    /// for a search making `moves`. O(tiles).
    fn new(layout: &Layout, grid: &Grid, moves: Moves) -> Self;

    /// Whether tile `i` is a wall (or the border).
    fn is_wall(&self, i: usize) -> bool;

    /// Whether tile `i` has been reached (walls never are).
    fn is_reached(&self, i: usize) -> bool;

    /// Whether tile `i` has been expanded.
    fn is_closed(&self, i: usize) -> bool;

    /// Whether a neighbour step may still enter tile `i`: open ground the search is not
    /// done with, where its test for a neighbour can pass (done: reached, for a search
    /// that keeps no `g`, [`Marks`]; settled, for one that keeps `g` only while a tile is
    /// open, [`Settled`]). Every open tile where the store cannot tell (every `g` kept: a
    /// closed tile may be reopened). One read of the tile where the store can.
    fn may_enter(&self, i: usize) -> bool {
        !self.is_wall(i)
    }

    /// The cost so far of tile `i` ([`INFINITY`] if not reached; where the store does not
    /// keep costs, [`TreeNodes::KEEPS_G`], 0 for a reached tile).
    fn g(&self, i: usize) -> u32;

    /// The move that entered tile `i` (meaningful for a reached tile other than the root).
    fn from(&self, i: usize) -> usize;

    /// Tile `i` is reached with cost so far `g` (at most [`MAX_G`]; more is kept as
    /// [`MAX_G`]) by move `from` (< 8), open (again, if it was closed: a reopened tile).
    fn reach(&mut self, i: usize, g: u32, from: usize);

    /// Tile `i` is closed.
    fn close(&mut self, i: usize);

    /// Whether [`TreeNodes::g`] and [`TreeNodes::reach`] take a *key* (`g` plus the
    /// search's potential, [`crate::solve::tree::Keys`]) rather than `g`: a store that keeps
    /// `g` only for open tiles ([`Settled`]). `false` for the others.
    fn keyed(&self) -> bool {
        false
    }

    /// The search's keys may fall from one expansion to the next (before any tile is
    /// reached): keep every reached tile's `g`. Nothing to do for a store that does.
    fn keys_may_fall(&mut self) {}
}

impl TreeNodes for Pages<Node> {
    fn new(layout: &Layout, grid: &Grid, _moves: Moves) -> Self {
        layout.fill(grid, Node::WALL, |_| Node::UNREACHED)
    }

    #[inline]
    fn is_wall(&self, i: usize) -> bool {
        self.get(i).is_wall()
    }

    #[inline]
    fn is_reached(&self, i: usize) -> bool {
        self.get(i).is_reached()
    }

    #[inline]
    fn is_closed(&self, i: usize) -> bool {
        self.get(i).is_closed()
    }

    #[inline]
    fn g(&self, i: usize) -> u32 {
        self.get(i).g()
    }

    #[inline]
    fn from(&self, i: usize) -> usize {
        self.get(i).from()
    }

    #[inline]
    fn reach(&mut self, i: usize, g: u32, from: usize) {
        Nodes::set(self, i, Node::reached(g, from));
    }

    #[inline]
    fn close(&mut self, i: usize) {
        let node = self.get(i);
        Nodes::set(self, i, node.closed());
    }
}

impl TreeNodes for Vec<Node> {
    fn new(layout: &Layout, grid: &Grid, _moves: Moves) -> Self {
        layout.fill(grid, Node::WALL, |_| Node::UNREACHED)
    }

    #[inline]
    fn is_wall(&self, i: usize) -> bool {
        self[i].is_wall()
    }

    #[inline]
    fn is_reached(&self, i: usize) -> bool {
        self[i].is_reached()
    }

    #[inline]
    fn is_closed(&self, i: usize) -> bool {
        self[i].is_closed()
    }

    #[inline]
    fn g(&self, i: usize) -> u32 {
        self[i].g()
    }

    #[inline]
    fn from(&self, i: usize) -> usize {
        self[i].from()
    }

    #[inline]
    fn reach(&mut self, i: usize, g: u32, from: usize) {
        self[i] = Node::reached(g, from);
    }

    #[inline]
    fn close(&mut self, i: usize) {
        self[i] = self[i].closed();
    }
}

/// A tile's state byte in [`Marks`]: the came-from move in the low 3 bits, then these
/// flags; a wall is [`M_WALL`] alone.
const M_REACHED: u8 = 0x08;
const M_CLOSED: u8 = 0x10;
const M_WALL: u8 = 0x80;

/// Headless state of a search that reads no tile's `g` but the one it expands, and
/// carries that itself (BFS: the moves ride in its queue): a byte per tile, no `g`. See
/// the module documentation.
#[derive(Clone, Debug, GetSize)]
pub struct Marks(Vec<u8>);

impl TreeNodes for Marks {
    const KEEPS_G: bool = false;

    fn new(layout: &Layout, grid: &Grid, _moves: Moves) -> Self {
        Self(layout.fill(grid, M_WALL, |_| 0))
    }

    #[inline]
    fn is_wall(&self, i: usize) -> bool {
        self.0[i] == M_WALL
    }

    #[inline]
    fn is_reached(&self, i: usize) -> bool {
        self.0[i] & M_REACHED != 0
    }

    #[inline]
    fn is_closed(&self, i: usize) -> bool {
        self.0[i] & M_CLOSED != 0
    }

    /// Not reached (the search's test), which a wall never is: both bits clear.
    #[inline]
    fn may_enter(&self, i: usize) -> bool {
        self.0[i] & (M_WALL | M_REACHED) == 0
    }

    /// [`INFINITY`] for a tile not reached, 0 for one reached: no `g` is kept.
    #[inline]
    fn g(&self, i: usize) -> u32 {
        if self.is_reached(i) { 0 } else { INFINITY }
    }

    #[inline]
    fn from(&self, i: usize) -> usize {
        usize::from(self.0[i] & 7)
    }

    #[inline]
    #[allow(clippy::cast_possible_truncation)] // from < 8
    fn reach(&mut self, i: usize, _g: u32, from: usize) {
        self.0[i] = M_REACHED | (from as u8 & 7);
    }

    #[inline]
    fn close(&mut self, i: usize) {
        self.0[i] |= M_CLOSED;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::tiles::MAX_G;

    /// Both stores answer the same for the same writes, against the packed [`Node`]'s own
    /// answers.
    fn round_trip<T: TreeNodes>() {
        let grid = Grid::parse("S #\n  E\n").expect("valid");
        let layout = Layout::new(&grid);
        let mut nodes = T::new(&layout, &grid, Moves::Four);
        let at = |r, c| layout.at(crate::maze::Pos::new(r, c)) as usize;
        assert!(nodes.is_wall(at(0, 2)) && nodes.is_wall(0));
        assert!(!nodes.is_wall(at(0, 0)) && !nodes.is_reached(at(0, 0)));
        assert_eq!(nodes.g(at(0, 0)), INFINITY);
        nodes.reach(at(0, 1), 123_456, 6);
        let want = Node::reached(123_456, 6);
        let i = at(0, 1);
        assert_eq!(
            (
                nodes.g(i),
                nodes.from(i),
                nodes.is_reached(i),
                nodes.is_closed(i)
            ),
            (want.g(), want.from(), true, false)
        );
        nodes.close(i);
        assert!(nodes.is_closed(i) && nodes.is_reached(i) && !nodes.is_wall(i));
        nodes.reach(i, u32::MAX - 3, 2);
        assert_eq!((nodes.g(i), nodes.from(i)), (MAX_G, 2), "saturates");
        assert!(
            !nodes.is_closed(i),
            "reached again: open again, as a packed node"
        );
    }

    /// `may_enter` against each store's rule, through a tile's life (nothing yet, reached,
    /// closed) and on a wall: `done(reached, closed)` says when the search is done with it.
    fn enters<T: TreeNodes>(mut nodes: T, done: fn(bool, bool) -> bool) {
        let grid = Grid::parse("S #\n  E\n").expect("valid");
        let layout = Layout::new(&grid);
        let at = |r, c| layout.at(crate::maze::Pos::new(r, c)) as usize;
        let (wall, i) = (at(0, 2), at(0, 1));
        assert!(
            !nodes.may_enter(wall) && !nodes.may_enter(0),
            "walls and the border"
        );
        assert_eq!(nodes.may_enter(i), !done(false, false), "nothing yet");
        nodes.reach(i, 30, 1);
        assert_eq!(nodes.may_enter(i), !done(true, false), "reached, open");
        nodes.close(i);
        assert_eq!(nodes.may_enter(i), !done(true, true), "closed");
    }

    #[test]
    fn a_tile_may_be_entered_until_the_search_is_done_with_it() {
        let grid = Grid::parse("S #\n  E\n").expect("valid");
        let layout = Layout::new(&grid);
        let new = |moves| Settled::new(&layout, &grid, moves);
        let eight = Moves::Eight(crate::solve::Corners::default());
        // Every `g` kept: never done (a closed tile may be reopened).
        enters(
            <Vec<Node> as TreeNodes>::new(&layout, &grid, Moves::Four),
            |_, _| false,
        );
        enters(
            <Pages<Node> as TreeNodes>::new(&layout, &grid, Moves::Four),
            |_, _| false,
        );
        // No `g` kept: done once reached.
        enters(Marks::new(&layout, &grid, Moves::Four), |reached, _| {
            reached
        });
        // `g` kept while open: done once closed (settled), a byte or two a tile.
        enters(new(Moves::Four), |_, closed| closed);
        enters(new(eight), |_, closed| closed);
        let mut may_fall = new(Moves::Four);
        may_fall.keys_may_fall();
        enters(may_fall, |_, _| false);
    }

    #[test]
    fn every_store_keeps_the_state_written() {
        round_trip::<Vec<Node>>();
        round_trip::<Pages<Node>>();
        let grid = Grid::parse("S E\n").expect("valid");
        let layout = Layout::new(&grid);
        let mut marks = Marks::new(&layout, &grid, Moves::Four);
        let i = layout.at(crate::maze::Pos::new(0, 1)) as usize;
        assert_eq!(marks.g(i), INFINITY);
        marks.reach(i, 70, 5);
        assert!(marks.is_reached(i) && !marks.is_closed(i) && marks.is_wall(0));
        assert_eq!((marks.from(i), marks.g(i)), (5, 0), "no g kept");
        marks.close(i);
        assert!(marks.is_closed(i) && marks.is_wall(0));
    }
}
