//! Aldous-Broder: a random walk that carves into every cell it enters for the first time.
//!
//! Start on a random cell; at every step move to a uniformly random neighbour. Entering a
//! cell not yet in the maze carves the passage just walked ([`GenEvent::Carve`]); entering
//! one already in the maze only moves ([`GenEvent::Walk`]). When every cell is in the maze
//! the passages form a **uniform spanning tree**: every perfect maze of the grid is equally
//! likely (Aldous 1990, Broder 1989; Jamis Buck, *Mazes for Programmers*, ch. 4). The price
//! is time: the walk must cover the grid, about `N · (ln N)² / π` moves on `N` cells, most of
//! them over cells already carved.
//!
//! Memory: one bit per cell (the visited set, so [`Generator::mark`] needs no maze) on top
//! of the maze. One step costs a few nanoseconds: two random bits per move (32 moves per
//! 64-bit draw), index arithmetic, one bit test.

use get_size2::GetSize;

use crate::teach::{Pseudocode, Question, Teach};
use rand::RngCore;

use crate::Mark;
use crate::generate::{GenEvent, GenOptions, Generator, Rng, direction, rng, shape};
use crate::maze::{Dir, Maze, Pos};

/// Uniformly random moves for a random walk: two bits per move from one 64-bit draw.
///
/// Shared by [`AldousBroder`] and [`crate::generate::wilson::Wilson`].
#[derive(Clone, Debug, Default, GetSize)]
pub(crate) struct RandomMoves {
    bits: u64,
    left: u32,
}

impl RandomMoves {
    /// A uniformly random neighbour of cell `(row, col)` among the on-cells of `maze`
    /// (rejection sampling over the four directions, so each neighbour that exists is
    /// equally likely). The cell must have an on-neighbour, or this never returns (a maze
    /// of two or more connected on-cells always has one).
    ///
    /// Branch-free apart from the (rarely taken) rejection: the direction indexes small
    /// tables, and a step past the edge wraps to a huge coordinate that fails the bounds test.
    #[inline]
    pub(crate) fn neighbor(&mut self, rng: &mut Rng, cell: Pos, maze: &Maze) -> (Dir, Pos) {
        let masked = maze.is_masked();
        self.neighbor_within(rng, cell, maze.width(), maze.height(), |to| {
            !masked || maze.is_on(to)
        })
    }

    /// As [`RandomMoves::neighbor`] in a `width × height`-cell rectangle whose cells
    /// `inside` accepts (the on-cells of a masked maze), for a reader without the maze.
    #[inline]
    pub(crate) fn neighbor_within(
        &mut self,
        rng: &mut Rng,
        cell: Pos,
        width: u32,
        height: u32,
        inside: impl Fn(Pos) -> bool,
    ) -> (Dir, Pos) {
        const DIRS: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];
        const DROW: [u32; 4] = [u32::MAX, 0, 1, 0];
        const DCOL: [u32; 4] = [0, 1, 0, u32::MAX];
        loop {
            if self.left == 0 {
                self.bits = rng.next_u64();
                self.left = 32;
            }
            #[allow(clippy::cast_possible_truncation)] // two bits
            let pick = (self.bits & 3) as usize;
            self.bits >>= 2;
            self.left -= 1;
            let row = cell.row.wrapping_add(DROW[pick]);
            let col = cell.col.wrapping_add(DCOL[pick]);
            let to = Pos::new(row, col);
            if row < height && col < width && inside(to) {
                return (DIRS[pick], to);
            }
        }
    }
}

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "cell ← a random cell",
    "while unvisited cells remain:",
    "  n ← a random neighbour",
    "  if n is unvisited:",
    "    carve from cell to n",
    "  cell ← n",
];

/// Aldous-Broder as a step machine. See the [module docs](self).
#[derive(Clone, Debug, GetSize)]
pub struct AldousBroder {
    #[get_size(ignore)]
    rng: Rng,
    moves: RandomMoves,
    width: u32,
    height: u32,
    /// One bit per cell, row-major: the cell is in the maze.
    visited: Vec<u64>,
    /// One bit per cell, row-major: the cell is outside a masked maze's shape (`None`
    /// without a mask). Shared by clones: it never changes during a run.
    #[get_size(ignore)]
    off: Option<std::sync::Arc<[u64]>>,
    /// Cells not yet in the maze.
    remaining: usize,
    /// Where the walk is.
    cell: Pos,
    done: bool,
}

impl AldousBroder {
    /// A machine for `maze` seeded with `seed`; the walk starts on a random cell, which is
    /// in the maze from the start. O(cells / 64) memory.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        let mut rng = rng(seed);
        let (width, height) = (maze.width(), maze.height());
        let cells = maze.cell_count();
        let start = shape::random_cell(maze, &mut rng);
        let mut me = Self {
            rng,
            moves: RandomMoves::default(),
            width,
            height,
            visited: vec![0; cells.div_ceil(64)],
            off: maze.is_masked().then(|| {
                let mut off = vec![0u64; cells.div_ceil(64)];
                for i in maze.off_cells() {
                    off[i / 64] |= 1 << (i % 64);
                }
                off.into()
            }),
            remaining: maze.on_cell_count() - 1,
            cell: start,
            done: false,
        };
        me.set_visited(me.index(start));
        me
    }

    #[inline]
    fn index(&self, cell: Pos) -> usize {
        cell.row as usize * self.width as usize + cell.col as usize
    }

    #[inline]
    fn is_visited(&self, index: usize) -> bool {
        self.visited[index / 64] & (1 << (index % 64)) != 0
    }

    #[inline]
    fn set_visited(&mut self, index: usize) {
        self.visited[index / 64] |= 1 << (index % 64);
    }
}

impl Teach for AldousBroder {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// Entering a new cell carves; entering a visited one only moves.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Carve { .. } => &[2, 3, 4, 5],
            GenEvent::Walk { .. } => &[2, 3, 5],
            _ => &[1],
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Carve { from, to } => format!(
                "walked {} from {from} into {to}, never visited before: carved the passage; {} cells left",
                direction(from, to),
                self.remaining
            ),
            GenEvent::Walk { from, to } => format!(
                "walked {} from {from} to {to}, already visited: nothing carved (the walk is random, so it wanders over old ground)",
                direction(from, to)
            ),
            _ => "every cell has been visited: done".to_owned(),
        }
    }

    fn mark(&self, cell: Pos) -> Mark {
        if cell.row >= self.height || cell.col >= self.width {
            Mark::None
        } else if !self.done && cell == self.cell {
            Mark::Current
        } else if self.is_visited(self.index(cell)) {
            Mark::Visited
        } else {
            Mark::None
        }
    }

    /// Aldous-Broder keeps no structure besides the walker: always 0.
    fn structure_len(&self) -> usize {
        0
    }

    fn current(&self) -> Option<Pos> {
        (!self.done).then_some(self.cell)
    }

    fn asks(&self) -> Option<&'static str> {
        Some("will the walk's next move carve?")
    }

    /// The move is drawn from copies of the machine's generator and move bits, so the
    /// question names the very move the next step makes.
    fn question(&self) -> Option<Question> {
        if self.done || self.remaining == 0 {
            return None;
        }
        let mut rng = self.rng.clone();
        let (_, to) = self.moves.clone().neighbor_within(
            &mut rng,
            self.cell,
            self.width,
            self.height,
            |to| {
                let i = self.index(to);
                self.off
                    .as_ref()
                    .is_none_or(|off| off[i / 64] & (1 << (i % 64)) == 0)
            },
        );
        let ask = format!("the walk moves from {} to {to}: will it carve?", self.cell);
        let rule = "Aldous-Broder carves only into a cell not yet in the maze";
        let carves = !self.is_visited(self.index(to));
        Some(Question::yes_no(ask, rule.to_owned(), carves))
    }
}

impl Generator for AldousBroder {
    #[inline]
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if self.done {
            return None;
        }
        if self.remaining == 0 {
            self.done = true;
            return Some(GenEvent::Done);
        }
        let from = self.cell;
        let (dir, to) = self.moves.neighbor(&mut self.rng, from, maze);
        self.cell = to;
        let i = self.index(to);
        if self.is_visited(i) {
            return Some(GenEvent::Walk { from, to });
        }
        self.set_visited(i);
        self.remaining -= 1;
        maze.carve(from, dir);
        Some(GenEvent::Carve { from, to })
    }
}

#[cfg(test)]
mod tests;
