//! Recursive Division: add walls to an open field, halving each chamber.
//!
//! The maze starts with every inner wall removed (see [`GeneratorKind::initial_maze`]).
//! Each step takes a chamber and builds one wall across it, leaving a single gap
//! ([`GenEvent::Divide`]): horizontal if the chamber is taller than wide, vertical if wider
//! than tall, either at random if square. The two halves become chambers of their own; a
//! chamber one cell wide or tall is finished. The result is a perfect maze with long
//! straight walls and a visible box structure (Jamis Buck, *Mazes for Programmers*, ch. 12;
//! "Maze Generation: Recursive Division", 2011).
//!
//! "Recursive" in name only: chambers wait on an explicit stack (usually O(log cells)
//! long, never more than about `width + height`), so no maze is too large for the call
//! stack. Each wall costs O(its length); the whole maze
//! O(cells · log cells) at worst.
//!
//! [`GeneratorKind::initial_maze`]: crate::generate::GeneratorKind::initial_maze

use get_size2::GetSize;

use crate::teach::{Pseudocode, Structure, Teach};
use std::hint::select_unpredictable;

use crate::Mark;
use crate::generate::words::Words;
use crate::generate::{GenEvent, GenOptions, Generator, describe};
use crate::maze::{Maze, Pos};

/// A rectangle of cells: rows `row..row + height`, columns `col..col + width`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, GetSize)]
struct Chamber {
    row: u32,
    col: u32,
    width: u32,
    height: u32,
}

impl Chamber {
    fn contains(self, cell: Pos) -> bool {
        cell.row >= self.row
            && cell.row < self.row + self.height
            && cell.col >= self.col
            && cell.col < self.col + self.width
    }
}

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "open the whole grid",
    "chambers ← [the grid]",
    "while chambers remain:",
    "  c ← pop a chamber",
    "  build a wall across c",
    "    (the shorter way)",
    "    leaving one random gap",
    "  push each half that is at",
    "    least 2 cells across",
    "    (a thinner one is done)",
];

/// Recursive Division as a step machine. See the [module docs](self).
#[derive(Clone, Debug, GetSize)]
pub struct RecursiveDivision {
    /// The RNG's words, and the position of the next one.
    #[get_size(ignore)]
    words: Box<Words>,
    pos: usize,
    /// Chambers still to divide, each at least 2×2 cells: `stack[..top]`. Slots from `top`
    /// on are scratch, so a push is a store and a conditional add (no branch on the
    /// chamber's random shape). Sized once: each division shrinks the chamber it keeps
    /// working on by at least one row or column and stacks at most one other, so at most
    /// `width + height` chambers wait at any time.
    stack: Vec<Chamber>,
    top: usize,
    /// The chamber divided by the last step.
    current: Option<Chamber>,
    /// The gap left in the last wall.
    gap: Option<Pos>,
    done: bool,
}

impl RecursiveDivision {
    /// A machine for `maze` (an open field) seeded with `seed`.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        let whole = Chamber {
            row: 0,
            col: 0,
            width: maze.width(),
            height: maze.height(),
        };
        let mut me = Self {
            words: Words::new(seed),
            pos: 0,
            stack: vec![whole; maze.width() as usize + maze.height() as usize + 1],
            top: 0,
            current: None,
            gap: None,
            done: false,
        };
        me.push(whole, whole.width >= 2 && whole.height >= 2);
        me
    }

    /// Put `chamber` on the stack if `keep` (it is at least 2×2 cells; a chamber one cell
    /// thin is finished: an open corridor is already perfect).
    #[inline]
    fn push(&mut self, chamber: Chamber, keep: bool) {
        self.stack[self.top] = chamber;
        self.top += usize::from(keep);
    }

    /// Build one wall across `chamber` (at least 2×2 cells) with one gap, and push the two
    /// halves, the north / west one on top.
    ///
    /// Random draws, in order, as `rand`'s `random::<bool>()` and `random_range` draw them:
    /// the orientation (square chambers only), the wall's offset across the chamber, the
    /// gap's offset along the wall. The orientation's word is looked at for every chamber
    /// and taken only for a square one ([`Words`]), so no branch depends on the shape. Both
    /// orientations are the same arithmetic with rows and columns swapped by selects.
    /// Measured against a plain `if` on the orientation and plain `rand` draws (same
    /// mazes): `maze-tui generate -a recursive-division --width 1000 --height 1000` takes
    /// 9.2 ms instead of 13.9 ms, the step loop 5.8 ms instead of 12.1 ms
    /// (`examples/gen_time`), which keeps it above twice knossos' speed.
    #[inline(always)]
    fn divide(&mut self, maze: &mut Maze, chamber: Chamber) -> GenEvent {
        let Chamber {
            row,
            col,
            width,
            height,
        } = chamber;
        // At most: one word for the orientation, two for each offset.
        self.pos = self.words.ensure(self.pos, 5);
        let square = height == width;
        let heads = self.words.coin(&mut self.pos, square);
        let horizontal = select_unpredictable(square, heads, height > width);
        // Both orientations are one computation in the wall's frame: coordinates along the
        // wall (columns if it is horizontal) and across it, swapped into and out of
        // (row, col) by selects (branches on the random orientation were mispredicted).
        let (along_from, across_from) = ordered(horizontal, col, row);
        let (along, across) = ordered(horizontal, width, height);
        let offset = self.words.below(&mut self.pos, across - 1, true);
        let gap_offset = self.words.below(&mut self.pos, along, true);
        // Horizontal: along the south side of row `row + offset`, from column `col`;
        // vertical: along the east side of column `col + offset`, from row `row`.
        let at = across_from + offset;
        let start = along_from;
        let gap = start + gap_offset;
        let (wall_row, wall_col) = ordered(horizontal, at, start);
        let (gap_row, gap_col) = ordered(horizontal, at, gap);
        maze.build_wall(Pos::new(wall_row, wall_col), horizontal, along, gap_offset);
        // North / west half: `offset + 1` rows / columns across the wall; the south / east
        // half the rest, from the row / column after the wall. Both keep the wall's length.
        let near = offset + 1;
        let (far_row, far_col) = ordered(horizontal, at + 1, start);
        let (far_height, far_width) = ordered(horizontal, across - near, along);
        let (near_height, near_width) = ordered(horizontal, near, along);
        self.push(
            Chamber {
                row: far_row,
                col: far_col,
                width: far_width,
                height: far_height,
            },
            across - near >= 2,
        );
        self.push(
            Chamber {
                row,
                col,
                width: near_width,
                height: near_height,
            },
            near >= 2,
        );
        let gap_cell = Pos::new(gap_row, gap_col);
        self.gap = Some(gap_cell);
        GenEvent::Divide {
            horizontal,
            at,
            start,
            end: start + along - 1,
            gap,
        }
    }
}

/// `(x, y)` if `keep`, else `(y, x)`: a swap chosen by selects, not a branch.
#[inline(always)]
fn ordered(keep: bool, x: u32, y: u32) -> (u32, u32) {
    (
        select_unpredictable(keep, x, y),
        select_unpredictable(keep, y, x),
    )
}

impl Teach for RecursiveDivision {
    type Event = GenEvent;

    fn explain(&self, event: &GenEvent) -> String {
        describe(event)
    }

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// Every step builds one wall.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Divide { .. } => &[2, 3, 4, 5, 6, 7, 8, 9],
            _ => &[2],
        }
    }

    /// The whole grid is opened and becomes the first chamber when the machine is built.
    fn setup_lines(&self) -> &'static [usize] {
        &[0, 1]
    }

    /// The chamber just divided is [`Mark::Frontier`], the gap cell of its new wall
    /// [`Mark::Current`]; every other cell is in the maze ([`Mark::Visited`]) from the start,
    /// since the field begins open.
    fn mark(&self, cell: Pos) -> Mark {
        if Some(cell) == self.gap {
            Mark::Current
        } else if self.current.is_some_and(|c| c.contains(cell)) {
            Mark::Frontier
        } else {
            Mark::Visited
        }
    }

    /// The structure's name and size (its entries are not listed).
    fn structure(&self, _max: usize) -> Structure {
        Structure::new(
            "chambers",
            "last in, first divided",
            self.structure_len(),
            Vec::new(),
        )
    }

    /// Chambers waiting on the stack.
    fn structure_len(&self) -> usize {
        self.top
    }

    /// The cell beside the gap of the last wall built.
    fn current(&self) -> Option<Pos> {
        self.gap
    }
}

impl Generator for RecursiveDivision {
    #[inline(always)]
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if self.done {
            return None;
        }
        if self.top > 0 {
            self.top -= 1;
            let chamber = self.stack[self.top];
            self.current = Some(chamber);
            return Some(self.divide(maze, chamber));
        }
        self.done = true;
        self.current = None;
        self.gap = None;
        Some(GenEvent::Done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::GeneratorKind;
    use crate::maze::Dir;

    fn run(width: u32, height: u32, seed: u64) -> (Maze, Vec<GenEvent>) {
        let mut maze = GeneratorKind::RecursiveDivision
            .initial_maze(width, height)
            .expect("valid size");
        let mut generator = RecursiveDivision::new(&maze, seed, &GenOptions::default());
        let mut events = Vec::new();
        while let Some(event) = generator.step(&mut maze) {
            events.push(event);
        }
        (maze, events)
    }

    #[test]
    fn perfect_for_small_and_odd_sizes_with_divide_steps_only() {
        for (w, h) in [(1, 1), (1, 7), (7, 1), (2, 2), (10, 6), (31, 17)] {
            for seed in 0..4 {
                let (maze, events) = run(w, h, seed);
                assert!(maze.is_perfect(), "{w}x{h} seed {seed}");
                let (last, divides) = events.split_last().expect("at least Done");
                assert_eq!(*last, GenEvent::Done);
                assert!(divides.iter().all(|e| matches!(e, GenEvent::Divide { .. })));
                // Every divide splits one chamber into two: fewer divides than cells.
                assert!(divides.len() < (w * h) as usize);
                if w >= 2 && h >= 2 {
                    assert!(!divides.is_empty());
                } else {
                    assert!(divides.is_empty(), "a corridor is already perfect");
                }
            }
        }
    }

    #[test]
    fn divide_events_describe_the_wall_built() {
        let mut maze = GeneratorKind::RecursiveDivision
            .initial_maze(12, 8)
            .expect("valid size");
        let mut generator = RecursiveDivision::new(&maze, 6, &GenOptions::default());
        let mut first = true;
        while let Some(event) = generator.step(&mut maze) {
            let GenEvent::Divide {
                horizontal,
                at,
                start,
                end,
                gap,
            } = event
            else {
                break;
            };
            if first {
                // 12 wide, 8 tall: the first wall is vertical, across all 8 rows.
                assert!(!horizontal);
                assert_eq!((start, end), (0, 7));
                first = false;
            }
            assert!((start..=end).contains(&gap));
            for i in start..=end {
                let (cell, dir) = if horizontal {
                    (Pos::new(at, i), Dir::South)
                } else {
                    (Pos::new(i, at), Dir::East)
                };
                assert_eq!(maze.has_passage(cell, dir), i == gap, "{event:?} at {i}");
            }
        }
        assert!(maze.is_perfect());
    }

    #[test]
    fn same_seed_same_maze_and_different_seeds_differ() {
        assert_eq!(run(14, 10, 4), run(14, 10, 4));
        assert_ne!(run(14, 10, 4).0, run(14, 10, 5).0);
    }

    #[test]
    fn fused_after_done() {
        let mut maze = GeneratorKind::RecursiveDivision
            .initial_maze(5, 5)
            .expect("valid size");
        let mut generator = RecursiveDivision::new(&maze, 2, &GenOptions::default());
        while generator.step(&mut maze).is_some() {}
        for _ in 0..3 {
            assert_eq!(generator.step(&mut maze), None);
        }
        assert_eq!(generator.current(), None);
    }

    #[test]
    fn mark_shows_the_chamber_and_gap_mid_run() {
        let mut maze = GeneratorKind::RecursiveDivision
            .initial_maze(9, 6)
            .expect("valid size");
        let mut generator = RecursiveDivision::new(&maze, 1, &GenOptions::default());
        let event = generator.step(&mut maze).expect("running");
        let GenEvent::Divide { at, gap, .. } = event else {
            panic!("expected a divide, got {event:?}");
        };
        // 9 wide, 6 tall: vertical, so the gap cell is (gap, at) and the chamber is all.
        assert_eq!(generator.current(), Some(Pos::new(gap, at)));
        assert_eq!(generator.mark(Pos::new(gap, at)), Mark::Current);
        let frontier = (0..54)
            .filter(|&i| generator.mark(maze.pos(i)) == Mark::Frontier)
            .count();
        assert_eq!(frontier, 53);
        // The halves left waiting, those at least 2 cells wide (both are 6 tall).
        let (west, east) = (at + 1, 9 - (at + 1));
        assert_eq!(
            generator.structure_len(),
            usize::from(west >= 2) + usize::from(east >= 2)
        );
        generator.step(&mut maze).expect("running");
        let frontier = (0..54)
            .filter(|&i| generator.mark(maze.pos(i)) == Mark::Frontier)
            .count();
        assert!(frontier < 53, "the second chamber is smaller");
    }

    #[test]
    fn long_thin_and_large_fields_stay_within_the_sized_stack() {
        // The stack is sized width + height + 1 once; these shapes push it hardest.
        for (w, h) in [(2, 700), (700, 2), (3, 400), (1, 50), (50, 1), (300, 300)] {
            for seed in 0..3 {
                let (maze, events) = run(w, h, seed);
                assert!(maze.is_perfect(), "{w}x{h} seed {seed}");
                assert_eq!(events.last(), Some(&GenEvent::Done));
            }
        }
    }
}
