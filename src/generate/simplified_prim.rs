//! Simplified Prim: grow the maze from a random frontier cell each step.
//!
//! Source: Jamis Buck, *Mazes for Programmers*, ch. 11 ("Simplified Prim's"). The
//! *frontier* is the set of cells outside the maze with a neighbour inside it. Start from a
//! random cell; each step takes a random frontier cell, carves a passage from it to a random
//! neighbour already in the maze, and adds its neighbours that are neither in the maze nor
//! in the frontier to the frontier. No weights: every frontier cell is equally likely, which
//! gives many short dead ends radiating from the start.
//!
//! The frontier is a `Vec<u32>` of cell indices (random pick + `swap_remove`, O(1)); a
//! per-cell state byte says untouched / frontier / in the maze.
//!
//! Cost: `cells − 1` carve steps and Done, O(1) each. Memory: maze 1 + state 1 byte per
//! cell, plus 4 bytes per frontier cell.

use get_size2::GetSize;

use crate::teach::{Entry, Pseudocode, Structure, Teach};
use rand::Rng as _;

use crate::Mark;
use crate::generate::{GenEvent, GenOptions, Generator, Rng, direction, rng, shape};
use crate::maze::{Dir, Maze, Pos};

/// Cell state: not reached yet.
const UNTOUCHED: u8 = 0;
/// Cell state: in the frontier (outside the maze, next to it).
const FRONTIER: u8 = 1;
/// Cell state: in the maze.
const IN_MAZE: u8 = 2;
/// Cell state: outside a masked maze's shape.
const OFF: u8 = 3;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "add a random cell to the maze",
    "frontier ← its neighbours",
    "while frontier is not empty:",
    "  c ← random frontier cell",
    "  n ← random nbr of c in maze",
    "  carve from n to c",
    "  add c to the maze",
    "  add c's untouched nbrs",
    "    to the frontier",
];

/// Simplified Prim as a step machine: one frontier cell joins the maze per step.
#[derive(Clone, Debug, GetSize)]
pub struct SimplifiedPrim {
    width: u32,
    height: u32,
    /// Per cell (row-major): [`UNTOUCHED`], [`FRONTIER`] or [`IN_MAZE`].
    state: Vec<u8>,
    /// Indices of the frontier cells, in no particular order.
    frontier: Vec<u32>,
    /// The cell joined by the last step (at first, the start cell).
    current: Option<Pos>,
    /// Whether [`GenEvent::Done`] was returned.
    finished: bool,
    #[get_size(ignore)]
    rng: Rng,
}

impl SimplifiedPrim {
    /// A machine for `maze` (all walls standing) seeded with `seed`: a random start cell is
    /// in the maze and its neighbours form the frontier.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        let mut rng = rng(seed);
        let start = shape::random_cell(maze, &mut rng);
        let mut prim = Self {
            width: maze.width(),
            height: maze.height(),
            state: vec![UNTOUCHED; maze.cell_count()],
            frontier: Vec::new(),
            current: Some(start),
            finished: false,
            rng,
        };
        // Cells outside a masked maze's shape never enter the frontier.
        for off in maze.off_cells() {
            prim.state[off] = OFF;
        }
        prim.join(start);
        prim
    }

    #[inline]
    fn index(&self, cell: Pos) -> usize {
        cell.row as usize * self.width as usize + cell.col as usize
    }

    /// The neighbours of `cell` as (direction, index), written into `out`; returns how many.
    #[inline]
    fn neighbors(&self, cell: Pos, out: &mut [(Dir, usize); 4]) -> usize {
        let i = self.index(cell);
        let w = self.width as usize;
        let mut n = 0;
        for (ok, dir, j) in [
            (cell.row > 0, Dir::North, i.wrapping_sub(w)),
            (cell.col + 1 < self.width, Dir::East, i + 1),
            (cell.row + 1 < self.height, Dir::South, i + w),
            (cell.col > 0, Dir::West, i.wrapping_sub(1)),
        ] {
            if ok {
                out[n] = (dir, j);
                n += 1;
            }
        }
        n
    }

    /// Put `cell` in the maze and its untouched neighbours in the frontier.
    #[inline]
    #[allow(clippy::cast_possible_truncation)] // cell indices are below MAX_CELLS < 2³²
    fn join(&mut self, cell: Pos) {
        let i = self.index(cell);
        self.state[i] = IN_MAZE;
        let mut around = [(Dir::North, 0); 4];
        let n = self.neighbors(cell, &mut around);
        for &(_, j) in &around[..n] {
            if self.state[j] == UNTOUCHED {
                self.state[j] = FRONTIER;
                self.frontier.push(j as u32);
            }
        }
    }
}

impl Teach for SimplifiedPrim {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// Every carve runs the whole loop body once.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Carve { .. } => &[3, 4, 5, 6, 7, 8],
            _ => &[2],
        }
    }

    /// Both set-up lines run when the machine is built.
    fn setup_lines(&self) -> &'static [usize] {
        &[0, 1]
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Carve { from, to } => format!(
                "took {to} from the frontier at random and carved {} to it from {from}, a neighbour already in the maze; {} cells in the frontier now",
                direction(from, to),
                self.structure_len()
            ),
            _ => "the frontier is empty: every cell is in the maze".to_owned(),
        }
    }

    /// Current: the cell joined last; Frontier: frontier cells; Visited: cells in the maze;
    /// None: the rest.
    fn mark(&self, cell: Pos) -> Mark {
        if self.current == Some(cell) {
            return Mark::Current;
        }
        match self.state.get(self.index(cell)) {
            Some(&FRONTIER) => Mark::Frontier,
            Some(&IN_MAZE) => Mark::Visited,
            _ => Mark::None,
        }
    }

    /// The frontier, in storage order: the next cell is taken from it at random.
    fn structure(&self, max: usize) -> Structure {
        let entries = self
            .frontier
            .iter()
            .take(max)
            .map(|&i| Entry::new(Pos::new(i / self.width, i % self.width), ""))
            .collect();
        Structure::new("frontier", "taken at random", self.frontier.len(), entries)
    }

    /// Cells in the frontier.
    fn structure_len(&self) -> usize {
        self.frontier.len()
    }

    fn current(&self) -> Option<Pos> {
        self.current
    }
}

impl Generator for SimplifiedPrim {
    /// Join a random frontier cell to a random maze neighbour ([`GenEvent::Carve`], from the
    /// maze cell to the new one); with an empty frontier, [`GenEvent::Done`].
    #[inline]
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if self.finished {
            return None;
        }
        if self.frontier.is_empty() {
            self.finished = true;
            self.current = None;
            return Some(GenEvent::Done);
        }
        let k = self.rng.random_range(0..self.frontier.len());
        let cell = maze.pos(self.frontier.swap_remove(k) as usize);
        // Its neighbours in the maze: at least one, the one that put it in the frontier.
        let mut around = [(Dir::North, 0); 4];
        let n = self.neighbors(cell, &mut around);
        let mut inside = [Dir::North; 4];
        let mut m = 0;
        for &(dir, j) in &around[..n] {
            if self.state[j] == IN_MAZE {
                inside[m] = dir;
                m += 1;
            }
        }
        let dir = if m <= 1 {
            inside[0]
        } else {
            inside[self.rng.random_range(0..m)]
        };
        let from = maze.carve(cell, dir)?;
        self.join(cell);
        self.current = Some(cell);
        Some(GenEvent::Carve { from, to: cell })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{GeneratorKind, run_to_end, testing};
    use crate::maze::stats;

    fn build(w: u32, h: u32, seed: u64) -> (Maze, SimplifiedPrim) {
        testing::build(
            GeneratorKind::SimplifiedPrim,
            w,
            h,
            seed,
            SimplifiedPrim::new,
        )
    }

    fn generate(w: u32, h: u32, seed: u64) -> Maze {
        testing::generate(GeneratorKind::SimplifiedPrim, w, h, seed)
    }

    #[test]
    fn mazes_are_perfect_for_all_shapes() {
        testing::assert_perfect_for_all_shapes(GeneratorKind::SimplifiedPrim);
    }

    #[test]
    fn same_seed_same_maze_and_different_seeds_differ() {
        testing::assert_seeded(GeneratorKind::SimplifiedPrim);
    }

    #[test]
    fn each_step_joins_one_new_cell_to_the_maze() {
        let (mut maze, mut generator) = build(13, 8, 6);
        let mut joined = [false; 13 * 8];
        let start = generator.current().expect("a start cell");
        joined[maze.index(start)] = true;
        let mut carves = 0;
        while let Some(event) = generator.step(&mut maze) {
            match event {
                GenEvent::Carve { from, to } => {
                    carves += 1;
                    assert_eq!(from.manhattan(to), 1);
                    assert!(joined[maze.index(from)], "carved from the maze");
                    assert!(!std::mem::replace(&mut joined[maze.index(to)], true));
                }
                GenEvent::Done => assert_eq!(generator.structure_len(), 0),
                other => panic!("unexpected event {other:?}"),
            }
        }
        assert_eq!(carves, 13 * 8 - 1);
    }

    #[test]
    fn many_short_dead_ends() {
        // Simplified Prim's signature: about a third of cells are dead ends.
        let share = stats::dead_end_share(&generate(40, 40, 9));
        assert!(share > 0.25, "dead-end share {share}");
    }

    #[test]
    fn fused_after_done() {
        let (mut maze, mut generator) = build(3, 3, 1);
        assert_eq!(run_to_end(&mut generator, &mut maze), 9);
        for _ in 0..3 {
            assert_eq!(generator.step(&mut maze), None);
        }
        assert_eq!(generator.current(), None);
        assert_eq!(generator.mark(Pos::new(2, 2)), Mark::Visited);
    }

    #[test]
    fn mark_shows_maze_and_frontier() {
        let (mut maze, mut generator) = build(9, 9, 3);
        for _ in 0..4 {
            generator.step(&mut maze);
        }
        let (mut frontier, mut visited, mut current) = (0, 0, 0);
        for i in 0..81 {
            let cell = maze.pos(i);
            match generator.mark(cell) {
                Mark::Frontier => {
                    frontier += 1;
                    assert_eq!(maze.passages(cell).count(), 0);
                }
                Mark::Visited | Mark::Current => {
                    assert!(maze.passages(cell).count() > 0);
                    if generator.mark(cell) == Mark::Current {
                        current += 1;
                    } else {
                        visited += 1;
                    }
                }
                _ => assert_eq!(maze.passages(cell).count(), 0),
            }
        }
        assert_eq!((current, visited), (1, 4));
        assert_eq!(frontier, generator.structure_len());
        assert!(frontier > 0);
    }
}
