//! [`Field`]: the two estimates an incremental search keeps per tile, `g` and `rhs`, in
//! the packed store of the other searches; the grid as a graph whose edges change
//! ([`Field::succ`], [`Field::pred`], [`around`]); and what a student is shown of a tile.
//!
//! `g(s)` is the cost the search believes; `rhs(s)` is a one-step lookahead, the least
//! `g` of a neighbour plus the cost of the edge between (Koenig, Likhachev & Furcy,
//! "Lifelong Planning A*", 2004, section 4.1). A tile is *locally consistent* when the two
//! agree; otherwise it is *overconsistent* (`g > rhs`: a cheaper route appeared) or
//! *underconsistent* (`g < rhs`: its route got dearer or was cut) and waits in `U`.
//!
//! Memory: 8 bytes per tile (`g` and `rhs`, `u32` each, `∞` = `u32::MAX`) in the
//! [`Store`] the search was built with.

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::neighbours::neighbours;
use crate::solve::replan::queue::{INF, Key, Queue, TileIndex, cost};
use crate::solve::store::{Nodes, Store};
use crate::solve::{DIAGONAL, Moves, STRAIGHT};
use crate::teach::{Entry, Inspection, Structure};

/// `g` and `rhs` of one tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, GetSize)]
pub struct Pair {
    /// The cost the search believes.
    pub g: u32,
    /// The one-step lookahead.
    pub rhs: u32,
}

impl Pair {
    const UNKNOWN: Pair = Pair { g: INF, rhs: INF };
}

/// `g` and `rhs` per tile, and the moves of the graph; see the module documentation.
#[derive(Clone, Debug, GetSize)]
pub struct Field<K: Store> {
    nodes: K::Nodes<Pair>,
    rows: u32,
    cols: u32,
    moves: Moves,
}

/// `a + b`, `∞` if either is.
#[must_use]
pub const fn add(a: u32, b: u32) -> u32 {
    if a == INF || b == INF {
        INF
    } else {
        a.saturating_add(b)
    }
}

impl<K: Store> Field<K> {
    /// `g = rhs = ∞` for every tile of `grid`. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, moves: Moves) -> Self {
        Self {
            nodes: K::Nodes::filled(Pair::UNKNOWN, grid.cols() as usize, grid.len()),
            rows: grid.rows(),
            cols: grid.cols(),
            moves,
        }
    }

    /// The index of tile `p` (inside the grid).
    #[must_use]
    #[allow(clippy::cast_possible_truncation)] // grids hold fewer than 2³² tiles
    pub const fn index(&self, p: Pos) -> TileIndex {
        (p.row as usize * self.cols as usize + p.col as usize) as TileIndex
    }

    /// The tile at index `i`.
    #[must_use]
    pub const fn pos(&self, i: TileIndex) -> Pos {
        Pos::new(i / self.cols, i % self.cols)
    }

    /// The moves of the graph.
    #[must_use]
    pub const fn moves(&self) -> Moves {
        self.moves
    }

    /// Whether `p` is inside the grid.
    #[must_use]
    pub const fn contains(&self, p: Pos) -> bool {
        p.row < self.rows && p.col < self.cols
    }

    /// `g(p)`.
    #[must_use]
    pub fn g(&self, p: Pos) -> u32 {
        self.nodes.get(self.index(p) as usize).g
    }

    /// `rhs(p)`.
    #[must_use]
    pub fn rhs(&self, p: Pos) -> u32 {
        self.nodes.get(self.index(p) as usize).rhs
    }

    /// `g(p) ← g`.
    pub fn set_g(&mut self, p: Pos, g: u32) {
        let i = self.index(p) as usize;
        let pair = self.nodes.get(i);
        self.nodes.set(i, Pair { g, ..pair });
    }

    /// `rhs(p) ← rhs`.
    pub fn set_rhs(&mut self, p: Pos, rhs: u32) {
        let i = self.index(p) as usize;
        let pair = self.nodes.get(i);
        self.nodes.set(i, Pair { rhs, ..pair });
    }

    /// `min(g(p), rhs(p))`, the `k2` of its key.
    #[must_use]
    pub fn least(&self, p: Pos) -> u32 {
        let pair = self.nodes.get(self.index(p) as usize);
        pair.g.min(pair.rhs)
    }

    /// Whether `g(p) = rhs(p)`.
    #[must_use]
    pub fn consistent(&self, p: Pos) -> bool {
        let pair = self.nodes.get(self.index(p) as usize);
        pair.g == pair.rhs
    }

    /// `Succ(p)` on `grid` with `c(p, s)`: the tiles one move from `p` and the cost of
    /// entering each (its base times its terrain). None from a wall.
    /// The iterator borrows only `grid`, so the search may update `g` and `rhs` while it
    /// walks the successors.
    pub fn succ<'g>(
        &self,
        grid: &'g Grid,
        p: Pos,
    ) -> impl Iterator<Item = (Pos, u32)> + use<'g, K> {
        let open = grid.is_open(p);
        neighbours(grid, p, self.moves).filter(move |_| open)
    }

    /// `Pred(p)` on `grid` with `c(s, p)`: the tiles one move from `p` and the cost of the
    /// move from each into `p`. None into a wall.
    /// The iterator borrows only `grid`, as [`Field::succ`]'s.
    pub fn pred<'g>(
        &self,
        grid: &'g Grid,
        p: Pos,
    ) -> impl Iterator<Item = (Pos, u32)> + use<'g, K> {
        let terrain = grid.cost(p);
        neighbours(grid, p, self.moves).filter_map(move |(s, _)| {
            let base = if s.row != p.row && s.col != p.col {
                DIAGONAL
            } else {
                STRAIGHT
            };
            Some((s, base * terrain?))
        })
    }

    /// Every tile back to `g = rhs = ∞`.
    pub fn reset(&mut self, grid: &Grid) {
        *self = Self::new(grid, self.moves);
    }
}

/// `p` and the tiles around it (inside the grid): the tiles whose edges change when `p`
/// becomes a wall, opens or changes terrain (with diagonal moves, the corner rule makes
/// the moves past `p` change too).
#[must_use]
pub fn around(grid: &Grid, p: Pos) -> Vec<Pos> {
    let mut tiles = Vec::with_capacity(9);
    for dr in -1..=1_i32 {
        for dc in -1..=1_i32 {
            let (Some(row), Some(col)) =
                (p.row.checked_add_signed(dr), p.col.checked_add_signed(dc))
            else {
                continue;
            };
            let q = Pos::new(row, col);
            if grid.contains(q) {
                tiles.push(q);
            }
        }
    }
    tiles
}

/// How an incremental search shows `p`: on the path, current, inconsistent and waiting in
/// `U`, consistent with a finite `g` (done with, like a closed tile), or untouched.
#[must_use]
pub fn mark<K: Store>(
    field: &Field<K>,
    u: &Queue,
    p: Pos,
    current: Option<Pos>,
    path: Option<&[Pos]>,
) -> Mark {
    if !field.contains(p) {
        return Mark::None;
    }
    if path.is_some_and(|path| path.contains(&p)) {
        Mark::Path
    } else if current == Some(p) {
        Mark::Current
    } else if u.contains(field.index(p)) {
        Mark::Inconsistent
    } else if field.g(p) != INF {
        Mark::Closed
    } else {
        Mark::None
    }
}

/// What the inspector shows of `p`: consistent or not (and which way), `g`, `rhs`, its key
/// (the one held in `U`, or the one it would get) and `h`.
#[must_use]
pub fn inspect<K: Store>(field: &Field<K>, u: &Queue, p: Pos, key: Key, h: u32) -> Inspection {
    if !field.contains(p) {
        return Inspection::new("outside");
    }
    let (g, rhs) = (field.g(p), field.rhs(p));
    let status = match g.cmp(&rhs) {
        std::cmp::Ordering::Equal if g == INF => "consistent, not reached (g = rhs = ∞)",
        std::cmp::Ordering::Equal => "consistent (g = rhs)",
        std::cmp::Ordering::Greater => "overconsistent (g > rhs): in U to lower g",
        std::cmp::Ordering::Less => "underconsistent (g < rhs): in U to raise g",
    };
    let held = u.key(field.index(p));
    Inspection::new(status)
        .with("g", cost(g))
        .with("rhs", cost(rhs))
        .with(
            if held.is_some() { "key in U" } else { "key" },
            held.unwrap_or(key),
        )
        .with("h", h)
}

/// The queue as the structure pane lists it: `max` entries, least key first, each with its
/// key, `g` and `rhs`.
#[must_use]
pub fn structure<K: Store>(field: &Field<K>, u: &Queue, max: usize) -> Structure {
    let entries = u
        .least(max)
        .into_iter()
        .map(|(key, i)| {
            let p = field.pos(i);
            let detail = format!(
                "[{};{}] g={} rhs={}",
                cost(key.0),
                cost(key.1),
                cost(field.g(p)),
                cost(field.rhs(p))
            );
            Entry::new(p, detail)
        })
        .collect();
    Structure::new("U", "least key first", u.len(), entries)
}
