//! Recursive Backtracker: a depth-first random walk with an explicit stack.
//!
//! Source: Jamis Buck, *Mazes for Programmers*, ch. 5. Start at a random cell and push it.
//! Each step looks at the cell on top of the stack: if it has unvisited neighbours, carve
//! into a random one and push it; otherwise it is a dead end of the walk and is popped
//! (backtrack). When the stack is empty, every cell is in the maze.
//!
//! No recursion, so no call-stack overflow on large mazes. The stack stores only the
//! direction each cell was entered from (one byte per entry): backtracking walks back the
//! opposite way, so the cell positions never need storing. A per-cell state byte says
//! unvisited / on the stack / done. Memory: the maze (1 byte per cell) + state (1 byte per
//! cell) + stack (≤ 1 byte per cell, allocated zeroed once up front, so it never grows and
//! only the pages actually used become resident) ≤ 3 bytes per cell.
//!
//! Cost: `2 × cells` steps (each cell is pushed once with a carve, popped once with a
//! backtrack, then Done), O(1) each. The maze has long winding corridors and few dead ends.

use get_size2::GetSize;

use crate::teach::{Entry, Pseudocode, Question, Structure, Teach};
use rand::RngCore;

use crate::Mark;
use crate::generate::{GenEvent, GenOptions, Generator, Rng, direction, rng, shape};
use crate::maze::{Dir, Maze, Pos};

/// Cell state: not reached yet.
const UNVISITED: u8 = 0;
/// Cell state: in the maze and on the stack.
const ON_STACK: u8 = 1;
/// Cell state: in the maze and popped (all its neighbours are in the maze).
const DONE: u8 = 2;

/// `NTH_SET_BIT[mask][k]`: the position of the `k`-th set bit (from bit 0) of a 4-bit
/// `mask`, i.e. the `k`-th of the directions in the mask in [`Dir::ALL`] order (0 where
/// the mask has fewer than `k + 1` bits). Picks the `k`-th unvisited neighbour without a
/// loop.
pub(crate) const NTH_SET_BIT: [[u8; 4]; 16] = {
    let mut table = [[0u8; 4]; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 4 {
            if mask & (1 << bit) != 0 {
                table[mask][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "push a random cell",
    "while the stack is not empty:",
    "  cell ← top of the stack",
    "  if cell has unvisited nbrs:",
    "    n ← a random one of them",
    "    carve from cell to n",
    "    push n",
    "  else: pop (a dead end)",
];

/// Recursive Backtracker as a step machine: one carve or one backtrack per step.
#[derive(Clone, Debug, GetSize)]
pub struct RecursiveBacktracker {
    width: u32,
    /// Per cell (row-major): [`UNVISITED`], [`ON_STACK`] or [`DONE`].
    state: Vec<u8>,
    /// The stack below the top cell, `stack[..depth]`: for each pushed cell, the index in
    /// [`Dir::ALL`] of the direction it was entered by. Sized once for the deepest stack
    /// (every cell), so a push is a store: no growth path, whose out-of-line call would
    /// take the address of this struct and keep the step's state out of registers in
    /// headless runs (the same reason `rng` is boxed).
    stack: Vec<u8>,
    depth: usize,
    /// The cell on top of the stack; `None` once the stack is empty.
    top: Option<Pos>,
    /// Row-major index of `top` (kept beside it: no multiply on the step's critical path).
    top_index: usize,
    /// Row-major index step per direction in [`Dir::ALL`] order: `−width, 1, width, −1`.
    offsets: [isize; 4],
    /// Whether [`GenEvent::Done`] was returned.
    finished: bool,
    /// Boxed so that its refill call takes no address inside this struct (see `stack`).
    #[get_size(ignore)]
    rng: Box<Rng>,
    /// Unused random bits, consumed from the low end (a `u64` serves many choices).
    bits: u64,
    /// How many of `bits` are still unused.
    bits_left: u32,
}

impl RecursiveBacktracker {
    /// A machine for `maze` (all walls standing) seeded with `seed`; the start cell is
    /// drawn from the seed.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        let mut rng = rng(seed);
        let start = shape::random_cell(maze, &mut rng);
        let cells = maze.cell_count();
        let mut state = vec![UNVISITED; cells];
        for off in maze.off_cells() {
            state[off] = DONE; // outside a masked maze's shape: never carved into
        }
        state[maze.index(start)] = ON_STACK;
        Self {
            width: maze.width(),
            state,
            // The deepest possible stack holds every cell but the start.
            stack: vec![0; cells],
            depth: 0,
            top: Some(start),
            top_index: maze.index(start),
            offsets: {
                let w = maze.width() as isize;
                [-w, 1, w, -1]
            },
            finished: false,
            rng: Box::new(rng),
            bits: 0,
            bits_left: 0,
        }
    }

    /// Two random bits (0–3).
    #[inline]
    fn two_bits(&mut self) -> usize {
        if self.bits_left < 2 {
            self.bits = self.rng.next_u64();
            self.bits_left = 64;
        }
        let value = (self.bits & 3) as usize;
        self.bits >>= 2;
        self.bits_left -= 2;
        value
    }

    /// A uniform choice in `0..n` for `n` in 2..=4, from two bits at a time: one bit for
    /// 2, two for 4, and for 3 two bits with the value 3 rejected. Written as one loop
    /// (the mask is a select) so the random `n` costs no mispredicted branch.
    #[inline]
    fn choose(&mut self, n: usize) -> usize {
        let mask = if n == 2 { 1 } else { 3 };
        loop {
            let value = self.two_bits() & mask;
            if value < n {
                return value;
            }
        }
    }

    #[inline]
    fn index(&self, cell: Pos) -> usize {
        cell.row as usize * self.width as usize + cell.col as usize
    }
}

impl Teach for RecursiveBacktracker {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// A carve ran the neighbour test, the choice, the carve and the push; a backtrack the pop.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Carve { .. } => &[2, 3, 4, 5, 6],
            GenEvent::Backtrack { .. } => &[2, 3, 7],
            _ => &[1],
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Carve { from, to } => format!(
                "{from} on top of the stack has unvisited neighbours: carved {} into {to}, picked at random, and pushed it",
                direction(from, to)
            ),
            GenEvent::Backtrack { cell } => format!(
                "{cell} has no unvisited neighbour: popped it, back to the cell below it on the stack ({} left)",
                self.structure_len()
            ),
            _ => "the stack is empty: every cell is in the maze".to_owned(),
        }
    }

    /// The stack from its top down, rebuilt from the directions each cell was entered by.
    fn structure(&self, max: usize) -> Structure {
        let mut entries = Vec::with_capacity(max.min(self.structure_len()));
        let mut cell = self.top;
        let mut depth = self.depth;
        while let Some(at) = cell {
            if entries.len() == max {
                break;
            }
            entries.push(Entry::new(at, if depth == 0 { "start" } else { "" }));
            cell = depth.checked_sub(1).map(|below| {
                depth = below;
                let (dr, dc) = Dir::ALL[usize::from(self.stack[below])].delta();
                Pos::new(
                    at.row.wrapping_add_signed(-dr),
                    at.col.wrapping_add_signed(-dc),
                )
            });
        }
        Structure::new("stack", "top first", self.structure_len(), entries)
    }

    /// Current: the top of the stack; Frontier: the rest of the stack; Visited: popped
    /// cells; None: unvisited cells.
    fn mark(&self, cell: Pos) -> Mark {
        if self.top == Some(cell) {
            return Mark::Current;
        }
        match self.state.get(self.index(cell)) {
            Some(&ON_STACK) => Mark::Frontier,
            Some(&DONE) => Mark::Visited,
            _ => Mark::None,
        }
    }

    /// Cells on the stack, the top included.
    fn structure_len(&self) -> usize {
        self.depth + usize::from(self.top.is_some())
    }

    fn current(&self) -> Option<Pos> {
        self.top
    }

    fn asks(&self) -> Option<&'static str> {
        Some("stuck: which cell does the backtracker back up to?")
    }

    /// Asked when the top of the stack has no unvisited neighbour: the choices are its
    /// neighbours, and the one it was entered from (the cell below it on the stack) is
    /// where the pop leads.
    fn question(&self) -> Option<Question> {
        let top = self.top.filter(|_| !self.finished)?;
        let d = usize::from(self.stack[self.depth.checked_sub(1)?]);
        let (dr, dc) = Dir::ALL[d].delta();
        let below = Pos::new(
            top.row.wrapping_add_signed(-dr),
            top.col.wrapping_add_signed(-dc),
        );
        let height = u32::try_from(self.state.len()).ok()? / self.width;
        let around = Dir::ALL.iter().filter_map(|dir| {
            let (dr, dc) = dir.delta();
            let n = Pos::new(
                top.row.checked_add_signed(dr)?,
                top.col.checked_add_signed(dc)?,
            );
            (n.row < height && n.col < self.width).then_some(n)
        });
        let around: Vec<Pos> = around.collect();
        if around
            .iter()
            .any(|&n| self.state[self.index(n)] == UNVISITED)
        {
            return None;
        }
        let status = |n: Pos| match self.state[self.index(n)] {
            ON_STACK => "on the stack",
            _ => "done",
        };
        let upcoming = std::iter::once(below)
            .chain(around.into_iter().filter(|&n| n != below))
            .map(|n| (n, n == below, status(n).to_owned()));
        let rule = "the backtracker pops the stack: it backs up to the cell it came from";
        Question::next_of(self.asks()?.to_owned(), rule.to_owned(), upcoming)
    }
}

impl Generator for RecursiveBacktracker {
    /// Carve from the top cell into a random unvisited neighbour and push it
    /// ([`GenEvent::Carve`]), or pop the top cell ([`GenEvent::Backtrack`]); with an empty
    /// stack, [`GenEvent::Done`].
    #[inline(always)]
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if self.finished {
            return None;
        }
        let Some(cell) = self.top else {
            self.finished = true;
            return Some(GenEvent::Done);
        };
        let i = self.top_index;
        let w = self.width as usize;
        // The unvisited neighbours as a bit mask (bit k: `Dir::ALL[k]`), without branches:
        // `get` is `None` past the first and last row, the column tests guard east / west.
        let unvisited = |j: usize| self.state.get(j) == Some(&UNVISITED);
        let mask = u8::from(unvisited(i.wrapping_sub(w)))
            | u8::from((cell.col + 1 < self.width) & unvisited(i + 1)) << 1
            | u8::from(unvisited(i + w)) << 2
            | u8::from((cell.col > 0) & unvisited(i.wrapping_sub(1))) << 3;
        let n = mask.count_ones() as usize;
        if n == 0 {
            // Dead end: pop, and walk back the way this cell was entered.
            self.state[i] = DONE;
            let popped = self.depth.checked_sub(1).map(|depth| {
                self.depth = depth;
                self.stack[depth]
            });
            self.top = popped.map(|d| {
                let d = usize::from(d);
                self.top_index = i.wrapping_add_signed(-self.offsets[d]);
                let (dr, dc) = Dir::ALL[d].delta();
                Pos::new(
                    cell.row.wrapping_add_signed(-dr),
                    cell.col.wrapping_add_signed(-dc),
                )
            });
            return Some(GenEvent::Backtrack { cell });
        }
        let k = if n == 1 { 0 } else { self.choose(n) };
        let d = usize::from(NTH_SET_BIT[usize::from(mask)][k]);
        maze.carve_index(i, Dir::ALL[d]);
        // The neighbour in direction `d`, by table (a match on a random direction was a
        // mispredicted jump).
        let (dr, dc) = Dir::ALL[d].delta();
        let j = i.wrapping_add_signed(self.offsets[d]);
        self.state[j] = ON_STACK;
        self.top_index = j;
        self.stack[self.depth] = d as u8;
        self.depth += 1;
        let next = Pos::new(
            cell.row.wrapping_add_signed(dr),
            cell.col.wrapping_add_signed(dc),
        );
        self.top = Some(next);
        Some(GenEvent::Carve {
            from: cell,
            to: next,
        })
    }
}

#[cfg(test)]
mod tests;
