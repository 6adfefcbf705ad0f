//! A race: two to four solvers searching the same maze, or two to four generators
//! carving mazes of the same size from the same seed, in lock step.
//!
//! One clock drives every runner: at clock `t` each runner stands at step `min(t, its
//! end)`, so `n` steps every unfinished runner once, a finished runner waits, and a step
//! back, `g`, `f` or a jump act on all of them alike. Each runner is an ordinary
//! [`Run`], so rewinding one uses its own checkpoints and costs what a step back in a
//! single run costs.

use std::sync::Arc;

use super::{App, Item, Stage};
use crate::generate::{Generation, GeneratorKind};
use crate::maze::stats as maze_stats;
use crate::run::{Machine, Run, Seek};
use crate::solve::{Search, Solver, SolverKind, path_cost};

/// The fewest and most runners a race has.
pub const RUNNERS: std::ops::RangeInclusive<usize> = 2..=4;

/// What a race is between: solvers or generators, never both (their tables compare
/// different things). Also the marks made in the list before a race starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrants {
    /// Solvers, searching the complete maze.
    Solvers(Vec<SolverKind>),
    /// Generators, carving mazes of the complete maze's size from its seed.
    Generators(Vec<GeneratorKind>),
}

impl Default for Entrants {
    fn default() -> Self {
        Entrants::Solvers(Vec::new())
    }
}

impl Entrants {
    /// How many are marked.
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            Entrants::Solvers(kinds) => kinds.len(),
            Entrants::Generators(kinds) => kinds.len(),
        }
    }

    /// Whether none is marked.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The place (from 0) of list item `item` among the marked, if marked.
    #[must_use]
    pub fn place(&self, item: Item) -> Option<usize> {
        match (self, item) {
            (Entrants::Solvers(kinds), Item::Solve(kind)) => kinds.iter().position(|&k| k == kind),
            (Entrants::Generators(kinds), Item::Gen(kind)) => kinds.iter().position(|&k| k == kind),
            _ => None,
        }
    }

    /// Mark list item `item`, or unmark it, switching to its kind first (the other kind's
    /// marks are cleared). `None` for a heading.
    fn toggle(&mut self, item: Item) -> Option<Marking> {
        let switched = match (&*self, item) {
            (Entrants::Generators(kinds), Item::Solve(_)) if !kinds.is_empty() => true,
            (Entrants::Solvers(kinds), Item::Gen(_)) if !kinds.is_empty() => true,
            _ => false,
        };
        let changed = match (&mut *self, item) {
            (Entrants::Solvers(kinds), Item::Solve(kind)) => toggle(kinds, kind),
            (Entrants::Generators(kinds), Item::Gen(kind)) => toggle(kinds, kind),
            (_, Item::Solve(kind)) => {
                *self = Entrants::Solvers(vec![kind]);
                true
            }
            (_, Item::Gen(kind)) => {
                *self = Entrants::Generators(vec![kind]);
                true
            }
            (_, Item::GenHeader | Item::SolveHeader) => return None,
        };
        Some(match (changed, switched) {
            (false, _) => Marking::Full,
            (true, true) => Marking::Switched,
            (true, false) => Marking::Changed,
        })
    }

    /// The titles, in marking order.
    #[must_use]
    pub fn titles(&self) -> Vec<&'static str> {
        match self {
            Entrants::Solvers(kinds) => kinds.iter().map(|k| k.title()).collect(),
            Entrants::Generators(kinds) => kinds.iter().map(|k| k.title()).collect(),
        }
    }
}

/// The runners of a race.
#[derive(Clone, Debug)]
pub enum Runners {
    /// Searches of one grid.
    Solvers(Vec<Run<Search>>),
    /// Generations of one size from one seed.
    Generators(Vec<Run<Generation>>),
}

/// Runners racing.
#[derive(Clone, Debug)]
pub struct Race {
    /// The runners, in the order they were marked.
    pub runners: Runners,
    /// The race clock: steps taken by the runners that have not finished.
    pub clock: u64,
    /// For generators: what each finished maze is like (computed once it is finished).
    facts: Vec<Option<MazeFacts>>,
    /// For solvers: expansions per edit of the maze ([`Race::edit`]).
    pub segments: super::race_edit::Segments,
}

/// One solver's line of the comparison table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The solver.
    pub kind: SolverKind,
    /// Steps taken so far.
    pub steps: u64,
    /// Whether it has finished (found a path, proved there is none, or given up).
    pub finished: bool,
    /// Tiles expanded (closed) since the last edit of the maze (the whole race without).
    pub expanded: usize,
    /// Tiles expanded in each segment: the first search, then after each edit.
    pub per_edit: Vec<usize>,
    /// Largest size of its structure (queue, stack, open set) so far.
    pub peak: usize,
    /// Moves of the path found, if any.
    pub length: Option<usize>,
    /// Cost of the path found, if any ([`path_cost`] units).
    pub cost: Option<u32>,
    /// Why it stopped without an answer, once it has (`refused: terrain`, …).
    pub gave_up: Option<&'static str>,
}

impl Standing {
    /// Where the row goes in the table: running runners last, then, among the finished,
    /// paths first, proofs that there is none next, refusals and give-ups after them;
    /// fewest steps first within each.
    #[must_use]
    pub fn rank(&self) -> (bool, u8, u64) {
        let class = match (self.length, self.gave_up) {
            (Some(_), _) => 0,
            (None, None) => 1,
            (None, Some(_)) => 2,
        };
        (!self.finished, class, self.steps)
    }
}

/// What a finished maze is like: the *Mazes for Programmers* comparison (ch. 10).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MazeFacts {
    /// Share of cells that are dead ends (one passage), 0.0–1.0.
    pub dead_ends: f64,
    /// The longest shortest path between two cells, in moves between cells.
    pub longest: u32,
    /// Moves between cells from the top-left to the bottom-right cell.
    pub solution: Option<u32>,
}

impl MazeFacts {
    /// The facts of `generation`'s maze. O(cells): three breadth-first searches.
    #[must_use]
    pub fn of(generation: &Generation) -> Self {
        let maze = generation.maze();
        Self {
            dead_ends: maze_stats::dead_end_share(maze),
            longest: maze_stats::longest_path(maze),
            solution: maze_stats::solution_length(maze),
        }
    }
}

/// One generator's line of the comparison table.
#[derive(Clone, Debug, PartialEq)]
pub struct GenStanding {
    /// The generator.
    pub kind: GeneratorKind,
    /// Steps taken so far.
    pub steps: u64,
    /// Whether its maze is complete.
    pub finished: bool,
    /// Largest size of its structure (stack, frontier, sets) so far.
    pub peak: usize,
    /// The maze's facts, once complete.
    pub facts: Option<MazeFacts>,
}

/// Step every unfinished run once; whether any moved.
fn step_all<M: Machine>(runs: &mut [Run<M>]) -> bool {
    let mut moved = false;
    for run in runs {
        moved |= run.step_once().is_some();
    }
    moved
}

/// Move every run to `target` (each capped at its end) within the time allowed.
fn seek_all<M: Machine>(
    runs: &mut [Run<M>],
    target: u64,
    out_of_time: &mut impl FnMut() -> bool,
) -> (Seek, u64) {
    let mut result = Seek::Arrived;
    for run in runs.iter_mut() {
        if run.seek(target, &mut *out_of_time) == Seek::Pending {
            result = Seek::Pending;
        }
    }
    (result, runs.iter().map(Run::step).max().unwrap_or(0))
}

/// The clock's last step, once every run's end is known.
fn end_of<M: Machine>(runs: &[Run<M>]) -> Option<u64> {
    runs.iter()
        .map(Run::end)
        .try_fold(0, |most, end| end.map(|e| most.max(e)))
}

impl Race {
    /// A race of `runners` at step 0.
    #[must_use]
    pub fn new(runners: Runners) -> Self {
        let mut race = Self {
            runners,
            clock: 0,
            facts: Vec::new(),
            segments: super::race_edit::Segments::default(),
        };
        race.refresh_facts();
        race
    }

    /// How many runners.
    #[must_use]
    pub fn len(&self) -> usize {
        match &self.runners {
            Runners::Solvers(runs) => runs.len(),
            Runners::Generators(runs) => runs.len(),
        }
    }

    /// Whether the race has no runner (never, once started).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether every runner has finished.
    #[must_use]
    pub fn finished(&self) -> bool {
        match &self.runners {
            Runners::Solvers(runs) => runs.iter().all(Run::finished),
            Runners::Generators(runs) => runs.iter().all(Run::finished),
        }
    }

    /// The clock's last step, once every runner's end is known.
    #[must_use]
    pub fn end(&self) -> Option<u64> {
        match &self.runners {
            Runners::Solvers(runs) => end_of(runs),
            Runners::Generators(runs) => end_of(runs),
        }
    }

    /// Step every unfinished runner once. Returns whether any moved.
    pub fn step(&mut self) -> bool {
        let moved = match &mut self.runners {
            Runners::Solvers(runs) => step_all(runs),
            Runners::Generators(runs) => step_all(runs),
        };
        if moved {
            self.clock += 1;
            self.refresh_facts();
        }
        moved
    }

    /// Set the clock to `target` (at most the last runner's end), every runner following,
    /// within the time `out_of_time` allows.
    pub fn seek(&mut self, target: u64, mut out_of_time: impl FnMut() -> bool) -> Seek {
        let (result, clock) = match &mut self.runners {
            Runners::Solvers(runs) => seek_all(runs, target, &mut out_of_time),
            Runners::Generators(runs) => seek_all(runs, target, &mut out_of_time),
        };
        self.clock = clock;
        self.refresh_facts();
        result
    }

    /// Keep each generator's facts in step: worked out once its maze is complete,
    /// forgotten when a step back makes it incomplete again.
    fn refresh_facts(&mut self) {
        let Runners::Generators(runs) = &self.runners else {
            return;
        };
        self.facts.resize(runs.len(), None);
        for (run, facts) in runs.iter().zip(&mut self.facts) {
            match (run.finished(), facts.is_some()) {
                (true, false) => *facts = Some(MazeFacts::of(run.machine())),
                (false, true) => *facts = None,
                _ => {}
            }
        }
    }

    /// The solvers' standings, in runner order (empty in a race of generators).
    #[must_use]
    pub fn standings(&self) -> Vec<Standing> {
        let Runners::Solvers(runs) = &self.runners else {
            return Vec::new();
        };
        runs.iter()
            .enumerate()
            .map(|(i, run)| {
                let search = run.machine();
                let solver = search.solver();
                let path = solver.path();
                Standing {
                    kind: search.kind(),
                    steps: run.step(),
                    finished: run.finished(),
                    expanded: self.segments.since_edit(i, solver.visited()),
                    per_edit: self.segments.of(i, solver.visited()),
                    peak: run.counters().peak,
                    length: path.map(|p| p.len().saturating_sub(1)),
                    cost: path.map(|p| path_cost(search.grid(), p)),
                    gave_up: match run.last_event() {
                        Some(crate::solve::SolveEvent::GaveUp { reason }) if run.finished() => {
                            Some(reason.short())
                        }
                        _ => None,
                    },
                }
            })
            .collect()
    }

    /// The generators' standings, in runner order (empty in a race of solvers).
    #[must_use]
    pub fn gen_standings(&self) -> Vec<GenStanding> {
        let Runners::Generators(runs) = &self.runners else {
            return Vec::new();
        };
        runs.iter()
            .zip(&self.facts)
            .map(|(run, facts)| GenStanding {
                kind: run.machine().kind(),
                steps: run.step(),
                finished: run.finished(),
                peak: run.counters().peak,
                facts: *facts,
            })
            .collect()
    }
}

impl App {
    /// `m`: mark the selected solver or generator for the race, or unmark it. Marking a
    /// generator clears marked solvers and the other way round: a race is of one kind.
    pub(super) fn toggle_race_mark(&mut self) {
        let Some(marking) = self.race_marks.toggle(self.items[self.selected]) else {
            self.status = Some("m marks solvers or generators for a race".to_owned());
            return;
        };
        let what = match &self.race_marks {
            Entrants::Solvers(_) => "solvers",
            Entrants::Generators(_) => "generators",
        };
        self.status = Some(match (marking, self.race_marks.len()) {
            (Marking::Full, _) => format!("a race has at most {} runners", RUNNERS.end()),
            (_, 0) => format!("no {what} marked"),
            (Marking::Switched, 1) => format!(
                "a race is of solvers or of generators: now marking {what}; mark one more (m), then R races them"
            ),
            (_, 1) => format!("1 of the {what} marked: mark one more (m), then R races them"),
            (_, n) => format!("{n} {what} marked: R races them"),
        });
    }

    /// `R`: race the marked solvers on the complete maze, or the marked generators on a
    /// maze of its size from its seed, from step 0.
    pub(super) fn start_race(&mut self) {
        if self.race_marks.len() < *RUNNERS.start() {
            self.status = Some(
                "mark 2 to 4 solvers (or 2 to 4 generators) in the list with m, then press R"
                    .to_owned(),
            );
            return;
        }
        if matches!(self.stage, Stage::Generating { .. }) {
            self.status = Some("a race needs the complete maze: f finishes it".to_owned());
            return;
        }
        let Some(grid) = self.stage.grid().cloned() else {
            return;
        };
        // The generators' mazes have the size of the maze on screen, in cells.
        let cells = ((grid.cols() - 1) / 2, (grid.rows() - 1) / 2);
        let runners = match &self.race_marks {
            Entrants::Solvers(kinds) => {
                let options = self.config.solve_options;
                Runners::Solvers(
                    kinds
                        .iter()
                        .map(|&kind| Run::new(Search::new(kind, Arc::clone(&grid), options)))
                        .collect(),
                )
            }
            Entrants::Generators(kinds) => {
                let mask = match self.mask_for(cells.0.max(1), cells.1.max(1)) {
                    Ok(mask) => mask,
                    Err(e) => {
                        self.status = Some(format!("cannot race: {e}"));
                        return;
                    }
                };
                let made: Result<Vec<Run<Generation>>, crate::Error> = kinds
                    .iter()
                    .map(|&kind| {
                        Generation::new_in(
                            mask.as_ref(),
                            kind,
                            cells.0.max(1),
                            cells.1.max(1),
                            self.seed,
                            &self.config.gen_options,
                            self.config.braid,
                        )
                        .map(Run::new)
                    })
                    .collect();
                match made {
                    Ok(runs) => Runners::Generators(runs),
                    Err(e) => {
                        self.status = Some(format!("cannot race: {e}"));
                        return;
                    }
                }
            }
        };
        self.archive_runs(false);
        self.job = None;
        self.play.set_playing(false);
        self.log_scroll = 0;
        let Some(world) = self.stage.take_world() else {
            return;
        };
        self.log
            .note(format!("race: {}", self.race_marks.titles().join(" vs ")));
        if let Runners::Solvers(_) = runners {
            self.cheapest = Some(super::cheapest::Yardstick::start(
                &grid,
                self.config.solve_options.moves,
            ));
        }
        self.stage = Stage::Race {
            world,
            race: Race::new(runners),
        };
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

/// What marking did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Marking {
    /// Marked or unmarked among the marks of its kind.
    Changed,
    /// Marked, after clearing the marks of the other kind.
    Switched,
    /// Already four marked: nothing changed.
    Full,
}

/// Mark `kind` in `kinds`, or unmark it; `false` if four are marked already.
fn toggle<K: PartialEq>(kinds: &mut Vec<K>, kind: K) -> bool {
    if let Some(i) = kinds.iter().position(|k| *k == kind) {
        kinds.remove(i);
    } else if kinds.len() == *RUNNERS.end() {
        return false;
    } else {
        kinds.push(kind);
    }
    true
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
        Race::new(Runners::Solvers(
            kinds
                .iter()
                .map(|&k| Run::new(Search::new(k, Arc::clone(&grid), SolveOptions::default())))
                .collect(),
        ))
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
        let Runners::Solvers(runs) = &r.runners else {
            panic!("a race of solvers");
        };
        let ends: Vec<u64> = runs.iter().map(|run| run.end().expect("ended")).collect();
        assert_eq!(r.end(), ends.iter().copied().max());
        assert_eq!(r.clock, r.end().expect("known"));
        for (s, end) in r.standings().iter().zip(&ends) {
            assert_eq!(s.steps, *end);
            assert!(s.finished && s.length.is_some());
        }
    }
}
