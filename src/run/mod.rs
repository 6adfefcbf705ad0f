//! A run of any step machine: stepping, checkpoints, rewind, the timeline's milestones.
//!
//! A [`Machine`] is anything that can take one observable step at a time and be cloned
//! (a generator with its maze, a solver with its grid). A [`Run`] wraps one and remembers
//! enough to go anywhere in it quickly:
//!
//! * **Checkpoints**: clones of the machine at regular steps ([`checkpoints`]), so going
//!   back to step `t` restores the nearest checkpoint at or before `t − RECENT` and replays
//!   forward. Machines are deterministic (their randomness is seeded), so a replay is exact.
//!   The number of checkpoints adapts to their size so that all of them together stay
//!   within [`HISTORY_BUDGET`] bytes; a replay is then at most one checkpoint interval
//!   (plus [`RECENT`] steps) long.
//! * **Recent events**: the last [`RECENT`] events with their step numbers, for the log.
//! * **Milestones**: the first dead end, the maze complete, the goal reached, …, with the
//!   step at which each happened, for the timeline. A run is deterministic, so milestones
//!   seen once stay true after going back: the timeline shows the future it has seen.
//!
//! Work is bounded per call: [`Run::advance`] and [`Run::seek`] take a clock check and stop
//! when it says time is up, so the event loop can draw and read keys between slices.

pub mod checkpoints;
pub mod history;
pub mod pages;

use std::collections::VecDeque;
use std::fmt::Debug;

use checkpoints::Checkpoints;
pub use history::History;
pub use pages::Pages;

/// How many of the latest events a run keeps (the log shows at most this many).
pub const RECENT: usize = 256;

/// Bytes of checkpoints one run may keep (32 MiB: a generation and the search on its maze
/// together stay under 64 MiB of history, and the whole explorer under 96 MB resident on a
/// 1000×300-cell maze). That leaves room for tens of checkpoints of any generator or solver
/// there (a solver's per-tile state is shared between checkpoints page by page:
/// [`Pages`]), so one step back replays at most about ten thousand steps, a few
/// milliseconds (README, Performance: `cargo run --release --features examples --example
/// rewind`).
pub const HISTORY_BUDGET: usize = 32 << 20;

/// Steps taken between two looks at the clock in the sliced loops.
const CHUNK: u64 = 1024;

/// Anything a [`Run`] can drive: one observable step at a time, cloned for checkpoints.
///
/// Contract: deterministic (the same machine stepped the same number of times is in the
/// same state), and fused: once `step` returns `None` it always does.
pub trait Machine: Clone {
    /// What one step did.
    type Event: Copy + Debug + PartialEq;

    /// Take one step and say what it did; `None` once the machine has finished.
    fn step(&mut self) -> Option<Self::Event>;

    /// Entries in the live structure now (stack, queue, open set, …). O(1).
    fn structure_len(&self) -> usize;

    /// Bytes this machine owns on the heap (what a checkpoint of it costs; data shared
    /// between clones, such as the grid a solver reads, is not counted).
    fn heap_bytes(&self) -> usize;

    /// The milestone an event marks on the timeline, if it marks one (the machine's
    /// [`crate::teach::Teach::milestone`]).
    fn milestone(&self, event: &Self::Event) -> Option<Milestone>;

    /// Whether `event` is the machine's last (a finished machine returns nothing more, so
    /// this saves asking). `false` when the machine cannot tell: the end is then known one
    /// call later, when `step` returns `None`.
    fn is_last(&self, event: &Self::Event) -> bool {
        let _ = event;
        false
    }
}

/// A notable moment of a run, marked on the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Milestone {
    /// The first dead end: a stack popped, a walker turned back.
    DeadEnd,
    /// The maze is complete.
    Complete,
    /// The search took the goal from its frontier.
    GoalReached,
    /// The path was traced back to the start.
    PathTraced,
    /// The search ran out of tiles: there is no path.
    NoPath,
    /// The solver stopped without an answer (a wall follower back at its start).
    GaveUp,
}

impl Milestone {
    /// Short name for the timeline and the log.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Milestone::DeadEnd => "first dead end",
            Milestone::Complete => "maze complete",
            Milestone::GoalReached => "goal reached",
            Milestone::PathTraced => "path traced",
            Milestone::NoPath => "no path",
            Milestone::GaveUp => "gave up",
        }
    }
}

/// Figures kept over a run (restored with each checkpoint, so they are those of the step
/// the run is at).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Largest structure size so far.
    pub peak: usize,
    /// Structure size over the run, for the sparkline.
    pub history: History,
}

/// Heap bytes of a binary heap of plain values: for a machine's
/// `#[get_size(size_fn = heap_bytes)]` field (`get_size2` has no impl for the `Reverse`
/// entries of a min-heap).
#[must_use]
pub fn heap_bytes<T>(heap: &std::collections::BinaryHeap<T>) -> usize {
    heap.capacity() * size_of::<T>()
}

/// How a [`Run::seek`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seek {
    /// The run is at the step asked for (or at its end, if that came first).
    Arrived,
    /// Time ran out; call again to go on.
    Pending,
}

/// One machine's run: where it is, and how to get anywhere else in it.
#[derive(Clone, Debug)]
pub struct Run<M: Machine> {
    machine: M,
    step: u64,
    /// Steps to the end, once the run has been there.
    end: Option<u64>,
    /// The furthest step reached so far.
    furthest: u64,
    counters: Counters,
    checkpoints: Checkpoints<M>,
    recent: VecDeque<(u64, M::Event)>,
    milestones: Vec<(u64, Milestone)>,
}

impl<M: Machine> Run<M> {
    /// A run of `machine`, at step 0.
    #[must_use]
    pub fn new(machine: M) -> Self {
        let counters = Counters {
            peak: machine.structure_len(),
            history: History::default(),
        };
        let checkpoints = Checkpoints::new(&machine, &counters, HISTORY_BUDGET);
        Self {
            machine,
            step: 0,
            end: None,
            furthest: 0,
            counters,
            checkpoints,
            recent: VecDeque::with_capacity(RECENT),
            milestones: Vec::new(),
        }
    }

    /// The machine, at the current step.
    #[must_use]
    pub const fn machine(&self) -> &M {
        &self.machine
    }

    /// Steps taken so far.
    #[must_use]
    pub const fn step(&self) -> u64 {
        self.step
    }

    /// Steps in the whole run, once it has been to its end.
    #[must_use]
    pub const fn end(&self) -> Option<u64> {
        self.end
    }

    /// The furthest step the run has reached (the timeline's scale until the end is known).
    #[must_use]
    pub const fn furthest(&self) -> u64 {
        self.furthest
    }

    /// Whether the run is at its end (the machine has nothing left to do).
    #[must_use]
    pub fn finished(&self) -> bool {
        self.end == Some(self.step)
    }

    /// Peak structure size and the sparkline, as of the current step.
    #[must_use]
    pub const fn counters(&self) -> &Counters {
        &self.counters
    }

    /// The latest events, oldest first, each with the step that returned it (1-based: the
    /// first step is step 1). After a rewind these are exactly what they were the first
    /// time the run stood here.
    pub fn recent(&self) -> impl DoubleEndedIterator<Item = &(u64, M::Event)> + ExactSizeIterator {
        self.recent.iter()
    }

    /// The event of the step that brought the run to where it is (`None` at step 0).
    #[must_use]
    pub fn last_event(&self) -> Option<M::Event> {
        self.recent
            .back()
            .filter(|(at, _)| *at == self.step)
            .map(|&(_, e)| e)
    }

    /// Milestones seen so far (also those after the current step, if the run has been
    /// there), in step order.
    #[must_use]
    pub fn milestones(&self) -> &[(u64, Milestone)] {
        &self.milestones
    }

    /// Checkpoints held and their bytes in all.
    #[must_use]
    pub fn checkpoint_use(&self) -> (usize, usize) {
        (self.checkpoints.len(), self.checkpoints.bytes())
    }

    /// The step of the checkpoint a [`Run::seek`] back to `target` restores (from there it
    /// replays forward to `target`). For measurements.
    #[must_use]
    pub fn restore_point(&self, target: u64) -> u64 {
        self.checkpoints
            .at_or_before(target.saturating_sub(RECENT as u64))
            .0
    }

    /// Take one step. Returns its event, or `None` at the end.
    pub fn step_once(&mut self) -> Option<M::Event> {
        let Some(event) = self.machine.step() else {
            self.end = Some(self.step);
            return None;
        };
        self.step += 1;
        self.furthest = self.furthest.max(self.step);
        let len = self.machine.structure_len();
        self.counters.peak = self.counters.peak.max(len);
        self.counters.history.push(len);
        if self.recent.len() == RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back((self.step, event));
        if let Some(m) = self.machine.milestone(&event)
            && !self.milestones.iter().any(|&(_, seen)| seen == m)
        {
            let at = self.milestones.partition_point(|&(s, _)| s <= self.step);
            self.milestones.insert(at, (self.step, m));
        }
        self.checkpoints
            .after_step(self.step, &self.machine, &self.counters);
        if self.end.is_none() && self.machine.is_last(&event) {
            self.end = Some(self.step);
        }
        Some(event)
    }

    /// Take up to `max` steps, stopping early at the end or when `out_of_time()` says so
    /// (asked every [`CHUNK`] steps). Returns the steps taken.
    pub fn advance(&mut self, max: u64, mut out_of_time: impl FnMut() -> bool) -> u64 {
        let mut taken = 0;
        while taken < max && !self.finished() {
            if self.step_once().is_none() {
                break;
            }
            taken += 1;
            if taken % CHUNK == 0 && out_of_time() {
                break;
            }
        }
        taken
    }

    /// Go to step `target` (its end, if the run ends sooner). Going back restores the
    /// nearest checkpoint far enough back to rebuild the recent events, then replays;
    /// going forward steps. Stops when `out_of_time()` says so; the run is then at some
    /// step between, and a later call goes on.
    pub fn seek(&mut self, target: u64, out_of_time: impl FnMut() -> bool) -> Seek {
        let target = self.end.map_or(target, |end| target.min(end));
        if target < self.step {
            let from = target.saturating_sub(RECENT as u64);
            let (step, machine, counters) = self.checkpoints.at_or_before(from);
            self.machine = machine.clone();
            self.counters = counters.clone();
            self.step = step;
            self.recent.clear();
        }
        self.advance(target - self.step, out_of_time);
        if self.step == target || self.finished() {
            Seek::Arrived
        } else {
            Seek::Pending
        }
    }
}

#[cfg(test)]
mod tests;
