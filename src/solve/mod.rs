//! Path finders as resumable step machines, one file per algorithm, and their registry.
//!
//! Each solver owns its state (queue, stack, open set, distances, parents) and reads a
//! [`Grid`] of **tiles** passed to every [`Solver::step`] call. One step is one observable
//! operation (one queue or priority-queue pop and the pushes it makes, one move of a walker,
//! one tile filled) and returns a [`SolveEvent`]. The last step traces the path back from
//! the goal along the parent links, one tile per step, and returns
//! [`SolveEvent::Found`] (or [`SolveEvent::NoPath`]); every call after that returns `None`.
//!
//! Costs: an orthogonal move costs [`STRAIGHT`] (10), a diagonal one [`DIAGONAL`] (14,
//! about 10·√2, as on Amit Patel's grid pages), times the terrain cost of the tile
//! entered. Lengths count moves.

use get_size2::GetSize;

use crate::maze::{Grid, Pos};
use crate::run::Milestone;
use crate::teach::{Event, Record, Teach};

pub mod astar;
pub mod bfs;
pub mod bidirectional_astar;
pub mod bidirectional_bfs;
pub mod bidirectional_dijkstra;
pub mod compare;
pub mod d_star_lite;
pub mod dead_end_filling;
pub mod dfs;
pub mod dijkstra;
pub mod greedy_best_first;
pub mod ida_star;
pub mod jump_point_search;
mod jump_rules;
pub mod lpa_star;
pub mod neighbours;
pub mod nodes;
mod options;
pub mod queue;
pub mod replan;
mod search;
pub mod store;
pub mod tiles;
pub mod trace;
pub mod tree;
pub mod tremaux;
mod two_way;
pub mod wall_follower;

pub use neighbours::{Corners, Moves};
pub use options::{Heuristic, Reopen, SolveOptions, TieBreak};
pub use search::Search;
pub use store::{Flat, Paged, Store};

/// Base cost of one orthogonal move (times the terrain cost of the tile entered).
pub const STRAIGHT: u32 = 10;
/// Base cost of one diagonal move (≈ 10·√2; times the terrain cost).
pub const DIAGONAL: u32 = 14;

/// One neighbour put into a frontier by an expansion, with what the search knew of it then.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Push {
    /// The tile pushed.
    pub tile: Pos,
    /// Its cost from the start along the new route.
    pub g: u32,
    /// Its heuristic estimate to the goal (0 where the search has none).
    pub h: u32,
}

/// The neighbours one expansion pushed: at most 8, in the order they were pushed. A fixed
/// array, so an event stays `Copy` and costs no allocation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pushes {
    len: u8,
    list: [Push; 8],
}

impl Pushes {
    /// Record one more push (a ninth is ignored: no tile has more than 8 neighbours).
    pub fn push(&mut self, push: Push) {
        if let Some(slot) = self.list.get_mut(usize::from(self.len)) {
            *slot = push;
            self.len += 1;
        }
    }

    /// The pushes, in order.
    #[must_use]
    pub fn as_slice(&self) -> &[Push] {
        &self.list[..usize::from(self.len)]
    }

    /// How many.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether none.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Why a solver stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GiveUp {
    /// A wall follower came back to where it started following the wall, facing the same
    /// way: the goal is not on the wall it follows (the start is on a loop, or the goal is
    /// on an island). It proved nothing about whether a path exists.
    BackAtStart,
    /// The solver did the work it allows itself without finding the goal (IDA*, whose
    /// rounds re-walk the maze once per bound).
    Budget {
        /// Tiles it entered, over all its rounds.
        expansions: u64,
    },
    /// The grid has terrain costs above 1, and the solver assumes every move of a kind
    /// costs the same (jump point search).
    UniformCostOnly,
}

impl GiveUp {
    /// Why, in a few words, for a table row: `refused: terrain`, `gave up: budget`.
    #[must_use]
    pub const fn short(self) -> &'static str {
        match self {
            GiveUp::BackAtStart => "gave up: back at its start",
            GiveUp::Budget { .. } => "gave up: out of budget",
            GiveUp::UniformCostOnly => "refused: terrain",
        }
    }

    /// Why, in words, for a message.
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            GiveUp::BackAtStart => "it came back to its start facing the same way, so S is on a loop or E on an island it cannot reach by keeping a hand on the wall; this proves nothing about whether a path exists (try bfs)".to_owned(),
            GiveUp::Budget { expansions } => format!("gave up after {expansions} expansions: each round re-walks the maze, and on a maze this large the rounds are too many (try astar, which finds the same path)"),
            GiveUp::UniformCostOnly => "jump point search assumes uniform cost, and this maze has terrain costs above 1 (try astar or dijkstra)".to_owned(),
        }
    }
}

/// One observable operation of a solver. Positions are **tiles**; `g` and `h` are in cost
/// units (10 per orthogonal move times the terrain cost of the tile entered).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveEvent {
    /// A tile was taken from the frontier (queue, stack or open set) and expanded: `pushed`
    /// lists the neighbours it put into the frontier.
    Expand {
        /// The tile expanded.
        tile: Pos,
        /// Cost from the start.
        g: u32,
        /// Heuristic estimate to the goal (0 where the solver has none).
        h: u32,
        /// Neighbours pushed by this expansion.
        pushed: Pushes,
    },
    /// A stale priority-queue entry was popped and dropped (its tile was already closed).
    Skip {
        /// The tile of the stale entry.
        tile: Pos,
        /// The stale entry's priority.
        priority: u32,
    },
    /// A walker (wall follower, Trémaux) moved to `tile`.
    Move {
        /// Where it is now.
        tile: Pos,
    },
    /// A dead end: the walker or stack turned back from `tile`.
    Backtrack {
        /// The tile left behind.
        tile: Pos,
    },
    /// Dead-end filling filled `tile` (a dead end that is neither start nor goal).
    Fill {
        /// The tile filled.
        tile: Pos,
    },
    /// IDA*: the tile on top of its stack is the goal, so the route on the stack is the
    /// path.
    Goal {
        /// The goal.
        tile: Pos,
    },
    /// The two searches of a bidirectional search met at `tile`.
    Meet {
        /// The meeting tile.
        tile: Pos,
    },
    /// One tile of the path, traced back from the goal along the came-from links (one
    /// tile per step, goal first).
    Trace {
        /// The tile added to the path.
        tile: Pos,
    },
    /// The path is complete: `length` moves, `cost` in cost units.
    Found {
        /// Moves from start to goal.
        length: u32,
        /// Total cost.
        cost: u32,
    },
    /// The frontier ran out before the goal was reached: no path exists.
    NoPath,
    /// IDA* began a round: a depth-first search bounded by `f ≤ bound`.
    Round {
        /// The round's bound on `f`.
        bound: u32,
    },
    /// IDA* did not enter `tile`: its `f` is over the round's bound.
    Prune {
        /// The tile not entered.
        tile: Pos,
        /// Its `f`.
        f: u32,
    },
    /// The solver stopped without an answer; it proved nothing.
    GaveUp {
        /// Why.
        reason: GiveUp,
    },
    /// LPA*, D* Lite: an overconsistent tile (`g > rhs`) was popped from `U` with the
    /// least key, and `g ← rhs`.
    Settle {
        /// The tile.
        tile: Pos,
        /// Its key `[k1, k2]` when popped.
        key: [u32; 2],
        /// Its new `g`.
        g: u32,
    },
    /// LPA*, D* Lite: an underconsistent tile (`g < rhs`) was popped from `U`, and
    /// `g ← ∞`.
    Raise {
        /// The tile.
        tile: Pos,
        /// Its key `[k1, k2]` when popped.
        key: [u32; 2],
        /// The `g` it had.
        g: u32,
    },
    /// D* Lite: the top of `U` had a key computed before the start moved; it was put back
    /// with its new key.
    Rekey {
        /// The tile.
        tile: Pos,
        /// The key it had.
        old: [u32; 2],
        /// The key it has now.
        new: [u32; 2],
    },
}

impl SolveEvent {
    /// Whether this event ends the run (found, no path, gave up).
    #[must_use]
    pub const fn is_final(&self) -> bool {
        matches!(
            self,
            SolveEvent::Found { .. } | SolveEvent::NoPath | SolveEvent::GaveUp { .. }
        )
    }
}

/// A path finder as a resumable state machine; what it teaches is its [`Teach`] side.
///
/// Contract: `step` performs one observable operation on its own state, reading `grid`
/// (always the grid it was created for), and returns its event; after a final event
/// ([`SolveEvent::is_final`]) it returns `None` forever (fused). `Clone` copies the whole
/// state, so a run can keep checkpoints of it and rewind.
///
/// A new solver: a file with its `PSEUDOCODE`, a struct with
/// `new(grid: &Grid, options: &SolveOptions) -> Self`, `impl Teach` and `impl Solver`, and
/// one line in the registry below. A search that keeps a [`Record`] (a search tree) gets
/// `mark`, `current`, `inspect`, `came_from`, `visited` and `path` from it.
pub trait Solver: Teach<Event = SolveEvent> + Clone + std::fmt::Debug + GetSize {
    /// Do one operation and say what it was; `None` once done.
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent>;

    /// The tile `tile` was reached from (its came-from link), if the search keeps one.
    fn came_from(&self, tile: Pos) -> Option<Pos> {
        self.record()?.came_from(tile)
    }

    /// Tiles visited (expanded, closed, walked or filled) so far.
    fn visited(&self) -> usize {
        self.record().map_or(0, Record::visited)
    }

    /// The path from start to goal (tiles, start first, goal last) once found.
    fn path(&self) -> Option<&[Pos]> {
        self.record()?.path()
    }

    /// The grid is now `grid`: the terrain of the `changed` tiles changed (walls included),
    /// and the start or goal may have moved. An incremental search ([`replan::Replan`])
    /// updates the tiles affected and goes on from there, returning how it took the edit;
    /// any other solver returns `None` and must be built again.
    fn replan(&mut self, grid: &Grid, changed: &[Pos]) -> Option<replan::Repair> {
        let _ = (grid, changed);
        None
    }

    /// Step to the end on `grid`, collecting the [`Solution`]. The registry hands this to
    /// the machine held, so a headless run loops without dispatch.
    fn run(&mut self, grid: &Grid) -> Solution {
        let mut steps = 0;
        let mut frontier_peak = self.structure_len();
        let mut outcome = Outcome::NoPath;
        // The report of the path found carries its moves and cost (the trace measured
        // them, `trace::Progress`): not measured again.
        let (mut length, mut cost) = (0, 0);
        while let Some(event) = self.step(grid) {
            steps += 1;
            frontier_peak = frontier_peak.max(self.structure_len());
            match event {
                SolveEvent::Found {
                    length: moves,
                    cost: paid,
                } => (outcome, length, cost) = (Outcome::Found, moves, paid),
                SolveEvent::NoPath => outcome = Outcome::NoPath,
                SolveEvent::GaveUp { reason } => outcome = Outcome::GaveUp(reason),
                _ => {}
            }
        }
        let path = self.path().map(<[Pos]>::to_vec);
        Solution {
            outcome,
            path,
            length,
            cost,
            visited: self.visited(),
            steps,
            frontier_peak,
        }
    }
}

impl Event for SolveEvent {
    fn milestone(&self) -> Option<Milestone> {
        match self {
            SolveEvent::Backtrack { .. } => Some(Milestone::DeadEnd),
            // The trace comes after the goal is reached; the step that reached it is the
            // solver's (`Search::milestone` knows the goal).
            SolveEvent::Meet { .. } | SolveEvent::Goal { .. } => Some(Milestone::GoalReached),
            SolveEvent::Found { .. } => Some(Milestone::PathTraced),
            SolveEvent::NoPath => Some(Milestone::NoPath),
            SolveEvent::GaveUp { .. } => Some(Milestone::GaveUp),
            _ => None,
        }
    }
}

/// How a solver run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A path was found.
    Found,
    /// The search proved there is no path.
    NoPath,
    /// The solver stopped without an answer.
    GaveUp(GiveUp),
}

/// What a solver run found: the result of [`SolverKind::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// How it ended.
    pub outcome: Outcome,
    /// Tiles from start to goal inclusive, if found.
    pub path: Option<Vec<Pos>>,
    /// Moves on the path (path tiles − 1).
    pub length: u32,
    /// Path cost: the sum over its moves of base cost × terrain cost of the tile entered.
    pub cost: u32,
    /// Tiles visited.
    pub visited: usize,
    /// Steps taken, including the last.
    pub steps: u64,
    /// Largest frontier seen (queue / stack / open set peak).
    pub frontier_peak: usize,
}

/// The cost of a path of tiles on `grid`: for each move, [`STRAIGHT`] (orthogonal) or
/// [`DIAGONAL`] times the terrain cost of the tile entered. O(path).
#[must_use]
pub fn path_cost(grid: &Grid, path: &[Pos]) -> u32 {
    path.windows(2)
        .map(|w| move_cost(w[0], w[1]) * grid.cost(w[1]).unwrap_or(1))
        .sum()
}

/// [`path_cost`] on ground without terrain (every open tile costs 1): the moves' base
/// costs alone, with no tile read. O(path).
#[must_use]
pub fn flat_path_cost(path: &[Pos]) -> u32 {
    path.windows(2).map(|w| move_cost(w[0], w[1])).sum()
}

/// The base cost of the move from `a` to its neighbour `b`: [`DIAGONAL`] or [`STRAIGHT`].
const fn move_cost(a: Pos, b: Pos) -> u32 {
    if a.row != b.row && a.col != b.col {
        DIAGONAL
    } else {
        STRAIGHT
    }
}

/// Run a solver to its end on `grid`, collecting the [`Solution`].
pub fn run_to_end<S: Solver>(solver: &mut S, grid: &Grid) -> Solution {
    solver.run(grid)
}

crate::registry::registry! {
    /// Every solver, by stable kebab-case name.
    kind SolverKind, what "solver";
    /// Any solver's step machine: the registry's closed set of algorithms as one
    /// `Clone` type, so a run can hold (and checkpoint) whichever the user picked.
    any AnySolver<K: Store = Paged>;
    event SolveEvent;
    Solver {
        ref {
            fn came_from(&self, tile: Pos) -> Option<Pos>;
            fn visited(&self) -> usize;
            fn path(&self) -> Option<&[Pos]>;
        }
        mut {
            fn step(&mut self, grid: &Grid) -> Option<SolveEvent>;
            fn replan(&mut self, grid: &Grid, changed: &[Pos]) -> Option<replan::Repair>;
            fn run(&mut self, grid: &Grid) -> Solution;
        }
    }
    new (self, grid: &Grid, options: &SolveOptions) (grid, options);
    Bfs => bfs::Bfs, "bfs", "BFS",
        "breadth-first search with a FIFO queue; shortest path in moves";
    Dfs => dfs::Dfs, "dfs", "DFS",
        "depth-first search with a stack; finds a path, rarely the shortest";
    Dijkstra => dijkstra::Dijkstra, "dijkstra", "Dijkstra",
        "priority queue on cost g from the start; optimal path";
    Astar => astar::AStar, "astar", "A*",
        "priority queue on f = g + h; optimal with an admissible heuristic";
    GreedyBestFirst => greedy_best_first::GreedyBestFirst, "greedy-best-first", "Greedy best-first",
        "priority queue on h alone; fast, not optimal";
    BidirectionalBfs => bidirectional_bfs::BidirectionalBfs, "bidirectional-bfs", "Bidirectional BFS",
        "two breadth-first searches, from start and goal, until they meet";
    BidirectionalDijkstra => bidirectional_dijkstra::BidirectionalDijkstra, "bidirectional-dijkstra", "Bidirectional Dijkstra",
        "Dijkstra from both ends, stopping when no cheaper meeting can remain; optimal";
    BidirectionalAstar => bidirectional_astar::BidirectionalAStar, "bidirectional-astar", "Bidirectional A*",
        "A* from both ends with an average potential; optimal with a consistent heuristic";
    IdaStar => ida_star::IdaStar, "ida-star", "IDA*",
        "depth-first rounds bounded by f, the bound raised each round; tiny memory, gives up after a budget of expansions";
    JumpPointSearch => jump_point_search::JumpPointSearch, "jump-point-search", "Jump point search",
        "A* over jump points: prunes symmetric paths and jumps along lines; optimal, uniform cost only";
    WallFollower => wall_follower::WallFollower, "wall-follower", "Wall follower",
        "walks keeping its right hand on the wall; gives up on a loop";
    DeadEndFilling => dead_end_filling::DeadEndFilling, "dead-end-filling", "Dead-end filling",
        "fills dead ends until only the solution corridors remain";
    Tremaux => tremaux::Tremaux, "tremaux", "Trémaux",
        "marks passages walked; never takes a twice-marked one";
    LpaStar => lpa_star::LpaStar, "lpa-star", "LPA*",
        "A* that keeps g and rhs per tile and repairs only what an edit changed; optimal";
    DStarLite => d_star_lite::DStarLite, "d-star-lite", "D* Lite",
        "LPA* backwards from the goal, for a start that moves; repairs after edits; optimal";
}

impl SolverKind {
    /// Solve `grid` from start to goal: the same step machine as [`SolverKind::build`], run
    /// to the end without dynamic dispatch.
    #[must_use]
    pub fn solve(self, grid: &Grid, options: &SolveOptions) -> Solution {
        self.build_in::<Flat>(grid, options).run(grid)
    }

    /// Whether it estimates the distance to the goal with the heuristic setting (jump
    /// point search picks its own, the consistent one for the moves; the others estimate
    /// nothing).
    #[must_use]
    pub const fn uses_heuristic(self) -> bool {
        match self {
            SolverKind::Astar
            | SolverKind::GreedyBestFirst
            | SolverKind::BidirectionalAstar
            | SolverKind::IdaStar
            | SolverKind::LpaStar
            | SolverKind::DStarLite => true,
            SolverKind::Bfs
            | SolverKind::Dfs
            | SolverKind::Dijkstra
            | SolverKind::BidirectionalBfs
            | SolverKind::BidirectionalDijkstra
            | SolverKind::JumpPointSearch
            | SolverKind::WallFollower
            | SolverKind::DeadEndFilling
            | SolverKind::Tremaux => false,
        }
    }

    /// Whether it moves between tiles by the moves setting (4- or 8-way); the wall
    /// follower, dead-end filling and Trémaux walk the maze's corridors their own way.
    #[must_use]
    pub const fn uses_moves(self) -> bool {
        !matches!(
            self,
            SolverKind::WallFollower | SolverKind::DeadEndFilling | SolverKind::Tremaux
        )
    }

    /// Whether its path is always of least cost on `grid` with `options`: Dijkstra; A*
    /// with an admissible heuristic and no extra heuristic weight; BFS and bidirectional
    /// BFS when every move costs the same (4-way moves on a grid without terrain); jump
    /// point search on a grid without terrain (it refuses terrain).
    #[must_use]
    pub fn is_optimal(self, options: &SolveOptions, weighted: bool) -> bool {
        match self {
            SolverKind::Bfs | SolverKind::BidirectionalBfs => !options.diagonal() && !weighted,
            SolverKind::Dijkstra | SolverKind::BidirectionalDijkstra => true,
            SolverKind::LpaStar | SolverKind::DStarLite => {
                options.heuristic.is_admissible(options.diagonal())
            }
            SolverKind::JumpPointSearch => !weighted,
            SolverKind::BidirectionalAstar | SolverKind::IdaStar => {
                options.heuristic.is_admissible(options.diagonal())
            }
            SolverKind::Astar => {
                options.heuristic.is_admissible(options.diagonal())
                    && options.heuristic_weight <= 100
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod teaching {
    use super::{SolveOptions, Solver, SolverKind};
    use crate::generate::GeneratorKind;
    use crate::teach::Teach;

    /// Every step of every solver names lines that exist in its pseudocode and explains
    /// itself in a sentence without debug formatting.
    #[test]
    fn every_step_names_its_pseudocode_lines_and_explains_itself() {
        let (maze, _) = GeneratorKind::RecursiveBacktracker
            .generate(7, 5, 3, &Default::default())
            .expect("valid size");
        let grid = maze.to_grid();
        for &kind in SolverKind::ALL {
            let pseudocode = kind.pseudocode();
            assert!(!pseudocode.is_empty(), "{} has pseudocode", kind.name());
            let mut solver = kind.build(&grid, &SolveOptions::default());
            while let Some(event) = solver.step(&grid) {
                let lines = solver.lines(&event);
                assert!(
                    !lines.is_empty(),
                    "{}: {event:?} names no line",
                    kind.name()
                );
                assert!(
                    lines.iter().all(|&l| l < pseudocode.len()),
                    "{}",
                    kind.name()
                );
                let text = solver.explain(&event);
                assert!(
                    text.len() > 10 && !text.contains("Pos") && !text.contains('{'),
                    "{}: {event:?} explained as {text:?}",
                    kind.name()
                );
            }
        }
    }
}
