//! The two far ends of a maze's passages, where a masked maze's S and E go.

use super::{EAST, Maze, OFF, SOUTH};
use crate::maze::Pos;

impl Maze {
    /// Two on-cells far apart along the passages: the on-cell farthest from the first
    /// on-cell, and the one farthest from that (on a perfect maze, the two ends of a
    /// longest path; Jamis Buck, *Mazes for Programmers*, ch. 3). Ties go to the first in
    /// row-major order; where the passages reach no second cell, the last on-cell is the
    /// second end. Two breadth-first searches over cell indices (a flat queue, one byte
    /// per cell to mark the cells seen, both reused by the second search): O(cells) time,
    /// 5 bytes per cell.
    #[must_use]
    pub fn far_ends(&self) -> (Pos, Pos) {
        let first = self.cells.iter().position(|b| b & OFF == 0).unwrap_or(0);
        let mut search = Search::default();
        let a = search.farthest(self, first);
        let mut b = search.farthest(self, a);
        if b == a {
            b = self.cells.iter().rposition(|b| b & OFF == 0).unwrap_or(a);
        }
        (self.pos(a), self.pos(b))
    }
}

/// A breadth-first search's storage, kept between searches: the cells seen, and the queue,
/// which holds every cell reached in the order reached (nothing is popped, a head index
/// moves along it), so the last layer, the farthest cells, is its tail.
#[derive(Default)]
struct Search {
    seen: Vec<bool>,
    queue: Vec<u32>,
}

impl Search {
    /// The cell farthest from the cell at row-major index `from` along the passages, the
    /// first in row-major order among the farthest. Reads the passage bits straight from
    /// the cells' bytes: east and south from the cell's own byte, west and north from its
    /// neighbour's. The outer wall is closed ([`Maze`]'s invariant: no east bit in the last
    /// column, no south bit in the last row), so the bounds checks only keep the indices
    /// in range.
    #[allow(clippy::cast_possible_truncation)] // cells ≤ MAX_CELLS < u32::MAX
    fn farthest(&mut self, maze: &Maze, from: usize) -> usize {
        let cells = &maze.cells;
        let (len, w) = (cells.len(), maze.width as usize);
        self.seen.clear();
        self.seen.resize(len, false);
        self.queue.clear();
        self.queue.reserve(maze.on_cells);
        self.seen[from] = true;
        self.queue.push(from as u32);
        let (mut head, mut layer) = (0, 0);
        while head < self.queue.len() {
            layer = head;
            let layer_end = self.queue.len();
            while head < layer_end {
                let i = self.queue[head] as usize;
                head += 1;
                let b = cells[i];
                let next = [
                    (b & EAST != 0 && i + 1 < len, i + 1),
                    (b & SOUTH != 0 && i + w < len, i + w),
                    (i > 0 && cells[i - 1] & EAST != 0, i.wrapping_sub(1)),
                    (
                        i >= w && cells[i.wrapping_sub(w)] & SOUTH != 0,
                        i.wrapping_sub(w),
                    ),
                ];
                for (open, j) in next {
                    if open && !self.seen[j] {
                        self.seen[j] = true;
                        self.queue.push(j as u32);
                    }
                }
            }
        }
        // The last layer holds every farthest cell.
        self.queue[layer..]
            .iter()
            .min()
            .map_or(from, |&i| i as usize)
    }
}
