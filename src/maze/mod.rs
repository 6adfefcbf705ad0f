//! The maze model: cells and passages ([`Maze`]) for generation, tiles ([`Grid`]) for solving.
//!
//! Two views of one picture (as in Jamis Buck, *Mazes for Programmers*, ch. 1 and 2):
//!
//! * A [`Maze`] is `width × height` **cells**. Between two adjacent cells there is either a
//!   wall or a passage. It is stored as one byte per cell (two passage bits: east and south),
//!   so a 4000×4000 maze takes 16 MB. Generators carve passages into it.
//! * A [`Grid`] is `rows × cols` **tiles**, each open or wall. A W×H-cell maze is a
//!   (2H+1)×(2W+1)-tile grid: cell `(r, c)` is tile `(2r+1, 2c+1)`, the passage between two
//!   cells is the tile between them, even rows and columns are walls and pillars. Solvers walk
//!   tiles, so they also work on any text maze, perfect or not, odd-sized or not.
//!
//! All coordinates are `(row, col)`, zero-based, row 0 at the top.

use get_size2::GetSize;

mod cells;
pub mod ends;
mod field;
mod grid;
mod limit;
pub mod mask;
mod maze_text;
pub mod stats;

pub use cells::{MAX_CELLS, Maze};
pub use ends::{Ends, Placement};
pub use grid::{Grid, MAX_COST, MIN_COST, OUTSIDE, ParseError, WALL};
pub use limit::{MAX_TILES, maze_padded_tiles, padded_tiles, tiles_fit};
pub use mask::{Mask, MaskError, Shape};
pub use maze_text::write_maze_text;

/// A `(row, col)` position, zero-based from the top-left. Whether it counts cells or tiles
/// is said by the function that takes or returns it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, GetSize)]
pub struct Pos {
    /// Row, counted from the top.
    pub row: u32,
    /// Column, counted from the left.
    pub col: u32,
}

impl Pos {
    /// A position at `row`, `col`.
    #[must_use]
    pub const fn new(row: u32, col: u32) -> Self {
        Self { row, col }
    }

    /// The tile at the centre of cell `self` (cell `(r, c)` is tile `(2r+1, 2c+1)`).
    #[must_use]
    pub const fn cell_to_tile(self) -> Self {
        Self::new(2 * self.row + 1, 2 * self.col + 1)
    }

    /// The tile between two adjacent cells (their passage or wall).
    #[must_use]
    pub const fn tile_between(a: Self, b: Self) -> Self {
        Self::new(a.row + b.row + 1, a.col + b.col + 1)
    }

    /// Manhattan distance `|Δrow| + |Δcol|`.
    #[must_use]
    pub const fn manhattan(self, other: Self) -> u32 {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col)
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// One of the four orthogonal directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, GetSize)]
pub enum Dir {
    /// Up: row − 1.
    North,
    /// Right: col + 1.
    East,
    /// Down: row + 1.
    South,
    /// Left: col − 1.
    West,
}

impl Dir {
    /// All four directions, clockwise from north.
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// `(Δrow, Δcol)` of one move in this direction. A table lookup, not a match: hot
    /// loops call it with random directions, where a jump would be mispredicted.
    #[must_use]
    #[inline]
    pub const fn delta(self) -> (i32, i32) {
        const DELTAS: [(i32, i32); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];
        DELTAS[self as usize]
    }

    /// The direction pointing the other way (by arithmetic on the clockwise order).
    #[must_use]
    #[inline]
    pub const fn opposite(self) -> Dir {
        Dir::ALL[self as usize ^ 2]
    }

    /// The direction a quarter turn clockwise (to the right).
    #[must_use]
    #[inline]
    pub const fn right(self) -> Dir {
        Dir::ALL[(self as usize + 1) & 3]
    }

    /// The direction a quarter turn counter-clockwise (to the left).
    #[must_use]
    pub const fn left(self) -> Dir {
        self.right().opposite()
    }

    /// The position one step from `pos` in this direction inside a `rows × cols` area,
    /// or `None` at the edge.
    #[must_use]
    pub fn step(self, pos: Pos, rows: u32, cols: u32) -> Option<Pos> {
        match self {
            Dir::North => pos.row.checked_sub(1).map(|r| Pos::new(r, pos.col)),
            Dir::South => (pos.row + 1 < rows).then(|| Pos::new(pos.row + 1, pos.col)),
            Dir::West => pos.col.checked_sub(1).map(|c| Pos::new(pos.row, c)),
            Dir::East => (pos.col + 1 < cols).then(|| Pos::new(pos.row, pos.col + 1)),
        }
    }

    /// Lower-case name (`north`, `east`, …) for logs.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Dir::North => "north",
            Dir::East => "east",
            Dir::South => "south",
            Dir::West => "west",
        }
    }
}
