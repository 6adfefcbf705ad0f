//! Wilson (stub: to be written).

use crate::Mark;
use crate::generate::{GenEvent, GenOptions, Generator};
use crate::maze::{Maze, Pos};

/// Wilson as a step machine (placeholder that finishes at once).
#[derive(Debug)]
pub struct Wilson {
    done: bool,
}

impl Wilson {
    /// A machine for `maze` seeded with `seed`.
    #[must_use]
    pub fn new(_maze: &Maze, _seed: u64, _options: &GenOptions) -> Self {
        Self { done: false }
    }
}

impl Generator for Wilson {
    fn step(&mut self, _maze: &mut Maze) -> Option<GenEvent> {
        if self.done {
            return None;
        }
        self.done = true;
        Some(GenEvent::Done)
    }

    fn mark(&self, _cell: Pos) -> Mark {
        Mark::None
    }

    fn frontier_len(&self) -> usize {
        0
    }

    fn current(&self) -> Option<Pos> {
        None
    }
}
