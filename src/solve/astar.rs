//! A*: a priority queue on `f = g + h`, with a closed set and parent links (seed 003).
//!
//! As in seed 003: `g` is the cost from the start (10 per orthogonal move, 14 per diagonal
//! one), `h` the [`Heuristic`] estimate to the goal (the seed uses Manhattan × 10), and the
//! open tile of least `f` is expanded next. A popped tile already in the closed set is a
//! stale entry and is skipped; a neighbour is (re)pushed only when its new `g` beats its best
//! known one (the seed's distance check, on `g` since `h` is fixed per tile); closed tiles
//! are never reopened. When the goal is popped, the next step follows the parent links back
//! (the seed's `record` array) to trace the path.
//!
//! Ties on `f` go to the entry of larger `g` (the one nearer the goal), which on grids with
//! many equal-`f` tiles expands far fewer of them (Amit Patel, *Amit's A\* Pages*,
//! "Breaking ties"). With an admissible heuristic ([`Heuristic::is_admissible`]) the path is
//! of least cost; with Manhattan and diagonal moves (the seed's combination) `h` can
//! overestimate, and the path, still valid, may be longer.
//!
//! Memory: one state byte (with the parent move in 3 of its bits) and one `g` per tile, plus the heap. One step is one
//! heap pop: O(log heap) plus up to 4 (8) pushes.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::tiles::{DIR_MASK, DIR_SHIFT, Layout, Phase, WALL, found, search_mark};
use crate::solve::{Heuristic, SolveEvent, SolveOptions, Solver};

/// In the open set (has an entry in the heap).
const OPEN: u8 = 1;
/// In the closed set: expanded.
const CLOSED: u8 = 2;
/// On the found path.
const PATH: u8 = 4;

/// A heap entry: `f << 64 | (u32::MAX − g) << 32 | padded tile`, least first — so least
/// `f`, then largest `g`, then lowest index (reproducible runs). One `u128` so that every
/// heap comparison is a single branch-free integer compare.
type Entry = Reverse<u128>;

/// The entry of `tile` with cost `f` and `g`.
#[inline]
fn entry(f: u32, g: u32, tile: u32) -> Entry {
    Reverse((u128::from(f) << 64) | (u128::from(u32::MAX - g) << 32) | u128::from(tile))
}

/// A* as a step machine: one heap pop (and its pushes) per step.
#[derive(Clone, Debug)]
pub struct AStar {
    layout: Layout,
    diagonal: bool,
    heuristic: Heuristic,
    state: Vec<u8>,
    /// Best known `g` per tile; meaningful only where the state has `OPEN` (a tile not
    /// yet reached is never read), so it starts zeroed (no fill pass, pages touched lazily).
    dist: Vec<u32>,
    heap: BinaryHeap<Entry>,
    start: usize,
    goal: usize,
    goal_pos: Pos,
    current: Option<usize>,
    visited: usize,
    phase: Phase,
    path: Option<Vec<Pos>>,
}

impl AStar {
    /// A machine for `grid`, from its start to its goal, with `options.heuristic` and
    /// `options.diagonal`. O(tiles) to set up.
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let layout = Layout::new(grid);
        let mut state = layout.walls(grid);
        let mut dist = vec![0; layout.len()];
        let start = layout.at(grid.start());
        let goal = layout.at(grid.goal());
        let mut heap = BinaryHeap::new();
        if state[start] & WALL == 0 && state[goal] & WALL == 0 {
            state[start] |= OPEN;
            dist[start] = 0;
            let h = options.heuristic.estimate(grid.start(), grid.goal());
            #[allow(clippy::cast_possible_truncation)] // padded indices fit in u32
            heap.push(entry(h, 0, start as u32));
        }
        Self {
            layout,
            diagonal: options.diagonal,
            heuristic: options.heuristic,
            state,
            dist,
            heap,
            start,
            goal,
            goal_pos: grid.goal(),
            current: None,
            visited: 0,
            phase: Phase::Search,
            path: None,
        }
    }

    #[inline(always)]
    fn expand(&mut self) -> SolveEvent {
        let Some(Reverse(e)) = self.heap.pop() else {
            self.phase = Phase::Done;
            self.current = None;
            return SolveEvent::NoPath;
        };
        #[allow(clippy::cast_possible_truncation)] // both halves are u32
        let (f, g, tile) = ((e >> 64) as u32, u32::MAX - (e >> 32) as u32, e as u32);
        let i = tile as usize;
        let here = self.layout.pos(i);
        if self.state[i] & CLOSED != 0 {
            return SolveEvent::Skip {
                tile: here,
                priority: f,
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
                if self.state[n] & OPEN == 0 || ng < self.dist[n] {
                    self.dist[n] = ng;
                    self.state[n] = (self.state[n] & !DIR_MASK) | OPEN | (k << DIR_SHIFT);
                    // An open neighbour is inside the grid, so these never wrap.
                    let next = Pos::new(
                        here.row.wrapping_add_signed(m.dr),
                        here.col.wrapping_add_signed(m.dc),
                    );
                    let nf = ng + self.heuristic.estimate(next, self.goal_pos);
                    #[allow(clippy::cast_possible_truncation)]
                    self.heap.push(entry(nf, ng, n as u32));
                    pushed += 1;
                }
            }
        }
        SolveEvent::Pop {
            tile: here,
            g,
            h: f - g,
            pushed,
        }
    }
}

impl Solver for AStar {
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
    fn frontier_len(&self) -> usize {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::run_to_end;

    fn opts(heuristic: Heuristic, diagonal: bool) -> SolveOptions {
        SolveOptions {
            heuristic,
            diagonal,
            seed: 0,
        }
    }

    #[test]
    fn ties_toward_larger_g_walk_straight_to_the_goal() {
        // Open 3×4 floor, Manhattan, 4-way: every tile of the rectangle has f = 50. Larger g
        // first (then lower index) expands only the 6 tiles of one shortest path.
        let g = Grid::parse("S   \n    \n   E\n").expect("valid");
        let mut s = AStar::new(&g, &opts(Heuristic::Manhattan, false));
        assert_eq!(
            s.step(&g),
            Some(SolveEvent::Pop {
                tile: Pos::new(0, 0),
                g: 0,
                h: 50,
                pushed: 2
            })
        );
        assert_eq!(
            s.step(&g),
            Some(SolveEvent::Pop {
                tile: Pos::new(0, 1),
                g: 10,
                h: 40,
                pushed: 2
            })
        );
        assert_eq!(s.mark(Pos::new(1, 0)), Mark::Frontier);
        assert_eq!(s.mark(Pos::new(0, 0)), Mark::Closed);
        assert_eq!(s.current(), Some(Pos::new(0, 1)));
        let sol = run_to_end(&mut s, &g);
        assert_eq!(
            sol.path.as_deref(),
            Some(
                &[
                    Pos::new(0, 0),
                    Pos::new(0, 1),
                    Pos::new(0, 2),
                    Pos::new(0, 3),
                    Pos::new(1, 3),
                    Pos::new(2, 3)
                ][..]
            )
        );
        assert_eq!((sol.length, sol.cost, sol.visited), (5, 50, 6));
        assert_eq!(s.step(&g), None);
    }

    #[test]
    fn manhattan_with_diagonals_overestimates_and_returns_a_longer_path() {
        // Seed 003's combination: from S (bottom right) Manhattan pulls A* up the right
        // column first, closing (1,3) and (0,2) with too large a g; octile is admissible and
        // finds 10 + 14 + 14 = 38.
        let g = Grid::parse("E   \n  # \n   S\n").expect("valid");
        let man = run_to_end(&mut AStar::new(&g, &opts(Heuristic::Manhattan, true)), &g);
        assert_eq!(
            man.path.as_deref(),
            Some(
                &[
                    Pos::new(2, 3),
                    Pos::new(1, 3),
                    Pos::new(0, 2),
                    Pos::new(0, 1),
                    Pos::new(0, 0)
                ][..]
            )
        );
        assert_eq!(man.cost, 44);
        let oct = run_to_end(&mut AStar::new(&g, &opts(Heuristic::Octile, true)), &g);
        assert_eq!(
            oct.path.as_deref(),
            Some(
                &[
                    Pos::new(2, 3),
                    Pos::new(2, 2),
                    Pos::new(1, 1),
                    Pos::new(0, 0)
                ][..]
            )
        );
        assert_eq!(oct.cost, 38);
        assert!(!Heuristic::Manhattan.is_admissible(true));
    }

    #[test]
    fn every_admissible_heuristic_finds_the_least_cost() {
        let g = Grid::parse("S #    \n  # ## \n  #  # \n     #E\n").expect("valid");
        for diagonal in [false, true] {
            let best = run_to_end(
                &mut crate::solve::dijkstra::Dijkstra::new(&g, &opts(Heuristic::Zero, diagonal)),
                &g,
            );
            for h in Heuristic::ALL {
                if h.is_admissible(diagonal) {
                    let sol = run_to_end(&mut AStar::new(&g, &opts(h, diagonal)), &g);
                    assert_eq!(sol.cost, best.cost, "{h:?} diagonal={diagonal}");
                }
            }
        }
    }

    #[test]
    fn unreachable_goal_gives_no_path() {
        let g = Grid::parse("S#\n#E\n").expect("valid");
        let mut s = AStar::new(&g, &opts(Heuristic::Manhattan, false));
        assert!(matches!(
            s.step(&g),
            Some(SolveEvent::Pop { pushed: 0, .. })
        ));
        assert_eq!(s.step(&g), Some(SolveEvent::NoPath));
        assert_eq!(s.step(&g), None);
    }
}
