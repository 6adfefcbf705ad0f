//! The two far ends of a maze's passages, where a masked maze's S and E go.

use std::hint::select_unpredictable;

use super::{EAST, Maze, OFF, SOUTH};
use crate::maze::Pos;

impl Maze {
    /// Two on-cells far apart along the passages: the on-cell farthest from the first
    /// on-cell, and the one farthest from that (on a perfect maze, the two ends of a
    /// longest path; Jamis Buck, *Mazes for Programmers*, ch. 3). Ties go to the first in
    /// row-major order; where the passages reach no second cell, the last on-cell is the
    /// second end.
    ///
    /// Where the passages form a tree, as in every generated maze: one depth-first search
    /// from the first on-cell, which logs the cells in the order it enters them, then one
    /// pass over that log for the distances from the first end ([`Search::farthest_in_log`]);
    /// memory 9 bytes per cell. Where they loop: two breadth-first searches, 5 bytes per
    /// cell. O(cells) time either way.
    #[must_use]
    pub fn far_ends(&self) -> (Pos, Pos) {
        let first = self.cells.iter().position(|b| b & OFF == 0).unwrap_or(0);
        let mut search = Search::default();
        let (a, mut b) = match search.preorder(self, first) {
            Some(at) => search.farthest_in_log(at),
            None => {
                let a = search.farthest_seen(self, first);
                (a, search.farthest_seen(self, a))
            }
        };
        if b == a {
            b = self.cells.iter().rposition(|b| b & OFF == 0).unwrap_or(a);
        }
        (self.pos(a), self.pos(b))
    }
}

/// The searches' storage: for a maze whose passages form a tree, each cell's open sides,
/// a depth-first search's stack and its log (every cell reached, in the order entered);
/// for one with loops, a breadth-first search's queue (every cell reached in the order
/// reached: nothing is popped, a head index moves along it, so the last layer, the
/// farthest cells, is its tail) and the cells seen.
#[derive(Default)]
struct Search {
    sides: Vec<u8>,
    stack: Vec<u64>,
    log: Vec<u64>,
    queue: Vec<u32>,
    seen: Vec<bool>,
}

/// The bits of [`Search::sides`]: a cell's passages east, south, west, north. An entry of
/// the stack or the log keeps in its low bits the bit number of the side its cell was
/// entered from (the cell's index above them, its depth in the high 32 bits): its search
/// does not go back that way.
const TO_EAST: u32 = 0;
const TO_SOUTH: u32 = 1;
const TO_WEST: u32 = 2;
const TO_NORTH: u32 = 3;
/// The search's first cell, entered from nowhere (no side has this bit).
const FROM_NOWHERE: u32 = 4;
/// Bits of an entry below the cell's index (cells ≤ 25 M < 2²⁹).
const SHIFT: u32 = 3;

/// The cell index of a stack or log entry.
#[allow(clippy::cast_possible_truncation)] // the low 32 bits hold the index and side
fn cell_of(entry: u64) -> usize {
    (entry as u32 >> SHIFT) as usize
}

impl Search {
    /// Each cell's passages as bits `1 << TO_EAST`, … `1 << TO_NORTH`, in `self.sides`:
    /// one pass over the rows, so the search reads one byte a cell, and only sides that
    /// stay inside the rectangle.
    fn read_sides(&mut self, maze: &Maze) {
        let w = maze.width as usize;
        self.sides.clear();
        self.sides.resize(maze.cells.len(), 0);
        let above = std::iter::once(None).chain(maze.cells.chunks_exact(w).map(Some));
        let rows = maze
            .cells
            .chunks_exact(w)
            .zip(self.sides.chunks_exact_mut(w));
        let last_row = maze.height as usize - 1;
        for (r, ((row, sides), above)) in rows.zip(above).enumerate() {
            let south = if r < last_row { SOUTH } else { 0 };
            for (c, (s, &b)) in sides.iter_mut().zip(row).enumerate() {
                let east = if c + 1 < w { b & EAST } else { 0 };
                let west = if c > 0 { row[c - 1] & EAST } else { 0 };
                let north = above.map_or(0, |above| above[c] & SOUTH);
                *s = (east << TO_EAST)
                    | ((b & south) >> 1 << TO_SOUTH)
                    | (west << TO_WEST)
                    | (north >> 1 << TO_NORTH);
            }
        }
    }

    /// A depth-first search from the cell at row-major index `from`, where the passages
    /// from it form a tree; `None` where they loop. Leaves in `self.log` every cell
    /// reached, in the order entered (a preorder), each with its depth (its distance from
    /// `from`: in a tree the path to a cell is unique), and returns the log position of
    /// the farthest cell, the first in row-major order among the farthest.
    ///
    /// A cell is reached only from its parent, so none needs marking: each entry keeps the
    /// side it came in by, and the search goes every other way with a passage. The four
    /// sides are written to the stack unconditionally and kept by advancing its top by
    /// whether the side is open, the next cell picked by selects (no branch on the maze's
    /// random passages, and no read-back of the stack top just written); the farthest cell
    /// is the largest of (depth, reversed index), kept without a branch too. A loop would
    /// reach a cell twice: more cells reached than there are on-cells say so.
    #[allow(clippy::cast_possible_truncation)] // cells ≤ MAX_CELLS < 2²⁹
    fn preorder(&mut self, maze: &Maze, from: usize) -> Option<usize> {
        self.read_sides(maze);
        let (sides, w) = (&self.sides, maze.width as usize);
        let budget = maze.on_cells;
        let (stack, log) = (&mut self.stack, &mut self.log);
        stack.clear();
        stack.resize(1 << 12, 0);
        log.clear();
        log.reserve(budget.min(sides.len()));
        // The cell at hand, and how many entries wait on the stack below it.
        let mut at = u64::from(((from as u32) << SHIFT) | FROM_NOWHERE);
        let (mut top, mut reached) = (0, 1);
        // (depth, !index): the largest is the deepest cell, the first in row-major order;
        // and where it is in the log.
        let (mut best, mut best_at) = (0_u64, 0);
        loop {
            let (depth, low) = (at >> 32, at as u32);
            let (i, came) = ((low >> SHIFT) as usize, low & ((1 << SHIFT) - 1));
            let key = (depth << 32) | u64::from(!(i as u32));
            best_at = select_unpredictable(key > best, log.len(), best_at);
            best = best.max(key);
            log.push(at);
            let open = u32::from(sides[i]) & !(1 << came);
            let child = (depth + 1) << 32;
            // Each neighbour, entered from the side facing this cell.
            let next = [
                ((i + 1) << SHIFT) as u32 | TO_WEST,
                ((i + w) << SHIFT) as u32 | TO_NORTH,
                (i.wrapping_sub(1) << SHIFT) as u32 | TO_EAST,
                (i.wrapping_sub(w) << SHIFT) as u32 | TO_SOUTH,
            ]
            .map(|entry| child | u64::from(entry));
            if top + 4 > stack.len() {
                stack.resize(2 * stack.len(), 0);
            }
            let pop = stack[top.saturating_sub(1)];
            let mut kept = 0;
            for (side, &entry) in next.iter().enumerate() {
                stack[top + kept] = entry;
                kept += (open >> side & 1) as usize;
            }
            // The next cell: the last open side, or at a dead end the entry on top of the
            // stack (a tree of selects, chosen in registers).
            let is_open = |side: u32| open >> side & 1 != 0;
            let east_south = select_unpredictable(
                is_open(TO_SOUTH),
                next[1],
                select_unpredictable(is_open(TO_EAST), next[0], pop),
            );
            let west_north = select_unpredictable(is_open(TO_NORTH), next[3], next[2]);
            let next_at = select_unpredictable(open >> TO_WEST != 0, west_north, east_south);
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
        Some(best_at)
    }

    /// The cell logged at position `at` of a tree's preorder ([`Search::preorder`]) and
    /// the cell farthest from it, the first in row-major order among the farthest: one
    /// pass each way from `at` over the log, no search. In a preorder, the deepest common
    /// ancestor of the cells at positions `j < k` is one level above the shallowest cell
    /// logged in `(j, k]` (the path between them climbs out of `j`'s branches to it), so
    /// the distance from `at` to each cell follows from a running minimum of the depths.
    #[allow(clippy::cast_possible_truncation)] // cells ≤ MAX_CELLS < 2²⁹
    fn farthest_in_log(&self, at: usize) -> (usize, usize) {
        let log = &self.log;
        let depth = |entry: u64| entry >> 32;
        let from = depth(log[at]);
        // (distance, !index) of a cell whose shallowest cell between it and `at` has depth
        // `low`: its depth and `from`'s, less twice the common ancestor's, `low - 1`.
        let key = |entry: u64, low: u64| {
            ((depth(entry) + from + 2 - 2 * low) << 32) | u64::from(!(cell_of(entry) as u32))
        };
        let mut best = key(log[at], from + 1);
        let mut low = from;
        for &entry in log[..at].iter().rev() {
            best = best.max(key(entry, low));
            low = low.min(depth(entry));
        }
        low = u64::MAX;
        for &entry in &log[at + 1..] {
            low = low.min(depth(entry));
            best = best.max(key(entry, low));
        }
        (cell_of(log[at]), !(best as u32) as usize)
    }

    /// The cell farthest from the cell at row-major index `from` along any passages, the
    /// first in row-major order among the farthest: a breadth-first search that marks the
    /// cells it has seen.
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
