//! Shared bookkeeping for the solvers: a wall-padded index layout of the tile grid, the move
//! tables, and tracing a path back along parent links.
//!
//! Every solver keeps its per-tile state in flat arrays indexed by a **padded** index: the
//! grid of `rows × cols` tiles is surrounded by a one-tile border of wall, so that the
//! neighbours of an open tile are always `index + offset` with no edge checks in the inner
//! loop. Padded tile `(r + 1, c + 1)` is grid tile `(r, c)`.

use get_size2::GetSize;

use crate::maze::{Grid, Pos};
use crate::solve::{DIAGONAL, STRAIGHT};
use crate::teach::Entry;

/// "No tile": the parent of the start, an unset distance.
pub(crate) const NONE: u32 = u32::MAX;

/// The state bit every solver uses for a wall (or the padding border).
pub(crate) const WALL: u8 = 0x80;

/// One move on the padded layout.
#[derive(Clone, Copy, Debug, GetSize)]
pub(crate) struct Move {
    /// Added to a padded index to reach the neighbour.
    pub offset: isize,
    /// Row delta.
    pub dr: i32,
    /// Column delta.
    pub dc: i32,
    /// [`STRAIGHT`] or [`DIAGONAL`].
    pub cost: u32,
}

/// Where a search machine is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, GetSize)]
pub(crate) enum Phase {
    /// Popping, walking or filling.
    Search,
    /// The goal was reached: the next step traces the path back.
    Trace,
    /// `Found` or `NoPath` was returned: fused.
    Done,
}

/// The padded index layout of one grid.
#[derive(Clone, Debug, GetSize)]
pub(crate) struct Layout {
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
    pub fn new(grid: &Grid) -> Self {
        let width = grid.cols() as usize + 2;
        let padded = width * (grid.rows() as usize + 2);
        assert!(
            padded < NONE as usize,
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

    /// Padded tiles, `(rows + 2) × (cols + 2)`: the length of every state array.
    pub fn len(&self) -> usize {
        self.width * (self.rows as usize + 2)
    }

    /// The moves: the four orthogonal ones in [`crate::maze::Dir::ALL`] order, then (with
    /// `diagonal`) the four diagonal ones clockwise from north-east.
    pub fn moves(&self, diagonal: bool) -> &[Move] {
        &self.moves[..if diagonal { 8 } else { 4 }]
    }

    /// The padded index of grid tile `tile`, or `None` outside the grid.
    pub fn index(&self, tile: Pos) -> Option<usize> {
        (tile.row < self.rows && tile.col < self.cols).then(|| self.at(tile))
    }

    /// The padded index of grid tile `tile` (which must be inside the grid).
    pub fn at(&self, tile: Pos) -> usize {
        (tile.row as usize + 1) * self.width + tile.col as usize + 1
    }

    /// The grid tile at padded index `i` (inside the border).
    #[inline]
    #[allow(clippy::cast_possible_truncation)] // padded indices fit in u32
    pub fn pos(&self, i: usize) -> Pos {
        // Division by the row width as a multiply-high by its precomputed reciprocal
        // (Lemire, Kaser & Kurz, "Faster remainder by direct computation", 2019): exact for
        // every 32-bit `i`, and a few cycles instead of a `div` on every A* pop.
        let i = i as u32;
        let row = ((u128::from(self.recip) * u128::from(i)) >> 64) as u32;
        Pos::new(row - 1, i - row * self.width as u32 - 1)
    }

    /// A state array for `grid`: [`WALL`] on walls and on the border, 0 on open tiles.
    /// O(tiles).
    pub fn walls(&self, grid: &Grid) -> Vec<u8> {
        let mut state = vec![WALL; self.len()];
        for r in 0..self.rows {
            let row = self.at(Pos::new(r, 0));
            for (c, s) in (0..self.cols).zip(&mut state[row..row + self.cols as usize]) {
                // Branch-free: walls and open tiles are interleaved about at random in a maze.
                *s = WALL * u8::from(!grid.is_open(Pos::new(r, c)));
            }
        }
        state
    }

    /// The path from the root of the parent links to `end`: follows `parent` from `end`
    /// until [`NONE`], then reverses, so the root comes first. O(path length).
    pub fn trace(&self, parent: &[u32], end: usize) -> Vec<Pos> {
        let mut path = Vec::new();
        let mut i = end as u32;
        while i != NONE {
            path.push(self.pos(i as usize));
            i = parent[i as usize];
        }
        path.reverse();
        path
    }

    /// The tiles of a walker's route (padded indices, start first), each marked with the
    /// state bit `mark` (the path overlay). O(route).
    pub fn route_path(&self, route: &[u32], state: &mut [u8], mark: u8) -> Vec<Pos> {
        for &t in route {
            state[t as usize] |= mark;
        }
        route.iter().map(|&t| self.pos(t as usize)).collect()
    }
}

/// `Found` for `path`: its moves and its cost.
#[allow(clippy::cast_possible_truncation)] // a path is shorter than the u32 tile count
pub(crate) fn found(path: &[Pos]) -> crate::solve::SolveEvent {
    crate::solve::SolveEvent::Found {
        length: path.len().saturating_sub(1) as u32,
        cost: path
            .windows(2)
            .map(|w| {
                if w[0].row != w[1].row && w[0].col != w[1].col {
                    DIAGONAL
                } else {
                    STRAIGHT
                }
            })
            .sum(),
    }
}

/// The last `max` tiles of `list` (indices in `layout`), last first: a walker's route or
/// a stack of tiles as the structure pane lists it.
pub fn newest_first(layout: &Layout, list: &[u32], max: usize) -> Vec<Entry> {
    list.iter()
        .rev()
        .take(max)
        .map(|&t| Entry::new(layout.pos(t as usize), ""))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_indices_round_trip_and_border_is_wall() {
        let g = Grid::parse("S #\n  E\n").expect("valid");
        let l = Layout::new(&g);
        assert_eq!(l.len(), 4 * 5);
        let w = l.walls(&g);
        assert_eq!(w.iter().filter(|&&s| s == 0).count(), 5);
        for r in 0..2 {
            for c in 0..3 {
                let p = Pos::new(r, c);
                assert_eq!(l.pos(l.at(p)), p);
                assert_eq!(w[l.at(p)] == 0, g.is_open(p));
            }
        }
        assert_eq!(l.index(Pos::new(2, 0)), None);
        let i = l.at(Pos::new(1, 1));
        let n: Vec<Pos> = l
            .moves(true)
            .iter()
            .map(|m| l.pos(i.wrapping_add_signed(m.offset)))
            .collect();
        assert_eq!(n[0], Pos::new(0, 1));
        assert_eq!(n[1], Pos::new(1, 2));
        assert_eq!(n[4], Pos::new(0, 2));
        assert_eq!(n[7], Pos::new(0, 0));
        let mut parent = vec![NONE; l.len()];
        parent[l.at(Pos::new(1, 1))] = l.at(Pos::new(0, 0)) as u32;
        assert_eq!(
            l.trace(&parent, l.at(Pos::new(1, 1))),
            [Pos::new(0, 0), Pos::new(1, 1)]
        );
    }
}
