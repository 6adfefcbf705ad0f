//! Bidirectional BFS: two breadth-first searches, one from the start and one from the goal,
//! until their frontiers meet.
//!
//! Each step takes a tile from the side whose frontier is nearer its root and labels its
//! unlabelled neighbours with their distance in moves from that root. Whenever a tile is
//! labelled by both sides, `d_start + d_goal` is a route; the best so far and its meeting
//! tile are kept. The first contact is **not** always on a shortest route, so the search
//! stops only when the two frontiers' nearest distances add up to at least the best route:
//! any shorter route would cross a tile one side has expanded and the other labelled, and
//! all of those were counted (the stopping rule of bidirectional Dijkstra, with unit
//! weights: Pohl, "Bi-directional search", Machine Intelligence 6, 1971). Then it meets
//! and traces start → meeting tile → goal: a path of fewest moves. Terrain is ignored.
//!
//! The two searches live in [`TwoWay`] (their frontiers are kept in priority queues on the
//! distance, which take tiles in the same order as first-in first-out queues would).
//! Memory: two search trees and two frontiers.

use get_size2::GetSize;

use crate::maze::Grid;
use crate::solve::two_way::{Mode, Side, TwoWay};
use crate::solve::{SolveEvent, SolveOptions, Solver};
use crate::teach::{Pseudocode, Record, Structure, Teach};

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "queue_s ← [S], queue_e ← [E]",
    "best ← ∞",
    "until d_s + d_e ≥ best:",
    "  side ← nearer front first",
    "  current ← take its front",
    "  for each neighbour n:",
    "    if this side never saw n:",
    "      label n, came_from ← cur",
    "      if the other side saw n:",
    "        best ← min(best, d+d')",
    "meet at best: trace S..E",
    "a queue is empty: no path",
];

/// Bidirectional BFS as a step machine: one tile of one side per step.
#[derive(Clone, Debug, GetSize)]
pub struct BidirectionalBfs {
    search: TwoWay,
}

impl BidirectionalBfs {
    /// A machine searching `grid` from both ends. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        Self {
            search: TwoWay::new(grid, options, Mode::Moves),
        }
    }
}

impl Solver for BidirectionalBfs {
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        self.search.step(grid)
    }
}

impl Teach for BidirectionalBfs {
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
            SolveEvent::Expand { .. } => &[2, 3, 4, 5, 6, 7, 8, 9],
            SolveEvent::Skip { .. } => &[4],
            SolveEvent::Meet { .. } | SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[10],
            SolveEvent::NoPath => &[11],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        let side = match self.search.last_side() {
            Some(Side::Forward) => "S's",
            _ => "E's",
        };
        match *event {
            SolveEvent::Expand {
                tile, g, pushed, ..
            } => {
                let best = self.search.best().map_or_else(
                    || "no meeting yet".to_owned(),
                    |(c, t)| format!("best meeting {} moves via {t}", c / 10),
                );
                format!(
                    "took {tile} from the front of {side} queue ({} moves out); {} new neighbours labelled; {best}",
                    g / 10,
                    pushed.len()
                )
            }
            SolveEvent::Skip { tile, .. } => {
                format!("{tile} was already taken on that side: skipped")
            }
            SolveEvent::Meet { tile } => {
                format!("the two fronts are too far out to beat the best route: meet at {tile}")
            }
            SolveEvent::Trace { tile } => format!("path: {tile}"),
            SolveEvent::Found { length, .. } => {
                format!("path found: {length} moves, the fewest there are")
            }
            SolveEvent::NoPath => "a queue ran empty before the two met: no path".to_owned(),
            _ => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Outcome, run_to_end};

    #[test]
    fn the_short_corridor_wins_over_the_long_loop() {
        // Two routes: 6 moves along the top row, 10 round the bottom.
        let text = "#########\n#S     E#\n# ##### #\n#       #\n#########\n";
        let g = Grid::parse(text).expect("valid");
        let sol = run_to_end(&mut BidirectionalBfs::new(&g, &SolveOptions::default()), &g);
        assert_eq!(sol.outcome, Outcome::Found);
        assert_eq!(sol.length, 6);
    }

    #[test]
    fn fewest_moves_through_dear_terrain() {
        let g = Grid::parse("#####\n#S9E#\n# # #\n#   #\n#####\n").expect("valid");
        let sol = run_to_end(&mut BidirectionalBfs::new(&g, &SolveOptions::default()), &g);
        assert_eq!((sol.length, sol.cost), (2, 100));
    }

    #[test]
    fn unreachable_goal() {
        let g = Grid::parse("S#E\n").expect("valid");
        let sol = run_to_end(&mut BidirectionalBfs::new(&g, &SolveOptions::default()), &g);
        assert_eq!(sol.outcome, Outcome::NoPath);
    }
}
