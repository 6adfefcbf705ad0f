//! Aldous-Broder: a random walk that carves into every cell it enters for the first time.
//!
//! Start on a random cell; at every step move to a uniformly random neighbour. Entering a
//! cell not yet in the maze carves the passage just walked ([`GenEvent::Carve`]); entering
//! one already in the maze only moves ([`GenEvent::Walk`]). When every cell is in the maze
//! the passages form a **uniform spanning tree**: every perfect maze of the grid is equally
//! likely (Aldous 1990, Broder 1989; Jamis Buck, *Mazes for Programmers*, ch. 4). The price
//! is time: the walk must cover the grid, about `N · (ln N)² / π` moves on `N` cells, most of
//! them over cells already carved.
//!
//! Memory: one bit per cell (the visited set, so [`Generator::mark`] needs no maze) on top
//! of the maze. One step costs a few nanoseconds: two random bits per move (32 moves per
//! 64-bit draw), index arithmetic, one bit test.

use get_size2::GetSize;

use crate::teach::{Pseudocode, Teach};
use rand::RngCore;

use crate::Mark;
use crate::generate::{GenEvent, GenOptions, Generator, Rng, direction, rng, shape};
use crate::maze::{Dir, Maze, Pos};

/// Uniformly random moves for a random walk: two bits per move from one 64-bit draw.
///
/// Shared by [`AldousBroder`] and [`crate::generate::wilson::Wilson`].
#[derive(Clone, Debug, Default, GetSize)]
pub(crate) struct RandomMoves {
    bits: u64,
    left: u32,
}

impl RandomMoves {
    /// A uniformly random neighbour of cell `(row, col)` among the on-cells of `maze`
    /// (rejection sampling over the four directions, so each neighbour that exists is
    /// equally likely). The cell must have an on-neighbour, or this never returns (a maze
    /// of two or more connected on-cells always has one).
    ///
    /// Branch-free apart from the (rarely taken) rejection: the direction indexes small
    /// tables, and a step past the edge wraps to a huge coordinate that fails the bounds test.
    #[inline]
    pub(crate) fn neighbor(&mut self, rng: &mut Rng, cell: Pos, maze: &Maze) -> (Dir, Pos) {
        const DIRS: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];
        const DROW: [u32; 4] = [u32::MAX, 0, 1, 0];
        const DCOL: [u32; 4] = [0, 1, 0, u32::MAX];
        let masked = maze.is_masked();
        loop {
            if self.left == 0 {
                self.bits = rng.next_u64();
                self.left = 32;
            }
            #[allow(clippy::cast_possible_truncation)] // two bits
            let pick = (self.bits & 3) as usize;
            self.bits >>= 2;
            self.left -= 1;
            let row = cell.row.wrapping_add(DROW[pick]);
            let col = cell.col.wrapping_add(DCOL[pick]);
            let to = Pos::new(row, col);
            if row < maze.height() && col < maze.width() && (!masked || maze.is_on(to)) {
                return (DIRS[pick], to);
            }
        }
    }
}

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "cell ← a random cell",
    "while unvisited cells remain:",
    "  n ← a random neighbour",
    "  if n is unvisited:",
    "    carve from cell to n",
    "  cell ← n",
];

/// Aldous-Broder as a step machine. See the [module docs](self).
#[derive(Clone, Debug, GetSize)]
pub struct AldousBroder {
    #[get_size(ignore)]
    rng: Rng,
    moves: RandomMoves,
    width: u32,
    height: u32,
    /// One bit per cell, row-major: the cell is in the maze.
    visited: Vec<u64>,
    /// Cells not yet in the maze.
    remaining: usize,
    /// Where the walk is.
    cell: Pos,
    done: bool,
}

impl AldousBroder {
    /// A machine for `maze` seeded with `seed`; the walk starts on a random cell, which is
    /// in the maze from the start. O(cells / 64) memory.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        let mut rng = rng(seed);
        let (width, height) = (maze.width(), maze.height());
        let cells = maze.cell_count();
        let start = shape::random_cell(maze, &mut rng);
        let mut me = Self {
            rng,
            moves: RandomMoves::default(),
            width,
            height,
            visited: vec![0; cells.div_ceil(64)],
            remaining: maze.on_cell_count() - 1,
            cell: start,
            done: false,
        };
        me.set_visited(me.index(start));
        me
    }

    #[inline]
    fn index(&self, cell: Pos) -> usize {
        cell.row as usize * self.width as usize + cell.col as usize
    }

    #[inline]
    fn is_visited(&self, index: usize) -> bool {
        self.visited[index / 64] & (1 << (index % 64)) != 0
    }

    #[inline]
    fn set_visited(&mut self, index: usize) {
        self.visited[index / 64] |= 1 << (index % 64);
    }
}

impl Teach for AldousBroder {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// Entering a new cell carves; entering a visited one only moves.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Carve { .. } => &[2, 3, 4, 5],
            GenEvent::Walk { .. } => &[2, 3, 5],
            _ => &[1],
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Carve { from, to } => format!(
                "walked {} from {from} into {to}, never visited before: carved the passage; {} cells left",
                direction(from, to),
                self.remaining
            ),
            GenEvent::Walk { from, to } => format!(
                "walked {} from {from} to {to}, already visited: nothing carved (the walk is random, so it wanders over old ground)",
                direction(from, to)
            ),
            _ => "every cell has been visited: done".to_owned(),
        }
    }

    fn mark(&self, cell: Pos) -> Mark {
        if cell.row >= self.height || cell.col >= self.width {
            Mark::None
        } else if !self.done && cell == self.cell {
            Mark::Current
        } else if self.is_visited(self.index(cell)) {
            Mark::Visited
        } else {
            Mark::None
        }
    }

    /// Aldous-Broder keeps no structure besides the walker: always 0.
    fn structure_len(&self) -> usize {
        0
    }

    fn current(&self) -> Option<Pos> {
        (!self.done).then_some(self.cell)
    }
}

impl Generator for AldousBroder {
    #[inline]
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if self.done {
            return None;
        }
        if self.remaining == 0 {
            self.done = true;
            return Some(GenEvent::Done);
        }
        let from = self.cell;
        let (dir, to) = self.moves.neighbor(&mut self.rng, from, maze);
        self.cell = to;
        let i = self.index(to);
        if self.is_visited(i) {
            return Some(GenEvent::Walk { from, to });
        }
        self.set_visited(i);
        self.remaining -= 1;
        maze.carve(from, dir);
        Some(GenEvent::Carve { from, to })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(width: u32, height: u32, seed: u64) -> (Maze, Vec<GenEvent>) {
        let mut maze = Maze::new(width, height).expect("valid size");
        let mut generator = AldousBroder::new(&maze, seed, &GenOptions::default());
        let mut events = Vec::new();
        while let Some(event) = generator.step(&mut maze) {
            events.push(event);
        }
        (maze, events)
    }

    #[test]
    fn perfect_for_small_and_odd_sizes() {
        for (w, h) in [(1, 1), (1, 7), (7, 1), (2, 2), (10, 6), (31, 17)] {
            for seed in 0..4 {
                let (maze, _) = run(w, h, seed);
                assert!(maze.is_perfect(), "{w}x{h} seed {seed}");
            }
        }
    }

    #[test]
    fn carves_exactly_cells_minus_one_and_ends_with_done() {
        let (maze, events) = run(12, 9, 5);
        let carves = events
            .iter()
            .filter(|e| matches!(e, GenEvent::Carve { .. }))
            .count();
        assert_eq!(carves, 12 * 9 - 1);
        assert_eq!(events.last(), Some(&GenEvent::Done));
        assert_eq!(events.iter().filter(|e| **e == GenEvent::Done).count(), 1);
        assert!(events.iter().all(|e| matches!(
            e,
            GenEvent::Carve { .. } | GenEvent::Walk { .. } | GenEvent::Done
        )));
        // Consecutive moves join up: each starts where the previous one ended.
        let moves: Vec<(Pos, Pos)> = events
            .iter()
            .filter_map(|e| match *e {
                GenEvent::Carve { from, to } | GenEvent::Walk { from, to } => Some((from, to)),
                _ => None,
            })
            .collect();
        for pair in moves.windows(2) {
            assert_eq!(pair[0].1, pair[1].0);
            assert_eq!(pair[0].0.manhattan(pair[0].1), 1);
        }
        assert!(maze.is_perfect());
    }

    #[test]
    fn one_cell_is_done_at_once() {
        let (maze, events) = run(1, 1, 0);
        assert_eq!(events, vec![GenEvent::Done]);
        assert_eq!(maze.passage_count(), 0);
    }

    #[test]
    fn same_seed_same_maze_and_different_seeds_differ() {
        assert_eq!(run(15, 11, 42), run(15, 11, 42));
        assert_ne!(run(15, 11, 42).0, run(15, 11, 43).0);
    }

    #[test]
    fn fused_after_done() {
        let mut maze = Maze::new(4, 3).expect("valid size");
        let mut generator = AldousBroder::new(&maze, 1, &GenOptions::default());
        while generator.step(&mut maze).is_some() {}
        for _ in 0..5 {
            assert_eq!(generator.step(&mut maze), None);
        }
        assert_eq!(generator.current(), None);
    }

    #[test]
    fn mark_shows_walker_and_carved_cells_mid_run() {
        let mut maze = Maze::new(8, 8).expect("valid size");
        let mut generator = AldousBroder::new(&maze, 9, &GenOptions::default());
        for _ in 0..20 {
            generator.step(&mut maze);
        }
        let walker = generator.current().expect("still running");
        assert_eq!(generator.mark(walker), Mark::Current);
        for row in 0..8 {
            for col in 0..8 {
                let cell = Pos::new(row, col);
                if cell == walker {
                    continue;
                }
                let expected = if maze.degree(cell) > 0 {
                    Mark::Visited
                } else {
                    Mark::None
                };
                assert_eq!(generator.mark(cell), expected, "{cell}");
            }
        }
        assert_eq!(generator.mark(Pos::new(99, 0)), Mark::None);
    }

    #[test]
    fn random_moves_reach_every_neighbour_and_stay_inside() {
        let mut rng = rng(3);
        let mut moves = RandomMoves::default();
        let square = Maze::new(3, 3).expect("valid size");
        let column = Maze::new(1, 2).expect("valid size");
        let mut seen = [0u32; 4];
        for _ in 0..400 {
            let (dir, to) = moves.neighbor(&mut rng, Pos::new(1, 1), &square);
            assert_eq!(dir.step(Pos::new(1, 1), 3, 3), Some(to));
            seen[dir as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 60), "{seen:?}");
        for _ in 0..100 {
            let (_, to) = moves.neighbor(&mut rng, Pos::new(0, 0), &column);
            assert_eq!(to, Pos::new(1, 0));
        }
    }
}
