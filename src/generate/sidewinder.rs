//! Sidewinder: row runs carved east, each closed by one passage south.
//!
//! Source: Jamis Buck, *Mazes for Programmers*, ch. 2 (there runs close north from the
//! bottom; here they close south from the top). Rows are worked from the top, cells left to
//! right. Each cell either extends the current *run* east (carve east) or closes it: one
//! random cell of the run carves south, and a new run starts at the next cell.
//!
//! Edges: a cell in the last column (except in the last row) carves south from itself, and
//! the last row only carves east, so the last row and last column are open corridors; the
//! bottom-right cell carves nothing. Nothing is carved through the outer wall.
//!
//! Every cell but the last carves exactly one passage to a later row or a later cell of its
//! row, so the maze is perfect. Its bias: the last row is one long corridor and every run
//! has exactly one exit south.
//!
//! Cost: one step per cell, O(1) each, with no branch on the coin; one random `u64` gives
//! 64 coin flips.
//! Memory: O(1) besides the maze.

use get_size2::GetSize;

use crate::Mark;
use crate::generate::row_scan::{Coins, RowScan};
use crate::generate::words::Words;
use crate::generate::{GenEvent, GenOptions, Generator};
use crate::maze::{Maze, Pos};
use crate::teach::{Entry, Pseudocode, Structure, Teach};

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "for each row, top to bottom:",
    "  run ← []",
    "  for each cell, west to east:",
    "    add cell to run",
    "    close ← at east edge",
    "      or (not last row, coin)",
    "    if close:",
    "      c ← random cell of run",
    "      carve south from c",
    "      run ← []",
    "    else: carve east",
];

/// Sidewinder as a step machine: one step per cell, rows from the top.
#[derive(Clone, Debug, GetSize)]
pub struct Sidewinder {
    scan: RowScan,
    /// The first column of the current run (in the next cell's row).
    run_start: u32,
    coins: Coins,
    /// The RNG's words, and the position of the next one.
    #[get_size(ignore)]
    words: Box<Words>,
    pos: usize,
}

impl Sidewinder {
    /// A machine for `maze` (all walls standing) seeded with `seed`.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        Self {
            scan: RowScan::new(maze),
            run_start: 0,
            coins: Coins::default(),
            words: Words::new(seed),
            pos: 0,
        }
    }
}

impl Teach for Sidewinder {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// A carve east extends the run; a carve south closes it. The first cell of a row
    /// also starts the row's first run.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        let row_start = self.current().is_some_and(|cell| cell.col == 0);
        match (event, row_start) {
            (GenEvent::Carve { from, to }, false) if to.row > from.row => &[2, 3, 4, 5, 6, 7, 8, 9],
            (GenEvent::Carve { from, to }, true) if to.row > from.row => {
                &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
            }
            (GenEvent::Carve { .. }, false) => &[2, 3, 4, 5, 10],
            (GenEvent::Carve { .. }, true) => &[0, 1, 2, 3, 4, 5, 10],
            _ => &[0],
        }
    }

    /// The first row's run starts empty.
    fn setup_lines(&self) -> &'static [usize] {
        &[0, 1]
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Carve { from, to } if to.row > from.row => format!(
                "closed the run: {from}, picked at random from it, carved south to {to}; the next cell starts a new run"
            ),
            GenEvent::Carve { from, to } => format!(
                "extended the run east from {from} to {to} (the coin said go on, or this is the last row)"
            ),
            _ => "the bottom-right cell closes nothing: every cell is in the maze".to_owned(),
        }
    }

    /// Current: the cell visited by the last step; Frontier: the other cells of the open
    /// run; Visited: cells already settled; None: cells not reached yet.
    fn mark(&self, cell: Pos) -> Mark {
        if self.current() == Some(cell) {
            return Mark::Current;
        }
        let Some(next) = self.scan.next() else {
            return Mark::Visited;
        };
        // `Pos` orders by (row, col): row-major, the visiting order.
        if cell >= next {
            Mark::None
        } else if cell.row == next.row && cell.col >= self.run_start {
            Mark::Frontier
        } else {
            Mark::Visited
        }
    }

    /// The open run: the cells of this row since the last run was closed.
    fn structure(&self, max: usize) -> Structure {
        let entries = match self.scan.next() {
            Some(next) => (self.run_start..next.col)
                .rev()
                .take(max)
                .map(|col| Entry::new(Pos::new(next.row, col), ""))
                .collect(),
            None => Vec::new(),
        };
        Structure::new("run", "east end first", self.structure_len(), entries)
    }

    /// Cells in the open run, the current cell included.
    fn structure_len(&self) -> usize {
        match self.scan.next() {
            Some(next) => (next.col - self.run_start) as usize,
            None => 0,
        }
    }

    fn current(&self) -> Option<Pos> {
        self.scan.current()
    }
}

impl Generator for Sidewinder {
    /// Visit the next cell: extend the run east, or close it by carving south from a run
    /// cell (both [`GenEvent::Carve`]); at the bottom-right cell, [`GenEvent::Done`].
    ///
    /// The choice is a coin flip, and which cell of the run carves south is drawn as
    /// `rand`'s `random_range(run_start..=col)` draws it (see [`Words::below`]). Both outcomes are computed and
    /// selected without a branch on the coin (a branch on it was mispredicted at every other
    /// cell), the random word taken only when a run of two or more cells closes, so the
    /// numbers drawn, and the mazes, are those of a plain `if`. Measured against the plain
    /// `if` (same mazes): `maze-tui generate -a sidewinder --width 1000 --height 1000`
    /// takes 5.8 ms instead of 11.9 ms, the step loop 3.2 ms instead of 9.6 ms
    /// (`examples/gen_time`), which keeps Sidewinder above twice knossos' speed.
    #[inline(always)]
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if let Some(end) = self.scan.finish() {
            return end;
        }
        let (row, col) = (self.scan.row, self.scan.col);
        let (last_row, last_col) = self.scan.at_edges();
        // At most: two words for the coins, one for the run cell, one to correct it.
        self.pos = self.words.ensure(self.pos, 4);
        // The last row only extends; the last column only closes, from itself.
        let close =
            !last_row && (last_col || self.coins.flip_with(|| self.words.pair(&mut self.pos)));
        let draw = close & !last_col;
        // A run of one cell draws from a range of one without taking a word.
        let len = col - self.run_start + 1;
        let offset = self.words.below(&mut self.pos, len, draw & (len > 1));
        let from = if draw { self.run_start + offset } else { col };
        maze.carve_forward(self.scan.index - (col - from) as usize, close);
        let next_start = if last_col { 0 } else { col + 1 };
        self.run_start = if close { next_start } else { self.run_start };
        self.scan.advance();
        Some(GenEvent::Carve {
            from: Pos::new(row, from),
            to: if close {
                Pos::new(row + 1, from)
            } else {
                Pos::new(row, col + 1)
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{GeneratorKind, run_to_end, testing};
    use crate::maze::Dir;

    fn build(w: u32, h: u32, seed: u64) -> (Maze, Sidewinder) {
        testing::build(GeneratorKind::Sidewinder, w, h, seed, Sidewinder::new)
    }

    fn generate(w: u32, h: u32, seed: u64) -> Maze {
        testing::generate(GeneratorKind::Sidewinder, w, h, seed)
    }

    #[test]
    fn mazes_are_perfect_for_all_shapes() {
        testing::assert_perfect_for_all_shapes(GeneratorKind::Sidewinder);
    }

    #[test]
    fn same_seed_same_maze_and_different_seeds_differ() {
        testing::assert_seeded(GeneratorKind::Sidewinder);
    }

    #[test]
    fn one_carve_per_cell_but_the_last_then_done() {
        let (mut maze, mut generator) = build(9, 5, 3);
        let mut carves = 0;
        let mut steps = 0;
        while let Some(event) = generator.step(&mut maze) {
            steps += 1;
            match event {
                GenEvent::Carve { from, to } => {
                    carves += 1;
                    assert!(
                        to == Pos::new(from.row + 1, from.col)
                            || to == Pos::new(from.row, from.col + 1),
                        "carves only south or east"
                    );
                }
                GenEvent::Done => assert_eq!(steps, 9 * 5),
                other => panic!("unexpected event {other:?}"),
            }
        }
        assert_eq!(carves, 9 * 5 - 1);
    }

    #[test]
    fn each_run_has_one_passage_south() {
        let maze = generate(16, 10, 11);
        for row in 0..9 {
            let mut south_in_run = 0;
            for col in 0..16 {
                let cell = Pos::new(row, col);
                south_in_run += usize::from(maze.has_passage(cell, Dir::South));
                if !maze.has_passage(cell, Dir::East) {
                    assert_eq!(south_in_run, 1, "run ending at {cell}");
                    south_in_run = 0;
                }
            }
        }
    }

    #[test]
    fn last_row_and_last_column_are_open_corridors() {
        for seed in 0..5 {
            let maze = generate(12, 8, seed);
            for col in 0..11 {
                assert!(maze.has_passage(Pos::new(7, col), Dir::East));
            }
            for row in 0..7 {
                assert!(maze.has_passage(Pos::new(row, 11), Dir::South));
            }
        }
    }

    #[test]
    fn fused_after_done() {
        let (mut maze, mut generator) = build(3, 3, 1);
        assert_eq!(run_to_end(&mut generator, &mut maze), 9);
        for _ in 0..3 {
            assert_eq!(generator.step(&mut maze), None);
        }
        assert_eq!(generator.structure_len(), 0);
        assert_eq!(generator.mark(Pos::new(0, 0)), Mark::Visited);
    }

    #[test]
    fn mark_shows_the_open_run() {
        // Step through row 0 until a run of at least two cells is open.
        let (mut maze, mut generator) = build(30, 4, 2);
        loop {
            let event = generator.step(&mut maze).expect("row 0 is not the end");
            if generator.structure_len() >= 2 {
                break;
            }
            assert!(matches!(event, GenEvent::Carve { .. }));
        }
        let current = generator.current().expect("a cell was visited");
        assert_eq!(generator.mark(current), Mark::Current);
        let west = Pos::new(current.row, current.col - 1);
        assert_eq!(generator.mark(west), Mark::Frontier);
        assert!(maze.has_passage(west, Dir::East));
        assert_eq!(
            generator.mark(Pos::new(current.row, current.col + 1)),
            Mark::None
        );
        assert_eq!(generator.mark(Pos::new(3, 0)), Mark::None);
    }
}
