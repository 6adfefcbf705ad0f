//! Origin Shift: a perfect maze kept as a tree pointing at one *origin* cell, reshaped by
//! moving the origin around at random.
//!
//! Source: CaptainLuma, "New Maze Generating Algorithm (Origin Shift)", 2024 (video and
//! write-up). Every cell but the origin points to one neighbour, and following the
//! pointers from any cell leads to the origin: the pointers are the maze's passages, a
//! spanning tree. One *shift*: pick a random neighbour `n` of the origin, make the origin
//! point to `n` (carve that passage) and take away `n`'s own pointer (wall up the passage
//! it named); `n` is the new origin. Every cell still leads to the origin, so the maze stays
//! perfect after every step. The walk of the origin is a random walk, and the mazes it
//! leaves behind approach a uniform spanning tree as the number of shifts grows (the same
//! reasoning as Aldous-Broder's: the tree is the last-exit tree of a random walk).
//!
//! Here the starting tree is built first, one carve per step: every row points east, the
//! last column points south, so the origin starts in the bottom-right corner. Then
//! [`SHIFTS_PER_CELL`] shifts per cell; that count is a choice (the source leaves it open):
//! fewer shifts leave rows of the starting maze visible. On a masked maze (a shape) the
//! rows may be cut, so the starting tree is a breadth-first tree instead: the origin is
//! the last on-cell, and every other on-cell points the way it was first reached from
//! there; the origin then walks over the on-cells only.
//!
//! Memory: one byte per cell (the pointer) besides the maze. Each step O(1).

use get_size2::GetSize;
use rand::Rng as _;

use crate::Mark;
use crate::generate::{GenEvent, GenOptions, Generator, Rng, direction, rng};
use crate::maze::{Dir, Maze, Pos};
use crate::teach::{Inspection, Pseudocode, Structure, Teach};

/// Shifts of the origin per cell after the starting tree is built.
pub const SHIFTS_PER_CELL: u64 = 10;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "start: every row points east,",
    "  the last column south;",
    "  origin ← bottom-right cell",
    "repeat 10 × cells times:",
    "  n ← random nbr of origin",
    "  origin points to n: carve",
    "  wall up n's own pointer",
    "  origin ← n",
];

/// A cell's pointer: `NONE` for the origin, otherwise an index into [`Dir::ALL`].
const NONE: u8 = 4;

/// Where the machine is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, GetSize)]
enum Phase {
    /// Building the starting tree: the next cell (row-major) to point east or south.
    Start(usize),
    /// Shifting the origin; this many shifts are left.
    Shift(u64),
    /// [`GenEvent::Done`] was returned.
    Done,
}

/// Origin Shift as a step machine: one carve of the starting tree, or one shift, per step.
#[derive(Clone, Debug, GetSize)]
pub struct OriginShift {
    width: u32,
    height: u32,
    /// Per cell (row-major): the direction it points in, or [`NONE`].
    points: Vec<u8>,
    /// A masked maze's starting tree: per cell, the direction to point in (index into
    /// [`Dir::ALL`]). Empty without a mask (rows east, the last column south).
    plan: Vec<u8>,
    /// How many cells are in the maze.
    cells: usize,
    origin: Pos,
    phase: Phase,
    #[get_size(ignore)]
    rng: Rng,
}

impl OriginShift {
    /// A machine for `maze` (all walls standing) seeded with `seed`.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        let cells = maze.cell_count();
        let bottom_right = Pos::new(maze.height() - 1, maze.width() - 1);
        let origin = if maze.is_masked() {
            let last = maze.on_cell_count() - 1;
            maze.nth_on_cell(last).unwrap_or(bottom_right)
        } else {
            bottom_right
        };
        let mut me = Self {
            width: maze.width(),
            height: maze.height(),
            points: vec![NONE; cells],
            plan: if maze.is_masked() {
                breadth_first_tree(maze, origin)
            } else {
                Vec::new()
            },
            cells: maze.on_cell_count(),
            origin,
            phase: Phase::Start(0),
            rng: rng(seed),
        };
        me.phase = Phase::Start(me.next_to_point(maze, 0));
        me
    }

    /// The first cell from row-major index `i` on that gets a starting pointer: an
    /// on-cell other than the origin (the number of cells when none is left).
    fn next_to_point(&self, maze: &Maze, mut i: usize) -> usize {
        let origin = self.index(self.origin);
        while i < self.points.len() && (i == origin || !maze.is_on_index(i)) {
            i += 1;
        }
        i
    }

    /// The starting tree's pointer of `cell`: east along its row, south in the last
    /// column; on a masked maze, the breadth-first tree's.
    fn start_pointer(&self, cell: Pos) -> Dir {
        if let Some(&k) = self.plan.get(self.index(cell)) {
            Dir::ALL[usize::from(k)]
        } else if cell.col + 1 < self.width {
            Dir::East
        } else {
            Dir::South
        }
    }

    fn index(&self, cell: Pos) -> usize {
        cell.row as usize * self.width as usize + cell.col as usize
    }

    /// The neighbour of `cell` in `dir`, if inside the grid.
    fn neighbour(&self, cell: Pos, dir: Dir) -> Option<Pos> {
        dir.step(cell, self.height, self.width)
    }

    /// Where `cell` points, if anywhere.
    fn pointer(&self, cell: Pos) -> Option<Dir> {
        Dir::ALL
            .get(usize::from(self.points[self.index(cell)]))
            .copied()
    }

    fn set_pointer(&mut self, cell: Pos, dir: Option<Dir>) {
        let i = self.index(cell);
        self.points[i] = dir.map_or(NONE, |d| {
            #[allow(clippy::cast_possible_truncation)] // four directions
            let k = Dir::ALL.iter().position(|&x| x == d).unwrap_or(0) as u8;
            k
        });
    }
}

impl Teach for OriginShift {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// Building the tree runs the start lines; a shift the loop body.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Carve { .. } => &[0, 1, 2],
            GenEvent::Shift { .. } => &[3, 4, 5, 6, 7],
            _ => &[3],
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Carve { from, to } => format!(
                "starting maze: {from} points {} to {to} (rows east, the last column south)",
                direction(from, to)
            ),
            GenEvent::Shift {
                from,
                to,
                removed: Some(old),
            } => format!(
                "shifted the origin {} from {from} to {to}: carved that passage and walled up {to}'s old one to {old}",
                direction(from, to)
            ),
            GenEvent::Shift { from, to, .. } => format!(
                "shifted the origin {} from {from} to {to}, back along the passage {to} pointed down: it now points the other way",
                direction(from, to)
            ),
            _ => "the origin has made its shifts: the maze is done".to_owned(),
        }
    }

    /// Current: the origin; Visited: cells in the tree; None: cells not yet pointed.
    fn mark(&self, cell: Pos) -> Mark {
        match self.phase {
            Phase::Start(i) if self.index(cell) >= i => Mark::None,
            Phase::Shift(_) | Phase::Start(_) if cell == self.origin => Mark::Current,
            _ => Mark::Visited,
        }
    }

    /// Shifts left (0 while the starting tree is built).
    fn structure_len(&self) -> usize {
        match self.phase {
            Phase::Shift(left) => usize::try_from(left).unwrap_or(usize::MAX),
            _ => 0,
        }
    }

    fn structure(&self, _max: usize) -> Structure {
        Structure::new(
            "shifts left",
            "one per step",
            self.structure_len(),
            Vec::new(),
        )
    }

    fn inspect(&self, cell: Pos) -> Inspection {
        if cell == self.origin && !matches!(self.phase, Phase::Start(_)) {
            return Inspection::new("the origin: every pointer leads here");
        }
        match self.pointer(cell) {
            Some(dir) => {
                Inspection::new("in the tree").with("points", format!("{dir:?}").to_lowercase())
            }
            None => Inspection::new("not yet in the tree"),
        }
    }

    fn current(&self) -> Option<Pos> {
        match self.phase {
            Phase::Start(i) if i < self.points.len() => {
                let w = self.width as usize;
                #[allow(clippy::cast_possible_truncation)] // cell indices fit in u32
                Some(Pos::new((i / w) as u32, (i % w) as u32))
            }
            Phase::Shift(_) => Some(self.origin),
            _ => None,
        }
    }
}

impl Generator for OriginShift {
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        match self.phase {
            Phase::Done => None,
            // The starting tree: each cell but the bottom-right points east, or south in
            // the last column.
            Phase::Start(i) if i < self.points.len() => {
                let cell = maze.pos(i);
                let dir = self.start_pointer(cell);
                let to = maze.carve(cell, dir)?;
                self.set_pointer(cell, Some(dir));
                self.phase = Phase::Start(self.next_to_point(maze, i + 1));
                Some(GenEvent::Carve { from: cell, to })
            }
            Phase::Start(_) => {
                let shifts = if self.cells > 1 {
                    SHIFTS_PER_CELL * self.cells as u64
                } else {
                    0
                };
                self.phase = Phase::Shift(shifts);
                self.step(maze)
            }
            Phase::Shift(0) => {
                self.phase = Phase::Done;
                Some(GenEvent::Done)
            }
            Phase::Shift(left) => {
                // n ← a random neighbour of the origin.
                let origin = self.origin;
                let (dir, n) = loop {
                    let dir = Dir::ALL[self.rng.random_range(0..4)];
                    if let Some(n) = maze.on_neighbor(origin, dir) {
                        break (dir, n);
                    }
                };
                // The origin points to n: carve that passage.
                maze.carve(origin, dir);
                self.set_pointer(origin, Some(dir));
                // Wall up n's own pointer, unless it named the old origin (then the
                // passage just carved is that same one, turned round).
                let removed = self.pointer(n).and_then(|d| {
                    let old = self.neighbour(n, d)?;
                    (old != origin).then(|| {
                        maze.add_wall(n, d);
                        old
                    })
                });
                self.set_pointer(n, None);
                self.origin = n;
                self.phase = Phase::Shift(left - 1);
                Some(GenEvent::Shift {
                    from: origin,
                    to: n,
                    removed,
                })
            }
        }
    }
}

/// Per cell, the direction (index into [`Dir::ALL`]) towards `root` in a breadth-first
/// tree of `maze`'s on-cells (the root's own entry unused). O(cells).
#[allow(clippy::cast_possible_truncation)] // four directions
fn breadth_first_tree(maze: &Maze, root: Pos) -> Vec<u8> {
    let mut plan = vec![NONE; maze.cell_count()];
    let mut queue = std::collections::VecDeque::from([root]);
    plan[maze.index(root)] = 0;
    while let Some(cell) = queue.pop_front() {
        for dir in Dir::ALL {
            if let Some(next) = maze.on_neighbor(cell, dir) {
                let j = maze.index(next);
                if plan[j] == NONE {
                    plan[j] = dir.opposite() as u8;
                    queue.push_back(next);
                }
            }
        }
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{GeneratorKind, testing};

    #[test]
    fn mazes_are_perfect_for_all_shapes() {
        testing::assert_perfect_for_all_shapes(GeneratorKind::OriginShift);
    }

    #[test]
    fn same_seed_same_maze_and_different_seeds_differ() {
        testing::assert_seeded(GeneratorKind::OriginShift);
    }

    /// The maze is perfect after every single shift, not only at the end, and every
    /// pointer chain leads to the origin.
    #[test]
    fn perfect_after_every_shift() {
        let (mut maze, mut generator) =
            testing::build(GeneratorKind::OriginShift, 6, 4, 9, OriginShift::new);
        let mut shifts = 0;
        while let Some(event) = generator.step(&mut maze) {
            if let GenEvent::Shift { .. } = event {
                shifts += 1;
                assert!(maze.is_perfect(), "perfect after shift {shifts}");
                for i in 0..maze.cell_count() {
                    let mut cell = maze.pos(i);
                    for _ in 0..maze.cell_count() {
                        match generator.pointer(cell) {
                            Some(d) => cell = generator.neighbour(cell, d).expect("inside"),
                            None => break,
                        }
                    }
                    assert_eq!(cell, generator.origin, "cell {i} leads to the origin");
                }
            }
        }
        assert_eq!(shifts, SHIFTS_PER_CELL * 24);
    }
}
