//! One generator run and one solver run: the step machine, what it has done so far, and
//! rebuilding it from its seed to go back a step (deterministic replay, no per-step history).

use std::collections::VecDeque;

use super::log::{LOG_CAP, Log, gen_line, solve_line};
use crate::generate::{GenEvent, GenOptions, Generator, GeneratorKind, braid::braid};
use crate::maze::{Grid, Maze};
use crate::solve::{SolveEvent, SolveOptions, Solver, SolverKind};

/// Bars of the frontier sparkline: the whole run in at most this many time buckets.
pub const HISTORY_CAP: usize = 32;

/// The frontier size over a whole run, for the sparkline, in at most [`HISTORY_CAP`]
/// buckets of `stride` steps each (each bucket keeps its largest value). When the buckets
/// fill up, neighbours merge and the stride doubles. One step changes only the last bucket,
/// so the sparkline redraws one bar, not all of them (kind to slow links). O(1) amortized
/// per step, fixed memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    buckets: Vec<u64>,
    stride: u64,
    in_last: u64,
}

impl Default for History {
    fn default() -> Self {
        Self {
            buckets: Vec::with_capacity(HISTORY_CAP),
            stride: 1,
            in_last: 0,
        }
    }
}

impl History {
    /// Record the frontier size after one more step.
    pub fn push(&mut self, value: usize) {
        let value = value as u64;
        if self.buckets.is_empty() || self.in_last == self.stride {
            if self.buckets.len() == HISTORY_CAP {
                // Every bucket is full: merge neighbours into half as many, twice as wide.
                for i in 0..HISTORY_CAP / 2 {
                    self.buckets[i] = self.buckets[2 * i].max(self.buckets[2 * i + 1]);
                }
                self.buckets.truncate(HISTORY_CAP / 2);
                self.stride *= 2;
            }
            self.buckets.push(value);
            self.in_last = 1;
        } else if let Some(last) = self.buckets.last_mut() {
            *last = (*last).max(value);
            self.in_last += 1;
        }
    }

    /// The bars, oldest first.
    #[must_use]
    pub fn bars(&self) -> &[u64] {
        &self.buckets
    }

    /// Forget everything (a run restarted).
    pub fn clear(&mut self) {
        *self = Self::default();
    }
}

/// A generator at work on its maze.
pub struct GenRun {
    /// Which generator.
    pub kind: GeneratorKind,
    /// Its seed.
    pub seed: u64,
    options: GenOptions,
    braid: f64,
    ascii: bool,
    /// The maze as carved so far.
    pub maze: Maze,
    machine: Box<dyn Generator>,
    /// Steps taken (the final `Done` counts as one).
    pub steps: u64,
    /// Whether the machine has returned `Done`.
    pub done: bool,
    /// Passages carved by `Carve` and `Pop` events.
    pub carved: u64,
    /// Largest frontier seen.
    pub frontier_peak: usize,
    /// Recent frontier sizes, oldest first, one per step.
    pub history: History,
    /// Walls opened by the braid pass, once done.
    braided: Option<usize>,
    /// The log as it was when the run started (the base of a replay).
    log_prefix: Log,
    /// Lines added between steps by the user (e.g. a solver waiting), after `step` steps.
    notes: Vec<(u64, String)>,
}

impl GenRun {
    /// A fresh run of `kind` on a `width × height`-cell maze; writes its header to `log`.
    ///
    /// # Errors
    /// As [`GeneratorKind::initial_maze`].
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        kind: GeneratorKind,
        width: u32,
        height: u32,
        seed: u64,
        options: GenOptions,
        braid: f64,
        ascii: bool,
        log: &mut Log,
    ) -> Result<Self, crate::Error> {
        let maze = kind.initial_maze(width, height)?;
        let machine = kind.build(&maze, seed, &options);
        let frontier_peak = machine.frontier_len();
        let times = if ascii { "x" } else { "×" };
        log.push(format!(
            "{}: {width}{times}{height} cells, seed {seed}",
            kind.title()
        ));
        Ok(Self {
            kind,
            seed,
            options,
            braid,
            ascii,
            maze,
            machine,
            steps: 0,
            done: false,
            carved: 0,
            frontier_peak,
            history: History::default(),
            braided: None,
            log_prefix: log.clone(),
            notes: Vec::new(),
        })
    }

    /// Frontier size now.
    #[must_use]
    pub fn frontier_len(&self) -> usize {
        self.machine.frontier_len()
    }

    /// The machine, for marks and the current cell.
    #[must_use]
    pub fn machine(&self) -> &dyn Generator {
        self.machine.as_ref()
    }

    /// One step; its words go to `log` when given. Returns the event, `None` when done.
    pub fn step(&mut self, log: Option<&mut Log>) -> Option<GenEvent> {
        let event = self.machine.step(&mut self.maze)?;
        self.steps += 1;
        if matches!(event, GenEvent::Carve { .. } | GenEvent::Pop { .. }) {
            self.carved += 1;
        }
        let frontier = self.machine.frontier_len();
        self.frontier_peak = self.frontier_peak.max(frontier);
        self.history.push(frontier);
        if event == GenEvent::Done {
            self.done = true;
            if self.braid > 0.0 {
                self.braided = Some(braid(&mut self.maze, self.braid, self.seed));
            }
        }
        if let Some(log) = log {
            self.push_lines(log, event, self.steps);
        }
        Some(event)
    }

    /// The words for `event`, step `step` (the last step's, for `Done`), then the notes
    /// made after that step.
    fn push_lines(&self, log: &mut Log, event: GenEvent, step: u64) {
        // Counting passages is O(cells): only the `Done` line shows it.
        let passages = if event == GenEvent::Done {
            self.maze.passage_count()
        } else {
            0
        };
        log.push(gen_line(event, self.ascii, passages));
        if let (GenEvent::Done, Some(opened)) = (event, self.braided) {
            log.push(format!(
                "braid {:.0}%: opened {opened} walls",
                self.braid * 100.0
            ));
        }
        for (_, line) in self.notes_at(step) {
            log.push(line.clone());
        }
    }

    /// How many lines [`GenRun::push_lines`] writes (for replays that skip them).
    fn line_count(&self, event: GenEvent, step: u64) -> u64 {
        1 + u64::from(event == GenEvent::Done && self.braided.is_some())
            + self.notes_at(step).count() as u64
    }

    /// The notes made after step `step`.
    fn notes_at(&self, step: u64) -> impl Iterator<Item = &(u64, String)> {
        self.notes.iter().filter(move |(at, _)| *at == step)
    }

    /// Up to `max` steps without formatting each; then the lines of the last [`LOG_CAP`]
    /// steps go to `log`, so the log ends exactly as if every step had been logged.
    /// Returns the steps taken.
    pub fn run_quiet(&mut self, max: u64, log: &mut Log) -> u64 {
        let mut recent = VecDeque::with_capacity(LOG_CAP);
        let mut taken = 0;
        while taken < max {
            let Some(event) = self.step(None) else { break };
            if recent.len() == LOG_CAP
                && let Some((dropped, at)) = recent.pop_front()
            {
                log.skip(self.line_count(dropped, at));
            }
            recent.push_back((event, self.steps));
            taken += 1;
        }
        for (event, at) in recent {
            self.push_lines(log, event, at);
        }
        taken
    }

    /// Add a user note after the current step. It is logged again whenever the run passes
    /// this step (stepping, running quietly, replaying for a step back); notes after this
    /// step belonged to a future the user has left, and are dropped.
    pub fn note(&mut self, log: &mut Log, line: String) {
        log.push(line.clone());
        self.notes.retain(|(at, _)| *at <= self.steps);
        self.notes.push((self.steps, line));
    }

    /// Rebuild from the seed and replay to `target` steps; `log` becomes exactly what it was
    /// after `target` steps (lines formatted only for the last [`LOG_CAP`] steps).
    pub fn replay_to(&mut self, target: u64, log: &mut Log) {
        let Ok(maze) = self
            .kind
            .initial_maze(self.maze.width(), self.maze.height())
        else {
            return;
        };
        self.maze = maze;
        self.machine = self.kind.build(&self.maze, self.seed, &self.options);
        self.steps = 0;
        self.done = false;
        self.carved = 0;
        self.frontier_peak = self.machine.frontier_len();
        self.history.clear();
        self.braided = None;
        *log = self.log_prefix.clone();
        for (_, line) in self.notes_at(0) {
            log.push(line.clone());
        }
        self.run_quiet(target, log);
    }
}

/// A solver at work on the finished maze's grid.
pub struct SolveRun {
    /// Which solver.
    pub kind: SolverKind,
    options: SolveOptions,
    machine: Box<dyn Solver>,
    /// Steps taken (the final `Found` / `NoPath` counts as one).
    pub steps: u64,
    /// Whether the machine has finished.
    pub done: bool,
    /// `(length, cost)` of the found path.
    pub found: Option<(u32, u32)>,
    /// `(length, cost)` of an optimal path (Dijkstra, same moves), computed once when a
    /// solver that is not optimal with its settings finds a path: what the heuristic cost.
    pub optimal: Option<(u32, u32)>,
    /// Whether it ended without a path.
    pub no_path: bool,
    /// Largest frontier seen.
    pub frontier_peak: usize,
    /// Recent frontier sizes, oldest first.
    pub history: History,
    /// Started by itself when generation finished (so a step back can return to waiting).
    pub auto: bool,
    log_prefix: Log,
}

impl SolveRun {
    /// A fresh run of `kind` on `grid`; writes its header to `log`.
    pub fn new(
        kind: SolverKind,
        grid: &Grid,
        options: SolveOptions,
        auto: bool,
        log: &mut Log,
    ) -> Self {
        let (s, g) = (grid.start(), grid.goal());
        log.push(format!("{}: from {s} to {g} (tiles)", kind.title()));
        let machine = kind.build(grid, &options);
        Self {
            kind,
            options,
            frontier_peak: machine.frontier_len(),
            machine,
            steps: 0,
            done: false,
            found: None,
            optimal: None,
            no_path: false,
            history: History::default(),
            auto,
            log_prefix: log.clone(),
        }
    }

    /// The machine, for marks, counts and the path.
    #[must_use]
    pub fn machine(&self) -> &dyn Solver {
        self.machine.as_ref()
    }

    /// Whether pops show f, g and h.
    #[must_use]
    pub fn uses_heuristic(&self) -> bool {
        matches!(self.kind, SolverKind::Astar | SolverKind::GreedyBestFirst)
    }

    /// One step on `grid`; its words go to `log` when given.
    pub fn step(&mut self, grid: &Grid, log: Option<&mut Log>) -> Option<SolveEvent> {
        let event = self.machine.step(grid)?;
        self.steps += 1;
        let frontier = self.machine.frontier_len();
        self.frontier_peak = self.frontier_peak.max(frontier);
        self.history.push(frontier);
        match event {
            SolveEvent::Found { length, cost } => {
                self.done = true;
                self.found = Some((length, cost));
                if self.kind == SolverKind::Astar && !self.kind.is_optimal(&self.options) {
                    let best = SolverKind::Dijkstra.solve(grid, &self.options);
                    self.optimal = Some((best.length, best.cost));
                }
            }
            SolveEvent::NoPath => {
                self.done = true;
                self.no_path = true;
            }
            _ => {}
        }
        if let Some(log) = log {
            log.push(solve_line(event, self.uses_heuristic()));
        }
        Some(event)
    }

    /// Up to `max` steps on `grid`, formatting only the last [`LOG_CAP`] (see
    /// [`GenRun::run_quiet`]). Returns the steps taken.
    pub fn run_quiet(&mut self, grid: &Grid, max: u64, log: &mut Log) -> u64 {
        let mut recent = VecDeque::with_capacity(LOG_CAP);
        let mut taken = 0;
        while taken < max {
            let Some(event) = self.step(grid, None) else {
                break;
            };
            if recent.len() == LOG_CAP && recent.pop_front().is_some() {
                log.skip(1); // one line per solver event
            }
            recent.push_back(event);
            taken += 1;
        }
        let heuristic = self.uses_heuristic();
        for event in recent {
            log.push(solve_line(event, heuristic));
        }
        taken
    }

    /// Rebuild on `grid` and replay to `target` steps, the log as it was then.
    pub fn replay_to(&mut self, grid: &Grid, target: u64, log: &mut Log) {
        self.machine = self.kind.build(grid, &self.options);
        self.steps = 0;
        self.done = false;
        self.found = None;
        self.optimal = None;
        self.no_path = false;
        self.frontier_peak = self.machine.frontier_len();
        self.history.clear();
        *log = self.log_prefix.clone();
        self.run_quiet(grid, target, log);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_keeps_the_whole_run_in_fixed_buckets() {
        let mut h = History::default();
        for v in 0..HISTORY_CAP {
            h.push(v);
        }
        assert_eq!(h.bars().len(), HISTORY_CAP);
        h.push(1000); // full: merge to 16 buckets of 2 steps, then a new bucket
        assert_eq!(h.bars().len(), HISTORY_CAP / 2 + 1);
        assert_eq!(&h.bars()[..3], &[1, 3, 5]);
        assert_eq!(h.bars().last(), Some(&1000));
        h.push(7); // same bucket (stride 2): keeps the larger value
        assert_eq!(h.bars().len(), HISTORY_CAP / 2 + 1);
        assert_eq!(h.bars().last(), Some(&1000));
        for _ in 0..10_000 {
            h.push(3);
        }
        assert!(h.bars().len() <= HISTORY_CAP);
        assert_eq!(h.bars()[0], 3.max(h.bars()[0]));
    }
}
