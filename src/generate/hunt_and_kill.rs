//! Hunt-and-Kill: a random walk until stuck, then a row-by-row hunt for where to go on.
//!
//! Source: Jamis Buck, *Mazes for Programmers*, ch. 5. Start at a random cell. **Kill**
//! phase: walk to a random unvisited neighbour, carving as you go (one step per carve).
//! When the walk is stuck (no unvisited neighbour), **hunt**: scan the cells in row-major
//! order, one step per scanned cell, for the first unvisited cell with a visited neighbour;
//! carve into it from a random visited neighbour and resume the walk there. When every cell
//! is visited, Done.
//!
//! The hunt does not restart at the top-left each time: a cursor marks the first cell that
//! may still be unvisited (every cell before it is visited, so it only moves forward, past
//! visited cells a hunt scans). Each hunt starts at the cursor and finds the same cell as
//! Buck's scan from the top would, since everything before the cursor is visited; visited
//! cells are scanned once over the whole run instead of once per hunt, so the total is
//! about O(cells) scan steps, not O(cells²). The first unvisited cell has a visited north
//! or west neighbour unless it is the top-left cell; while that one is unvisited, the hunt
//! also skips the rows above the row just above the topmost visited cell (no cell there
//! can have a visited neighbour), so it scans about one row.
//!
//! Cost: O(cells) steps, O(1) each. Memory: maze 1 + visited flag 1 byte per cell. The
//! mazes have long corridors, like the Recursive Backtracker's, without a stack.

use get_size2::GetSize;

use crate::teach::{MIN_CHOICES, Pseudocode, Question, Structure, Teach};
use rand::Rng as _;

use crate::Mark;
use crate::generate::hunt_rows::HuntRows;
use crate::generate::recursive_backtracker::NTH_SET_BIT;
use crate::generate::{GenEvent, GenOptions, Generator, Rng, direction, rng, shape};
use crate::maze::{Dir, Maze, Pos};

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "cell ← a random cell",
    "loop:",
    "  kill: while cell has",
    "    unvisited nbrs:",
    "    carve to a random one, go",
    "  hunt: scan rows for an",
    "    unvisited cell beside",
    "    the maze",
    "  if none: done",
    "  carve it to the maze, go on",
];

/// Cell state: not in the maze yet.
const UNVISITED: u8 = 0;
/// Cell state: in the maze.
const VISITED: u8 = 1;
/// Cell state: outside a masked maze's shape.
const OFF: u8 = 2;

/// Hunt-and-Kill as a step machine: one carve (walk) or one scanned cell (hunt) per step.
#[derive(Clone, Debug, GetSize)]
pub struct HuntAndKill {
    width: u32,
    height: u32,
    /// Per cell (row-major): [`UNVISITED`], [`VISITED`] (in the maze) or [`OFF`].
    visited: Vec<u8>,
    /// How many cells are in the maze or off it (done when that is every cell).
    visited_count: usize,
    /// Kill phase: the head of the walk. Hunt phase: the cell scanned last.
    current: Option<Pos>,
    /// Whether the machine is hunting (scanning) rather than walking.
    hunting: bool,
    /// The first cell that may be unvisited (every cell before it is visited); each hunt
    /// starts there.
    cursor: Pos,
    /// The topmost row holding a visited cell.
    top_row: u32,
    /// On a masked maze, where the next hunt finds its cell (a speed aid).
    rows: Option<HuntRows>,
    /// Where the current hunt started.
    hunt_start: Pos,
    /// The next cell the hunt scans.
    scan: Pos,
    /// Cells scanned by the current hunt (0 while walking).
    scanned: usize,
    /// Whether the last carve was into the cell a hunt found (not a step of the walk).
    found: bool,
    /// Whether [`GenEvent::Done`] was returned.
    finished: bool,
    #[get_size(ignore)]
    rng: Rng,
}

impl HuntAndKill {
    /// A machine for `maze` (all walls standing) seeded with `seed`; the walk starts at a
    /// random cell.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        let mut rng = rng(seed);
        let start = shape::random_cell(maze, &mut rng);
        let mut visited = vec![UNVISITED; maze.cell_count()];
        // Cells outside a masked maze's shape: neither walked into nor hunted for.
        for off in maze.off_cells() {
            visited[off] = OFF;
        }
        visited[maze.index(start)] = VISITED;
        Self {
            width: maze.width(),
            height: maze.height(),
            visited,
            visited_count: 1 + maze.cell_count() - maze.on_cell_count(),
            current: Some(start),
            hunting: false,
            cursor: Pos::new(0, 0),
            top_row: start.row,
            rows: HuntRows::new(maze),
            hunt_start: Pos::new(0, 0),
            scan: Pos::new(0, 0),
            scanned: 0,
            found: false,
            finished: false,
            rng,
        }
    }

    #[inline]
    fn index(&self, cell: Pos) -> usize {
        cell.row as usize * self.width as usize + cell.col as usize
    }

    /// A random neighbour of `cell` whose state is `visited` ([`VISITED`] or
    /// [`UNVISITED`]), if any.
    #[inline]
    fn random_neighbor(&mut self, cell: Pos, visited: u8) -> Option<Dir> {
        let mask = self.neighbours(cell, visited);
        let k = match mask.count_ones() {
            0 => return None,
            1 => 0,
            n => self.rng.random_range(0..n as usize),
        };
        Some(Dir::ALL[usize::from(NTH_SET_BIT[usize::from(mask)][k])])
    }

    /// The neighbours of `cell` whose state is `visited`, as a bit mask (bit k:
    /// `Dir::ALL[k]`).
    #[inline]
    fn neighbours(&self, cell: Pos, visited: u8) -> u8 {
        neighbours(&self.visited, self.width, cell, visited)
    }

    /// Tell the masked maze's hunt finder that `cell` joined the maze.
    fn joined(&mut self, maze: &Maze, cell: Pos) {
        if let Some(rows) = &mut self.rows {
            rows.joined(maze, cell, |j| self.visited[j] != UNVISITED);
        }
    }

    fn hunt(&mut self, maze: &mut Maze) -> GenEvent {
        let cell = self.scan;
        let i = self.index(cell);
        self.current = Some(cell);
        if self.visited[i] == UNVISITED
            && let Some(dir) = self.random_neighbor(cell, VISITED)
        {
            // Found: carve in from the maze and walk on from here.
            let from = maze.carve(cell, dir).unwrap_or(cell);
            self.visited[i] = VISITED;
            self.joined(maze, cell);
            self.visited_count += 1;
            self.top_row = self.top_row.min(cell.row);
            self.hunting = false;
            self.scanned = 0;
            self.found = true;
            return GenEvent::Carve { from, to: cell };
        }
        self.scanned += 1;
        self.scan = if cell.col + 1 < self.width {
            Pos::new(cell.row, cell.col + 1)
        } else {
            Pos::new(cell.row + 1, 0)
        };
        if cell == self.cursor && self.visited[i] != UNVISITED {
            // Every cell up to this one is visited: no later hunt needs to look at it.
            self.cursor = self.scan;
        }
        GenEvent::Scan { cell }
    }
}

/// The neighbours of `cell` whose state in `states` (row-major, `width` cells a row) is
/// `visited`, as a bit mask (bit k: `Dir::ALL[k]`).
#[inline]
fn neighbours(states: &[u8], width: u32, cell: Pos, visited: u8) -> u8 {
    let i = cell.row as usize * width as usize + cell.col as usize;
    let w = width as usize;
    // Without branches: `get` is `None` past the first and last row, the column tests
    // guard east / west.
    let is = |j: usize| states.get(j) == Some(&visited);
    u8::from(is(i.wrapping_sub(w)))
        | u8::from((cell.col + 1 < width) & is(i + 1)) << 1
        | u8::from(is(i + w)) << 2
        | u8::from((cell.col > 0) & is(i.wrapping_sub(1))) << 3
}

impl Teach for HuntAndKill {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// A carve belongs to the walk (or ends a hunt); a scan is one cell of a hunt.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Carve { .. } if self.found => &[1, 5, 6, 7, 9],
            GenEvent::Carve { .. } => &[1, 2, 3, 4],
            GenEvent::Scan { .. } => &[1, 5, 6, 7],
            _ => &[8],
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Carve { from, to } if self.found => format!(
                "the hunt found {to}, unvisited and beside the maze: carved {} into it from {from}, and the walk goes on from there",
                direction(from, to)
            ),
            GenEvent::Carve { from, to } => format!(
                "carved {} from {from} into {to}, an unvisited cell, and the walk goes on from there",
                direction(from, to)
            ),
            GenEvent::Scan { cell } => format!(
                "the walk is stuck, so hunt: scanned {cell} for an unvisited cell next to the maze"
            ),
            _ => "the hunt found no unvisited cell: every cell is in the maze".to_owned(),
        }
    }

    /// Current: the walk's head, or the cell scanned last; Scan: cells scanned by the
    /// current hunt; Visited: cells in the maze; None: the rest.
    fn mark(&self, cell: Pos) -> Mark {
        if self.current == Some(cell) {
            return Mark::Current;
        }
        // `Pos` orders by (row, col): row-major, the scanning order.
        if self.hunting && cell >= self.hunt_start && cell < self.scan {
            return Mark::Scan;
        }
        match self.visited.get(self.index(cell)) {
            Some(&VISITED) => Mark::Visited,
            _ => Mark::None,
        }
    }

    /// The structure's name and size (its entries are not listed).
    fn structure(&self, _max: usize) -> Structure {
        Structure::new(
            "cells scanned",
            "row by row",
            self.structure_len(),
            Vec::new(),
        )
    }

    /// Cells scanned by the current hunt (0 while walking).
    fn structure_len(&self) -> usize {
        self.scanned
    }

    fn current(&self) -> Option<Pos> {
        self.current
    }

    fn asks(&self) -> Option<&'static str> {
        Some("which cell does the hunt find?")
    }

    /// Asked when the walk is stuck and while the hunt scans: the hunt stops at the first
    /// unvisited cell, in row-major order from where it scans, beside a cell in the maze.
    /// The choices are that cell and the next unvisited ones; the answer takes every scan
    /// up to it (on a masked maze one: the hunt starts on the cell its finder names).
    fn question(&self) -> Option<Question> {
        if self.finished || self.visited_count == self.visited.len() {
            return None;
        }
        let start = if self.hunting {
            self.scan
        } else {
            let stuck = self.neighbours(self.current?, UNVISITED) == 0;
            stuck.then(|| self.cursor.max(Pos::new(self.top_row.saturating_sub(1), 0)))?
        };
        let width = self.width as usize;
        #[allow(clippy::cast_possible_truncation)] // cell indices fit in u32
        let pos = |i: usize| Pos::new((i / width) as u32, (i % width) as u32);
        let from = self.index(start);
        let unvisited = (from..self.visited.len()).filter(|&i| self.visited[i] == UNVISITED);
        let found = match &self.rows {
            Some(rows) if rows.is_built() => rows.first_beside(width, from)?,
            _ => unvisited
                .clone()
                .find(|&i| self.neighbours(pos(i), VISITED) != 0)?,
        };
        let others = unvisited.filter(|&i| i != found).take(MIN_CHOICES - 1);
        let upcoming = std::iter::once(found)
            .chain(others)
            .map(|i| (pos(i), i == found, String::new()));
        let rule =
            "the hunt scans row by row and stops at the first unvisited cell beside the maze";
        let mut question = Question::next_of(self.asks()?.to_owned(), rule.to_owned(), upcoming)?;
        let first_scan = if self.rows.is_some() && !self.hunting {
            found
        } else {
            from
        };
        question.steps = (found - first_scan + 1) as u64;
        Some(question)
    }
}

impl Generator for HuntAndKill {
    /// Walk: carve into a random unvisited neighbour ([`GenEvent::Carve`]). Stuck or
    /// hunting: scan one cell ([`GenEvent::Scan`], or [`GenEvent::Carve`] into the cell the
    /// hunt found). Every cell visited: [`GenEvent::Done`].
    #[inline(always)]
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if self.finished {
            return None;
        }
        if self.visited_count == self.visited.len() || self.scan.row >= self.height {
            self.finished = true;
            self.hunting = false;
            self.current = None;
            return Some(GenEvent::Done);
        }
        if !self.hunting {
            let cell = self.current?;
            if let Some(dir) = self.random_neighbor(cell, UNVISITED) {
                maze.carve_index(self.index(cell), dir);
                let (dr, dc) = dir.delta();
                let next = Pos::new(
                    cell.row.wrapping_add_signed(dr),
                    cell.col.wrapping_add_signed(dc),
                );
                let j = self.index(next);
                self.visited[j] = VISITED;
                self.joined(maze, next);
                self.visited_count += 1;
                self.top_row = self.top_row.min(next.row);
                self.current = Some(next);
                self.found = false;
                return Some(GenEvent::Carve {
                    from: cell,
                    to: next,
                });
            }
            // Stuck: hunt, from the first cell that may be unvisited, but not above the row
            // just above the topmost visited cell.
            self.hunting = true;
            self.hunt_start = self.cursor.max(Pos::new(self.top_row.saturating_sub(1), 0));
            if let Some(rows) = &mut self.rows {
                let (visited, width) = (&self.visited, self.width);
                self.hunt_start = rows.hunt_start(
                    maze,
                    self.hunt_start,
                    |j| visited[j] != UNVISITED,
                    |cell| neighbours(visited, width, cell, VISITED) != 0,
                );
            }
            self.scan = self.hunt_start;
        }
        Some(self.hunt(maze))
    }
}

#[cfg(test)]
mod tests;
