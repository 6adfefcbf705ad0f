//! The two far ends of a maze's passages, where a masked maze's S and E go.

use super::Maze;
use crate::maze::{Dir, Pos};

impl Maze {
    /// Two on-cells far apart along the passages: the on-cell farthest from the first
    /// on-cell, and the one farthest from that (on a perfect maze, the two ends of a
    /// longest path; Jamis Buck, *Mazes for Programmers*, ch. 3). Ties go to the first in
    /// row-major order; where the passages reach no second cell, the last on-cell is the
    /// second end. Two breadth-first searches: O(cells) time, 4 bytes per cell.
    #[must_use]
    pub fn far_ends(&self) -> (Pos, Pos) {
        let first = self.nth_on_cell(0).unwrap_or_default();
        let a = self.farthest_from(first);
        let mut b = self.farthest_from(a);
        if b == a {
            b = self
                .nth_on_cell(self.on_cells.saturating_sub(1))
                .unwrap_or(a);
        }
        (a, b)
    }

    /// The cell farthest from `from` along the passages (the first such in row-major order).
    fn farthest_from(&self, from: Pos) -> Pos {
        let mut dist = vec![u32::MAX; self.cell_count()];
        dist[self.index(from)] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(cell) = queue.pop_front() {
            let d = dist[self.index(cell)];
            for dir in Dir::ALL {
                if let Some(next) = self
                    .neighbor(cell, dir)
                    .filter(|_| self.has_passage(cell, dir))
                {
                    let i = self.index(next);
                    if dist[i] == u32::MAX {
                        dist[i] = d + 1;
                        queue.push_back(next);
                    }
                }
            }
        }
        let far = dist
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d != u32::MAX)
            .max_by_key(|&(i, &d)| (d, std::cmp::Reverse(i)))
            .map_or(0, |(i, _)| i);
        self.pos(far)
    }
}
