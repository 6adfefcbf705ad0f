//! Bidirectional A*: two searches, from the start and from the goal, meeting in the middle.
//!
//! Each side is A*, keyed by an *average potential*: the forward side orders by
//! `g + (h_E − h_S) / 2`, the backward side by `g + (h_S − h_E) / 2`, so both sides see
//! consistent reduced costs and the stop rule of bidirectional Dijkstra still proves the
//! best meeting optimal (Ikeda et al., "A fast algorithm for finding better routes by AI
//! search techniques", IEEE VNIS 1994; Goldberg and Harrelson, SODA 2005). Where a plain
//! bidirectional A* with `h_E` and `h_S` could stop at a worse meeting, this one cannot.
//! Needs a consistent heuristic (Manhattan on 4-way moves, octile on 8-way).
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
    "best ← ∞; p ← (h_E − h_S)/2",
    "until top_f + top_b ≥ best:",
    "  side ← one with least key",
    "  current ← pop it (g ± p)",
    "  for each neighbour n:",
    "    relax n on this side",
    "    if the other side has n:",
    "      best ← min(best, g_f+g_b)",
    "meet at best: trace S..E",
    "no meeting: no path",
];

/// Bidirectional A* as a step machine: one pop of one side per step.
#[derive(Clone, Debug, GetSize)]
pub struct BidirectionalAStar<K: Store = Paged> {
    search: TwoWay<K>,
}

impl<K: Store> BidirectionalAStar<K> {
    /// A machine searching `grid` from both ends. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        Self {
            search: TwoWay::new(grid, options, Mode::Potential(options.heuristic)),
        }
    }
}

impl<K: Store> Solver for BidirectionalAStar<K> {
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        self.search.step(grid)
    }
}

impl<K: Store> Teach for BidirectionalAStar<K> {
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
        self.search.explain(event, "key (g plus potential)")
    }

    fn asks(&self) -> Option<&'static str> {
        Some("which tile does bidirectional A* pop next?")
    }

    fn question(&self) -> Option<Question> {
        let rule = "bidirectional A* pops the lowest key of either side: g plus the average potential, (h_E − h_S)/2 from S, (h_S − h_E)/2 from E";
        self.search.question(self.asks()?, rule.to_owned())
    }
}
