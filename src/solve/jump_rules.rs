//! Jump point search's pruning rules and its `jump`, for each move model: which
//! neighbours of a tile are natural or forced given the direction it was reached in, and
//! the scan along a direction to the next jump point. The search itself (the open set of
//! jump points, the trace, what a step teaches) is in [`super::jump_point_search`], which
//! cites the sources and states which rules come from which paper.

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::store::{Nodes, Store};
use crate::solve::tiles::Tile;
use crate::solve::tree::Tree;
use crate::solve::{Corners, Moves};
use crate::teach::{Inspection, Record};

/// The eight directions as `(Δrow, Δcol)`: N, E, S, W, then NE, SE, SW, NW (the order of
/// [`crate::solve::neighbours::neighbours`]). Bit `i` of a direction mask is `DIRS[i]`.
pub(super) const DIRS: [(i32, i32); 8] = [
    (-1, 0),
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 1),
    (1, 1),
    (1, -1),
    (-1, -1),
];

/// The names of [`DIRS`].
pub(super) const DIR_NAMES: [&str; 8] = [
    "north",
    "east",
    "south",
    "west",
    "north-east",
    "south-east",
    "south-west",
    "north-west",
];

/// A per-tile flag: a jump passed this tile.
pub(super) const SCANNED: u8 = 1;
/// A per-tile flag: the tile is on the path traced back.
pub(super) const ON_PATH: u8 = 2;

/// The bit of direction `d` in a direction mask.
pub(super) fn bit(d: (i32, i32)) -> u8 {
    DIRS.iter().position(|&x| x == d).map_or(0, |i| 1u8 << i)
}

/// The unit direction from `from` to `to` (each component −1, 0 or 1).
pub(super) fn direction(from: Pos, to: Pos) -> (i32, i32) {
    let sign = |a: u32, b: u32| match b.cmp(&a) {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    };
    (sign(from.row, to.row), sign(from.col, to.col))
}

/// The tile `d` away from `tile`, if inside `grid`.
pub(super) fn offset(grid: &Grid, tile: Pos, d: (i32, i32)) -> Option<Pos> {
    let row = tile.row.checked_add_signed(d.0)?;
    let col = tile.col.checked_add_signed(d.1)?;
    let pos = Pos::new(row, col);
    grid.contains(pos).then_some(pos)
}

/// Whether the tile `d` away from `tile` is open (outside the grid is wall).
pub(super) fn open(grid: &Grid, tile: Pos, d: (i32, i32)) -> bool {
    offset(grid, tile, d).is_some_and(|p| grid.is_open(p))
}

/// The move rules and the goal: everything a jump needs besides the grid and the marks.
#[derive(Clone, Copy, Debug, GetSize)]
pub(super) struct Rules {
    pub(super) moves: Moves,
    pub(super) goal: Pos,
}

impl Rules {
    /// Whether the move from `x` in direction `d` is allowed: the target open and, for a
    /// diagonal, the corner rule satisfied by its two side tiles.
    pub(super) fn can_move(self, grid: &Grid, x: Pos, d: (i32, i32)) -> bool {
        if !open(grid, x, d) {
            return false;
        }
        if d.0 == 0 || d.1 == 0 {
            return true;
        }
        match self.moves {
            Moves::Four => false,
            Moves::Eight(corners) => {
                corners.allows(open(grid, x, (d.0, 0)), open(grid, x, (0, d.1)))
            }
        }
    }

    /// The natural directions out of `x` when it was entered moving along `d` (all legal
    /// directions for the start, `d = None`), as a mask of allowed moves.
    pub(super) fn natural(self, grid: &Grid, x: Pos, d: Option<(i32, i32)>) -> u8 {
        let wanted: u8 = match (d, self.moves) {
            (None, Moves::Four) => 0x0f,
            (None, Moves::Eight(_)) => 0xff,
            // 4-way, vertical: straight on, east and west (vertical first, then horizontal).
            (Some((dr, 0)), Moves::Four) => bit((dr, 0)) | bit((0, 1)) | bit((0, -1)),
            // Diagonal: its two straight parts and straight on.
            (Some((dr, dc)), Moves::Eight(_)) if dr != 0 && dc != 0 => {
                bit((dr, 0)) | bit((0, dc)) | bit((dr, dc))
            }
            (Some(d), _) => bit(d),
        };
        self.legal(grid, x, wanted)
    }

    /// The forced directions out of `x` when it was entered moving along `d` (none for the
    /// start), as a mask of allowed moves. See the module documentation for the rules.
    pub(super) fn forced(self, grid: &Grid, x: Pos, d: Option<(i32, i32)>) -> u8 {
        let Some((dr, dc)) = d else {
            return 0;
        };
        let mut wanted = 0u8;
        match self.moves {
            Moves::Four | Moves::Eight(Corners::Never) => {
                // Straight only (4-way vertical and 8-way diagonal moves force nothing):
                // an opening beside `x` with a wall beside the tile before it.
                let diagonals = self.moves != Moves::Four;
                if dr == 0 && dc != 0 {
                    for s in [-1, 1] {
                        if open(grid, x, (s, 0)) && !open(grid, x, (s, -dc)) {
                            wanted |= bit((s, 0));
                            if diagonals {
                                wanted |= bit((s, dc));
                            }
                        }
                    }
                } else if dc == 0 && dr != 0 && diagonals {
                    for s in [-1, 1] {
                        if open(grid, x, (0, s)) && !open(grid, x, (-dr, s)) {
                            wanted |= bit((0, s)) | bit((dr, s));
                        }
                    }
                }
            }
            Moves::Eight(Corners::Allow | Corners::NoCut) => {
                if dr == 0 || dc == 0 {
                    // Straight: a wall beside `x` forces the diagonal past it.
                    let (sr, sc) = (dc.abs(), dr.abs()); // a unit vector across `d`
                    for s in [-1, 1] {
                        if !open(grid, x, (s * sr, s * sc)) {
                            wanted |= bit((dr + s * sr, dc + s * sc));
                        }
                    }
                } else {
                    // Diagonal: a wall beside `x`, behind it, forces the diagonal past it.
                    if !open(grid, x, (0, -dc)) {
                        wanted |= bit((dr, -dc));
                    }
                    if !open(grid, x, (-dr, 0)) {
                        wanted |= bit((-dr, dc));
                    }
                }
            }
        }
        self.legal(grid, x, wanted) & !self.natural(grid, x, d)
    }

    /// The directions of `mask` that are allowed moves out of `x`.
    pub(super) fn legal(self, grid: &Grid, x: Pos, mask: u8) -> u8 {
        (0..8)
            .filter(|&i| mask & (1 << i) != 0 && self.can_move(grid, x, DIRS[i]))
            .fold(0, |m, i| m | (1 << i))
    }

    /// Whether a jump along `d` scans sideways from every tile: a diagonal (8-way), or a
    /// vertical move (4-way, where vertical plays the diagonal's part).
    pub(super) fn scans(self, d: (i32, i32)) -> bool {
        match self.moves {
            Moves::Four => d.1 == 0,
            Moves::Eight(_) => d.0 != 0 && d.1 != 0,
        }
    }

    /// The two directions a scanning jump along `d` looks down from every tile.
    pub(super) fn scan_dirs(self, d: (i32, i32)) -> [(i32, i32); 2] {
        match self.moves {
            Moves::Four => [(0, 1), (0, -1)],
            Moves::Eight(_) => [(d.0, 0), (0, d.1)],
        }
    }

    /// `jump(x, d)`: step from `x` along `d` until the goal, a tile with a forced
    /// neighbour, or (for a scanning direction) a tile from which a straight jump stops;
    /// `None` at a wall or the edge. Every tile passed is flagged [`SCANNED`] in `flags`
    /// (row-major) and counted in `scanned`. Iterative (one level of nesting for the side
    /// jumps), no allocation.
    pub(super) fn jump(
        self,
        grid: &Grid,
        from: Pos,
        d: (i32, i32),
        flags: &mut impl Nodes<u8>,
        scanned: &mut u32,
    ) -> Option<Pos> {
        let scans = self.scans(d);
        let mut x = from;
        loop {
            if !self.can_move(grid, x, d) {
                return None;
            }
            let n = offset(grid, x, d)?;
            let i = grid.index(n);
            let f = flags.get(i);
            if f & SCANNED == 0 {
                flags.set(i, f | SCANNED);
            }
            *scanned += 1;
            if n == self.goal || self.forced(grid, n, Some(d)) != 0 {
                return Some(n);
            }
            if scans {
                for s in self.scan_dirs(d) {
                    if self.jump(grid, n, s, flags, scanned).is_some() {
                        return Some(n);
                    }
                }
            }
            x = n;
        }
    }
}

/// The jump points a search has reached: a search [`Tree`] for their `g` and status, and
/// each one's parent, the jump point it was jumped to from (not a neighbour, so not a
/// came-from move the tree could hold). Tiles as [`Pos`], as the jump rules use them.
#[derive(Clone, Debug, GetSize)]
pub(super) struct Jumps<K: Store> {
    pub(super) tree: Tree<K>,
    parent: K::Nodes<Tile>,
}

/// "No parent" in [`Jumps`].
const NO_PARENT: Tile = Tile::MAX;

impl<K: Store> Jumps<K> {
    pub(super) fn new(grid: &Grid, moves: Moves) -> Self {
        let tree = Tree::new(grid, moves);
        let width = grid.cols() as usize + 2;
        let parent = K::Nodes::<Tile>::filled(NO_PARENT, width, width * (grid.rows() as usize + 2));
        Self { tree, parent }
    }

    fn tile(&self, p: Pos) -> Tile {
        self.tree.tile(p).unwrap_or_default()
    }

    pub(super) fn g(&self, p: Pos) -> u32 {
        self.tree.g(self.tile(p))
    }

    pub(super) fn is_closed(&self, p: Pos) -> bool {
        self.tree.is_closed(self.tile(p))
    }

    pub(super) fn close(&mut self, p: Pos) {
        self.tree.close(self.tile(p));
    }

    /// `p` reached with cost `g`, jumped to from `from` (`None`: the start).
    pub(super) fn reach(&mut self, p: Pos, g: u32, from: Option<Pos>) {
        let t = self.tile(p);
        self.tree.reach_from_afar(t, g);
        let parent = from.map_or(NO_PARENT, |f| self.tile(f));
        self.parent.set(t as usize, parent);
    }

    /// The jump point `p` was jumped to from.
    pub(super) fn came_from(&self, p: Pos) -> Option<Pos> {
        let t = self.tree.tile(p)?;
        let parent = self.parent.get(t as usize);
        (parent != NO_PARENT).then(|| self.tree.pos(parent))
    }

    pub(super) fn mark(&self, p: Pos) -> Mark {
        Record::mark(&self.tree, p)
    }

    pub(super) fn inspect(&self, p: Pos, h: u32) -> Inspection {
        let mut inspection = Record::inspect(&self.tree, p);
        if inspection.fields.is_empty() {
            return inspection;
        }
        let g = self.g(p);
        inspection.fields.truncate(1);
        inspection = inspection.with("h", h).with("f", g.saturating_add(h));
        match self.came_from(p) {
            Some(from) => inspection.with("came from", from),
            None => inspection.with("came from", "- (the start)"),
        }
    }
}
