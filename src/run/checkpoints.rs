//! [`Checkpoints`]: clones of a machine at evenly spaced steps, within a byte budget.
//!
//! The policy: a checkpoint every `interval` steps, at the multiples of `interval`, plus
//! one at step 0 that is never dropped. When the checkpoints together pass the budget,
//! every other one is dropped and the interval doubles, so they stay evenly spread over
//! however long the run gets, and a replay from the nearest one is at most one interval.
//! Their size is what they hold together: state shared between checkpoints ([`Pages`]
//! pages) is counted once, shared out between its holders.
//!
//! Memory: at most `budget` bytes plus one checkpoint. Time: a clone per `interval` steps,
//! and a look at the sizes of the new checkpoint and the one before it (at every
//! checkpoint's only when the total nears the budget).
//!
//! [`Pages`]: super::Pages
//! This is the classic checkpoint-and-replay scheme of reversible debuggers and
//! simulations (see e.g. Griewank and Walther, *Algorithm 799: Revolve*, ACM TOMS 26(1),
//! 2000, for the optimal version of the idea).

use super::{Counters, Machine};

/// The first interval between checkpoints, in steps.
pub(crate) const FIRST_INTERVAL: u64 = 4096;

/// One saved state.
#[derive(Clone, Debug)]
struct Checkpoint<M> {
    step: u64,
    machine: M,
    counters: Counters,
    bytes: usize,
}

/// The checkpoints of one run, oldest first; the first is always step 0.
#[derive(Clone, Debug)]
pub struct Checkpoints<M> {
    list: Vec<Checkpoint<M>>,
    interval: u64,
    budget: usize,
    bytes: usize,
}

impl<M: Machine> Checkpoints<M> {
    /// Checkpoints of a run whose step 0 is `machine` with `counters`, keeping at most
    /// about `budget` bytes.
    #[must_use]
    pub fn new(machine: &M, counters: &Counters, budget: usize) -> Self {
        let bytes = machine.heap_bytes() + size_of::<M>();
        Self {
            list: vec![Checkpoint {
                step: 0,
                machine: machine.clone(),
                counters: counters.clone(),
                bytes,
            }],
            interval: FIRST_INTERVAL,
            budget,
            bytes,
        }
    }

    /// Checkpoints held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether only step 0 is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list.len() <= 1
    }

    /// Bytes held by all checkpoints, measured now (shared pages counted as shares).
    /// O(checkpoints × pages): for reports, not for every step.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.list
            .iter()
            .map(|c| c.machine.heap_bytes() + size_of::<M>())
            .sum()
    }

    /// Steps between two checkpoints now.
    #[must_use]
    pub const fn interval(&self) -> u64 {
        self.interval
    }

    /// Called after every step: saves `machine` if `step` is due and new.
    pub fn after_step(&mut self, step: u64, machine: &M, counters: &Counters) {
        if !step.is_multiple_of(self.interval) || self.list.last().is_some_and(|c| c.step >= step) {
            return;
        }
        let machine = machine.clone();
        let bytes = machine.heap_bytes() + size_of::<M>();
        self.list.push(Checkpoint {
            step,
            machine,
            counters: counters.clone(),
            bytes,
        });
        // The new checkpoint shares pages mostly with the one before: re-measure that one
        // alone. The older ones' sizes as measured when they were the latest but one
        // change little after (by the pages they still share with the live machine that
        // it writes later): the total is re-measured in full only when it looks over the
        // budget. Measuring all is O(checkpoints × pages), which at every checkpoint of a
        // run of small pages cost more than the run's steps.
        if let [.., previous, _] = &mut self.list[..] {
            previous.bytes = previous.machine.heap_bytes() + size_of::<M>();
        }
        self.bytes = self.list.iter().map(|c| c.bytes).sum();
        if self.bytes > self.budget {
            self.measure();
        }
        while self.bytes > self.budget && self.list.len() > 2 {
            self.thin();
        }
    }

    /// Work out what each checkpoint holds now (shared pages counted as shares).
    fn measure(&mut self) {
        for c in &mut self.list {
            c.bytes = c.machine.heap_bytes() + size_of::<M>();
        }
        self.bytes = self.list.iter().map(|c| c.bytes).sum();
    }

    /// Drop every checkpoint that is not on a multiple of twice the interval (step 0
    /// stays), and double the interval.
    fn thin(&mut self) {
        self.interval *= 2;
        let interval = self.interval;
        self.list.retain(|c| c.step.is_multiple_of(interval));
        self.measure();
    }

    /// The latest checkpoint at or before `step`: its step, machine and counters.
    #[must_use]
    pub fn at_or_before(&self, step: u64) -> (u64, &M, &Counters) {
        let i = self
            .list
            .partition_point(|c| c.step <= step)
            .saturating_sub(1);
        let c = &self.list[i];
        (c.step, &c.machine, &c.counters)
    }
}
