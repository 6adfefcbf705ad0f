//! [`History`]: the size of a run's live structure over the whole run, in a fixed number of
//! buckets, for the stats pane's sparkline.

use get_size2::GetSize;

/// Bars of the frontier sparkline: the whole run in at most this many time buckets.
pub const HISTORY_CAP: usize = 32;

/// The frontier size over a whole run, for the sparkline, in at most [`HISTORY_CAP`]
/// buckets of `stride` steps each (each bucket keeps its largest value). When the buckets
/// fill up, neighbours merge and the stride doubles. One step changes only the last bucket,
/// so the sparkline redraws one bar, not all of them (kind to slow links). O(1) amortized
/// per step, fixed memory.
#[derive(Clone, Debug, PartialEq, Eq, GetSize)]
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
