//! Dead-end filling (stub: to be written).

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::{SolveEvent, SolveOptions, Solver};

/// Dead-end filling as a step machine (placeholder that gives up at once).
#[derive(Debug)]
pub struct DeadEndFilling {
    done: bool,
}

impl DeadEndFilling {
    /// A machine for `grid`, from its start to its goal.
    #[must_use]
    pub fn new(_grid: &Grid, _options: &SolveOptions) -> Self {
        Self { done: false }
    }
}

impl Solver for DeadEndFilling {
    fn step(&mut self, _grid: &Grid) -> Option<SolveEvent> {
        if self.done {
            return None;
        }
        self.done = true;
        Some(SolveEvent::NoPath)
    }

    fn mark(&self, _tile: Pos) -> Mark {
        Mark::None
    }

    fn frontier_len(&self) -> usize {
        0
    }

    fn visited(&self) -> usize {
        0
    }

    fn current(&self) -> Option<Pos> {
        None
    }

    fn path(&self) -> Option<&[Pos]> {
        None
    }
}
