//! A race: two to four solvers searching the same maze in lock step.
//!
//! One clock drives every runner: at clock `t` each runner stands at step `min(t, its
//! end)`, so `n` steps every unfinished runner once, a finished runner waits, and a step
//! back, `g`, `f` or a jump act on all of them alike. Each runner is an ordinary
//! [`Run`], so rewinding one uses its own checkpoints and costs what a step back in a
//! single run costs.

use std::sync::Arc;

use super::{App, Item, Stage};
use crate::run::{Run, Seek};
use crate::solve::{Search, Solver, SolverKind, path_cost};

/// The fewest and most runners a race has.
pub const RUNNERS: std::ops::RangeInclusive<usize> = 2..=4;

/// Solvers racing on one grid.
#[derive(Clone, Debug)]
pub struct Race {
    /// The runners, in the order they were marked.
    pub runners: Vec<Run<Search>>,
    /// The race clock: steps taken by the runners that have not finished.
    pub clock: u64,
}

/// One runner's line of the comparison table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The solver.
    pub kind: SolverKind,
    /// Steps taken so far.
    pub steps: u64,
    /// Whether it has finished (found a path, proved there is none, or given up).
    pub finished: bool,
    /// Tiles expanded (closed) so far.
    pub expanded: usize,
    /// Largest size of its structure (queue, stack, open set) so far.
    pub peak: usize,
    /// Moves of the path found, if any.
    pub length: Option<usize>,
    /// Cost of the path found, if any ([`path_cost`] units).
    pub cost: Option<u32>,
}

impl Race {
    /// A race of `runners` at step 0.
    #[must_use]
    pub fn new(runners: Vec<Run<Search>>) -> Self {
        Self { runners, clock: 0 }
    }

    /// Whether every runner has finished.
    #[must_use]
    pub fn finished(&self) -> bool {
        self.runners.iter().all(Run::finished)
    }

    /// The clock's last step, once every runner's end is known.
    #[must_use]
    pub fn end(&self) -> Option<u64> {
        self.runners
            .iter()
            .map(Run::end)
            .try_fold(0, |most, end| end.map(|e| most.max(e)))
    }

    /// Step every unfinished runner once. Returns whether any moved.
    pub fn step(&mut self) -> bool {
        let mut moved = false;
        for run in &mut self.runners {
            moved |= run.step_once().is_some();
        }
        if moved {
            self.clock += 1;
        }
        moved
    }

    /// Set the clock to `target` (at most the last runner's end), every runner following,
    /// within the time `out_of_time` allows.
    pub fn seek(&mut self, target: u64, mut out_of_time: impl FnMut() -> bool) -> Seek {
        let mut result = Seek::Arrived;
        for run in &mut self.runners {
            if run.seek(target, &mut out_of_time) == Seek::Pending {
                result = Seek::Pending;
            }
        }
        self.clock = self.runners.iter().map(Run::step).max().unwrap_or(0);
        result
    }

    /// The standings, in runner order.
    #[must_use]
    pub fn standings(&self) -> Vec<Standing> {
        self.runners
            .iter()
            .map(|run| {
                let search = run.machine();
                let solver = search.solver();
                let path = solver.path();
                Standing {
                    kind: search.kind(),
                    steps: run.step(),
                    finished: run.finished(),
                    expanded: solver.visited(),
                    peak: run.counters().peak,
                    length: path.map(|p| p.len().saturating_sub(1)),
                    cost: path.map(|p| path_cost(search.grid(), p)),
                }
            })
            .collect()
    }
}

impl App {
    /// `m`: mark the selected solver for the race, or unmark it.
    pub(super) fn toggle_race_mark(&mut self) {
        let Item::Solve(kind) = self.items[self.selected] else {
            self.status = Some("m marks solvers for a race: select a solver".to_owned());
            return;
        };
        if let Some(i) = self.race_marks.iter().position(|&k| k == kind) {
            self.race_marks.remove(i);
        } else if self.race_marks.len() == *RUNNERS.end() {
            self.status = Some(format!("a race has at most {} runners", RUNNERS.end()));
            return;
        } else {
            self.race_marks.push(kind);
        }
        self.status = Some(match self.race_marks.len() {
            0 => "no solver marked".to_owned(),
            1 => format!(
                "{} marked: mark one more (m), then R races them",
                kind.title()
            ),
            n => format!("{n} solvers marked: R races them"),
        });
    }

    /// `R`: race the marked solvers on the complete maze, from step 0.
    pub(super) fn start_race(&mut self) {
        if self.race_marks.len() < *RUNNERS.start() {
            self.status = Some("mark 2 to 4 solvers in the list with m, then press R".to_owned());
            return;
        }
        if matches!(self.stage, Stage::Generating { .. }) {
            self.status = Some("a race needs the complete maze: f finishes it".to_owned());
            return;
        }
        let Some(grid) = self.stage.grid().cloned() else {
            return;
        };
        self.archive_runs(false);
        self.job = None;
        self.play.set_playing(false);
        self.log_scroll = 0;
        let world = match std::mem::replace(&mut self.stage, Stage::Empty) {
            Stage::Complete { world }
            | Stage::Solving { world, .. }
            | Stage::Race { world, .. } => world,
            other => {
                self.stage = other;
                return;
            }
        };
        let options = self.config.solve_options;
        let runners = self
            .race_marks
            .iter()
            .map(|&kind| Run::new(Search::new(kind, Arc::clone(&grid), options)))
            .collect();
        let names: Vec<&str> = self.race_marks.iter().map(|k| k.title()).collect();
        self.log.note(format!("race: {}", names.join(" vs ")));
        self.stage = Stage::Race {
            world,
            race: Race::new(runners),
        };
        self.cheapest = Some(super::cheapest::Yardstick::start(&grid, options.moves));
    }

    /// The race maze's cheapest path cost once worked out (`Some(None)`: no path).
    #[must_use]
    pub fn race_cheapest(&self) -> Option<Option<u32>> {
        let grid = self.stage.grid()?;
        let yardstick = self.cheapest.as_ref()?;
        yardstick
            .is_for(grid, self.config.solve_options.moves)
            .then(|| yardstick.cost())
            .flatten()
    }

    /// Esc in a race with nothing else to cancel: back to the complete maze.
    pub(super) fn leave_race(&mut self) -> bool {
        let Stage::Race { .. } = self.stage else {
            return false;
        };
        if let Stage::Race { world, .. } = std::mem::replace(&mut self.stage, Stage::Empty) {
            self.stage = Stage::Complete { world };
        }
        self.status = Some("left the race".to_owned());
        true
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::generate::GeneratorKind;
    use crate::solve::SolveOptions;

    fn race(kinds: &[SolverKind]) -> Race {
        let (maze, _) = GeneratorKind::RecursiveBacktracker
            .generate(12, 8, 5, &Default::default())
            .expect("valid size");
        let grid = Arc::new(maze.to_grid());
        Race::new(
            kinds
                .iter()
                .map(|&k| Run::new(Search::new(k, Arc::clone(&grid), SolveOptions::default())))
                .collect(),
        )
    }

    /// After k steps and j back, every runner equals a fresh run of its solver stepped
    /// to the same clock (capped at its end).
    #[test]
    fn back_then_forward_matches_fresh_runners() {
        let kinds = [SolverKind::Astar, SolverKind::Bfs, SolverKind::Dfs];
        for (k, j) in [(5, 2), (40, 39), (300, 100), (1000, 1000)] {
            let mut a = race(&kinds);
            for _ in 0..k {
                a.step();
            }
            let target = a.clock.saturating_sub(j);
            assert_eq!(a.seek(target, || false), Seek::Arrived);
            let mut b = race(&kinds);
            for _ in 0..target {
                b.step();
            }
            assert_eq!(a.clock, b.clock, "clock after {k} on, {j} back");
            assert_eq!(a.standings(), b.standings(), "after {k} on, {j} back");
        }
    }

    #[test]
    fn a_finished_runner_waits_and_the_race_ends_with_the_last() {
        let mut r = race(&[SolverKind::Astar, SolverKind::Dfs]);
        while r.step() {}
        assert!(r.finished());
        let ends: Vec<u64> = r
            .runners
            .iter()
            .map(|run| run.end().expect("ended"))
            .collect();
        assert_eq!(r.end(), ends.iter().copied().max());
        assert_eq!(r.clock, r.end().expect("known"));
        for (s, end) in r.standings().iter().zip(&ends) {
            assert_eq!(s.steps, *end);
            assert!(s.finished && s.length.is_some());
        }
    }
}
