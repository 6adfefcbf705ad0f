//! [`SetLabels`]: a small number for each live set of Kruskal's forest that holds more
//! than one cell, unique among the live sets, so that the UI can give every set letters
//! of its own (`aa`, `bb`, …, then `Ab`, …) instead of letters picked by its root's cell
//! index, which two live sets could share.
//!
//! Not part of the algorithm: bookkeeping for the picture, kept beside the union-find.
//! A merge of two sets keeps the label of the set whose root stays root and frees the
//! other; two lone cells joined take a free label, the most recently freed first, so the
//! labels in use never exceed the most sets ever live at once. Memory: 4 bytes per cell
//! plus the free list. O(1) a merge.

use get_size2::GetSize;

/// No label: a cell alone in its set, or not a root.
const NONE: u32 = u32::MAX;

/// Labels of the live sets, by root cell.
#[derive(Clone, Debug, GetSize)]
pub struct SetLabels {
    /// The label of each root's set ([`NONE`] for a lone cell and for non-roots).
    label: Vec<u32>,
    /// Labels freed by merges, reused last-freed first.
    free: Vec<u32>,
    /// The next label never used.
    next: u32,
}

impl SetLabels {
    /// Labels for `cells` cells, each alone in its set (none labelled). O(cells).
    #[must_use]
    pub fn new(cells: usize) -> Self {
        Self {
            label: vec![NONE; cells],
            free: Vec::new(),
            next: 0,
        }
    }

    /// The label of the set whose root is `root`; `None` for a lone cell.
    #[must_use]
    pub fn of(&self, root: u32) -> Option<u32> {
        self.label
            .get(root as usize)
            .copied()
            .filter(|&l| l != NONE)
    }

    /// The sets rooted at `kept` and `gone` were merged under `kept`.
    pub fn merge(&mut self, kept: u32, gone: u32) {
        let (k, g) = (kept as usize, gone as usize);
        let taken = std::mem::replace(&mut self.label[g], NONE);
        self.label[k] = match (self.label[k], taken) {
            (NONE, NONE) => self.free.pop().unwrap_or_else(|| {
                self.next += 1;
                self.next - 1
            }),
            (NONE, label) => label,
            (label, NONE) => label,
            (label, freed) => {
                self.free.push(freed);
                label
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merges_keep_one_label_and_reuse_the_freed() {
        let mut labels = SetLabels::new(6);
        labels.merge(0, 1);
        labels.merge(2, 3);
        assert_eq!(
            (labels.of(0), labels.of(2), labels.of(1)),
            (Some(0), Some(1), None)
        );
        // A lone cell joins a set: the set keeps its label under its root.
        labels.merge(4, 0);
        assert_eq!((labels.of(4), labels.of(0)), (Some(0), None));
        // Two sets: the kept root's label stays, the other is free again.
        labels.merge(2, 4);
        assert_eq!((labels.of(2), labels.of(4)), (Some(1), None));
        labels.merge(5, 1);
        assert_eq!(labels.of(5), Some(0), "the freed label is taken again");
    }
}
