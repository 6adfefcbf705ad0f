//! [`Job`]: work longer than a frame — run to the end, a rewind, a jump — done in slices
//! between frames, so keys are read and the screen shows progress meanwhile.

/// Long work in progress. Several keys in a row add up into one job (thirty `b` presses
/// are one rewind, drawn once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// Going to a position of the combined timeline (see [`super::Stage::position`]).
    Seek {
        /// Where to.
        target: u64,
        /// Where it started, for the progress shown.
        from: u64,
    },
    /// Running the active run to its end.
    ToEnd {
        /// Where it started, for the progress shown.
        from: u64,
        /// Then the run after it to its end too (`f` pressed again before the first
        /// arrived: the generation's end, then the search's, as two presses apart).
        next: bool,
    },
}

impl Job {
    /// Words for the stats pane while it runs, e.g. `rewinding to 1500` or `running to
    /// the end`.
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Job::Seek { target, from } if target < from => format!("rewinding to {target}"),
            Job::Seek { target, .. } => format!("stepping to {target}"),
            Job::ToEnd { .. } => "running to the end".to_owned(),
        }
    }

    /// Share done, 0.0–1.0, at position `now` of a run whose end is `end` (if known).
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn progress(self, now: u64, end: Option<u64>) -> Option<f64> {
        let (from, target) = match self {
            Job::Seek { target, from } => (from, target),
            Job::ToEnd { from, .. } => (from, end?),
        };
        let total = target.abs_diff(from);
        if total == 0 {
            return Some(1.0);
        }
        // A rewind restores a checkpoint and replays forward; count what is left.
        let left = target.abs_diff(now).min(total);
        Some(1.0 - left as f64 / total as f64)
    }
}
