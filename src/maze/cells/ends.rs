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
    /// Two searches over cell indices, their storage reused by the second: depth-first
    /// where the passages form a tree, as in every generated maze (over a table of each
    /// cell's open sides, one byte a cell, read once for both); breadth-first where they
    /// loop. O(cells) time; memory the side table and the stack (8 bytes a pending cell),
    /// and where the passages loop 5 bytes per cell more.
    ///
    /// (One search and one pass over its log of the cells in preorder, the distances from
    /// the first end following from the depths, measured slower end to end: the log's 8
    /// bytes a cell cost more in fresh pages than the second search it saves.)
    #[must_use]
    pub fn far_ends(&self) -> (Pos, Pos) {
        let first = self.cells.iter().position(|b| b & OFF == 0).unwrap_or(0);
        let mut search = Search::default();
        search.read_sides(self);
        let a = search.farthest(self, first);
        let mut b = search.farthest(self, a);
        if b == a {
            b = self.cells.iter().rposition(|b| b & OFF == 0).unwrap_or(a);
        }
        (self.pos(a), self.pos(b))
    }
}

/// The searches' storage: for a maze whose passages form a tree, each cell's open sides
/// and a depth-first search's stack; for one with loops, a breadth-first search's queue
/// (every cell reached in the order reached: nothing is popped, a head index moves along
/// it, so the last layer, the farthest cells, is its tail) and the cells seen.
#[derive(Default)]
struct Search {
    sides: Vec<u8>,
    stack: Vec<u64>,
    queue: Vec<u32>,
    seen: Vec<bool>,
}

/// The bits of [`Search::sides`]: a cell's passages east, south, west, north. An entry of
/// the stack keeps in its low bits the bit number of the side its cell was entered from
/// (the cell's index above them, its depth in the high 32 bits): its search does not go
/// back that way.
const TO_EAST: u32 = 0;
const TO_SOUTH: u32 = 1;
const TO_WEST: u32 = 2;
const TO_NORTH: u32 = 3;
/// The search's first cell, entered from nowhere (no side has this bit).
const FROM_NOWHERE: u32 = 4;
/// Bits of an entry below the cell's index (cells ≤ 25 M < 2²⁹).
const SHIFT: u32 = 3;

impl Search {
    /// Each cell's passages as bits `1 << TO_EAST`, … `1 << TO_NORTH`, in `self.sides`:
    /// one pass over the rows, so the search reads one byte a cell, and only sides that
    /// stay inside the rectangle (the outer wall's bits cleared after each row's
    /// branch-free loop).
    fn read_sides(&mut self, maze: &Maze) {
        let w = maze.width as usize;
        self.sides.clear();
        self.sides.resize(maze.cells.len(), 0);
        let mut above: Option<&[u8]> = None;
        for (row, sides) in maze
            .cells
            .chunks_exact(w)
            .zip(self.sides.chunks_exact_mut(w))
        {
            // East and south from the cell's own byte (EAST, SOUTH are bits 0 and 1, as
            // TO_EAST and TO_SOUTH); west from the byte before it.
            for (s, &b) in sides.iter_mut().zip(row) {
                *s = b & (EAST | SOUTH);
            }
            for (s, &before) in sides[1..].iter_mut().zip(row) {
                *s |= (before & EAST) << TO_WEST;
            }
            if let Some(above) = above {
                for (s, &up) in sides.iter_mut().zip(above) {
                    *s |= (up & SOUTH) >> 1 << TO_NORTH;
                }
            }
            if let Some(last) = sides.last_mut() {
                *last &= !(1 << TO_EAST);
            }
            above = Some(row);
        }
        let last_row = self.sides.len() - w;
        for s in &mut self.sides[last_row..] {
            *s &= !(1 << TO_SOUTH);
        }
    }

    /// The cell farthest from the cell at row-major index `from` along the passages, the
    /// first in row-major order among the farthest: by [`Search::farthest_in_tree`] where
    /// the cells reached form a tree (every maze a generator makes), else by a
    /// breadth-first search that marks the cells it has seen.
    fn farthest(&mut self, maze: &Maze, from: usize) -> usize {
        self.farthest_in_tree(maze, from)
            .unwrap_or_else(|| self.farthest_seen(maze, from))
    }

    /// [`Search::farthest`] where the passages from `from` form a tree, `None` where they
    /// loop: a depth-first search over [`Search::read_sides`]'s table. In a tree the path
    /// to a cell is unique, so a cell's distance is its depth in any search, and a
    /// depth-first one follows the corridors: the cells it reads next lie beside the ones
    /// it just read (a breadth-first frontier spreads over the whole maze, a cache miss a
    /// cell).
    ///
    /// A cell is reached only from its parent, so none needs marking: each entry keeps the
    /// side it came in by, and the search goes every other way with a passage. The four
    /// sides are written to the stack unconditionally and kept by advancing its top by
    /// whether the side is open, the next cell picked by selects (no branch on the maze's
    /// random passages, and no read-back of the stack top just written); the farthest cell
    /// is the largest of (depth, reversed index), kept without a branch too. A loop would
    /// reach a cell twice: more cells reached than there are on-cells say so.
    #[allow(clippy::cast_possible_truncation)] // cells ≤ MAX_CELLS < 2²⁹
    fn farthest_in_tree(&mut self, maze: &Maze, from: usize) -> Option<usize> {
        let (sides, w) = (&self.sides, maze.width as usize);
        let budget = maze.on_cells;
        // A local Vec (its storage kept for the next search): the loop keeps its pointer in
        // a register instead of reloading it from `self` after every write.
        let mut stack = std::mem::take(&mut self.stack);
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
            let (below, above) = stack.split_at_mut(top);
            let pop = below.last().copied().unwrap_or(0);
            // Four slots above the top: one bounds check, not one a write. (Never `None`:
            // the stack grew above; a breadth-first search would give the same answer.)
            let slots = above.first_chunk_mut::<4>()?;
            let mut kept = 0;
            for (side, &entry) in next.iter().enumerate() {
                slots[kept & 3] = entry;
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
        self.stack = stack;
        Some(!(best as u32) as usize)
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
