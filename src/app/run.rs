//! One generator run and one solver run: the step machine, what it has done so far, and
//! rebuilding it from its seed to go back a step (deterministic replay, no per-step history).

use std::collections::VecDeque;

use super::log::{LOG_CAP, Log, gen_line, solve_line};
use crate::generate::{GenEvent, GenOptions, Generator, GeneratorKind, braid::braid};
use crate::maze::{Grid, Maze};
use crate::solve::{SolveEvent, SolveOptions, Solver, SolverKind};

/// Frontier sizes kept for the sparkline (the most recent ones).
pub const HISTORY_CAP: usize = 256;

fn push_history(history: &mut VecDeque<u64>, value: usize) {
    if history.len() == HISTORY_CAP {
        history.pop_front();
    }
    history.push_back(value as u64);
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
    pub history: VecDeque<u64>,
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
            frontier_peak: 0,
            history: VecDeque::with_capacity(HISTORY_CAP),
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
        push_history(&mut self.history, frontier);
        if event == GenEvent::Done {
            self.done = true;
            if self.braid > 0.0 {
                self.braided = Some(braid(&mut self.maze, self.braid, self.seed));
            }
        }
        if let Some(log) = log {
            self.push_lines(log, event);
        }
        Some(event)
    }

    /// The words for `event` (the last step's, for `Done`).
    fn push_lines(&self, log: &mut Log, event: GenEvent) {
        log.push(gen_line(event, self.ascii, self.maze.passage_count()));
        if let (GenEvent::Done, Some(opened)) = (event, self.braided) {
            log.push(format!(
                "braid {:.0}%: opened {opened} walls",
                self.braid * 100.0
            ));
        }
    }

    /// Up to `max` steps without formatting each; then the lines of the last [`LOG_CAP`]
    /// steps go to `log`, so the log ends exactly as if every step had been logged.
    /// Returns the steps taken.
    pub fn run_quiet(&mut self, max: u64, log: &mut Log) -> u64 {
        let mut recent = VecDeque::with_capacity(LOG_CAP);
        let mut taken = 0;
        while taken < max {
            let Some(event) = self.step(None) else { break };
            if recent.len() == LOG_CAP {
                recent.pop_front();
            }
            recent.push_back(event);
            taken += 1;
        }
        for event in recent {
            self.push_lines(log, event);
        }
        taken
    }

    /// Add a user note after the current step (kept across a replay that reaches it).
    pub fn note(&mut self, log: &mut Log, line: String) {
        log.push(line.clone());
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
        self.frontier_peak = 0;
        self.history.clear();
        self.braided = None;
        self.notes.retain(|(at, _)| *at <= target);
        *log = self.log_prefix.clone();
        let quiet_until = target.saturating_sub(LOG_CAP as u64);
        let mut notes = 0;
        while self.steps < target {
            while notes < self.notes.len() && self.notes[notes].0 == self.steps {
                log.push(self.notes[notes].1.clone());
                notes += 1;
            }
            let loud = self.steps >= quiet_until;
            if self.step(if loud { Some(log) } else { None }).is_none() {
                break;
            }
        }
        for (_, line) in &self.notes[notes..] {
            log.push(line.clone());
        }
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
    /// Whether it ended without a path.
    pub no_path: bool,
    /// Largest frontier seen.
    pub frontier_peak: usize,
    /// Recent frontier sizes, oldest first.
    pub history: VecDeque<u64>,
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
        Self {
            kind,
            options,
            machine: kind.build(grid, &options),
            steps: 0,
            done: false,
            found: None,
            no_path: false,
            frontier_peak: 0,
            history: VecDeque::with_capacity(HISTORY_CAP),
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
        push_history(&mut self.history, frontier);
        match event {
            SolveEvent::Found { length, cost } => {
                self.done = true;
                self.found = Some((length, cost));
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
            if recent.len() == LOG_CAP {
                recent.pop_front();
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
        self.no_path = false;
        self.frontier_peak = 0;
        self.history.clear();
        *log = self.log_prefix.clone();
        self.run_quiet(grid, target, log);
    }
}
