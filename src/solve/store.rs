//! How a search keeps its per-tile nodes, chosen by a type parameter of every solver: the
//! algorithm reads and writes nodes, the [`Store`] decides where they live.
//!
//! * [`Flat`]: a plain `Vec`, one node after another on the padded grid (a byte per tile,
//!   [`Marks`], for a search that keeps no `g` per tile). For headless runs
//!   (`maze-tui solve`, `compare`, statistics), which never go back: the fastest there is.
//! * [`Paged`]: [`Pages`], blocks of tiles shared between clones until written, for a run
//!   in the explorer that keeps checkpoints to rewind: a checkpoint then costs only the
//!   blocks written since the last one.
//!
//! A store also says whether a step records what it pushed ([`Store::RECORDS`]): the
//! explorer's log reads that, a headless run does not, so it is never built there.

use std::fmt::Debug;

use get_size2::GetSize;

use crate::run::Pages;
use crate::solve::nodes::{Marks, Settled, TreeNodes};
use crate::solve::tiles::Node;

/// Where a search keeps its nodes; see the module documentation.
pub trait Store: Clone + Copy + Debug + Default + PartialEq + Eq + GetSize + 'static {
    /// The per-tile array of nodes of type `N`.
    type Nodes<N: Copy + Debug + GetSize + 'static>: Nodes<N>;

    /// The per-tile state of a search tree ([`crate::solve::nodes`]).
    type Tree: TreeNodes;

    /// The per-tile state of a search tree whose search reads no tile's `g` but the one it
    /// expands (BFS): headless, no `g` at all.
    type Marks: TreeNodes;

    /// The per-tile state of Dijkstra's and A*'s trees: headless, `g` kept only while a
    /// tile is open where the keys never fall ([`crate::solve::nodes::Settled`]).
    type Settled: TreeNodes;

    /// Whether steps record the neighbours they pushed (for the log), or leave that out.
    const RECORDS: bool;
}

/// A fixed-length array of nodes, one per tile of the padded grid.
pub trait Nodes<N>: Clone + Debug + GetSize {
    /// `len` copies of `value`, in rows of `width` tiles.
    fn filled(value: N, width: usize, len: usize) -> Self;

    /// The nodes of `nodes`, in rows of `width` tiles.
    fn from_vec(nodes: Vec<N>, width: usize) -> Self;

    /// The node of tile `i`. O(1).
    fn get(&self, i: usize) -> N;

    /// Replace the node of tile `i`. O(1) (a [`Paged`] store may copy one page first).
    fn set(&mut self, i: usize, node: N);
}

/// Nodes in a plain `Vec`: headless runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, GetSize)]
pub struct Flat;

/// Nodes in shared [`Pages`]: runs in the explorer, which checkpoint and rewind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, GetSize)]
pub struct Paged;

impl Store for Flat {
    type Nodes<N: Copy + Debug + GetSize + 'static> = Vec<N>;
    type Tree = Vec<Node>;
    type Marks = Marks;
    type Settled = Settled;
    const RECORDS: bool = false;
}

impl Store for Paged {
    type Nodes<N: Copy + Debug + GetSize + 'static> = Pages<N>;
    type Tree = Pages<Node>;
    type Marks = Pages<Node>;
    type Settled = Pages<Node>;
    const RECORDS: bool = true;
}

impl<N: Copy + Debug + GetSize> Nodes<N> for Vec<N> {
    fn filled(value: N, _width: usize, len: usize) -> Self {
        vec![value; len]
    }

    fn from_vec(nodes: Vec<N>, _width: usize) -> Self {
        nodes
    }

    #[inline]
    fn get(&self, i: usize) -> N {
        self[i]
    }

    #[inline]
    fn set(&mut self, i: usize, node: N) {
        self[i] = node;
    }
}

impl<N: Copy + Debug + GetSize> Nodes<N> for Pages<N> {
    fn filled(value: N, width: usize, len: usize) -> Self {
        Pages::filled(value, width, len)
    }

    fn from_vec(nodes: Vec<N>, width: usize) -> Self {
        Pages::from_slice(&nodes, width)
    }

    #[inline]
    fn get(&self, i: usize) -> N {
        Pages::get(self, i)
    }

    #[inline]
    fn set(&mut self, i: usize, node: N) {
        Pages::set(self, i, node);
    }
}
