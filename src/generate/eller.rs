//! Eller's algorithm: the maze one row at a time, keeping sets for the current row only.
//!
//! Every cell of the current row belongs to a set: cells already joined, in this row or
//! through the rows above. For each row, from west to east, two adjacent cells of different
//! sets are joined at random (carve east, merge the sets). Then every set carves at least
//! one passage south (a random member surely, each other member with probability 1/3);
//! the cells below those passages inherit the set, the other cells of the next row start
//! sets of their own. The last row joins every pair of adjacent cells still in different
//! sets, which leaves a single set: a perfect maze (Jamis Buck, *Mazes for Programmers*,
//! ch. 12; "Maze Generation: Eller's Algorithm", 2010).
//!
//! One step is one carve ([`GenEvent::Carve`]); decisions not to carve are folded into the
//! next carving step. Memory: O(width) — a union-find over the current row's sets and a
//! few per-set counters — so the maze can be as tall as wanted.

use get_size2::GetSize;

use crate::teach::{Entry, Pseudocode, Structure, Teach};
use rand::Rng as _;

use crate::Mark;
use crate::generate::{GenEvent, GenOptions, Generator, Rng, rng};
use crate::maze::{Dir, Maze, Pos};

/// No value yet (an empty slot in the per-set tables).
const NONE: u32 = u32::MAX;

/// Which pass over the current row runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, GetSize)]
enum Phase {
    /// Joining cell `col` with `col + 1` (or not).
    Join,
    /// Deciding whether cell `col` carves south.
    South,
    /// The last carve is done; the next step reports [`GenEvent::Done`].
    Finish,
    Done,
}

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "for each row:",
    "  cells without a set: new set",
    "  for each adjacent pair a, b:",
    "    if set(a) ≠ set(b) and",
    "      (coin or last row):",
    "      carve east, merge sets",
    "  unless last row:",
    "    for each set:",
    "      carve south from one or",
    "        more random members",
    "      (cells below join it)",
];

/// Eller's algorithm as a step machine. See the [module docs](self).
#[derive(Clone, Debug, GetSize)]
pub struct Eller {
    #[get_size(ignore)]
    rng: Rng,
    width: u32,
    height: u32,
    /// The row being worked on.
    row: u32,
    /// The column being looked at in the current pass.
    col: u32,
    phase: Phase,
    /// Union-find parent of each set label; labels are column numbers of the current row.
    parent: Vec<u32>,
    /// The set label of each cell of the current row (follow `parent` to the set).
    label: Vec<u32>,
    /// Per set (by root label), south pass: members not yet looked at; row start: the new
    /// label of an old set.
    remaining: Vec<u32>,
    /// Per set (by root label), south pass: how many members are still to pass before the
    /// one that surely carves south, or [`NONE`] once it has passed.
    sure: Vec<u32>,
    /// How many sets the current row's cells are in (kept as sets merge, so the live
    /// structure's size costs nothing to ask).
    sets: u32,
    /// Whether the next event is the first of a row (whose cells without a set got new
    /// sets), and whether the last event was.
    row_pending: bool,
    row_opened: bool,
}

impl Eller {
    /// A machine for `maze` seeded with `seed`. O(width) memory.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        let width = maze.width();
        let all: Vec<u32> = (0..width).collect();
        Self {
            rng: rng(seed),
            width,
            height: maze.height(),
            row: 0,
            col: 0,
            phase: Phase::Join,
            parent: all.clone(),
            label: all,
            remaining: vec![NONE; width as usize],
            sure: vec![NONE; width as usize],
            sets: width,
            row_pending: true,
            row_opened: false,
        }
    }

    /// The root label of the set holding label `x` (with path halving).
    fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let grand = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = grand;
            x = grand;
        }
        x
    }

    /// The root label of the set holding label `x`, leaving the forest as it is (for
    /// drawing).
    fn root(&self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            x = self.parent[x as usize];
        }
        x
    }

    /// The root label of the set of the current row's cell in column `col`.
    fn set_of(&mut self, col: u32) -> u32 {
        self.find(self.label[col as usize])
    }

    fn is_last_row(&self) -> bool {
        self.row + 1 == self.height
    }

    /// Join pass: look east from `col` onwards until a join is carved; `None` at row end.
    fn join(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        while self.col + 1 < self.width {
            let col = self.col;
            self.col += 1;
            let (a, b) = (self.set_of(col), self.set_of(col + 1));
            if a != b && (self.is_last_row() || self.rng.random::<bool>()) {
                self.parent[b as usize] = a;
                self.sets -= 1;
                let from = Pos::new(self.row, col);
                let to = maze.carve(from, Dir::East).expect("col + 1 < width");
                return Some(GenEvent::Carve { from, to });
            }
        }
        None
    }

    /// Count the members of each set, to start the south pass.
    fn count_sets(&mut self) {
        for col in 0..self.width {
            let root = self.set_of(col) as usize;
            self.remaining[root] = 0;
            self.sure[root] = NONE;
        }
        for col in 0..self.width {
            let root = self.set_of(col) as usize;
            self.remaining[root] += 1;
        }
    }

    /// South pass: look at cells from `col` onwards until one carves south; `None` at row
    /// end. Each set's surely-carving member is drawn when its first member is reached.
    fn south(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        while self.col < self.width {
            let col = self.col;
            self.col += 1;
            let root = self.set_of(col) as usize;
            if self.sure[root] == NONE && self.remaining[root] != 0 {
                // First member of this set: pick which member surely carves.
                let members = self.remaining[root];
                self.sure[root] = self.rng.random_range(0..members);
                self.remaining[root] = 0;
            }
            let sure = self.sure[root] == 0;
            self.sure[root] = self.sure[root].wrapping_sub(1);
            if sure || self.rng.random_ratio(1, 3) {
                let from = Pos::new(self.row, col);
                let to = maze.carve(from, Dir::South).expect("not the last row");
                return Some(GenEvent::Carve { from, to });
            }
        }
        None
    }

    /// Move to the next row: cells below a south passage keep their set, the others get
    /// sets of their own. Labels are renumbered to columns of the new row.
    fn next_row(&mut self, maze: &Maze) {
        // `remaining` maps an old root to its new label (the first member's column).
        self.remaining.fill(NONE);
        let above = self.row;
        for col in 0..self.width {
            let old = self.set_of(col);
            let new = if maze.has_passage(Pos::new(above, col), Dir::South) {
                if self.remaining[old as usize] == NONE {
                    self.remaining[old as usize] = col;
                }
                self.remaining[old as usize]
            } else {
                col
            };
            self.label[col as usize] = new;
        }
        // A set's label is its first member's column.
        let firsts = (0..self.width).filter(|&col| self.label[col as usize] == col);
        self.sets = u32::try_from(firsts.count()).unwrap_or(u32::MAX);
        for (i, p) in self.parent.iter_mut().enumerate() {
            #[allow(clippy::cast_possible_truncation)] // i < width: u32
            {
                *p = i as u32;
            }
        }
        self.row += 1;
        self.col = 0;
        self.phase = Phase::Join;
    }
}

impl Teach for Eller {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// An east carve joins two sets; a south carve carries a set into the next row.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Carve { from, to } if to.row > from.row => &[6, 7, 8, 9, 10],
            GenEvent::Carve { .. } if self.row_opened => &[0, 1, 2, 3, 4, 5],
            GenEvent::Carve { .. } => &[2, 3, 4, 5],
            _ => &[0],
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Carve { from, to } if to.row > from.row => format!(
                "carved south from {from} to {to}: its set must reach the next row, so {to} joins that set"
            ),
            GenEvent::Carve { from, to } => format!(
                "{from} and {to} are in different sets: carved east between them and merged the sets"
            ),
            _ => "the last row joined every set: one set, a perfect maze".to_owned(),
        }
    }

    /// Rows above the current one are finished ([`Mark::Visited`]), the current row's
    /// cells show their sets ([`Mark::Set`] by root label) with the cell just looked at
    /// [`Mark::Current`], rows below are untouched.
    fn mark(&self, cell: Pos) -> Mark {
        if cell.row >= self.height || cell.col >= self.width {
            return Mark::None;
        }
        if matches!(self.phase, Phase::Finish | Phase::Done) || cell.row < self.row {
            Mark::Visited
        } else if cell.row > self.row {
            Mark::None
        } else if Some(cell) == self.current() {
            Mark::Current
        } else {
            // The row's cells by set: the letter and colour of their set's root label.
            Mark::Set(self.root(self.label[cell.col as usize]))
        }
    }

    /// The current row's sets, left to right by their first cell, at most `max`: each by
    /// its first cell, with the columns of its cells in the row. O(width²) at most.
    fn structure(&self, max: usize) -> Structure {
        let mut sets: Vec<(u32, Vec<u32>)> = Vec::new();
        if !matches!(self.phase, Phase::Finish | Phase::Done) {
            for col in 0..self.width {
                let root = self.root(self.label[col as usize]);
                match sets.iter_mut().find(|(r, _)| *r == root) {
                    Some((_, cols)) => cols.push(col),
                    None => sets.push((root, vec![col])),
                }
            }
        }
        let len = sets.len();
        let entries = sets
            .into_iter()
            .take(max)
            .map(|(_, cols)| {
                let list: Vec<String> = cols.iter().map(u32::to_string).collect();
                let word = if cols.len() == 1 { "col" } else { "cols" };
                Entry::new(
                    Pos::new(self.row, cols[0]),
                    format!("{word} {}", list.join(", ")),
                )
            })
            .collect();
        Structure::new("row sets", "left to right", len, entries)
    }

    /// How many sets the current row's cells are in. O(1).
    fn structure_len(&self) -> usize {
        if matches!(self.phase, Phase::Finish | Phase::Done) {
            return 0;
        }
        self.sets as usize
    }

    /// The cell the last step carved from.
    fn current(&self) -> Option<Pos> {
        match self.phase {
            Phase::Join | Phase::South => Some(Pos::new(self.row, self.col.saturating_sub(1))),
            Phase::Finish | Phase::Done => None,
        }
    }
}

impl Generator for Eller {
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        loop {
            match self.phase {
                Phase::Join => {
                    if let Some(event) = self.join(maze) {
                        self.row_opened = std::mem::take(&mut self.row_pending);
                        return Some(event);
                    }
                    if self.is_last_row() {
                        self.phase = Phase::Finish;
                    } else {
                        self.count_sets();
                        self.col = 0;
                        self.phase = Phase::South;
                    }
                }
                Phase::South => {
                    if let Some(event) = self.south(maze) {
                        self.row_opened = std::mem::take(&mut self.row_pending);
                        return Some(event);
                    }
                    self.next_row(maze);
                    self.row_pending = true;
                }
                Phase::Finish => {
                    self.phase = Phase::Done;
                    return Some(GenEvent::Done);
                }
                Phase::Done => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests;
