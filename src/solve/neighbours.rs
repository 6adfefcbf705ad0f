//! The moves a search may make from a tile, and what each costs.
//!
//! Four-way: north, east, south, west, each costing [`STRAIGHT`] times the terrain cost of
//! the tile entered. Eight-way adds the diagonals, each costing [`DIAGONAL`] times the
//! terrain cost, subject to a rule for wall corners ([`Corners`]). Neighbours come in a
//! fixed order (N, E, S, W, then NE, SE, SW, NW), so runs are reproducible.

use get_size2::GetSize;

use crate::maze::{Dir, Grid, Pos};
use crate::solve::{DIAGONAL, STRAIGHT};

/// Whether a diagonal move may pass the corner of a wall. A diagonal move from `(r, c)` to
/// `(r+1, c+1)` passes its two *side* tiles `(r+1, c)` and `(r, c+1)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, GetSize)]
pub enum Corners {
    /// Only the target must be open: a diagonal may even slip between two walls that
    /// touch at a corner (the plainest 8-way rule).
    #[default]
    Allow,
    /// A diagonal may pass one wall's corner but not cut between two walls: at least one
    /// side tile must be open.
    NoCut,
    /// A diagonal never passes a wall's corner: both side tiles must be open.
    Never,
}

impl Corners {
    /// All rules, in menu order.
    pub const ALL: [Corners; 3] = [Corners::Allow, Corners::NoCut, Corners::Never];

    /// Kebab-case name (`allow`, `no-cut`, `never`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Corners::Allow => "allow",
            Corners::NoCut => "no-cut",
            Corners::Never => "never",
        }
    }

    /// Whether a diagonal move whose side tiles are open as given is allowed.
    #[must_use]
    pub const fn allows(self, side_a_open: bool, side_b_open: bool) -> bool {
        match self {
            Corners::Allow => true,
            Corners::NoCut => side_a_open || side_b_open,
            Corners::Never => side_a_open && side_b_open,
        }
    }
}

/// Which moves a search may make.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, GetSize)]
pub enum Moves {
    /// North, east, south, west.
    #[default]
    Four,
    /// The four, plus the diagonals under a corner rule.
    Eight(Corners),
}

/// The diagonal directions as `(Δrow, Δcol)`, clockwise from north-east.
const DIAGONALS: [(i32, i32); 4] = [(-1, 1), (1, 1), (1, -1), (-1, -1)];

/// The tile `(Δrow, Δcol)` away from `tile` if it is inside `grid`.
fn offset(grid: &Grid, tile: Pos, dr: i32, dc: i32) -> Option<Pos> {
    let row = tile.row.checked_add_signed(dr)?;
    let col = tile.col.checked_add_signed(dc)?;
    let pos = Pos::new(row, col);
    grid.contains(pos).then_some(pos)
}

/// The open neighbours of `tile` a search may move to under `moves`, each with the cost of
/// the move: the base cost ([`STRAIGHT`] or [`DIAGONAL`]) times the terrain cost of the
/// neighbour. Order: N, E, S, W, then NE, SE, SW, NW. At most 8 items, no allocation.
pub fn neighbours(grid: &Grid, tile: Pos, moves: Moves) -> impl Iterator<Item = (Pos, u32)> + '_ {
    let straight = Dir::ALL.into_iter().filter_map(move |dir| {
        let next = grid.open_neighbor(tile, dir)?;
        Some((next, STRAIGHT * grid.cost(next)?))
    });
    let corners = match moves {
        Moves::Four => None,
        Moves::Eight(corners) => Some(corners),
    };
    let diagonal = corners.into_iter().flat_map(move |corners| {
        DIAGONALS.into_iter().filter_map(move |(dr, dc)| {
            let next = offset(grid, tile, dr, dc)?;
            let cost = grid.cost(next)?;
            let side_a = offset(grid, tile, dr, 0).is_some_and(|p| grid.is_open(p));
            let side_b = offset(grid, tile, 0, dc).is_some_and(|p| grid.is_open(p));
            corners
                .allows(side_a, side_b)
                .then_some((next, DIAGONAL * cost))
        })
    });
    straight.chain(diagonal)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn around(text: &str, moves: Moves) -> Vec<(Pos, u32)> {
        let grid = Grid::parse(text).expect("valid");
        neighbours(&grid, Pos::new(1, 1), moves).collect()
    }

    #[test]
    fn four_way_moves_cost_ten_times_the_terrain() {
        let n = around("S3 \n 9 \n  E\n", Moves::Four);
        // (1,1) costs 9 itself, but the cost is of the tile entered.
        assert_eq!(
            n,
            [
                (Pos::new(0, 1), 30),
                (Pos::new(1, 2), 10),
                (Pos::new(2, 1), 10),
                (Pos::new(1, 0), 10)
            ]
        );
    }

    #[test]
    fn corner_rules_decide_which_diagonals_pass_walls() {
        // From (1,1): north-east (0,2) has walls on both sides (0,1) and (1,2);
        // south-east (2,2) has one wall side (1,2); south-west (2,0) has none.
        let text = "S#  \n  # \n  E \n";
        let diagonals = |corners| {
            around(text, Moves::Eight(corners))
                .into_iter()
                .filter(|&(_, cost)| cost == DIAGONAL)
                .map(|(p, _)| p)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            diagonals(Corners::Allow),
            [
                Pos::new(0, 2),
                Pos::new(2, 2),
                Pos::new(2, 0),
                Pos::new(0, 0)
            ]
        );
        assert_eq!(
            diagonals(Corners::NoCut),
            [Pos::new(2, 2), Pos::new(2, 0), Pos::new(0, 0)]
        );
        assert_eq!(diagonals(Corners::Never), [Pos::new(2, 0)]);
    }
}
