//! The tile grid as the searches see it: a wall-padded index layout ([`Layout`]), the packed
//! per-tile [`Node`] of a search, and the moves out of a tile ([`Layout::neighbours`]).
//!
//! The grid of `rows × cols` tiles is surrounded by a one-tile border of wall, so that the
//! neighbours of an open tile are always `index + offset` with no edge checks in the inner
//! loop. Padded tile `(r + 1, c + 1)` is grid tile `(r, c)`; a search names tiles by their
//! padded index (a `u32`) and turns them into [`Pos`] only to tell a student.

use get_size2::GetSize;

use crate::maze::{Grid, Pos};
use crate::solve::store::Nodes;
use crate::solve::{DIAGONAL, Moves, STRAIGHT};

/// A tile, by its padded index.
pub type Tile = u32;

/// `g` of a tile not reached yet: infinitely far.
pub const INFINITY: u32 = u32::MAX;

/// Where a tile stands in a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Not reached yet (or a wall).
    Unreached,
    /// Reached, waiting in the frontier (the open set).
    Open,
    /// Expanded: taken from the frontier, its neighbours looked at (the closed set).
    Closed,
    /// On the path traced back from the goal.
    Path,
}

/// What a search knows of one tile, packed in 4 bytes so that a search of a large maze
/// stays in the caches: its cost so far `g` (28 bits), the move that entered it (its
/// came-from link, one of the eight [`Layout::moves`]) and whether it is closed. Walls are
/// one value of their own, so a search reads nothing else to know where it may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, GetSize)]
pub struct Node(u32);

const G_BITS: u32 = 28;
const G_MASK: u32 = (1 << G_BITS) - 1;
const DIR_SHIFT: u32 = G_BITS;
const CLOSED: u32 = 1 << 31;

/// The largest cost so far a [`Node`] holds: 2²⁸ − 2 (over 26 million moves of cost 10).
pub const MAX_G: u32 = G_MASK - 1;

impl Node {
    /// A wall (or the padding border).
    pub const WALL: Node = Node(u32::MAX);

    /// Open ground not reached yet.
    pub const UNREACHED: Node = Node(G_MASK);

    /// Whether the tile is a wall.
    #[must_use]
    #[inline]
    pub const fn is_wall(self) -> bool {
        self.0 == u32::MAX
    }

    /// The cost so far ([`INFINITY`] if not reached, or a wall).
    #[must_use]
    #[inline]
    pub const fn g(self) -> u32 {
        if self.0 & G_MASK == G_MASK {
            INFINITY
        } else {
            self.0 & G_MASK
        }
    }

    /// Whether the tile has been reached (walls never are).
    #[must_use]
    #[inline]
    pub const fn is_reached(self) -> bool {
        self.0 & G_MASK != G_MASK
    }

    /// Whether the tile has been expanded.
    #[must_use]
    #[inline]
    pub const fn is_closed(self) -> bool {
        self.0 & CLOSED != 0 && !self.is_wall()
    }

    /// The move (an index into [`Layout::moves`]) that entered the tile: meaningful for a
    /// reached tile other than the search's root.
    #[must_use]
    #[inline]
    pub const fn from(self) -> usize {
        ((self.0 >> DIR_SHIFT) & 7) as usize
    }

    /// A tile reached with cost so far `g` (at most [`MAX_G`]) by move `from`, open.
    #[must_use]
    #[inline]
    #[allow(clippy::cast_possible_truncation)] // from < 8
    pub const fn reached(g: u32, from: usize) -> Node {
        let g = if g > MAX_G { MAX_G } else { g };
        Node(g | ((from as u32) << DIR_SHIFT))
    }

    /// The same tile, closed.
    #[must_use]
    #[inline]
    pub const fn closed(self) -> Node {
        Node(self.0 | CLOSED)
    }
}

/// One move on the padded layout.
#[derive(Clone, Copy, Debug, GetSize)]
pub struct Move {
    /// Added to a padded index to reach the neighbour.
    pub offset: isize,
    /// Row delta.
    pub dr: i32,
    /// Column delta.
    pub dc: i32,
    /// [`STRAIGHT`] or [`DIAGONAL`].
    pub cost: u32,
}

/// A neighbour a search may move to: the tile, the move's cost (its base times the terrain
/// cost of the tile entered), and which move it is (an index into [`Layout::moves`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Neighbour {
    /// The tile moved to.
    pub tile: Tile,
    /// Where it stands on the grid (found from the tile moved from: no division).
    pub pos: Pos,
    /// What the move costs.
    pub cost: u32,
    /// The move.
    pub dir: u8,
}

/// The padded index layout of one grid.
#[derive(Clone, Debug, GetSize)]
pub struct Layout {
    rows: u32,
    cols: u32,
    /// `cols + 2`.
    width: usize,
    /// N, E, S, W, then NE, SE, SW, NW.
    moves: [Move; 8],
    /// `⌈2⁶⁴ / width⌉`, for [`Layout::pos`].
    recip: u64,
}

impl Layout {
    /// The layout of `grid`.
    ///
    /// # Panics
    /// If the padded grid has `u32::MAX` tiles or more (no such grid fits in memory:
    /// [`crate::maze::MAX_CELLS`] bounds every maze and parsed grid far below that).
    #[must_use]
    pub fn new(grid: &Grid) -> Self {
        let width = grid.cols() as usize + 2;
        let padded = width * (grid.rows() as usize + 2);
        assert!(
            padded < u32::MAX as usize,
            "grid too large for u32 tile indices"
        );
        #[allow(clippy::cast_possible_wrap)] // width < u32::MAX
        let w = width as isize;
        let mv = |offset, dr, dc, cost| Move {
            offset,
            dr,
            dc,
            cost,
        };
        Self {
            rows: grid.rows(),
            cols: grid.cols(),
            width,
            // width ≥ 2, so this neither overflows nor loses exactness.
            recip: u64::MAX / width as u64 + 1,
            moves: [
                mv(-w, -1, 0, STRAIGHT),
                mv(1, 0, 1, STRAIGHT),
                mv(w, 1, 0, STRAIGHT),
                mv(-1, 0, -1, STRAIGHT),
                mv(1 - w, -1, 1, DIAGONAL),
                mv(w + 1, 1, 1, DIAGONAL),
                mv(w - 1, 1, -1, DIAGONAL),
                mv(-w - 1, -1, -1, DIAGONAL),
            ],
        }
    }

    /// Padded tiles, `(rows + 2) × (cols + 2)`: the length of every per-tile array.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.width * (self.rows as usize + 2)
    }

    /// Whether the grid has no tiles (never: the border alone has some).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// Tiles in a padded row, `cols + 2`.
    #[must_use]
    pub const fn width(&self) -> usize {
        self.width
    }

    /// The moves: the four orthogonal ones in [`crate::maze::Dir::ALL`] order, then (with
    /// `diagonal`) the four diagonal ones clockwise from north-east.
    #[must_use]
    pub fn moves(&self, diagonal: bool) -> &[Move] {
        &self.moves[..if diagonal { 8 } else { 4 }]
    }

    /// The tile one `dir` move from `tile`.
    #[must_use]
    #[inline]
    #[allow(clippy::cast_possible_truncation)] // padded indices fit in u32
    pub fn step(&self, tile: Tile, dir: usize) -> Tile {
        (tile as usize).wrapping_add_signed(self.moves[dir].offset) as Tile
    }

    /// The tile one `dir` move back from `tile` (where a move `dir` into it came from).
    #[must_use]
    #[inline]
    #[allow(clippy::cast_possible_truncation)] // padded indices fit in u32
    pub fn back(&self, tile: Tile, dir: usize) -> Tile {
        (tile as usize).wrapping_add_signed(-self.moves[dir].offset) as Tile
    }

    /// The padded index of grid tile `tile`, or `None` outside the grid.
    #[must_use]
    pub fn index(&self, tile: Pos) -> Option<Tile> {
        (tile.row < self.rows && tile.col < self.cols).then(|| self.at(tile))
    }

    /// The padded index of grid tile `tile` (which must be inside the grid).
    #[must_use]
    #[allow(clippy::cast_possible_truncation)] // padded indices fit in u32
    pub const fn at(&self, tile: Pos) -> Tile {
        ((tile.row as usize + 1) * self.width + tile.col as usize + 1) as Tile
    }

    /// The grid tile at padded index `i` (inside the border).
    #[must_use]
    #[inline]
    #[allow(clippy::cast_possible_truncation)] // padded indices fit in u32
    pub fn pos(&self, i: Tile) -> Pos {
        // Division by the row width as a multiply-high by its precomputed reciprocal
        // (Lemire, Kaser & Kurz, "Faster remainder by direct computation", 2019): exact for
        // every 32-bit `i`, and a few cycles instead of a `div`.
        let row = ((u128::from(self.recip) * u128::from(i)) >> 64) as u32;
        Pos::new(row - 1, i - row * self.width as u32 - 1)
    }

    /// Per padded tile, `open(cost)` for open ground of that terrain cost and `wall` on
    /// walls and the border. O(tiles).
    pub fn fill<N: Copy, S: Nodes<N>>(&self, grid: &Grid, wall: N, open: impl Fn(u8) -> N) -> S {
        let mut nodes = Vec::with_capacity(self.len());
        nodes.resize(self.width, wall);
        for r in 0..self.rows {
            nodes.push(wall);
            nodes.extend(grid.row(r).iter().map(|&cost| {
                if cost == crate::maze::WALL {
                    wall
                } else {
                    open(cost)
                }
            }));
            nodes.push(wall);
        }
        nodes.resize(self.len(), wall);
        S::from_vec(nodes, self.width)
    }

    /// The neighbours of grid tile `tile` (a padded index inside the border) a search may
    /// move to under `moves`, asking `is_wall` of a padded index and (where the grid has
    /// any) reading terrain costs from `terrain`: orthogonal moves to open tiles, then
    /// (8-way) the diagonal ones the corner rule allows. No allocation.
    #[inline(always)]
    pub fn neighbours(
        &self,
        is_wall: impl Fn(usize) -> bool,
        terrain: Option<&[u8]>,
        tile: Tile,
        moves: Moves,
    ) -> Neighbours {
        self.neighbours_where(&is_wall, |i| !is_wall(i), terrain, tile, moves)
    }

    /// [`Layout::neighbours`] to the tiles `may_enter` accepts, which must turn down walls
    /// and the border (it is the one question asked of an orthogonal neighbour);
    /// `is_wall` is asked only for the corner rule of diagonal moves, to which an open
    /// tile `may_enter` turns down is still open ground.
    #[inline(always)]
    #[allow(clippy::cast_possible_truncation)] // dir < 8
    pub fn neighbours_where(
        &self,
        is_wall: impl Fn(usize) -> bool,
        may_enter: impl Fn(usize) -> bool,
        terrain: Option<&[u8]>,
        tile: Tile,
        moves: Moves,
    ) -> Neighbours {
        let mut open = 0_u8;
        for (dir, m) in self.moves[..4].iter().enumerate() {
            let n = (tile as usize).wrapping_add_signed(m.offset);
            // No branch on the maze, which the processor cannot predict (a mispredicted
            // branch also stops it from fetching the next tiles' nodes while it waits).
            open |= u8::from(may_enter(n)) << dir;
        }
        let cost = |n: usize, base: u32| terrain.map_or(base, |t| base * u32::from(t[n]));
        // Without terrain (most mazes) an orthogonal move costs STRAIGHT: no tile is read.
        let mut costs = match terrain {
            None => u64::from(STRAIGHT) * 0x0101_0101,
            Some(t) => self.moves[..4]
                .iter()
                .enumerate()
                .fold(0, |costs, (dir, m)| {
                    let n = (tile as usize).wrapping_add_signed(m.offset);
                    costs | u64::from(m.cost * u32::from(t[n])) << (8 * dir)
                }),
        };
        if let Moves::Eight(corners) = moves {
            // Whether each orthogonal neighbour is open ground, for the corner rule.
            let straight: [bool; 4] = std::array::from_fn(|dir| {
                !is_wall((tile as usize).wrapping_add_signed(self.moves[dir].offset))
            });
            // NE, SE, SW, NW: each between two orthogonal directions.
            const SIDES: [(usize, usize); 4] = [(0, 1), (2, 1), (2, 3), (0, 3)];
            for (k, (a, b)) in SIDES.into_iter().enumerate() {
                let m = self.moves[4 + k];
                let n = (tile as usize).wrapping_add_signed(m.offset);
                if may_enter(n) && corners.allows(straight[a], straight[b]) {
                    open |= 1 << (4 + k);
                    costs |= u64::from(cost(n, m.cost)) << (8 * (4 + k));
                }
            }
        }
        Neighbours {
            tile,
            at: self.pos(tile),
            width: self.width as u32,
            open,
            costs,
        }
    }
}

/// The state bit the walkers (wall follower, Trémaux, dead-end filling) keep for a wall or
/// the border in their one state byte per tile.
pub const WALL: u8 = 0x80;

impl Layout {
    /// A walker's state bytes for `grid`: [`WALL`] on walls and the border, 0 on open
    /// tiles. O(tiles).
    pub fn walls<S: Nodes<u8>>(&self, grid: &Grid) -> S {
        self.fill(grid, WALL, |_| 0)
    }

    /// The terrain cost of every padded tile (0 on walls and the border), or `None` when
    /// every open tile costs 1, so that a search's moves cost their base alone. O(tiles).
    #[must_use]
    pub fn terrain(&self, grid: &Grid) -> Option<std::rc::Rc<[u8]>> {
        grid.is_weighted()
            .then(|| self.fill::<u8, Vec<u8>>(grid, 0, |cost| cost).into())
    }
}

/// The last `max` tiles of `list`, last first: a walker's route or a stack of tiles as the
/// structure pane lists it.
#[must_use]
pub fn newest_first(layout: &Layout, list: &[Tile], max: usize) -> Vec<crate::teach::Entry> {
    list.iter()
        .rev()
        .take(max)
        .map(|&t| crate::teach::Entry::new(layout.pos(t), ""))
        .collect()
}

mod around;
pub use around::{NeighbourList, Neighbours};

#[cfg(test)]
mod tests;
