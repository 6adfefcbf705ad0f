//! Edits during a race of solvers: the replanning race. The maze is edited in edit mode
//! (`E`) while the runners race; each edit is taken by each runner as its algorithm
//! would take it — LPA* and D* Lite repair their search from where they stand, every other
//! solver searches the edited maze from scratch — and the race clock starts again at 0,
//! so the runners race through the repair side by side.
//!
//! The table then counts, per runner, the tiles expanded since the last edit, and the
//! expansions of each segment: the first search, then each edit's repair or new search.
//! That is the point of incremental search made visible: after a wall is drawn, D* Lite
//! expands a handful of tiles where A* expands again most of what it expanded before.
//!
//! This is the simplest design that shows it: a race's edit is a new segment for every
//! runner at once (as an edit is for a single LPA* or D* Lite run, [`super::replan`]), so
//! `b` steps back through the repair down to the edit and no further.

use std::sync::Arc;

use super::race::{Race, Runners};
use super::replan::changed_tiles;
use super::stage::Stage;
use super::state::App;
use crate::maze::{Grid, Pos};
use crate::run::Run;
use crate::solve::{Search, SolveOptions, Solver};

/// Expansions per segment of a race over edits, per runner.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Segments {
    /// Each runner's expansion counter at the start of the segment it is in (a repaired
    /// search keeps counting over its repairs; a new search starts at 0).
    pub base: Vec<usize>,
    /// Each finished segment (the first search, then each edit before the last one):
    /// the tiles each runner expanded in it, in runner order.
    pub done: Vec<Vec<usize>>,
    /// How each runner took the last edit: `true` repaired, `false` searched anew.
    pub repaired: Vec<bool>,
}

impl Segments {
    /// Edits so far.
    #[must_use]
    pub fn edits(&self) -> usize {
        self.done.len()
    }

    /// What runner `i` expanded since the last edit, its counter standing at `visited`.
    #[must_use]
    pub fn since_edit(&self, i: usize, visited: usize) -> usize {
        visited.saturating_sub(self.base.get(i).copied().unwrap_or(0))
    }

    /// Runner `i`'s expansions per segment, the current one last.
    #[must_use]
    pub fn of(&self, i: usize, visited: usize) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .done
            .iter()
            .map(|seg| seg.get(i).copied().unwrap_or(0))
            .collect();
        out.push(self.since_edit(i, visited));
        out
    }
}

impl Race {
    /// The race's maze is now `grid` (`changed`: the tiles whose terrain changed): each
    /// runner repairs its search (LPA*, D* Lite) or starts a new one on `grid` with
    /// `options`, the segment ended is recorded, and the clock starts again at 0. Returns
    /// `false` (nothing changed) for a race of generators. O(runners · tiles) at worst.
    pub fn edit(&mut self, grid: &Arc<Grid>, changed: &[Pos], options: SolveOptions) -> bool {
        let Runners::Solvers(runs) = &mut self.runners else {
            return false;
        };
        let ended: Vec<usize> = runs
            .iter()
            .enumerate()
            .map(|(i, run)| {
                self.segments
                    .since_edit(i, run.machine().solver().visited())
            })
            .collect();
        self.segments.done.push(ended);
        self.segments.base.clear();
        self.segments.repaired.clear();
        for run in runs.iter_mut() {
            let search = run.machine();
            let kind = search.kind();
            let (next, repaired) = match search.repaired(Arc::clone(grid), changed) {
                Some(repaired) => (repaired, true),
                None => (Search::new(kind, Arc::clone(grid), options), false),
            };
            self.segments.base.push(next.solver().visited());
            self.segments.repaired.push(repaired);
            *run = Run::new(next);
        }
        self.clock = 0;
        true
    }
}

impl App {
    /// An edit made during a race: a race of solvers takes it ([`Race::edit`]); a race of
    /// generators (each on its own maze) does not.
    pub(super) fn edit_race(&mut self, grid: Arc<Grid>) {
        let options = self.config.solve_options;
        let Stage::Race { world, race } = &mut self.stage else {
            return;
        };
        if !matches!(race.runners, Runners::Solvers(_)) {
            self.status = Some("generators race on mazes of their own: Esc, then edit".into());
            return;
        }
        let changed = changed_tiles(&world.grid, &grid);
        world.generation = None;
        world.grid = Arc::clone(&grid);
        race.edit(&grid, &changed, options);
        let n = race.segments.edits();
        let repairing = race.segments.repaired.iter().filter(|&&r| r).count();
        self.cheapest = Some(super::cheapest::Yardstick::start(&grid, options.moves));
        let tiles = changed.len();
        let s = if tiles == 1 { "" } else { "s" };
        self.log.note(format!(
            "race edit {n}: {tiles} tile{s} changed; {repairing} runner(s) repair, the others search anew"
        ));
        self.status = Some(format!(
            "edit {n}: LPA* and D* Lite repair, the others start over; n or space races the repair"
        ));
    }
}
