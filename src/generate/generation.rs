//! [`Generation`]: one generator at work on its own maze, as a [`Machine`] a run can step,
//! checkpoint and rewind.

use get_size2::GetSize;

use crate::generate::braid::braid;
use crate::generate::{AnyGenerator, GenEvent, GenOptions, Generator, GeneratorKind};
use crate::maze::{Mask, Maze};
use crate::run::{Machine, Milestone};
use crate::teach::Teach;

/// A generator and the maze it carves, plus the braid pass that follows it: everything one
/// generation run changes, so a clone is a complete checkpoint.
#[derive(Clone, Debug, GetSize)]
pub struct Generation {
    generator: AnyGenerator,
    maze: Maze,
    /// Share of dead ends to remove once the maze is complete (0 = a perfect maze).
    braid: f64,
    seed: u64,
    /// Walls the braid pass opened, once it has run.
    braided: Option<usize>,
}

impl Generation {
    /// A fresh generation of a `width × height`-cell maze by `kind` from `seed`, braided by
    /// `braid` (0.0–1.0) when complete.
    ///
    /// # Errors
    /// As [`GeneratorKind::initial_maze`]: a zero or too large size.
    pub fn new(
        kind: GeneratorKind,
        width: u32,
        height: u32,
        seed: u64,
        options: &GenOptions,
        braid: f64,
    ) -> Result<Self, crate::Error> {
        Self::new_in(None, kind, width, height, seed, options, braid)
    }

    /// [`Generation::new`] in the shape of `mask` (whose size wins over `width × height`).
    ///
    /// # Errors
    /// As [`GeneratorKind::initial_maze_in`]: a generator that cannot carve a mask, a zero
    /// or too large size.
    pub fn new_in(
        mask: Option<&Mask>,
        kind: GeneratorKind,
        width: u32,
        height: u32,
        seed: u64,
        options: &GenOptions,
        braid: f64,
    ) -> Result<Self, crate::Error> {
        let maze = kind.initial_maze_in(mask, width, height)?;
        let generator = kind.build(&maze, seed, options);
        Ok(Self {
            generator,
            maze,
            braid,
            seed,
            braided: None,
        })
    }

    /// Which generator.
    #[must_use]
    pub const fn kind(&self) -> GeneratorKind {
        self.generator.kind()
    }

    /// The generator's state (marks, structure, explanations).
    #[must_use]
    pub const fn generator(&self) -> &AnyGenerator {
        &self.generator
    }

    /// The maze as carved so far.
    #[must_use]
    pub const fn maze(&self) -> &Maze {
        &self.maze
    }

    /// The seed.
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The braid share asked for (0.0–1.0).
    #[must_use]
    pub const fn braid(&self) -> f64 {
        self.braid
    }

    /// Walls the braid pass opened, once the maze is complete and braiding was asked for.
    #[must_use]
    pub const fn braided(&self) -> Option<usize> {
        self.braided
    }
}

impl Machine for Generation {
    type Event = GenEvent;

    /// One generator step; the step that completes the maze also braids it.
    fn step(&mut self) -> Option<GenEvent> {
        let event = self.generator.step(&mut self.maze)?;
        if event == GenEvent::Done && self.braid > 0.0 {
            self.braided = Some(braid(&mut self.maze, self.braid, self.seed));
        }
        Some(event)
    }

    fn structure_len(&self) -> usize {
        self.generator.structure_len()
    }

    fn heap_bytes(&self) -> usize {
        self.get_heap_size()
    }

    fn milestone(&self, event: &GenEvent) -> Option<Milestone> {
        self.generator.milestone(event)
    }

    fn is_last(&self, event: &GenEvent) -> bool {
        *event == GenEvent::Done
    }
}
