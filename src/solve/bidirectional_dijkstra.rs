//! Bidirectional Dijkstra: two searches, from the start and from the goal, meeting in the middle.
//!
//! Each side is Dijkstra's algorithm: the forward side from S, the backward side from E
//! walking the moves in reverse. Every step expands the side whose least `g` is smaller.
//! Whenever a side reaches a tile the other has reached, the route through it is a
//! candidate; the best is kept. The search stops when the two least `g`s together are no
//! less than the best route: no unexplored route can be cheaper, so the best is optimal
//! (terrain included). On a maze it expands about as many tiles as Dijkstra, but in two
//! smaller balls.
//!
//! Sources: I. Pohl, "Bi-directional search", Machine Intelligence 6, 1971; Goldberg and
//! Harrelson, "Computing the shortest path: A* search meets graph theory", SODA 2005.
//! The two searches live in [`TwoWay`]. Memory: two search trees and two heaps.

use get_size2::GetSize;

use crate::maze::Grid;
use crate::solve::store::{Paged, Store};
use crate::solve::two_way::{Mode, TwoWay};
use crate::solve::{SolveEvent, SolveOptions, Solver};
use crate::teach::{Pseudocode, Question, Record, Structure, Teach};

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "open_f ← {S}, open_b ← {E}",
    "best ← ∞",
    "until top_f + top_b ≥ best:",
    "  side ← the one with less g",
    "  current ← pop its lowest g",
    "  for each neighbour n:",
    "    relax n on this side",
    "    if the other side has n:",
    "      best ← min(best, g_f+g_b)",
    "meet at best: trace S..E",
    "no meeting: no path",
];

/// Bidirectional Dijkstra as a step machine: one pop of one side per step.
#[derive(Clone, Debug, GetSize)]
pub struct BidirectionalDijkstra<K: Store = Paged> {
    search: TwoWay<K>,
}

impl<K: Store> BidirectionalDijkstra<K> {
    /// A machine searching `grid` from both ends. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        Self {
            search: TwoWay::new(grid, options, Mode::Cost),
        }
    }
}

impl<K: Store> Solver for BidirectionalDijkstra<K> {
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        self.search.step(grid)
    }
}

impl<K: Store> Teach for BidirectionalDijkstra<K> {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn structure_len(&self) -> usize {
        self.search.open_len()
    }

    fn structure(&self, max: usize) -> Structure {
        self.search.structure(max)
    }

    fn record(&self) -> Option<&dyn Record> {
        Some(&self.search)
    }

    /// Both fronts and the best meeting cost are set up when the machine is built.
    fn setup_lines(&self) -> &'static [usize] {
        &[0, 1]
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        match event {
            SolveEvent::Expand { .. } => &[2, 3, 4, 5, 6, 7, 8],
            SolveEvent::Skip { .. } => &[4],
            SolveEvent::Meet { .. } | SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[9],
            SolveEvent::NoPath => &[10],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        self.search.explain(event, "g")
    }

    fn asks(&self) -> Option<&'static str> {
        Some("which tile does bidirectional Dijkstra pop next?")
    }

    fn question(&self) -> Option<Question> {
        let rule = "bidirectional Dijkstra pops the lowest g of either side, the cost from that side's end";
        self.search.question(self.asks()?, rule.to_owned())
    }
}
