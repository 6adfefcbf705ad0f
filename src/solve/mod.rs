//! Path finders as resumable step machines, one file per algorithm, and their registry.
//!
//! Each solver owns its state (queue, stack, open set, distances, parents) and reads a
//! [`Grid`] of **tiles** passed to every [`Solver::step`] call. One step is one observable
//! operation (one queue or priority-queue pop and the pushes it makes, one move of a walker,
//! one tile filled) and returns a [`SolveEvent`]. The last step traces the path back from
//! the goal along the parent links (seed 003's path back-tracking) and returns
//! [`SolveEvent::Found`] (or [`SolveEvent::NoPath`]); every call after that returns `None`.
//!
//! Costs: an orthogonal move costs [`STRAIGHT`] (10), a diagonal one [`DIAGONAL`] (14),
//! as in seed 003. Lengths count moves.

use crate::Mark;
use crate::maze::{Grid, Pos};

pub mod astar;
pub mod bfs;
pub mod bidirectional_bfs;
pub mod dead_end_filling;
pub mod dfs;
pub mod dijkstra;
pub mod greedy_best_first;
mod tiles;
pub mod tremaux;
pub mod wall_follower;

/// Cost of one orthogonal move.
pub const STRAIGHT: u32 = 10;
/// Cost of one diagonal move (≈ 10·√2, as in seed 003).
pub const DIAGONAL: u32 = 14;

/// One observable operation of a solver. Positions are **tiles**; `g` and `h` are in cost
/// units (10 per orthogonal move), `f = g + h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveEvent {
    /// A tile was taken from the frontier (queue, stack or open set) and expanded:
    /// its open, unseen neighbours were pushed (`pushed` of them).
    Pop {
        /// The tile expanded.
        tile: Pos,
        /// Cost from the start.
        g: u32,
        /// Heuristic estimate to the goal (0 where the solver has none).
        h: u32,
        /// Neighbours pushed by this expansion.
        pushed: u8,
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
    /// The two searches of bidirectional BFS met at `tile`.
    Meet {
        /// The meeting tile.
        tile: Pos,
    },
    /// The path was traced back from the goal: `length` moves, `cost` in cost units.
    Found {
        /// Moves from start to goal.
        length: u32,
        /// Total cost (10 per orthogonal move, 14 per diagonal move).
        cost: u32,
    },
    /// The goal cannot be reached from the start.
    NoPath,
}

/// The A* / greedy heuristic: an estimate of the cost from a tile to the goal, in cost units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// `10 · (|Δr| + |Δc|)` — exact for 4-way moves; **not admissible** with diagonal moves.
    #[default]
    Manhattan,
    /// `10 · √(Δr² + Δc²)`, rounded down.
    Euclidean,
    /// `10 · max + 4 · min` of `|Δr|, |Δc|` — exact for 8-way moves on an open floor.
    Octile,
    /// `10 · max(|Δr|, |Δc|)`.
    Chebyshev,
    /// Always 0: A* becomes Dijkstra.
    Zero,
}

impl Heuristic {
    /// All heuristics, in menu order.
    pub const ALL: [Heuristic; 5] = [
        Heuristic::Manhattan,
        Heuristic::Euclidean,
        Heuristic::Octile,
        Heuristic::Chebyshev,
        Heuristic::Zero,
    ];

    /// Kebab-case name (`manhattan`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Heuristic::Manhattan => "manhattan",
            Heuristic::Euclidean => "euclidean",
            Heuristic::Octile => "octile",
            Heuristic::Chebyshev => "chebyshev",
            Heuristic::Zero => "zero",
        }
    }

    /// The heuristic named `name`.
    ///
    /// # Errors
    /// [`crate::Error::Invalid`] for an unknown name.
    pub fn from_name(name: &str) -> Result<Self, crate::Error> {
        Self::ALL
            .iter()
            .copied()
            .find(|h| h.name() == name)
            .ok_or_else(|| {
                crate::Error::Invalid(format!(
                    "heuristic '{name}': expected manhattan, euclidean, octile, chebyshev or zero"
                ))
            })
    }

    /// The estimate from `from` to `to`, in cost units. O(1).
    #[must_use]
    #[inline]
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    pub fn estimate(self, from: Pos, to: Pos) -> u32 {
        let dr = from.row.abs_diff(to.row);
        let dc = from.col.abs_diff(to.col);
        match self {
            Heuristic::Manhattan => STRAIGHT * (dr + dc),
            Heuristic::Euclidean => {
                (f64::from(STRAIGHT) * f64::from(dr).hypot(f64::from(dc))) as u32
            }
            Heuristic::Octile => STRAIGHT * dr.max(dc) + (DIAGONAL - STRAIGHT) * dr.min(dc),
            Heuristic::Chebyshev => STRAIGHT * dr.max(dc),
            Heuristic::Zero => 0,
        }
    }

    /// Whether it never overestimates the true cost, so A* returns an optimal path:
    /// all are with 4-way moves; Manhattan is not with diagonal moves.
    #[must_use]
    pub const fn is_admissible(self, diagonal: bool) -> bool {
        !(diagonal && matches!(self, Heuristic::Manhattan))
    }
}

/// Settings some solvers read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// A* and greedy best-first: the heuristic.
    pub heuristic: Heuristic,
    /// A*, Dijkstra, BFS and greedy: allow diagonal moves (8-way, cost 14) as in seed 003.
    /// A diagonal move needs only its target tile open, as in the seed.
    pub diagonal: bool,
    /// Seed for solvers that choose at random (Trémaux, DFS neighbour order).
    pub seed: u64,
}

/// A path finder as a resumable state machine.
///
/// Contract: `step` performs one observable operation on its own state, reading `grid`
/// (always the grid it was created for), and returns its event; after [`SolveEvent::Found`]
/// or [`SolveEvent::NoPath`] it returns `None` forever (fused).
pub trait Solver {
    /// Do one operation and say what it was; `None` once done.
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent>;

    /// How to show `tile` now: current, frontier, closed, on the path, … Called only for
    /// tiles on screen.
    fn mark(&self, tile: Pos) -> Mark;

    /// Size of the live structure (queue, stack, open set), for the stats pane.
    fn frontier_len(&self) -> usize;

    /// Tiles visited (expanded, closed, walked or filled) so far.
    fn visited(&self) -> usize;

    /// The tile being worked on, if any.
    fn current(&self) -> Option<Pos>;

    /// The path from start to goal (tiles, start first, goal last) once found.
    fn path(&self) -> Option<&[Pos]>;
}

/// What a solver run found: the result of [`SolverKind::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Tiles from start to goal inclusive, or `None` if the goal is unreachable.
    pub path: Option<Vec<Pos>>,
    /// Moves on the path (path tiles − 1).
    pub length: u32,
    /// Path cost: 10 per orthogonal move, 14 per diagonal move.
    pub cost: u32,
    /// Tiles visited.
    pub visited: usize,
    /// Steps taken, including the last.
    pub steps: u64,
    /// Largest frontier seen (queue / stack / open set peak).
    pub frontier_peak: usize,
}

/// The cost of a path of tiles: 10 per orthogonal move, 14 per diagonal one.
#[must_use]
pub fn path_cost(path: &[Pos]) -> u32 {
    path.windows(2)
        .map(|w| {
            if w[0].row != w[1].row && w[0].col != w[1].col {
                DIAGONAL
            } else {
                STRAIGHT
            }
        })
        .sum()
}

/// Run a solver to its end on `grid`, collecting the [`Solution`].
pub fn run_to_end<S: Solver + ?Sized>(solver: &mut S, grid: &Grid) -> Solution {
    let mut steps = 0;
    let mut frontier_peak = 0;
    while solver.step(grid).is_some() {
        steps += 1;
        frontier_peak = frontier_peak.max(solver.frontier_len());
    }
    let path = solver.path().map(<[Pos]>::to_vec);
    #[allow(clippy::cast_possible_truncation)]
    let length = path
        .as_ref()
        .map_or(0, |p| p.len().saturating_sub(1) as u32);
    let cost = path.as_deref().map_or(0, path_cost);
    Solution {
        path,
        length,
        cost,
        visited: solver.visited(),
        steps,
        frontier_peak,
    }
}

macro_rules! solvers {
    ($( $variant:ident => $module:ident :: $ty:ident, $name:literal, $title:literal, $summary:literal; )*) => {
        /// Every solver, by stable kebab-case name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum SolverKind {
            $( #[doc = $summary] $variant, )*
        }

        impl SolverKind {
            /// All solvers, in menu order.
            pub const ALL: &'static [SolverKind] = &[$(SolverKind::$variant,)*];

            /// The stable kebab-case name used on the command line (`astar`, …).
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self { $(SolverKind::$variant => $name,)* }
            }

            /// The display title (`A*`, …).
            #[must_use]
            pub const fn title(self) -> &'static str {
                match self { $(SolverKind::$variant => $title,)* }
            }

            /// One line saying what it does.
            #[must_use]
            pub const fn summary(self) -> &'static str {
                match self { $(SolverKind::$variant => $summary,)* }
            }

            /// A fresh step machine for `grid`.
            #[must_use]
            pub fn build(self, grid: &Grid, options: &SolveOptions) -> Box<dyn Solver> {
                match self {
                    $(SolverKind::$variant => Box::new($module::$ty::new(grid, options)),)*
                }
            }

            /// Solve `grid` from start to goal: the same step machine as
            /// [`SolverKind::build`], run to the end without dynamic dispatch.
            #[must_use]
            pub fn solve(self, grid: &Grid, options: &SolveOptions) -> Solution {
                match self {
                    $(SolverKind::$variant => run_to_end(&mut $module::$ty::new(grid, options), grid),)*
                }
            }
        }
    };
}

solvers! {
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
    WallFollower => wall_follower::WallFollower, "wall-follower", "Wall follower",
        "walks keeping its right hand on the wall (the seed's player)";
    DeadEndFilling => dead_end_filling::DeadEndFilling, "dead-end-filling", "Dead-end filling",
        "fills dead ends until only the solution corridors remain";
    Tremaux => tremaux::Tremaux, "tremaux", "Trémaux",
        "marks passages walked; never takes a twice-marked one";
}

impl SolverKind {
    /// The solver named `name` (kebab-case, as [`SolverKind::name`]).
    ///
    /// # Errors
    /// [`crate::Error::UnknownAlgorithm`].
    pub fn from_name(name: &str) -> Result<Self, crate::Error> {
        Self::ALL
            .iter()
            .copied()
            .find(|k| k.name() == name)
            .ok_or_else(|| crate::Error::UnknownAlgorithm {
                kind: "solver",
                name: name.to_owned(),
            })
    }

    /// Whether its path is always of least cost (BFS and bidirectional BFS in moves,
    /// Dijkstra, and A* with an admissible heuristic).
    #[must_use]
    pub fn is_optimal(self, options: &SolveOptions) -> bool {
        match self {
            SolverKind::Bfs | SolverKind::BidirectionalBfs => !options.diagonal,
            SolverKind::Dijkstra => true,
            SolverKind::Astar => options.heuristic.is_admissible(options.diagonal),
            _ => false,
        }
    }
}
