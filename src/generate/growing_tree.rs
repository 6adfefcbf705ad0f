//! Growing Tree: grow the maze from an active list, choosing which cell to grow from.
//!
//! Start with one random cell in the active list. Each step takes a cell from the list,
//! chosen by [`CellChoice`]: if it has neighbours not yet in the maze, carve into a random
//! one and add that to the list ([`GenEvent::Carve`]); otherwise the cell is finished and
//! leaves the list ([`GenEvent::Backtrack`]). Done when the list is empty (Jamis Buck,
//! *Mazes for Programmers*, ch. 11; "Maze Generation: Growing Tree algorithm", 2011).
//!
//! The choice sets the texture: newest behaves like the Recursive Backtracker (long
//! winding corridors), random like Simplified Prim (many short dead ends), oldest makes
//! long straight corridors radiating from the start, a mix lies between.
//!
//! Every cell is added once and removed once: `2 × cells` steps, each O(1) amortized (a
//! cell finished in the middle of the list is left there, marked, until such cells make up
//! half the list, which is then compacted; the list keeps its order, which newest and
//! oldest depend on). Memory: one state byte per cell plus the list (a [`Pos`], 8 bytes,
//! per entry: storing the position, not the row-major index, spares a division per step).

use get_size2::GetSize;

use crate::teach::{Pseudocode, Structure, Teach};
use std::collections::VecDeque;

use rand::Rng as _;

use crate::Mark;
use crate::generate::recursive_backtracker::NTH_SET_BIT;
use crate::generate::{CellChoice, GenEvent, GenOptions, Generator, Rng, direction, rng, shape};
use crate::maze::{Dir, Maze, Pos};

/// Not in the maze yet.
const UNVISITED: u8 = 0;
/// In the maze and in the active list.
const ACTIVE: u8 = 1;
/// In the maze, finished (left the active list).
const FINISHED: u8 = 2;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "active ← [a random cell]",
    "while active is not empty:",
    "  cell ← choose from active",
    "    (newest/random/oldest)",
    "  if cell has unvisited nbrs:",
    "    n ← a random one of them",
    "    carve from cell to n",
    "    add n to active",
    "  else: remove cell (done)",
];

/// Growing Tree as a step machine. See the [module docs](self).
#[derive(Clone, Debug, GetSize)]
pub struct GrowingTree {
    #[get_size(ignore)]
    rng: Rng,
    choice: CellChoice,
    width: u32,
    height: u32,
    /// One of [`UNVISITED`], [`ACTIVE`], [`FINISHED`] per cell, row-major.
    state: Vec<u8>,
    /// The active list, oldest first. It may still hold cells that have finished (removed
    /// from the middle, see [`GrowingTree::remove`]).
    active: VecDeque<Pos>,
    /// How many entries of `active` are finished cells.
    finished_in_list: usize,
    /// The cell the last step took from the list.
    current: Option<Pos>,
    done: bool,
}

impl GrowingTree {
    /// A machine for `maze` seeded with `seed`, choosing cells by `options.cell_choice`;
    /// a random cell starts the active list. O(cells) bytes of state.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, options: &GenOptions) -> Self {
        let mut rng = rng(seed);
        let cells = maze.cell_count();
        let start = shape::random_cell_index(maze, &mut rng);
        let mut state = vec![UNVISITED; cells];
        // Cells outside a masked maze's shape count as finished: never grown into.
        for off in maze.off_cells() {
            state[off] = FINISHED;
        }
        state[start] = ACTIVE;
        let mut active = VecDeque::new();
        active.push_back(maze.pos(start));
        Self {
            rng,
            choice: options.cell_choice,
            width: maze.width(),
            height: maze.height(),
            state,
            active,
            finished_in_list: 0,
            current: None,
            done: false,
        }
    }

    /// The position in the active list of the cell to grow from (some cell is active).
    /// Finished cells left in the list (see [`GrowingTree::remove`]) are dropped from the
    /// ends or drawn again, so the choice is among active cells only.
    #[inline(always)]
    fn choose(&mut self) -> usize {
        let newest = match self.choice {
            CellChoice::Newest => true,
            CellChoice::Oldest => {
                self.trim_front();
                return 0;
            }
            CellChoice::Random => false,
            // `random::<f64>() < p` also copes with p outside 0..=1 or NaN (no panic).
            CellChoice::Mix(p) => self.rng.random::<f64>() < p,
        };
        if newest {
            self.trim_back();
            return self.active.len() - 1;
        }
        // At most half the entries are finished, so this takes two draws on average.
        loop {
            let at = self.rng.random_range(0..self.active.len());
            if self.state[self.index(self.active[at])] == ACTIVE {
                return at;
            }
        }
    }

    /// Drop finished entries from the back of the list.
    #[inline(always)]
    fn trim_back(&mut self) {
        while let Some(&last) = self.active.back() {
            if self.state[self.index(last)] == ACTIVE {
                break;
            }
            self.active.pop_back();
            self.finished_in_list -= 1;
        }
    }

    /// Drop finished entries from the front of the list.
    fn trim_front(&mut self) {
        while let Some(&first) = self.active.front() {
            if self.state[self.index(first)] == ACTIVE {
                break;
            }
            self.active.pop_front();
            self.finished_in_list -= 1;
        }
    }

    /// Row-major index of `cell`.
    #[inline]
    fn index(&self, cell: Pos) -> usize {
        cell.row as usize * self.width as usize + cell.col as usize
    }

    /// Take the (just finished) entry at `at` out of the active list, keeping the order of
    /// the others. At either end it is popped; in the middle it stays as a finished entry
    /// until they make up half the list, which is then compacted: O(1) amortized.
    #[inline(always)]
    fn remove(&mut self, at: usize) {
        if at + 1 == self.active.len() {
            self.active.pop_back();
        } else if at == 0 {
            self.active.pop_front();
        } else {
            self.finished_in_list += 1;
            if 2 * self.finished_in_list > self.active.len() {
                self.compact();
            }
        }
    }

    /// Drop every finished entry from the active list, keeping the order. O(list).
    #[cold]
    fn compact(&mut self) {
        let (state, w) = (&self.state, self.width as usize);
        self.active
            .retain(|c| state[c.row as usize * w + c.col as usize] == ACTIVE);
        self.finished_in_list = 0;
    }
}

impl Teach for GrowingTree {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// A carve grows from the chosen cell; a backtrack removes it from the active list.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Carve { .. } => &[2, 3, 4, 5, 6, 7],
            GenEvent::Backtrack { .. } => &[2, 3, 4, 8],
            _ => &[1],
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Carve { from, to } => format!(
                "chose {from} from the active list: carved {} into {to}, an unvisited neighbour, and added it to the list",
                direction(from, to)
            ),
            GenEvent::Backtrack { cell } => format!(
                "chose {cell}, which has no unvisited neighbour: removed it from the active list"
            ),
            _ => "the active list is empty: every cell is in the maze".to_owned(),
        }
    }

    fn mark(&self, cell: Pos) -> Mark {
        if cell.row >= self.height || cell.col >= self.width {
            return Mark::None;
        }
        if Some(cell) == self.current {
            return Mark::Current;
        }
        match self.state[cell.row as usize * self.width as usize + cell.col as usize] {
            ACTIVE => Mark::Frontier,
            FINISHED => Mark::Visited,
            _ => Mark::None,
        }
    }

    /// The structure's name and size (its entries are not listed).
    fn structure(&self, _max: usize) -> Structure {
        Structure::new(
            "active list",
            "chosen by the cell choice",
            self.structure_len(),
            Vec::new(),
        )
    }

    /// Number of active cells.
    fn structure_len(&self) -> usize {
        self.active.len() - self.finished_in_list
    }

    fn current(&self) -> Option<Pos> {
        self.current
    }
}

impl Generator for GrowingTree {
    #[inline(always)]
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if self.done {
            return None;
        }
        if self.active.len() == self.finished_in_list {
            self.done = true;
            self.current = None;
            return Some(GenEvent::Done);
        }
        let at = self.choose();
        let cell = self.active[at];
        self.current = Some(cell);
        // The unvisited neighbours as a bit mask (bit k: `Dir::ALL[k]`), without branches:
        // `get` is `None` past the first and last row, the column tests guard east / west.
        let (i, w) = (self.index(cell), self.width as usize);
        let unvisited = |j: usize| self.state.get(j) == Some(&UNVISITED);
        let mask = u8::from(unvisited(i.wrapping_sub(w)))
            | u8::from((cell.col + 1 < self.width) & unvisited(i + 1)) << 1
            | u8::from(unvisited(i + w)) << 2
            | u8::from((cell.col > 0) & unvisited(i.wrapping_sub(1))) << 3;
        let n = mask.count_ones() as usize;
        if n == 0 {
            self.state[i] = FINISHED;
            self.remove(at);
            return Some(GenEvent::Backtrack { cell });
        }
        // Drawn as `u32` (what rand does for a `usize` range that fits, so the mazes are
        // the same), here inline.
        let k = if n == 1 {
            0
        } else {
            self.rng.random_range(0..n as u32) as usize
        };
        let dir = Dir::ALL[usize::from(NTH_SET_BIT[usize::from(mask)][k])];
        maze.carve_index(i, dir);
        // The neighbour by the direction's delta (a table, no branch on the direction).
        let (dr, dc) = dir.delta();
        let to = Pos::new(
            cell.row.wrapping_add_signed(dr),
            cell.col.wrapping_add_signed(dc),
        );
        self.state[i.wrapping_add_signed(dr as isize * w as isize + dc as isize)] = ACTIVE;
        self.active.push_back(to);
        Some(GenEvent::Carve { from: cell, to })
    }
}

#[cfg(test)]
mod tests;
