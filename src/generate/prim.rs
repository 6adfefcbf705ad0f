//! Prim (weighted): a minimum spanning tree over random edge weights, grown from one cell
//! with a priority queue.
//!
//! Source: Jamis Buck, *Mazes for Programmers*, ch. 11 ("True Prim's"). Every passage a
//! maze could have (an edge between two adjacent cells) gets a random weight. The maze
//! grows from cell (0,0): the priority queue holds candidate edges from the maze to cells
//! outside it; each step pops the lightest one. If its cell is already in the maze, the
//! entry is stale and is skipped (one step per pop, so a student sees the stale entries
//! go); otherwise the wall between the cell and the maze cell it was pushed from is carved,
//! and the cell's edges to cells outside the maze are pushed. An edge is only pushed if it
//! is not heavier than the lightest edge already pushed to the same cell (`min_cost`),
//! since a heavier one could only ever come out stale.
//!
//! Weights are drawn lazily: an edge is looked at exactly once, from whichever of its two
//! cells joins the maze first (when the second joins, the first is already in the maze), so
//! drawing its weight then gives the same distribution as assigning every weight up front.
//! Weights are uniform 31-bit integers, so ties (broken by cell index) are rare and do not
//! bias the maze. With `--weights N` they are drawn from `0..N` instead, as the seed's Prim
//! game draws `rand() % 100` (`N = 100`): ties are common, and are taken in the order their
//! edges were pushed, so the queue key holds a push number instead of the cell (the cell and
//! direction are kept by push number beside the queue, 4 bytes a push). The machine stops when the last cell joins; stale entries still in the queue
//! then are not popped.
//!
//! Cost: O(cells · log cells) time; `cells − 1` [`GenEvent::Pop`] steps plus one
//! [`GenEvent::Skip`] per stale pop. Memory: maze 1 + in-maze flag 1 + `min_cost` 4 bytes
//! per cell, plus 8 bytes per queue entry (weight, cell and direction packed in a `u64`).

use get_size2::GetSize;

use crate::run::heap_bytes;
use crate::teach::{Entry, MAX_CHOICES, Pseudocode, Question, Structure, Teach, least};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rand::{Rng as _, RngCore};

use crate::Mark;
use crate::generate::{GenEvent, GenOptions, Generator, Rng, per_mille, rng};
use crate::maze::{Dir, Maze, Pos};

/// `min_cost` of a cell with no edge queued; above every weight (weights have 31 bits).
const NOT_QUEUED: u32 = u32::MAX;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "add (0,0) to the maze",
    "push its edges, random weights",
    "while the queue is not empty:",
    "  e ← pop the lightest edge",
    "  if e's cell is in the maze:",
    "    skip it (stale)",
    "  else: carve e",
    "    add e's cell to the maze",
    "    push its edges to cells",
    "      outside the maze",
];

/// Prim's algorithm as a step machine: one priority-queue pop per step.
#[derive(Clone, Debug, GetSize)]
pub struct Prim {
    width: u32,
    height: u32,
    /// Per cell (row-major): whether it is in the maze.
    in_maze: Vec<bool>,
    /// Per cell: the lightest weight pushed for it so far ([`NOT_QUEUED`]: none).
    min_cost: Vec<u32>,
    /// Min-queue of candidate edges, packed by [`pack`].
    #[get_size(size_fn = heap_bytes)]
    queue: BinaryHeap<Reverse<u64>>,
    /// Cells in the maze.
    joined: usize,
    /// The cell joined by the last step.
    current: Option<Pos>,
    /// Whether [`GenEvent::Done`] was returned.
    finished: bool,
    /// `--weights N`: weights in `0..N`, ties in push order.
    weights: Option<u32>,
    /// With `weights`: each push's cell and direction ([`pack`]'s low word), by push number.
    pushed: Vec<u32>,
    #[get_size(ignore)]
    rng: Rng,
}

/// With `--weights`: bits of the queue key below the weight, holding the push number.
const PUSH_BITS: u32 = 38;

/// Pack a queue entry: weight in the high 32 bits (so entries order by weight, then
/// cell), the cell index and the direction back to the maze (index in [`Dir::ALL`]) in the
/// low 32 bits. Cell indices are below [`crate::maze::MAX_CELLS`] < 2³⁰, so they fit.
#[inline]
fn pack(weight: u32, cell: usize, back: Dir) -> u64 {
    (u64::from(weight) << 32) | ((cell as u64) << 2) | back as u64
}

/// The inverse of [`pack`]: `(weight, cell index, direction back to the maze)`.
#[inline]
#[allow(clippy::cast_possible_truncation)] // each part was packed from its own width
fn unpack(entry: u64) -> (u32, usize, Dir) {
    let low = entry as u32;
    (
        (entry >> 32) as u32,
        (low >> 2) as usize,
        Dir::ALL[(low & 3) as usize],
    )
}

impl Prim {
    /// A machine for `maze` (all walls standing) seeded with `seed`: cell (0,0) (the first
    /// on-cell of a masked maze) is in the maze and its edges are in the queue.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, options: &GenOptions) -> Self {
        let cells = maze.cell_count();
        let mut prim = Self {
            width: maze.width(),
            height: maze.height(),
            in_maze: vec![false; cells],
            min_cost: vec![NOT_QUEUED; cells],
            queue: BinaryHeap::new(),
            joined: 0,
            current: None,
            finished: false,
            weights: options.weights.map(|n| n.clamp(1, 1 << (64 - PUSH_BITS))),
            pushed: Vec::new(),
            rng: rng(seed),
        };
        // Cells outside a masked maze's shape count as joined: no edge leads to them.
        for off in maze.off_cells() {
            prim.in_maze[off] = true;
            prim.joined += 1;
        }
        prim.join(maze.nth_on_cell(0).unwrap_or_default());
        prim.current = None;
        prim
    }

    #[inline]
    fn index(&self, cell: Pos) -> usize {
        cell.row as usize * self.width as usize + cell.col as usize
    }

    /// The cell of row-major index `i`.
    #[allow(clippy::cast_possible_truncation)] // cell indices fit in u32
    fn pos(&self, i: usize) -> Pos {
        let width = self.width as usize;
        Pos::new((i / width) as u32, (i % width) as u32)
    }

    /// Put `cell` in the maze and push its edges to cells outside the maze.
    #[inline]
    fn join(&mut self, cell: Pos) {
        let i = self.index(cell);
        self.in_maze[i] = true;
        self.joined += 1;
        self.current = Some(cell);
        let w = self.width as usize;
        if cell.row > 0 {
            self.offer(i - w, Dir::South);
        }
        if cell.col + 1 < self.width {
            self.offer(i + 1, Dir::West);
        }
        if cell.row + 1 < self.height {
            self.offer(i + w, Dir::North);
        }
        if cell.col > 0 {
            self.offer(i - 1, Dir::East);
        }
    }

    /// Look at the edge to cell `j` (whose way back to the maze is `back`) for the first
    /// and only time: draw its weight and push it unless a lighter edge to `j` is queued.
    #[inline]
    fn offer(&mut self, j: usize, back: Dir) {
        if self.in_maze[j] {
            return;
        }
        let weight = match self.weights {
            None => self.rng.next_u32() >> 1,
            Some(n) => self.rng.random_range(0..n),
        };
        if weight <= self.min_cost[j] {
            self.min_cost[j] = weight;
            let entry = match self.weights {
                None => pack(weight, j, back),
                Some(_) => {
                    let push = self.pushed.len() as u64;
                    #[allow(clippy::cast_possible_truncation)] // the low word of `pack`
                    self.pushed.push(pack(0, j, back) as u32);
                    (u64::from(weight) << PUSH_BITS) | push
                }
            };
            self.queue.push(Reverse(entry));
        }
    }

    /// A queue entry as `(weight, cell index, direction back to the maze)`.
    #[inline]
    fn decode(&self, entry: u64) -> (u32, usize, Dir) {
        match self.weights {
            None => unpack(entry),
            Some(_) => {
                let push = (entry & ((1 << PUSH_BITS) - 1)) as usize;
                let (_, cell, back) = unpack(u64::from(self.pushed[push]));
                #[allow(clippy::cast_possible_truncation)] // weights are below 2^26
                ((entry >> PUSH_BITS) as u32, cell, back)
            }
        }
    }

    /// The weight an event carries: itself, or with `--weights N` scaled to 31 bits
    /// (rounded up, so [`Prim::label`] gives it back), so that every reader of events
    /// compares weights on one scale.
    fn shown(&self, weight: u32) -> u32 {
        self.weights.map_or(weight, |n| {
            #[allow(clippy::cast_possible_truncation)] // below 2^31
            let scaled = ((u64::from(weight) << 31).div_ceil(u64::from(n))) as u32;
            scaled
        })
    }

    /// An event's weight as the user reads it: thousandths of the largest 31-bit weight, or
    /// with `--weights N` the drawn integer.
    fn label(&self, shown: u32) -> String {
        match self.weights {
            None => per_mille(shown),
            Some(n) => ((u64::from(shown) * u64::from(n)) >> 31).to_string(),
        }
    }
}

impl Teach for Prim {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// A carving pop ran the carve and the pushes; a stale pop only the skip.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Pop { .. } => &[3, 4, 6, 7, 8, 9],
            GenEvent::Skip { .. } => &[3, 4, 5],
            _ => &[2],
        }
    }

    /// Both set-up lines run when the machine is built.
    fn setup_lines(&self) -> &'static [usize] {
        &[0, 1]
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Pop { cell, from, weight } => format!(
                "popped the lightest edge in the queue (weight {}): carved {from} to {cell}, which joins the maze and pushes its edges",
                self.label(weight)
            ),
            GenEvent::Skip { cell, weight } => format!(
                "popped an edge into {cell} (weight {}), but {cell} is already in the maze: a stale entry, skipped",
                self.label(weight)
            ),
            _ => "the queue is empty: every cell is in the maze".to_owned(),
        }
    }

    /// The queue's next edges, lightest first.
    fn structure(&self, max: usize) -> Structure {
        let next = least(self.queue.iter().map(|Reverse(e)| *e), max, |e| *e);
        let entries = next
            .into_iter()
            .map(|entry| {
                let (weight, cell, back) = self.decode(entry);
                let pos = self.pos(cell);
                let stale = if self.in_maze[cell] { " (stale)" } else { "" };
                Entry::new(
                    pos,
                    format!(
                        "w={} from the {back:?}{stale}",
                        self.label(self.shown(weight))
                    )
                    .to_lowercase(),
                )
            })
            .collect();
        Structure::new("queue", "lightest first", self.queue.len(), entries)
    }

    /// Current: the cell joined last; Frontier: cells with an edge in the queue; Visited:
    /// cells in the maze; None: the rest.
    fn mark(&self, cell: Pos) -> Mark {
        if self.current == Some(cell) {
            return Mark::Current;
        }
        let i = self.index(cell);
        match (self.in_maze.get(i), self.min_cost.get(i)) {
            (Some(true), _) => Mark::Visited,
            (Some(false), Some(&cost)) if cost != NOT_QUEUED => Mark::Frontier,
            _ => Mark::None,
        }
    }

    /// Entries in the priority queue, stale ones included.
    fn structure_len(&self) -> usize {
        self.queue.len()
    }

    fn current(&self) -> Option<Pos> {
        self.current
    }

    fn asks(&self) -> Option<&'static str> {
        Some("which cell does Prim carve next?")
    }

    fn question(&self) -> Option<Question> {
        let next = least(
            self.queue.iter().map(|Reverse(e)| *e),
            8 * MAX_CHOICES,
            |e| *e,
        );
        let (_, first, _) = self.decode(*next.first()?);
        if self.finished || self.in_maze[first] || self.joined == self.in_maze.len() {
            return None;
        }
        let live = next
            .into_iter()
            .map(|e| self.decode(e))
            .filter(|&(_, i, _)| !self.in_maze[i]);
        let upcoming = live.map(|(w, i, _)| {
            let label = self.label(self.shown(w));
            (self.pos(i), w, format!("w={label}"))
        });
        let rule = "Prim carves into the cell behind the lightest edge in the queue";
        Question::next_of(self.asks()?.to_owned(), rule.to_owned(), upcoming)
    }
}

impl Generator for Prim {
    /// Pop the lightest edge: a cell already in the maze is [`GenEvent::Skip`]; otherwise
    /// carve it into the maze and push its edges ([`GenEvent::Pop`]). When every cell is in
    /// the maze, [`GenEvent::Done`].
    #[inline]
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if self.finished {
            return None;
        }
        let popped = if self.joined < self.in_maze.len() {
            self.queue.pop()
        } else {
            None
        };
        let Some(Reverse(entry)) = popped else {
            self.finished = true;
            self.current = None;
            return Some(GenEvent::Done);
        };
        let (weight, i, back) = self.decode(entry);
        let weight = self.shown(weight);
        let cell = maze.pos(i);
        if self.in_maze[i] {
            return Some(GenEvent::Skip { cell, weight });
        }
        let from = maze.carve(cell, back)?;
        self.join(cell);
        Some(GenEvent::Pop { cell, from, weight })
    }
}

#[cfg(test)]
mod tests;
