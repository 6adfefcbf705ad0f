//! [`Stage`]: the legal stages of the explorer — generating, complete, solving — each
//! holding exactly the runs it needs, and the moves between them.
//!
//! The combined timeline: a solver that started by itself when the maze was complete
//! (`auto`) continues the generation's timeline, so a step back from its step 0 returns
//! into the generation, and the position counts the generation's steps first.

use std::sync::Arc;

use crate::Mark;
use crate::generate::Generation;
use crate::maze::{Grid, Pos};
use crate::run::{Run, Seek};

use super::race::Race;
use crate::solve::{Search, SolveOptions, SolverKind};
use crate::teach::Teach;

/// A complete maze: what solvers search.
#[derive(Clone, Debug)]
pub struct World {
    /// The finished generation that made it (`None` for a loaded maze), kept so that a
    /// step back can return into it and its log stays readable.
    pub generation: Option<Run<Generation>>,
    /// The tile grid solvers search, start and goal moved as the user asked.
    pub grid: Arc<Grid>,
}

/// What the explorer is doing.
// The app holds exactly one Stage, so boxing the large variants would save no memory.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Stage {
    /// No maze: it could not be made (the log says why).
    Empty,
    /// A generator carves the maze; `waiting` is a solver that starts once it is complete.
    Generating {
        /// The generation.
        run: Run<Generation>,
        /// The solver to start when the maze is complete.
        waiting: Option<SolverKind>,
        /// The waiting solver's run from before a step back into the generation, rewound
        /// to its step 0: taken up again at the generation's end (when the solver, its
        /// settings and the maze are still the same), so a step back and forward keeps
        /// what it knows of its future (its end, its milestones).
        parked: Option<Box<Run<Search>>>,
    },
    /// The maze is complete and no solver runs.
    Complete {
        /// The maze.
        world: World,
    },
    /// A solver searches the complete maze.
    Solving {
        /// The maze.
        world: World,
        /// The search.
        run: Run<Search>,
        /// Started by itself when the generation completed: stepping back past its step 0
        /// returns into the generation.
        auto: bool,
    },
    /// Two to four solvers race on the complete maze.
    Race {
        /// The maze.
        world: World,
        /// The runners and their common clock.
        race: Race,
    },
}

impl Stage {
    /// The generation run, running or finished (`None` for a loaded maze).
    #[must_use]
    pub fn generation(&self) -> Option<&Run<Generation>> {
        match self {
            Stage::Generating { run, .. } => Some(run),
            Stage::Complete { world }
            | Stage::Solving { world, .. }
            | Stage::Race { world, .. } => world.generation.as_ref(),
            Stage::Empty => None,
        }
    }

    /// Take the complete maze out of a stage that has one (complete, solving, racing),
    /// leaving [`Stage::Empty`] for the caller to replace; any other stage is left as it
    /// is and gives `None`.
    pub fn take_world(&mut self) -> Option<World> {
        match std::mem::replace(self, Stage::Empty) {
            Stage::Complete { world }
            | Stage::Solving { world, .. }
            | Stage::Race { world, .. } => Some(world),
            other => {
                *self = other;
                None
            }
        }
    }

    /// The search, while solving.
    #[must_use]
    pub fn search(&self) -> Option<&Run<Search>> {
        match self {
            Stage::Solving { run, .. } => Some(run),
            _ => None,
        }
    }

    /// The complete maze's grid, once there is one.
    #[must_use]
    pub fn grid(&self) -> Option<&Arc<Grid>> {
        match self {
            Stage::Complete { world }
            | Stage::Solving { world, .. }
            | Stage::Race { world, .. } => Some(&world.grid),
            _ => None,
        }
    }

    /// The solver waiting for the maze, if any.
    #[must_use]
    pub fn waiting(&self) -> Option<SolverKind> {
        match self {
            Stage::Generating { waiting, .. } => *waiting,
            _ => None,
        }
    }

    /// Steps of the run that `n` and `b` act on.
    #[must_use]
    pub fn active_step(&self) -> u64 {
        match self {
            Stage::Generating { run, .. } => run.step(),
            Stage::Solving { run, .. } => run.step(),
            Stage::Race { race, .. } => race.clock,
            Stage::Complete { world } => world.generation.as_ref().map_or(0, Run::step),
            Stage::Empty => 0,
        }
    }

    /// Steps of the active run in all, once known.
    #[must_use]
    pub fn active_end(&self) -> Option<u64> {
        match self {
            Stage::Generating { run, .. } => run.end(),
            Stage::Solving { run, .. } => run.end(),
            Stage::Race { race, .. } => race.end(),
            Stage::Complete { world } => world.generation.as_ref().map_or(Some(0), Run::end),
            Stage::Empty => Some(0),
        }
    }

    /// The position on the combined timeline: generation steps, then (for a solver that
    /// started by itself) the solver's.
    #[must_use]
    pub fn position(&self) -> u64 {
        match self {
            Stage::Solving {
                world:
                    World {
                        generation: Some(generation),
                        ..
                    },
                run,
                auto: true,
            } => generation.step() + run.step(),
            other => other.active_step(),
        }
    }

    /// Whether nothing is left to step: the active run is at its end and no solver waits.
    #[must_use]
    pub fn finished(&self) -> bool {
        match self {
            Stage::Generating { run, waiting, .. } => run.finished() && waiting.is_none(),
            Stage::Solving { run, .. } => run.finished(),
            Stage::Race { race, .. } => race.finished(),
            Stage::Complete { .. } | Stage::Empty => true,
        }
    }

    /// Maze size in tiles `(rows, cols)`.
    #[must_use]
    pub fn tile_size(&self) -> (u32, u32) {
        match (self.grid(), self.generation()) {
            (Some(grid), _) => (grid.rows(), grid.cols()),
            (None, Some(run)) => (
                run.machine().maze().tile_rows(),
                run.machine().maze().tile_cols(),
            ),
            (None, None) => (0, 0),
        }
    }

    /// Whether tile `tile` lies outside a masked maze's shape (drawn blank).
    #[must_use]
    pub fn is_outside(&self, tile: Pos) -> bool {
        match (self.grid(), self.generation()) {
            (Some(grid), _) => grid.is_outside(tile),
            (None, Some(run)) => run.machine().maze().is_outside_tile(tile),
            (None, None) => false,
        }
    }

    /// Whether tile `tile` is open.
    #[must_use]
    pub fn is_open(&self, tile: Pos) -> bool {
        match (self.grid(), self.generation()) {
            (Some(grid), _) => grid.is_open(tile),
            (None, Some(run)) => run.machine().maze().is_open_tile(tile),
            (None, None) => false,
        }
    }

    /// The overlay of tile `tile`: the solver's, or the running generator's on cell tiles.
    #[must_use]
    pub fn mark(&self, tile: Pos) -> Mark {
        match self {
            Stage::Solving { run, .. } => run.machine().solver().mark(tile),
            Stage::Generating { run, .. }
                if !run.finished() && tile.row % 2 == 1 && tile.col % 2 == 1 =>
            {
                run.machine()
                    .generator()
                    .mark(Pos::new(tile.row / 2, tile.col / 2))
            }
            _ => Mark::None,
        }
    }

    /// The tile being worked on, if any.
    #[must_use]
    pub fn current_tile(&self) -> Option<Pos> {
        match self {
            Stage::Solving { run, .. } => run.machine().solver().current(),
            Stage::Generating { run, .. } if !run.finished() => {
                run.machine().generator().current().map(Pos::cell_to_tile)
            }
            _ => None,
        }
    }

    /// Take one step of the active run, crossing from a finished generation into a waiting
    /// solver (which then stands at its step 0). `grid_of` builds the grid of a complete
    /// maze. Returns whether anything moved.
    pub fn step(
        &mut self,
        grid_of: &impl Fn(&Run<Generation>) -> Grid,
        options: &SolveOptions,
    ) -> bool {
        let moved = match self {
            Stage::Generating { run, .. } => run.step_once().is_some(),
            Stage::Solving { run, .. } => run.step_once().is_some(),
            Stage::Race { race, .. } => race.step(),
            Stage::Complete { .. } | Stage::Empty => false,
        };
        self.complete_if_done(grid_of, options);
        moved
    }

    /// After a generation step: if the maze is complete, become `Complete` (or `Solving`
    /// with the waiting solver at its step 0).
    pub fn complete_if_done(
        &mut self,
        grid_of: &impl Fn(&Run<Generation>) -> Grid,
        options: &SolveOptions,
    ) {
        let Stage::Generating { run, .. } = self else {
            return;
        };
        if !run.finished() {
            return;
        }
        let Stage::Generating {
            run,
            waiting,
            parked,
        } = std::mem::replace(self, Stage::Empty)
        else {
            return;
        };
        let grid = grid_of(&run);
        let Some(kind) = waiting else {
            *self = Stage::Complete {
                world: World {
                    grid: Arc::new(grid),
                    generation: Some(run),
                },
            };
            return;
        };
        // The run parked by a step back, if it searched this very maze with these settings.
        let same = |p: &Run<Search>| {
            p.machine().kind() == kind
                && p.machine().options() == options
                && *p.machine().grid() == grid
        };
        let search = match parked {
            Some(parked) if same(&parked) => *parked,
            _ => Run::new(Search::new(kind, Arc::new(grid), *options)),
        };
        *self = Stage::Solving {
            world: World {
                grid: Arc::clone(search.machine().grid_arc()),
                generation: Some(run),
            },
            run: search,
            auto: true,
        };
    }

    /// Go to `target` on the combined timeline ([`Stage::position`]), crossing between a
    /// generation and the solver that started by itself after it, within the time
    /// `out_of_time` allows.
    pub fn seek(
        &mut self,
        target: u64,
        grid_of: &impl Fn(&Run<Generation>) -> Grid,
        options: &SolveOptions,
        mut out_of_time: impl FnMut() -> bool,
    ) -> Seek {
        loop {
            match self {
                Stage::Solving {
                    world:
                        World {
                            generation: Some(generation),
                            ..
                        },
                    run,
                    auto: true,
                } => {
                    let base = generation.step();
                    if target >= base {
                        return run.seek(target - base, &mut out_of_time);
                    }
                    self.back_into_generation();
                }
                Stage::Solving { run, .. } => return run.seek(target, &mut out_of_time),
                Stage::Race { race, .. } => return race.seek(target, &mut out_of_time),
                Stage::Generating { run, waiting, .. } => {
                    let result = run.seek(target, &mut out_of_time);
                    // At the generation's end a waiting solver starts (at its step 0), as
                    // when the last step is taken one at a time: one state per position.
                    let cross = run.finished() && waiting.is_some() && target >= run.step();
                    if !cross {
                        // A generation seeked to its end is complete, as if stepped there.
                        if run.finished() && waiting.is_none() {
                            self.complete_if_done(grid_of, options);
                        }
                        return result;
                    }
                    self.complete_if_done(grid_of, options);
                }
                Stage::Complete {
                    world:
                        World {
                            generation: Some(generation),
                            ..
                        },
                } if target < generation.step() => self.reopen_generation(),
                Stage::Complete { .. } | Stage::Empty => return Seek::Arrived,
            }
        }
    }

    /// From a complete generated maze back into its generation (a step back).
    fn reopen_generation(&mut self) {
        let Stage::Complete {
            world:
                World {
                    generation: Some(generation),
                    ..
                },
        } = std::mem::replace(self, Stage::Empty)
        else {
            return;
        };
        *self = Stage::Generating {
            run: generation,
            waiting: None,
            parked: None,
        };
    }

    /// Run the active run to its end (a generation's end starts a waiting solver at its
    /// step 0, and stops there), within the time `out_of_time` allows.
    pub fn run_to_end(
        &mut self,
        grid_of: &impl Fn(&Run<Generation>) -> Grid,
        options: &SolveOptions,
        out_of_time: impl FnMut() -> bool,
    ) -> Seek {
        let result = match self {
            Stage::Generating { run, .. } => {
                run.advance(u64::MAX, out_of_time);
                run.finished()
            }
            Stage::Solving { run, .. } => {
                run.advance(u64::MAX, out_of_time);
                run.finished()
            }
            Stage::Race { race, .. } => race.seek(u64::MAX, out_of_time) == Seek::Arrived,
            Stage::Complete { .. } | Stage::Empty => true,
        };
        self.complete_if_done(grid_of, options);
        if result { Seek::Arrived } else { Seek::Pending }
    }

    /// From a solver that started by itself, back into its finished generation, the solver
    /// waiting again: its run is kept, rewound to its step 0 (a checkpoint restored, no
    /// replay), to be taken up again at the generation's end.
    fn back_into_generation(&mut self) {
        let Stage::Solving {
            world:
                World {
                    generation: Some(generation),
                    ..
                },
            mut run,
            auto: true,
        } = std::mem::replace(self, Stage::Empty)
        else {
            return;
        };
        run.seek(0, || false);
        *self = Stage::Generating {
            run: generation,
            waiting: Some(run.machine().kind()),
            parked: Some(Box::new(run)),
        };
    }
}
