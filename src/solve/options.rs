//! The search settings a user chooses: the heuristic, tie-breaking among equal
//! priorities, diagonal moves and their corner rule, the heuristic weight, the seed.

use get_size2::GetSize;

use crate::maze::Pos;
use crate::solve::{DIAGONAL, Moves, STRAIGHT};

/// The A* / greedy heuristic: an estimate of the cost from a tile to the goal, in cost units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, GetSize)]
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

    /// Whether it is consistent for the moves (`h(a) ≤ cost(a → b) + h(b)` for every move),
    /// so that A*'s `f` never falls along a path and a closed tile is never reached more
    /// cheaply. 4-way: all (a move changes each by at most 10, the least a move costs).
    /// 8-way: octile, Chebyshev and zero; Manhattan falls by 20 over a diagonal move of
    /// 14, Euclidean by 14.1 (rounded down, by more than 14 over enough moves).
    #[must_use]
    pub const fn is_consistent(self, diagonal: bool) -> bool {
        !diagonal
            || matches!(
                self,
                Heuristic::Octile | Heuristic::Chebyshev | Heuristic::Zero
            )
    }
}

/// How A*, Dijkstra and the other priority-queue searches order entries of equal
/// priority (f for A*). Ties are common on grids, and which one goes first changes how
/// many tiles are expanded, not the cost of the path (Amit Patel, *Amit\'s A\* Pages*,
/// "Heuristics: breaking ties").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, GetSize)]
pub enum TieBreak {
    /// Lower h first (nearer the goal by the estimate).
    LowH,
    /// Larger g first (further from the start): with f = g + h the same as low h, but not
    /// for weighted A*.
    #[default]
    HighG,
    /// The entry pushed first goes first.
    Fifo,
    /// The entry pushed last goes first.
    Lifo,
}

impl TieBreak {
    /// All tie-breaks, in menu order.
    pub const ALL: [TieBreak; 4] = [
        TieBreak::LowH,
        TieBreak::HighG,
        TieBreak::Fifo,
        TieBreak::Lifo,
    ];

    /// Kebab-case name (`low-h`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TieBreak::LowH => "low-h",
            TieBreak::HighG => "high-g",
            TieBreak::Fifo => "fifo",
            TieBreak::Lifo => "lifo",
        }
    }

    /// The secondary key of an entry pushed as the `order`th push with `g` and `h`: among
    /// entries of equal priority, the least key is taken first. (Pushes number fewer than
    /// 2³²: eight a tile at most, and a grid has fewer than 2²⁹ tiles.)
    #[must_use]
    pub const fn key(self, g: u32, h: u32, order: u32) -> u32 {
        match self {
            TieBreak::LowH => h,
            TieBreak::HighG => u32::MAX - g,
            TieBreak::Fifo => order,
            TieBreak::Lifo => u32::MAX - order,
        }
    }
}

/// Whether A* takes a closed tile back into the open set when it finds a cheaper route to
/// it. With a consistent heuristic it never does; with an inconsistent one (Manhattan with
/// diagonal moves overestimates them) a closed tile can still get cheaper, and a closed list
/// that is never reopened keeps the dearer route (the seed A*'s `closedlist`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, GetSize)]
pub enum Reopen {
    /// A cheaper route reopens a closed tile (pushed again, expanded again).
    #[default]
    Always,
    /// A closed tile is final: its neighbours skip it, and neighbours are taken in the
    /// seed's order E, W, S, N, NE, SW, SE, NW.
    Never,
}

impl Reopen {
    /// Both, in menu order.
    pub const ALL: [Reopen; 2] = [Reopen::Always, Reopen::Never];

    /// Kebab-case name (`always`, `never`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Reopen::Always => "always",
            Reopen::Never => "never",
        }
    }
}

/// Settings some solvers read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// A* and greedy best-first: the heuristic.
    pub heuristic: Heuristic,
    /// Which moves a search may make: 4-way, or 8-way with a rule for wall corners.
    pub moves: Moves,
    /// Weighted A*: `f = g + w·h` with `w` in hundredths (100 = plain A*). A weight above 1
    /// expands fewer tiles and returns a path at most `w` times the cheapest.
    pub heuristic_weight: u32,
    /// Order among entries of equal priority.
    pub tie_break: TieBreak,
    /// A*: whether a closed tile is reopened by a cheaper route.
    pub reopen: Reopen,
    /// Seed for solvers that choose at random (Trémaux, DFS neighbour order).
    pub seed: u64,
}

impl Default for SolveOptions {
    fn default() -> Self {
        Self {
            heuristic: Heuristic::default(),
            moves: Moves::Four,
            heuristic_weight: 100,
            tie_break: TieBreak::default(),
            reopen: Reopen::default(),
            seed: 0,
        }
    }
}

impl SolveOptions {
    /// Whether diagonal moves are allowed.
    #[must_use]
    pub const fn diagonal(&self) -> bool {
        matches!(self.moves, Moves::Eight(_))
    }
}
