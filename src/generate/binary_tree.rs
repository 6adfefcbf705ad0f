//! Binary Tree: every cell carves one passage, in one of two directions, at random.
//!
//! Source: Jamis Buck, *Mazes for Programmers*, ch. 2. Each cell carves toward one of the
//! two directions of its [`Bias`] with probability ½: south or east by default, or
//! north/east (the book's), north/west, south/west. Cells on the row of the vertical
//! direction can only carve along the other, and cells on the column of the horizontal
//! direction only along the vertical one, so that row and that column become open
//! corridors; the corner where they meet carves nothing. Nothing is ever carved through
//! the outer wall.
//!
//! Cells are visited row by row, starting from the corner opposite the bias (top-left for
//! south/east, bottom-left for north/east, top-right for south/west, bottom-right for
//! north/west), so the corner with no choice is the last cell: every bias is the default
//! on a mirrored grid, and a seed gives the mirror image of the default maze.
//!
//! The result is a perfect maze (every cell but the corner links to a neighbour that comes
//! later in the visit, so there are no loops, and following those links always reaches the
//! corner) with the algorithm's strong diagonal texture: every path towards the bias
//! corner is a monotone staircase.
//!
//! Cost: one step per cell, O(1) each; the coin flips are the bits of the RNG's `u64`s, 64
//! a draw. Memory: O(1) besides the maze.

use get_size2::GetSize;
use rand::RngCore;

use crate::Mark;
use crate::generate::row_scan::{Coins, RowScan};
use crate::generate::{GenEvent, GenOptions, Generator, Rng, direction, rng};
use crate::maze::{Dir, Maze, Pos};
use crate::teach::{Pseudocode, Teach};

/// The pseudocode the Pseudocode pane shows for the default bias (south or east).
pub const PSEUDOCODE: Pseudocode = Bias::SouthEast.pseudocode();

/// The pseudocode of a bias: where the visit starts, and the two directions.
macro_rules! pseudocode {
    ($from:literal, $two:literal) => {
        &[
            "for each cell, row by row",
            $from,
            concat!("  choices ← ", $two),
            "    (those inside the grid)",
            "  if no choice: done",
            "  pick one at random",
            "  carve a passage to it",
        ]
    };
}

/// Which two directions Binary Tree carves in. Every cell carves one of the two, so the
/// row and the column on those two sides of the maze become unbroken corridors, and every
/// path towards the corner where they meet is a staircase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, GetSize)]
pub enum Bias {
    /// North or east, as in *Mazes for Programmers*: corridors along the north row and the
    /// east column.
    NorthEast,
    /// North or west: corridors along the north row and the west column.
    NorthWest,
    /// South or east: corridors along the south row and the east column. The default.
    #[default]
    SouthEast,
    /// South or west: corridors along the south row and the west column.
    SouthWest,
}

impl Bias {
    /// Every bias, in the order of their short names.
    pub const ALL: [Bias; 4] = [
        Bias::NorthEast,
        Bias::NorthWest,
        Bias::SouthEast,
        Bias::SouthWest,
    ];

    /// The short name used on the command line (`ne`, `nw`, `se`, `sw`).
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Bias::NorthEast => "ne",
            Bias::NorthWest => "nw",
            Bias::SouthEast => "se",
            Bias::SouthWest => "sw",
        }
    }

    /// The vertical direction of the two: north or south.
    #[must_use]
    pub const fn vertical(self) -> Dir {
        match self {
            Bias::NorthEast | Bias::NorthWest => Dir::North,
            Bias::SouthEast | Bias::SouthWest => Dir::South,
        }
    }

    /// The horizontal direction of the two: east or west.
    #[must_use]
    pub const fn horizontal(self) -> Dir {
        match self {
            Bias::NorthEast | Bias::SouthEast => Dir::East,
            Bias::NorthWest | Bias::SouthWest => Dir::West,
        }
    }

    /// The pseudocode the Pseudocode pane shows: the visit's order and the two directions.
    #[must_use]
    pub const fn pseudocode(self) -> Pseudocode {
        match self {
            Bias::NorthEast => pseudocode!("    from the bottom:", "north, east"),
            Bias::NorthWest => pseudocode!("    from the bottom right:", "north, west"),
            Bias::SouthEast => &[
                "for each cell, row by row:",
                "  choices ← south, east",
                "    (those inside the grid)",
                "  if no choice: done",
                "  pick one at random",
                "  carve a passage to it",
            ],
            Bias::SouthWest => pseudocode!("    from the right:", "south, west"),
        }
    }

    /// The two directions as words: (`"south"`, `"east"`), …
    const fn words(self) -> (&'static str, &'static str) {
        let vertical = match self.vertical() {
            Dir::North => "north",
            _ => "south",
        };
        let horizontal = match self.horizontal() {
            Dir::West => "west",
            _ => "east",
        };
        (vertical, horizontal)
    }

    /// The corner cell that has neither direction, and the row and column where only one
    /// of the two is inside the grid.
    const fn corner(self) -> (&'static str, &'static str) {
        match self {
            Bias::NorthEast => ("top-right", "the first row or the last column"),
            Bias::NorthWest => ("top-left", "the first row or column"),
            Bias::SouthEast => ("bottom-right", "the last row or column"),
            Bias::SouthWest => ("bottom-left", "the last row or the first column"),
        }
    }
}

/// Binary Tree as a step machine: one step per cell, row by row from the corner opposite
/// the bias.
#[derive(Clone, Debug, GetSize)]
pub struct BinaryTree {
    /// The visit, as a row-by-row walk over the grid seen from the corner it starts in.
    visit: RowScan,
    #[get_size(ignore)]
    rng: Rng,
    coins: Coins,
    bias: Bias,
}

impl BinaryTree {
    /// A machine for `maze` (all walls standing) seeded with `seed`, carving in the two
    /// directions of `options.bias`.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, options: &GenOptions) -> Self {
        Self {
            visit: RowScan::new(maze),
            rng: rng(seed),
            coins: Coins::default(),
            bias: options.bias,
        }
    }

    /// The bias it carves with.
    #[must_use]
    pub const fn bias(&self) -> Bias {
        self.bias
    }

    /// The cell of the maze at `cell` of the visit's grid, and back: the mirror image
    /// across the rows and/or columns the bias flips (its own inverse).
    fn mirror(&self, cell: Pos) -> Pos {
        let row = match self.bias.vertical() {
            Dir::North => self.visit.height - 1 - cell.row,
            _ => cell.row,
        };
        let col = match self.bias.horizontal() {
            Dir::West => self.visit.width - 1 - cell.col,
            _ => cell.col,
        };
        Pos::new(row, col)
    }
}

impl Generator for BinaryTree {
    /// Visit the next cell: carve toward one of the bias's two directions
    /// ([`GenEvent::Carve`]); at the corner with neither, [`GenEvent::Done`].
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        let cell = self.mirror(self.visit.next()?);
        let (vertical, horizontal) = (self.bias.vertical(), self.bias.horizontal());
        let dir = match (
            maze.neighbor(cell, vertical),
            maze.neighbor(cell, horizontal),
        ) {
            (Some(_), Some(_)) => {
                // Pick one at random: a fair coin.
                if self.coins.flip_with(|| self.rng.next_u64()) {
                    vertical
                } else {
                    horizontal
                }
            }
            (Some(_), None) => vertical,
            (None, Some(_)) => horizontal,
            (None, None) => {
                self.visit.end();
                return Some(GenEvent::Done);
            }
        };
        let to = maze.carve(cell, dir)?;
        self.visit.advance();
        Some(GenEvent::Carve { from: cell, to })
    }
}

impl Teach for BinaryTree {
    type Event = GenEvent;

    /// The pseudocode of its bias.
    fn pseudocode(&self) -> Pseudocode {
        self.bias.pseudocode()
    }

    /// A carve ran the cell loop, the choice and the carve; the last cell has no choice.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match (event, self.bias) {
            (GenEvent::Carve { .. }, Bias::SouthEast) => &[0, 1, 2, 4, 5],
            (GenEvent::Carve { .. }, _) => &[0, 1, 2, 3, 5, 6],
            (_, Bias::SouthEast) => &[3],
            _ => &[4],
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        let (v, h) = self.bias.words();
        let (corner, edges) = self.bias.corner();
        match *event {
            GenEvent::Carve { from, to } => format!(
                "visited {from} and carved {} to {to}: a coin picks {v} or {h}, and on {edges} only one is inside the grid",
                direction(from, to),
            ),
            _ => format!("the {corner} cell has neither {v} nor {h}: every cell is in the maze"),
        }
    }

    /// Current: the cell visited by the last step; Visited: cells before it; None: the rest.
    /// Once done, every cell is Visited.
    fn mark(&self, cell: Pos) -> Mark {
        if self.current() == Some(cell) {
            return Mark::Current;
        }
        // `Pos` orders by (row, col): row-major, the visiting order in the visit's grid.
        match self.visit.next() {
            Some(next) if self.mirror(cell) >= next => Mark::None,
            _ => Mark::Visited,
        }
    }

    /// Binary Tree keeps no structure: always 0.
    fn structure_len(&self) -> usize {
        0
    }

    fn current(&self) -> Option<Pos> {
        self.visit.current().map(|cell| self.mirror(cell))
    }
}

#[cfg(test)]
mod tests;
