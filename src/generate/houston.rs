//! Houston: Aldous-Broder while the maze is small, Wilson's algorithm once it is large.
//!
//! Source: Jamis Buck, "Maze Algorithms" (jamisbuck.org/mazes, the Houston demo), after
//! an idea of Robin Houston. Aldous-Broder is fast at the start (most cells it enters are
//! new) and slow at the end (it wanders over carved ground looking for the last cells);
//! Wilson's algorithm is the opposite (its first walks must find a tiny maze). Houston runs
//! the random walk of Aldous-Broder until [`SWITCH_AT`] of the cells are in the maze, then
//! adds the rest with Wilson's loop-erased walks.
//!
//! Each half alone gives a uniform spanning tree, but switching on a count of visited cells
//! ties the switch to the walk's history, so the result is close to, not exactly, uniform.
//! Measured (`tests/generators.rs`): over 20,000 mazes on a 3×3 grid every one of the 192
//! spanning trees appears, with a chi-square of 279 against the uniform distribution,
//! where a uniform sampler gives 191 ± 19.5 (Aldous-Broder and Wilson here stay near
//! that): a small but real bias. Origin Shift, by contrast, measures 9.3 on the 3×2 grid
//! (15 trees, 14 ± 5.3).
//!
//! Memory: a byte per cell (in the maze / on the walk) and the walk. Each step O(1),
//! except that erasing a loop costs the loop's length.

use get_size2::GetSize;

use crate::Mark;
use crate::generate::aldous_broder::RandomMoves;
use crate::generate::{GenEvent, GenOptions, Generator, Rng, direction, rng, shape};
use crate::maze::{Maze, Pos};
use crate::teach::{Entry, Inspection, Pseudocode, Structure, Teach};

/// The share of cells in the maze at which the random walk gives way to Wilson's walks
/// (one third, as in Buck's demo).
pub const SWITCH_AT: f64 = 1.0 / 3.0;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "cell ← a random cell",
    "while < 1/3 of cells in maze:",
    "  n ← a random neighbour",
    "  if n is new: carve cell→n",
    "  cell ← n",
    "while cells are outside it:",
    "  walk from an outside cell",
    "    until it hits the maze,",
    "    erasing any loop",
    "  carve along the walk",
];

const OUTSIDE: u8 = 0;
const IN_MAZE: u8 = 1;
const ON_WALK: u8 = 2;
/// Outside a masked maze's shape: no walk starts there or enters it.
const OFF: u8 = 3;

/// Which half of the algorithm runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, GetSize)]
enum Phase {
    /// Aldous-Broder's walk, now at this cell.
    Broder(Pos),
    /// Wilson's half, between walks: the next step starts a walk.
    NextWalk,
    /// Wilson's loop-erased walk (in `walk`) wandering towards the maze.
    Walking,
    /// Carving the finished walk into the maze: the next edge is `walk[k] → walk[k + 1]`
    /// (the last cell of the walk is already in the maze).
    Carving(usize),
    /// [`GenEvent::Done`] was returned.
    Done,
}

/// Houston as a step machine: one move of a walk, one erased loop, or one carve per step.
#[derive(Clone, Debug, GetSize)]
pub struct Houston {
    width: u32,
    height: u32,
    /// Per cell (row-major): [`OUTSIDE`], [`IN_MAZE`] or [`ON_WALK`].
    state: Vec<u8>,
    /// Cells not yet in the maze.
    remaining: usize,
    /// Cells in the maze at which Wilson's half starts.
    switch_below: usize,
    /// Wilson's walk, first cell first.
    walk: Vec<Pos>,
    /// The first cell (row-major) that may be outside the maze.
    cursor: usize,
    phase: Phase,
    #[get_size(ignore)]
    rng: Rng,
    moves: RandomMoves,
}

impl Houston {
    /// A machine for `maze` (all walls standing) seeded with `seed`.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        let mut rng = rng(seed);
        let (width, height) = (maze.width(), maze.height());
        let start = shape::random_cell(maze, &mut rng);
        let mut state = vec![OUTSIDE; maze.cell_count()];
        for off in maze.off_cells() {
            state[off] = OFF;
        }
        state[start.row as usize * width as usize + start.col as usize] = IN_MAZE;
        let cells = maze.on_cell_count();
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // a share of cells
        let switch_below = cells - (cells as f64 * SWITCH_AT).ceil() as usize;
        Self {
            width,
            height,
            state,
            remaining: cells - 1,
            switch_below,
            walk: Vec::new(),
            cursor: 0,
            phase: Phase::Broder(start),
            rng,
            moves: RandomMoves::default(),
        }
    }

    fn index(&self, cell: Pos) -> usize {
        cell.row as usize * self.width as usize + cell.col as usize
    }

    /// Start Wilson's next walk from the first cell outside the maze, or finish.
    fn next_walk(&mut self, maze: &Maze) -> Option<GenEvent> {
        while self.cursor < self.state.len() && self.state[self.cursor] != OUTSIDE {
            self.cursor += 1;
        }
        if self.cursor == self.state.len() {
            self.phase = Phase::Done;
            return Some(GenEvent::Done);
        }
        let w = self.width as usize;
        #[allow(clippy::cast_possible_truncation)] // cell indices fit in u32
        let start = Pos::new((self.cursor / w) as u32, (self.cursor % w) as u32);
        self.state[self.cursor] = ON_WALK;
        self.walk.clear();
        self.walk.push(start);
        self.phase = Phase::Walking;
        self.step_walk(maze)
    }

    /// One move of Wilson's walk: on to a new cell, back onto itself (erase the loop), or
    /// into the maze (start carving).
    fn step_walk(&mut self, maze: &Maze) -> Option<GenEvent> {
        let from = *self.walk.last()?;
        let (_, n) = self.moves.neighbor(&mut self.rng, from, maze);
        let i = self.index(n);
        match self.state[i] {
            IN_MAZE => {
                self.walk.push(n);
                self.phase = Phase::Carving(0);
                Some(GenEvent::Walk { from, to: n })
            }
            ON_WALK => {
                while let Some(&last) = self.walk.last() {
                    if last == n {
                        break;
                    }
                    let j = self.index(last);
                    self.state[j] = OUTSIDE;
                    self.walk.pop();
                }
                Some(GenEvent::Erase { cell: n })
            }
            _ => {
                self.state[i] = ON_WALK;
                self.walk.push(n);
                Some(GenEvent::Walk { from, to: n })
            }
        }
    }
}

impl Teach for Houston {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match (event, self.phase) {
            (GenEvent::Carve { .. }, Phase::Broder(_)) => &[1, 2, 3, 4],
            (GenEvent::Walk { .. }, Phase::Broder(_)) => &[1, 2, 4],
            (GenEvent::Walk { .. }, _) => &[6, 7],
            (GenEvent::Erase { .. }, _) => &[8],
            (GenEvent::Carve { .. }, _) => &[9],
            _ => &[5],
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        match (*event, self.phase) {
            (GenEvent::Carve { from, to }, Phase::Broder(_)) => {
                format!(
                    "random walk (Aldous-Broder half): stepped {} from {from} into {to}, a new cell, and carved the passage",
                    direction(from, to)
                )
            }
            (GenEvent::Walk { from, to }, Phase::Broder(_)) => {
                format!(
                    "random walk (Aldous-Broder half): stepped {} from {from} to {to}, already in the maze: nothing carved",
                    direction(from, to)
                )
            }
            (GenEvent::Walk { from, to }, _) => format!(
                "Wilson half: the walk stepped {} from {from} to {to}; it goes on until it reaches the maze",
                direction(from, to)
            ),
            (GenEvent::Erase { cell }, _) => {
                format!("Wilson half: the walk came back to {cell}: the loop was erased")
            }
            (GenEvent::Carve { from, to }, _) => {
                format!("Wilson half: the walk reached the maze; carving it in, {from} to {to}")
            }
            _ => "every cell is in the maze: done".to_owned(),
        }
    }

    fn mark(&self, cell: Pos) -> Mark {
        if self.current() == Some(cell) {
            return Mark::Current;
        }
        match self.state[self.index(cell)] {
            IN_MAZE => Mark::Visited,
            ON_WALK => Mark::Walk,
            _ => Mark::None,
        }
    }

    /// Cells on Wilson's walk.
    fn structure_len(&self) -> usize {
        self.walk.len()
    }

    fn structure(&self, max: usize) -> Structure {
        let entries = self
            .walk
            .iter()
            .rev()
            .take(max)
            .map(|&p| Entry::new(p, ""))
            .collect();
        Structure::new("walk", "newest first", self.walk.len(), entries)
    }

    fn inspect(&self, cell: Pos) -> Inspection {
        Inspection::new(match self.state[self.index(cell)] {
            IN_MAZE => "in the maze",
            ON_WALK => "on the current walk",
            _ => "outside the maze",
        })
    }

    fn current(&self) -> Option<Pos> {
        match self.phase {
            Phase::Broder(cell) => Some(cell),
            Phase::Walking | Phase::Carving(_) => self.walk.last().copied(),
            _ => None,
        }
    }
}

impl Generator for Houston {
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        match self.phase {
            Phase::Done => None,
            _ if self.remaining == 0 => {
                self.phase = Phase::Done;
                Some(GenEvent::Done)
            }
            // Aldous-Broder's half: switch once enough of the maze exists.
            Phase::Broder(_) if self.remaining <= self.switch_below => self.next_walk(maze),
            Phase::NextWalk => self.next_walk(maze),
            Phase::Broder(cell) => {
                let (dir, n) = self.moves.neighbor(&mut self.rng, cell, maze);
                self.phase = Phase::Broder(n);
                let i = self.index(n);
                if self.state[i] == IN_MAZE {
                    return Some(GenEvent::Walk { from: cell, to: n });
                }
                maze.carve(cell, dir);
                self.state[i] = IN_MAZE;
                self.remaining -= 1;
                Some(GenEvent::Carve { from: cell, to: n })
            }
            Phase::Walking => self.step_walk(maze),
            Phase::Carving(k) => {
                let (from, to) = (self.walk[k], self.walk[k + 1]);
                let dir = crate::maze::Dir::ALL
                    .into_iter()
                    .find(|d| maze.neighbor(from, *d) == Some(to))?;
                maze.carve(from, dir);
                let i = self.index(from);
                self.state[i] = IN_MAZE;
                self.remaining -= 1;
                if k + 2 < self.walk.len() {
                    self.phase = Phase::Carving(k + 1);
                } else {
                    self.walk.clear();
                    self.phase = Phase::NextWalk;
                }
                Some(GenEvent::Carve { from, to })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::generate::{GeneratorKind, testing};

    #[test]
    fn mazes_are_perfect_for_all_shapes() {
        testing::assert_perfect_for_all_shapes(GeneratorKind::Houston);
    }

    #[test]
    fn same_seed_same_maze_and_different_seeds_differ() {
        testing::assert_seeded(GeneratorKind::Houston);
    }
}
