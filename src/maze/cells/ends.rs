//! The two far ends of a maze's passages, where a masked maze's S and E go.

use std::hint::select_unpredictable;

use super::{EAST, Maze, OFF, SOUTH};
use crate::maze::Pos;

impl Maze {
    /// Two on-cells far apart along the passages: the on-cell farthest from the first
    /// on-cell, and the one farthest from that (on a perfect maze, the two ends of a
    /// longest path; Jamis Buck, *Mazes for Programmers*, ch. 3). Ties go to the first in
    /// row-major order; where the passages reach no second cell, the last on-cell is the
    /// second end. Two searches over cell indices (depth-first where the passages form a
    /// tree, as in every generated maze; breadth-first where they loop), their storage
    /// reused by the second: O(cells) time; memory the stack (8 bytes a pending cell), or
    /// where the passages loop 5 bytes per cell.
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

/// The searches' storage, kept between searches: a depth-first search's stack, for a
/// maze whose passages form a tree; a breadth-first search's queue (every cell reached in
/// the order reached: nothing is popped, a head index moves along it, so the last layer,
/// the farthest cells, is its tail) and the cells seen, for one with loops.
#[derive(Default)]
struct Search {
    stack: Vec<u64>,
    queue: Vec<u32>,
    seen: Vec<bool>,
}

/// The side a stacked cell was entered from, in the low bits of its entry (the cell's
/// index above them, its depth in the high 32 bits): its search does not go back that way.
const FROM_WEST: u32 = 0;
const FROM_NORTH: u32 = 1;
const FROM_EAST: u32 = 2;
const FROM_SOUTH: u32 = 3;
/// The search's first cell, entered from nowhere.
const FROM_NOWHERE: u32 = 4;
/// Bits of an entry below the cell's index (cells ≤ 25 M < 2²⁹).
const SHIFT: u32 = 3;

impl Search {
    /// The cell farthest from the cell at row-major index `from` along the passages, the
    /// first in row-major order among the farthest: by [`Search::farthest_in_tree`] where
    /// the cells reached form a tree (every maze a generator makes), else by a
    /// breadth-first search that marks the cells it has seen.
    fn farthest(&mut self, maze: &Maze, from: usize) -> usize {
        self.farthest_in_tree(maze, from)
            .unwrap_or_else(|| self.farthest_seen(maze, from))
    }

    /// [`Search::farthest`] where the passages from `from` form a tree, `None` where they
    /// loop. In a tree the path to a cell is unique, so a cell's distance is its depth in
    /// any search, and a depth-first one follows the corridors: the cells it reads next
    /// lie beside the ones it just read (a breadth-first frontier spreads over the whole
    /// maze, a cache miss a cell). A cell is reached only from its parent, so none needs
    /// marking: each entry keeps the side it came in by, and the search goes every other
    /// way with a passage. The four sides are written to the stack unconditionally and
    /// kept by advancing its top by whether the side is open, the next cell picked by
    /// selects (no branch on the maze's random passages); the farthest cell is the largest
    /// of (depth, reversed index), kept without a branch too. A loop would reach a cell
    /// twice: more cells reached than there are on-cells say so.
    ///
    /// Reads the passage bits straight from the cells' bytes: east and south from the
    /// cell's own byte, west and north from its neighbour's. The outer wall is closed
    /// ([`Maze`]'s invariant: no east bit in the last column, no south bit in the last
    /// row); the bounds checks only keep the indices in range.
    #[allow(clippy::cast_possible_truncation)] // cells ≤ MAX_CELLS < 2²⁹
    fn farthest_in_tree(&mut self, maze: &Maze, from: usize) -> Option<usize> {
        let cells = &maze.cells;
        let (len, w) = (cells.len(), maze.width as usize);
        let budget = maze.on_cells;
        let stack = &mut self.stack;
        stack.clear();
        stack.resize(1 << 12, 0);
        // The cell at hand, and how many entries wait on the stack below it.
        let mut at = u64::from(((from as u32) << SHIFT) | FROM_NOWHERE);
        let (mut top, mut reached) = (0, 1);
        // (depth, !index): the largest is the deepest cell, the first in row-major order.
        let mut best = 0_u64;
        loop {
            let (depth, low) = (at >> 32, at as u32);
            let (i, came) = ((low >> SHIFT) as usize, low & ((1 << SHIFT) - 1));
            best = best.max((depth << 32) | u64::from(!(i as u32)));
            let b = cells[i];
            let west = cells[i.saturating_sub(1)];
            let north = cells[i.saturating_sub(w)];
            let sides = [
                (b & EAST != 0) & (i + 1 < len) & (came != FROM_EAST),
                (b & SOUTH != 0) & (i + w < len) & (came != FROM_SOUTH),
                (west & EAST != 0) & (i > 0) & (came != FROM_WEST),
                (north & SOUTH != 0) & (i >= w) & (came != FROM_NORTH),
            ];
            let child = (depth + 1) << 32;
            let next = [
                ((i + 1) << SHIFT) as u32 | FROM_WEST,
                ((i + w) << SHIFT) as u32 | FROM_NORTH,
                (i.wrapping_sub(1) << SHIFT) as u32 | FROM_EAST,
                (i.wrapping_sub(w) << SHIFT) as u32 | FROM_SOUTH,
            ];
            if top + 4 > stack.len() {
                stack.resize(2 * stack.len(), 0);
            }
            // The next cell is the last side kept, or at a dead end the entry on top of the
            // stack; chosen in registers, so the next step does not wait to read back what
            // this one wrote.
            let mut next_at = stack[top.saturating_sub(1)];
            let mut kept = 0;
            for (open, entry) in sides.into_iter().zip(next) {
                let entry = child | u64::from(entry);
                stack[top + kept] = entry;
                kept += usize::from(open);
                next_at = select_unpredictable(open, entry, next_at);
            }
            reached += kept;
            if reached > budget {
                return None;
            }
            if top + kept == 0 {
                break;
            }
            top = top + kept - 1;
            at = next_at;
        }
        Some(!(best as u32) as usize)
    }

    /// [`Search::farthest`] on any passages: a breadth-first search that marks the cells
    /// it has seen.
    #[allow(clippy::cast_possible_truncation)] // cells ≤ MAX_CELLS < u32::MAX
    fn farthest_seen(&mut self, maze: &Maze, from: usize) -> usize {
        let cells = &maze.cells;
        let (len, w) = (cells.len(), maze.width as usize);
        self.seen.clear();
        self.seen.resize(len, false);
        self.queue.clear();
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
