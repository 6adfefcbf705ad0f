//! Starting runs: a generation (and the grid its finished maze becomes, with S and E
//! placed), a loaded maze, a solver (now or once the maze is complete), the search
//! settings that restart a solver, and a new seed.

use std::sync::Arc;

use super::log;
use super::stage::{Stage, World};
use super::viewport;
use super::{App, Item};
use crate::generate::{Generation, GeneratorKind};
use crate::maze::{Ends, Grid, Pos};
use crate::run::Run;
use crate::solve::{Corners, Heuristic, Moves, Search, SolverKind};

impl App {
    /// What builds the grid of a finished generation: S and E by the `--ends` rule, then
    /// where the user moved them.
    pub(super) fn grid_of(&self) -> impl Fn(&Run<Generation>) -> Grid + use<> {
        let (rule, ends) = (self.config.ends, self.ends);
        move |run: &Run<Generation>| grid_with_ends(run, rule, ends)
    }

    /// Maze size wanted now: the configured one, or one that fits the terminal.
    pub(super) fn wanted_size(&self) -> (u32, u32) {
        let (fit_w, fit_h) = viewport::fit(self.size);
        (
            self.config.width.unwrap_or(fit_w).max(1),
            self.config.height.unwrap_or(fit_h).max(1),
        )
    }

    /// Move the live sections of the log into the archive (their run is being replaced).
    pub(super) fn archive_runs(&mut self, generation_too: bool) {
        let ascii = self.config.ascii;
        if let Some(run) = self.stage.search() {
            self.log
                .archive(log::solve_section(run, ascii, log::LIVE_EVENTS));
        }
        if generation_too && let Some(run) = self.stage.generation() {
            self.log
                .archive(log::gen_section(run, ascii, log::LIVE_EVENTS));
        }
    }

    pub(super) fn start_generator(&mut self, kind: GeneratorKind) {
        self.archive_runs(true);
        self.job = None;
        self.ends = (None, None);
        self.log_scroll = 0;
        self.pan = (0, 0);
        let (w, h) = self.maze_size;
        let made = self.mask_for(w, h).and_then(|mask| {
            Generation::new_in(
                mask.as_ref(),
                kind,
                w,
                h,
                self.seed,
                &self.config.gen_options,
                self.config.braid,
            )
        });
        match made {
            Ok(generation) => {
                self.stage = Stage::Generating {
                    run: Run::new(generation),
                    waiting: None,
                    parked: None,
                };
            }
            Err(e) => {
                self.stage = Stage::Empty;
                self.log.note(format!("cannot generate: {e}"));
            }
        }
    }

    pub(super) fn open_loaded(&mut self, grid: Grid) {
        self.log.note(log::header(
            &format!(
                "loaded maze: {}{}{} tiles",
                grid.cols(),
                log::times(self.config.ascii),
                grid.rows()
            ),
            self.config.ascii,
        ));
        self.stage = Stage::Complete {
            world: World {
                generation: None,
                grid: Arc::new(grid),
            },
        };
    }

    pub(super) fn wait_for_maze(&mut self, kind: SolverKind) {
        if let Stage::Generating { waiting, .. } = &mut self.stage {
            *waiting = Some(kind);
            self.status = Some(format!("{} waits for the maze", kind.title()));
        }
    }

    /// Start `kind` on the complete maze at step 0 (`auto`: continuing the generation's
    /// timeline).
    pub(super) fn start_solver(&mut self, kind: SolverKind, auto: bool) {
        let Some(grid) = self.stage.grid().cloned() else {
            return;
        };
        self.archive_runs(false);
        self.job = None;
        self.log_scroll = 0;
        let Some(world) = self.stage.take_world() else {
            return;
        };
        self.stage = Stage::Solving {
            world,
            run: Run::new(Search::new(kind, grid, self.config.solve_options)),
            auto,
        };
    }

    /// The solver running or waiting, with whether it continues the generation.
    pub(super) fn active_solver(&self) -> Option<(SolverKind, bool)> {
        match &self.stage {
            Stage::Solving { run, auto, .. } => Some((run.machine().kind(), *auto)),
            Stage::Generating {
                waiting: Some(kind),
                ..
            } => Some((*kind, true)),
            _ => None,
        }
    }

    /// A solver setting changed: restart the solver that uses it, or say why not.
    pub(super) fn solver_setting_changed(&mut self, what: String, applies: fn(SolverKind) -> bool) {
        match (self.active_solver(), &self.stage) {
            (Some((kind, _)), _) if !applies(kind) => {
                self.status = Some(format!(
                    "{what} ({} does not use it; not restarted)",
                    kind.title()
                ));
            }
            (Some((kind, auto)), Stage::Solving { .. }) => {
                self.status = Some(format!("{what}: {} restarted", kind.title()));
                self.start_solver(kind, auto);
            }
            _ => self.status = Some(what),
        }
    }

    pub(super) fn cycle_heuristic(&mut self) {
        let options = &mut self.config.solve_options;
        let at = Heuristic::ALL
            .iter()
            .position(|&h| h == options.heuristic)
            .unwrap_or(0);
        options.heuristic = Heuristic::ALL[(at + 1) % Heuristic::ALL.len()];
        let what = format!("heuristic {}", options.heuristic.name());
        self.solver_setting_changed(what, SolverKind::uses_heuristic);
    }

    pub(super) fn toggle_diagonal(&mut self) {
        let options = &mut self.config.solve_options;
        options.moves = match options.moves {
            Moves::Four => Moves::Eight(Corners::default()),
            Moves::Eight(_) => Moves::Four,
        };
        let what = if options.diagonal() {
            "8-way moves (diagonals cost 14)"
        } else {
            "4-way moves"
        };
        self.solver_setting_changed(what.to_owned(), SolverKind::uses_moves);
    }

    pub(super) fn run_selected(&mut self) {
        match self.items[self.selected] {
            Item::Gen(kind) => {
                if self.stage.generation().is_none() && self.stage.grid().is_some() {
                    self.status = Some(format!(
                        "loaded maze closed: {} makes a new one",
                        kind.title()
                    ));
                }
                self.start_generator(kind);
            }
            Item::Solve(kind) => {
                if self.stage.grid().is_some() {
                    self.start_solver(kind, false);
                } else if matches!(self.stage, Stage::Generating { .. }) {
                    self.wait_for_maze(kind);
                }
            }
            Item::GenHeader | Item::SolveHeader => {}
        }
    }

    pub(super) fn new_seed(&mut self) {
        let kind = self
            .stage
            .generation()
            .map_or(self.config.generator, |g| g.machine().kind());
        let closed_loaded = self.stage.generation().is_none() && self.stage.grid().is_some();
        let solver = self.active_solver().map(|(k, _)| k);
        self.seed = next_seed(self.seed);
        self.maze_size = self.wanted_size();
        self.start_generator(kind);
        if let Some(solver) = solver {
            self.wait_for_maze(solver);
        }
        if closed_loaded {
            // Said last, so that it is not replaced by the waiting solver's line.
            let then = self
                .status
                .take()
                .map(|s| format!("; {s}"))
                .unwrap_or_default();
            self.status = Some(format!(
                "r: loaded maze closed, a new {} maze{then}",
                kind.title()
            ));
        }
        self.fit_view();
    }
}

/// The grid of a finished generation: S and E placed by `rule` (drawing from the maze's
/// seed), then the user's start and goal applied.
pub(super) fn grid_with_ends(
    run: &Run<Generation>,
    rule: Ends,
    ends: (Option<Pos>, Option<Pos>),
) -> Grid {
    let mut grid = run.machine().maze().to_grid();
    if rule != Ends::Corners {
        rule.place(&mut grid, run.machine().seed());
    }
    if let Some(start) = ends.0 {
        grid.set_start(start);
    }
    if let Some(goal) = ends.1 {
        grid.set_goal(goal);
    }
    grid
}

/// The next seed after `seed` (SplitMix64), so `r` is deterministic too.
#[must_use]
pub const fn next_seed(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) % 1_000_000
}
