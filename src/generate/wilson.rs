//! Wilson's algorithm: loop-erased random walks added to the maze one by one.
//!
//! The maze starts as one random cell. Then, while a cell is outside the maze, a random
//! walk starts from it ([`GenEvent::Walk`] per move) and wanders until it reaches the
//! maze. Whenever the walk runs into itself, the loop it just closed is erased
//! ([`GenEvent::Erase`]), so the walk is always a simple path. When it reaches the maze,
//! the path is carved into the maze, one passage per step ([`GenEvent::Carve`]). The
//! result is a **uniform spanning tree**, like Aldous-Broder, but usually much faster,
//! since only the first walks are long (David Wilson 1996; Jamis Buck, *Mazes for
//! Programmers*, ch. 4).
//!
//! New walks start from the next cell outside the maze in row-major order (a cursor that
//! only moves forward, O(cells) in total); uniformity does not depend on where walks start.
//!
//! Memory: one state byte per cell (outside / on the walk / in the maze) plus the walk as
//! a `Vec<u32>` of cell indices; erasing a loop pops it, O(loop length).

use get_size2::GetSize;

use crate::teach::{Entry, Pseudocode, Question, Structure, Teach};

use crate::Mark;
use crate::generate::aldous_broder::RandomMoves;
use crate::generate::{GenEvent, GenOptions, Generator, Rng, direction, rng, shape};
use crate::maze::{Dir, Maze, Pos};

/// A cell not in the maze and not on the walk.
const OUTSIDE: u8 = 0;
/// A cell on the current walk (not carved yet).
const ON_WALK: u8 = 1;
/// A cell in the maze.
const IN_MAZE: u8 = 2;
/// A cell outside a masked maze's shape: no walk starts there or enters it.
const OFF: u8 = 3;

/// What the next step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, GetSize)]
enum Phase {
    /// Walk from the cell at the end of the path (or start a walk if the path is empty).
    Walk,
    /// Carve the path into the maze: passage from `path[i]` to `path[i + 1]`.
    Carve(usize),
    /// Every cell is in the maze; the next step reports [`GenEvent::Done`].
    Finish,
    Done,
}

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "add a random cell to the maze",
    "while cells are outside it:",
    "  walk ← [an outside cell]",
    "  until the walk hits the maze:",
    "    step to a random nbr",
    "    if it is on the walk:",
    "      erase the loop",
    "  carve along the walk",
    "  add its cells to the maze",
];

/// Wilson's algorithm as a step machine. See the [module docs](self).
#[derive(Clone, Debug, GetSize)]
pub struct Wilson {
    #[get_size(ignore)]
    rng: Rng,
    moves: RandomMoves,
    width: u32,
    height: u32,
    /// One of [`OUTSIDE`], [`ON_WALK`], [`IN_MAZE`] per cell, row-major.
    state: Vec<u8>,
    /// The walk: cell indices from its start; the last one is where the walk is. While
    /// carving it ends with the maze cell it reached.
    path: Vec<u32>,
    /// Every cell before this row-major index is on the walk or in the maze.
    cursor: usize,
    /// The cell at the end of the walk (kept to save a division per move).
    walker: Pos,
    /// Whether the last walk step began a new walk from an outside cell.
    began: bool,
    phase: Phase,
}

impl Wilson {
    /// A machine for `maze` seeded with `seed`; a random cell is put in the maze.
    /// O(cells) bytes of state.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        let mut rng = rng(seed);
        let cells = maze.cell_count();
        let mut state = vec![OUTSIDE; cells];
        for off in maze.off_cells() {
            state[off] = OFF;
        }
        let first = maze.pos(shape::random_cell_index(maze, &mut rng));
        state[maze.index(first)] = IN_MAZE;
        Self {
            rng,
            moves: RandomMoves::default(),
            width: maze.width(),
            height: maze.height(),
            state,
            path: Vec::new(),
            cursor: 0,
            walker: first,
            began: false,
            phase: if maze.on_cell_count() == 1 {
                Phase::Finish
            } else {
                Phase::Walk
            },
        }
    }

    #[inline]
    fn index(&self, cell: Pos) -> usize {
        cell.row as usize * self.width as usize + cell.col as usize
    }

    #[inline]
    #[allow(clippy::cast_possible_truncation)] // index < width × height, both u32
    fn pos(&self, index: u32) -> Pos {
        Pos::new(index / self.width, index % self.width)
    }

    /// The direction from cell index `from` to the adjacent cell index `to`.
    #[inline]
    fn dir_between(&self, from: u32, to: u32) -> Dir {
        // Vertical first: with width 1, `to == from + 1` is the cell below.
        if to == from + self.width {
            Dir::South
        } else if to + self.width == from {
            Dir::North
        } else if to == from + 1 {
            Dir::East
        } else {
            Dir::West
        }
    }

    /// One move of the walk from the end of `path` (starting a new walk first if needed).
    #[allow(clippy::cast_possible_truncation)] // cell indices fit u32: the maze checks it
    fn walk(&mut self, maze: &Maze) -> GenEvent {
        self.began = self.path.is_empty();
        if self.path.is_empty() {
            while self.state[self.cursor] != OUTSIDE {
                self.cursor += 1;
            }
            self.state[self.cursor] = ON_WALK;
            self.path.push(self.cursor as u32);
            self.walker = self.pos(self.cursor as u32);
        }
        let from = self.walker;
        let (_, to) = self.moves.neighbor(&mut self.rng, from, maze);
        let next = self.index(to);
        self.walker = to;
        match self.state[next] {
            OUTSIDE => {
                self.state[next] = ON_WALK;
                self.path.push(next as u32);
                GenEvent::Walk { from, to }
            }
            ON_WALK => {
                // Erase the loop: pop back to where the walk crossed itself.
                while let Some(&last) = self.path.last() {
                    if last as usize == next {
                        break;
                    }
                    self.state[last as usize] = OUTSIDE;
                    self.path.pop();
                }
                GenEvent::Erase { cell: to }
            }
            _ => {
                self.path.push(next as u32);
                self.phase = Phase::Carve(0);
                GenEvent::Walk { from, to }
            }
        }
    }
}

impl Teach for Wilson {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// A walk step, a loop erased, or one passage of the finished walk carved.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Walk { .. } if self.began => &[1, 2, 3, 4],
            GenEvent::Walk { .. } => &[3, 4],
            GenEvent::Erase { .. } => &[4, 5, 6],
            GenEvent::Carve { .. } => &[7, 8],
            _ => &[1],
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Walk { from, to } => format!(
                "the random walk stepped {} from {from} to {to}; it goes on until it reaches the maze",
                direction(from, to)
            ),
            GenEvent::Erase { cell } => format!(
                "the walk came back to {cell}, already on it: the loop was erased, so the walk stays a simple path"
            ),
            GenEvent::Carve { from, to } => format!(
                "the walk reached the maze: carving it in, {from} to {to}; its cells join the maze"
            ),
            _ => "no cell is outside the maze: done".to_owned(),
        }
    }

    fn mark(&self, cell: Pos) -> Mark {
        if cell.row >= self.height || cell.col >= self.width {
            return Mark::None;
        }
        if Some(cell) == self.current() {
            return Mark::Current;
        }
        match self.state[self.index(cell)] {
            ON_WALK => Mark::Walk,
            IN_MAZE => Mark::Visited,
            _ => Mark::None,
        }
    }

    /// The walk so far, newest cell first.
    fn structure(&self, max: usize) -> Structure {
        let entries = self
            .path
            .iter()
            .rev()
            .take(max)
            .map(|&i| Entry::new(Pos::new(i / self.width, i % self.width), ""))
            .collect();
        Structure::new("walk", "newest first", self.path.len(), entries)
    }

    /// Length of the current walk, in cells.
    fn structure_len(&self) -> usize {
        self.path.len()
    }

    /// Where the walk is, or the cell about to be carved from.
    fn current(&self) -> Option<Pos> {
        match self.phase {
            Phase::Walk => (!self.path.is_empty()).then_some(self.walker),
            Phase::Carve(i) => Some(self.pos(self.path[i])),
            Phase::Finish | Phase::Done => None,
        }
    }

    fn asks(&self) -> Option<&'static str> {
        Some("will the walk's next move reach the maze, so it is carved?")
    }

    /// Asked before each move of a walk (not while the walk is carved in). The move is drawn
    /// from copies of the machine's generator and move bits, from where the walk
    /// stands (a new walk's first cell when none is under way), so the question names the
    /// very move the next step makes.
    #[allow(clippy::cast_possible_truncation)] // cell indices fit u32: the maze checks it
    fn question(&self) -> Option<Question> {
        if self.phase != Phase::Walk {
            return None;
        }
        let from = match self.path.last() {
            Some(_) => self.walker,
            None => {
                let first = (self.cursor..self.state.len()).find(|&i| self.state[i] == OUTSIDE)?;
                self.pos(first as u32)
            }
        };
        let mut rng = self.rng.clone();
        let (_, to) =
            self.moves
                .clone()
                .neighbor_within(&mut rng, from, self.width, self.height, |to| {
                    self.state[self.index(to)] != OFF
                });
        let (carves, why) = match self.state[self.index(to)] {
            IN_MAZE => (true, format!("{to} is in the maze: the walk ends there")),
            ON_WALK => (false, format!("{to} is on the walk: the loop is erased")),
            _ => (false, format!("{to} is outside the maze: the walk goes on")),
        };
        let ask = format!("the walk moves from {from} to {to}: will it carve?");
        let rule = format!("Wilson carves the walk in only when it reaches the maze; {why}");
        Some(Question::yes_no(ask, rule, carves))
    }
}

impl Generator for Wilson {
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        match self.phase {
            Phase::Walk => Some(self.walk(maze)),
            Phase::Carve(i) => {
                let (a, b) = (self.path[i], self.path[i + 1]);
                let (from, to) = (self.pos(a), self.pos(b));
                maze.carve(from, self.dir_between(a, b));
                self.state[a as usize] = IN_MAZE;
                if i + 2 < self.path.len() {
                    self.phase = Phase::Carve(i + 1);
                } else {
                    self.path.clear();
                    // Everything before the cursor is in the maze now; look for the rest.
                    while self.cursor < self.state.len() && self.state[self.cursor] != OUTSIDE {
                        self.cursor += 1;
                    }
                    self.phase = if self.cursor == self.state.len() {
                        Phase::Finish
                    } else {
                        Phase::Walk
                    };
                }
                Some(GenEvent::Carve { from, to })
            }
            Phase::Finish => {
                self.phase = Phase::Done;
                Some(GenEvent::Done)
            }
            Phase::Done => None,
        }
    }
}

#[cfg(test)]
mod tests;
