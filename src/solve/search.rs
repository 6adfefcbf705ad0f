//! [`Search`]: one solver at work on a grid, as a [`Machine`] a run can step, checkpoint
//! and rewind.

use std::sync::Arc;

use get_size2::GetSize;

use crate::maze::Grid;
use crate::run::{Machine, Milestone};
use crate::solve::{AnySolver, SolveEvent, SolveOptions, Solver, SolverKind};
use crate::teach::Teach;

/// A solver and the grid it searches. The grid never changes during a search, so clones
/// (checkpoints) share it.
#[derive(Clone, Debug)]
pub struct Search {
    solver: AnySolver,
    grid: Arc<Grid>,
    options: SolveOptions,
}

impl Search {
    /// A fresh search of `grid` by `kind` with `options`.
    #[must_use]
    pub fn new(kind: SolverKind, grid: Arc<Grid>, options: SolveOptions) -> Self {
        let solver = kind.build(&grid, &options);
        Self {
            solver,
            grid,
            options,
        }
    }

    /// Which solver.
    #[must_use]
    pub const fn kind(&self) -> SolverKind {
        self.solver.kind()
    }

    /// The solver's state (marks, structure, path, explanations).
    #[must_use]
    pub const fn solver(&self) -> &AnySolver {
        &self.solver
    }

    /// The grid searched.
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The grid, shared.
    #[must_use]
    pub fn grid_arc(&self) -> &Arc<Grid> {
        &self.grid
    }

    /// The same search handed the edited grid `grid` (the terrain of `changed` tiles
    /// changed, S or E may have moved), if its solver repairs itself (LPA*, D* Lite): it
    /// then goes on from its state here. `None` for a solver that must start over.
    #[must_use]
    pub fn repaired(&self, grid: Arc<Grid>, changed: &[crate::maze::Pos]) -> Option<Self> {
        let mut solver = self.solver.clone();
        solver.replan(&grid, changed)?;
        Some(Self {
            solver,
            grid,
            options: self.options,
        })
    }

    /// The options it runs with.
    #[must_use]
    pub const fn options(&self) -> &SolveOptions {
        &self.options
    }
}

impl Machine for Search {
    type Event = SolveEvent;

    fn step(&mut self) -> Option<SolveEvent> {
        self.solver.step(&self.grid)
    }

    fn structure_len(&self) -> usize {
        self.solver.structure_len()
    }

    fn heap_bytes(&self) -> usize {
        self.solver.get_heap_size()
    }

    /// The milestone of the step that returned `event`, on the step that did the thing.
    /// "Goal reached": the step that took the goal — from the frontier or walked onto
    /// (searches from S), the meeting (bidirectional searches, whose backward half starts
    /// at the goal), IDA*'s goal found on top of its stack (the step after it entered
    /// it), the goal's `g` settled (LPA*). D* Lite searches back from the goal and stops
    /// once the start's key is not above the queue's least, without popping the start:
    /// its step is the one that finds the search over and draws the path's first tile.
    /// "Path traced": the step that drew the path's last tile, S (or the report that
    /// draws it all at once).
    fn milestone(&self, event: &SolveEvent) -> Option<Milestone> {
        let kind = self.kind();
        // Those with an event of their own for it (`Meet`, `Goal`).
        let own_event = matches!(
            kind,
            SolverKind::BidirectionalBfs
                | SolverKind::BidirectionalDijkstra
                | SolverKind::BidirectionalAstar
                | SolverKind::IdaStar
        );
        match *event {
            SolveEvent::Expand { tile, .. } | SolveEvent::Move { tile }
                if tile == self.grid.goal() && !own_event =>
            {
                Some(Milestone::GoalReached)
            }
            SolveEvent::Settle { tile, .. }
                if tile == self.grid.goal() && kind == SolverKind::LpaStar =>
            {
                Some(Milestone::GoalReached)
            }
            SolveEvent::Trace { tile } if tile == self.grid.start() => Some(Milestone::PathTraced),
            SolveEvent::Trace { .. } if kind == SolverKind::DStarLite => {
                Some(Milestone::GoalReached)
            }
            _ => self.solver.milestone(event),
        }
    }

    fn is_last(&self, event: &SolveEvent) -> bool {
        event.is_final()
    }
}
