//! [`Maze`]: a grid of cells joined by passages, one byte per cell.

use std::hint::select_unpredictable;

use get_size2::GetSize;

use super::{Dir, Grid, Mask, Pos};

/// Bit set in a cell's byte when it has a passage to its east neighbour.
pub(crate) const EAST: u8 = 1;
/// Bit set in a cell's byte when it has a passage to its south neighbour.
pub(crate) const SOUTH: u8 = 2;
/// Bit set in a cell's byte when the pillar south-east of it (tile `(2r+2, 2c+2)`) is open:
/// only path-finding fields open pillars, never a maze ([`super::field`]).
pub(crate) const PILLAR: u8 = 4;
/// Bit set in a cell's byte when the cell's own tile is a wall: only path-finding fields
/// ([`super::field`]) wall a cell.
pub(crate) const BLOCKED: u8 = 8;
/// Bit set in a cell's byte when a mask put the cell outside the maze (an off-cell).
pub(crate) const OFF: u8 = 16;
/// The passage bits of a cell's byte.
const PASSAGES: u8 = EAST | SOUTH;

/// The largest maze accepted, in cells (`width × height`), by the explorer and every
/// headless command alike: 25 M cells (5000 × 5000).
///
/// Derived from memory: a cell is four tiles, and the hungriest search peaks at about 84 bytes
/// a cell headless (`/usr/bin/time -f %M maze-tui solve -a bidirectional-bfs`, a 1000 × 1000
/// braided maze); the explorer adds the generation and up to 32 MiB of rewind checkpoints a
/// run, about 120 bytes a cell in all: 3 GiB at the limit. Thin shapes meet
/// [`super::MAX_TILES`] first. Larger requests get [`crate::Error::TooLarge`].
pub const MAX_CELLS: u64 = 25_000_000;

/// A `width × height`-cell maze. Each cell stores whether it has a passage east and south;
/// north and west are read from the neighbour. The outer wall is always closed.
///
/// A maze made from a [`Mask`] ([`Maze::with_mask`]) has **off-cells**: cells outside its
/// shape, flagged in their byte, never carved into, drawn blank. Everything that counts
/// or walks cells ([`Maze::is_perfect`], [`Maze::to_grid`], …) counts the on-cells only.
///
/// Memory: exactly one byte per cell. Every method is O(1) unless it says otherwise.
#[derive(Clone, PartialEq, Eq, GetSize)]
pub struct Maze {
    width: u32,
    height: u32,
    pub(super) cells: Vec<u8>,
    /// How many cells are on (all of them without a mask).
    on_cells: usize,
}

impl std::fmt::Debug for Maze {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Maze {}x{}", self.width, self.height)?;
        let grid = self.to_grid();
        f.write_str(&grid.to_text(None))
    }
}

impl Maze {
    /// A maze of `width × height` cells with every wall standing (no passages).
    ///
    /// # Errors
    /// [`crate::Error::Size`] if a side is 0, [`crate::Error::TooLarge`] if the maze has
    /// more than [`MAX_CELLS`] cells or its padded tile grid more than
    /// [`super::MAX_TILES`] tiles (which also keeps tile coordinates within `u32`).
    pub fn new(width: u32, height: u32) -> Result<Self, crate::Error> {
        if width == 0 || height == 0 {
            return Err(crate::Error::Size(format!(
                "maze size must be at least 1x1 cells, got {width}x{height}"
            )));
        }
        let cells = u64::from(width) * u64::from(height);
        let tiles = super::maze_padded_tiles(width.into(), height.into());
        if cells > MAX_CELLS || tiles > super::MAX_TILES {
            return Err(crate::Error::TooLarge(format!(
                "{width}x{height} is {cells} cells, {tiles} tiles with the border searches add; \
                 the limits are {MAX_CELLS} cells and {} tiles",
                super::MAX_TILES
            )));
        }
        let cells =
            usize::try_from(cells).map_err(|_| crate::Error::TooLarge(format!("{cells} cells")))?;
        Ok(Self {
            width,
            height,
            cells: vec![0; cells],
            on_cells: cells,
        })
    }

    /// A maze the size of `mask` with every wall standing, whose off-cells are outside
    /// it. O(cells).
    ///
    /// # Errors
    /// As [`Maze::new`].
    pub fn with_mask(mask: &Mask) -> Result<Self, crate::Error> {
        let mut maze = Self::new(mask.width(), mask.height())?;
        for (cell, &on) in maze.cells.iter_mut().zip(mask.cells()) {
            if !on {
                *cell = OFF;
            }
        }
        maze.on_cells = mask.on_count();
        Ok(maze)
    }

    /// Whether a mask put some cells outside the maze.
    #[must_use]
    #[inline]
    pub fn is_masked(&self) -> bool {
        self.on_cells != self.cells.len()
    }

    /// Number of on-cells: the cells in the maze ([`Maze::cell_count`] without a mask).
    #[must_use]
    pub const fn on_cell_count(&self) -> usize {
        self.on_cells
    }

    /// Whether `cell` is in the maze: inside the rectangle and not an off-cell.
    #[must_use]
    #[inline]
    pub fn is_on(&self, cell: Pos) -> bool {
        self.contains(cell) && self.cells[self.index(cell)] & OFF == 0
    }

    /// Whether the cell at row-major `index` is an on-cell. Panics past the last cell.
    #[must_use]
    #[inline]
    pub fn is_on_index(&self, index: usize) -> bool {
        self.cells[index] & OFF == 0
    }

    /// The row-major indices of the off-cells, in order. O(cells) with a mask, O(1)
    /// without one.
    pub fn off_cells(&self) -> impl Iterator<Item = usize> + '_ {
        let scanned = if self.is_masked() {
            self.cells.len()
        } else {
            0
        };
        self.cells[..scanned]
            .iter()
            .enumerate()
            .filter(|&(_, b)| b & OFF != 0)
            .map(|(i, _)| i)
    }

    /// The `k`-th on-cell in row-major order (`k < on_cell_count()`), or `None`. O(cells).
    #[must_use]
    pub fn nth_on_cell(&self, k: usize) -> Option<Pos> {
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, b)| b & OFF == 0)
            .nth(k)
            .map(|(i, _)| self.pos(i))
    }

    /// The neighbouring on-cell in `dir`, or `None` past the outer wall or at an off-cell.
    #[must_use]
    #[inline]
    pub fn on_neighbor(&self, cell: Pos, dir: Dir) -> Option<Pos> {
        self.neighbor(cell, dir).filter(|&n| self.is_on(n))
    }

    /// The mask this maze was made with (`None` without one). O(cells).
    #[must_use]
    pub fn mask(&self) -> Option<Mask> {
        if !self.is_masked() {
            return None;
        }
        let on = self.cells.iter().map(|b| b & OFF == 0).collect();
        Mask::from_cells(self.width, self.height, on).ok()
    }

    /// Width in cells.
    #[must_use]
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells.
    #[must_use]
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells, `width × height`.
    #[must_use]
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// Row-major index of a cell: `row × width + col`.
    #[must_use]
    #[inline]
    pub fn index(&self, cell: Pos) -> usize {
        cell.row as usize * self.width as usize + cell.col as usize
    }

    /// The cell at a row-major index (inverse of [`Maze::index`]).
    #[must_use]
    #[inline]
    #[allow(clippy::cast_possible_truncation)] // index < width × height, both u32
    pub fn pos(&self, index: usize) -> Pos {
        let w = self.width as usize;
        Pos::new((index / w) as u32, (index % w) as u32)
    }

    /// Whether `cell` lies inside the maze.
    #[must_use]
    pub const fn contains(&self, cell: Pos) -> bool {
        cell.row < self.height && cell.col < self.width
    }

    /// The neighbouring cell in `dir`, or `None` past the outer wall.
    #[must_use]
    #[inline]
    pub fn neighbor(&self, cell: Pos, dir: Dir) -> Option<Pos> {
        dir.step(cell, self.height, self.width)
    }

    /// Whether there is a passage from `cell` in `dir` (always `false` through the outer wall).
    #[must_use]
    #[inline]
    pub fn has_passage(&self, cell: Pos, dir: Dir) -> bool {
        match dir {
            Dir::East => self.cells[self.index(cell)] & EAST != 0,
            Dir::South => self.cells[self.index(cell)] & SOUTH != 0,
            Dir::West => cell.col > 0 && self.cells[self.index(cell) - 1] & EAST != 0,
            Dir::North => {
                cell.row > 0 && self.cells[self.index(cell) - self.width as usize] & SOUTH != 0
            }
        }
    }

    /// Carve a passage from `cell` to its neighbour in `dir` (remove the wall between them).
    /// Carving through the outer wall does nothing. Returns the neighbour carved into.
    #[inline]
    pub fn carve(&mut self, cell: Pos, dir: Dir) -> Option<Pos> {
        self.set_wall(cell, dir, false)
    }

    /// Build the wall from `cell` to its neighbour in `dir` (the opposite of [`Maze::carve`]).
    /// Returns the neighbour walled off.
    #[inline]
    pub fn add_wall(&mut self, cell: Pos, dir: Dir) -> Option<Pos> {
        self.set_wall(cell, dir, true)
    }

    #[inline]
    fn set_wall(&mut self, cell: Pos, dir: Dir, wall: bool) -> Option<Pos> {
        let next = self.neighbor(cell, dir)?;
        let (owner, bit) = match dir {
            Dir::East => (cell, EAST),
            Dir::South => (cell, SOUTH),
            Dir::West => (next, EAST),
            Dir::North => (next, SOUTH),
        };
        let i = self.index(owner);
        if wall {
            self.cells[i] &= !bit;
        } else {
            self.cells[i] |= bit;
        }
        Some(next)
    }

    /// Carve a passage from the cell at row-major `index` in `dir`, for hot loops that
    /// already know the index and that the neighbour in `dir` is inside the maze (the
    /// caller's invariant, checked in debug builds; through the outer wall this would
    /// corrupt the maze's outer wall bits, never memory). Branch-free: the passage bit
    /// lives in `index` (east, south) or in the west / north neighbour's byte.
    #[inline]
    pub fn carve_index(&mut self, index: usize, dir: Dir) {
        let w = self.width as usize;
        debug_assert!(
            self.neighbor(self.pos(index), dir).is_some(),
            "carve_index through the outer wall"
        );
        // How far back the owning byte is (rows, then cells) and which bit of it, from
        // constant tables indexed by the direction: no branch on a random direction, and
        // no array rebuilt per call.
        const BACK_ROWS: [usize; 4] = [1, 0, 0, 0]; // North: the byte one row up
        const BACK_CELLS: [usize; 4] = [0, 0, 0, 1]; // West: the byte one cell left
        const BITS: [u8; 4] = [SOUTH, EAST, SOUTH, EAST];
        let d = dir as usize;
        let back = BACK_ROWS[d] * w + BACK_CELLS[d];
        let bit = BITS[d];
        self.cells[index.wrapping_sub(back)] |= bit;
    }

    /// Carve from the cell at row-major `index` south (`south`) or east: the two sides a
    /// cell's own byte holds, so a row-scanning generator's choice costs no table lookup and
    /// no branch. The same invariant as [`Maze::carve_index`] (the neighbour is inside the
    /// maze, checked in debug builds).
    #[inline]
    pub fn carve_forward(&mut self, index: usize, south: bool) {
        debug_assert!(
            self.neighbor(self.pos(index), if south { Dir::South } else { Dir::East })
                .is_some(),
            "carve_forward through the outer wall"
        );
        const { assert!(SOUTH == EAST << 1) };
        self.cells[index] |= EAST << u8::from(south);
    }

    /// Build a straight wall of `len` cell sides with one gap, as Recursive Division does.
    /// `horizontal`: the south sides of cells `from`, `from + (0, 1)`, … (eastwards);
    /// otherwise the east sides of cells `from`, `from + (1, 0)`, … (southwards). The side
    /// of the `gap`-th cell (counted from 0; `gap >= len` for none) is left open (in
    /// Recursive Division it always was: a wall crosses an open chamber), so nothing has to
    /// be read before the wall is written.
    ///
    /// Branch-free over the orientation and the gap (a random orientation or a gap test per
    /// cell was a mispredicted branch), and over the length for walls of 2 to 4 sides: four
    /// sides are cleared unconditionally, those past the end wrapping round to the start of
    /// the wall (clearing a side twice changes nothing, and no byte is written more than
    /// twice, so the writes barely wait on each other), and only longer walls loop. At
    /// 1000×1000, 86 % of Recursive Division's walls are 2–4 sides long, and a loop's exit
    /// on their random length was mispredicted at most walls. O(len): row-contiguous, or one
    /// byte per row. Panics if the wall leaves the maze.
    #[inline]
    pub fn build_wall(&mut self, from: Pos, horizontal: bool, len: u32, gap: u32) {
        const UNROLLED: usize = 4;
        let start = self.index(from);
        let (stride, bit) = if horizontal {
            (1, SOUTH)
        } else {
            (self.width as usize, EAST)
        };
        let len = len as usize;
        let looped = if len >= 2 {
            for k in 0..UNROLLED {
                // k − len < len for k < 4 ≤ 2·len.
                let side = select_unpredictable(k < len, k, k.wrapping_sub(len));
                self.cells[start + side * stride] &= !bit;
            }
            UNROLLED.min(len)
        } else {
            0
        };
        for side in looped..len {
            self.cells[start + side * stride] &= !bit;
        }
        if (gap as usize) < len {
            self.cells[start + gap as usize * stride] |= bit;
        }
    }

    /// The passage bytes of cell row `row`, columns `0..width` ([`EAST`] and [`SOUTH`] bits),
    /// for writers that turn whole rows into text. Panics if `row >= height`.
    #[must_use]
    #[inline]
    pub(crate) fn row_bytes(&self, row: u32) -> &[u8] {
        let w = self.width as usize;
        let start = row as usize * w;
        &self.cells[start..start + w]
    }

    /// Remove every inner wall (an open field), as Recursive Division starts. O(cells).
    /// Walls beside off-cells stay.
    pub fn open_all(&mut self) {
        let (w, h) = (self.width as usize, self.height as usize);
        for (r, row) in self.cells.chunks_exact_mut(w).enumerate() {
            let south = if r + 1 < h { SOUTH } else { 0 };
            for b in row.iter_mut() {
                *b = (*b & OFF) | EAST | south;
            }
            row[w - 1] = (row[w - 1] & OFF) | south; // the outer wall on the east side
        }
        if self.is_masked() {
            for i in 0..self.cells.len() {
                let cell = self.pos(i);
                for dir in [Dir::East, Dir::South] {
                    if self.neighbor(cell, dir).is_some_and(|n| !self.is_on(n))
                        || !self.is_on_index(i)
                    {
                        self.add_wall(cell, dir);
                    }
                }
            }
        }
    }

    /// Number of passages out of `cell` (0–4). A cell with exactly one is a dead end.
    #[must_use]
    pub fn degree(&self, cell: Pos) -> usize {
        Dir::ALL
            .iter()
            .filter(|&&d| self.has_passage(cell, d))
            .count()
    }

    /// The directions from `cell` that have a passage, in [`Dir::ALL`] order.
    pub fn passages(&self, cell: Pos) -> impl Iterator<Item = Dir> + '_ {
        Dir::ALL
            .into_iter()
            .filter(move |&d| self.has_passage(cell, d))
    }

    /// Total number of passages. A perfect maze has exactly `on-cells − 1`. O(cells).
    #[must_use]
    pub fn passage_count(&self) -> usize {
        self.cells
            .iter()
            .map(|b| (b & PASSAGES).count_ones() as usize)
            .sum()
    }

    /// Whether every on-cell is reachable from every other. O(cells) time and memory.
    #[must_use]
    pub fn is_connected(&self) -> bool {
        let n = self.on_cells;
        let Some(first) = self.nth_on_cell(0) else {
            return true;
        };
        let mut seen = vec![false; self.cell_count()];
        let mut stack = vec![first];
        seen[self.index(first)] = true;
        let mut count = 1;
        while let Some(cell) = stack.pop() {
            for dir in Dir::ALL {
                if let Some(next) = self
                    .neighbor(cell, dir)
                    .filter(|_| self.has_passage(cell, dir))
                {
                    let i = self.index(next);
                    if !seen[i] {
                        seen[i] = true;
                        count += 1;
                        stack.push(next);
                    }
                }
            }
        }
        count == n
    }

    /// A perfect maze: connected, with exactly `on-cells − 1` passages (so no loops):
    /// exactly one path between any two on-cells, and no passage into an off-cell. O(cells).
    #[must_use]
    pub fn is_perfect(&self) -> bool {
        self.passage_count() + 1 == self.on_cells
            && self.is_connected()
            && self.off_cells().all(|i| self.degree(self.pos(i)) == 0)
    }

    /// Tile rows of the picture: `2 × height + 1`.
    #[must_use]
    pub const fn tile_rows(&self) -> u32 {
        2 * self.height + 1
    }

    /// Tile columns of the picture: `2 × width + 1`.
    #[must_use]
    pub const fn tile_cols(&self) -> u32 {
        2 * self.width + 1
    }

    /// Whether tile `(row, col)` of the picture is open: cells (odd, odd) are unless a
    /// field walled them, pillars (even, even) are not unless a field opened them, the outer
    /// wall never is, and a tile between two cells is open when they are joined by a
    /// passage. Out of range tiles are walls.
    #[must_use]
    #[inline]
    pub fn is_open_tile(&self, tile: Pos) -> bool {
        let (r, c) = (tile.row, tile.col);
        if r >= self.tile_rows() || c >= self.tile_cols() {
            return false;
        }
        match (r % 2, c % 2) {
            (1, 1) => self.cells[self.index(Pos::new(r / 2, c / 2))] & (BLOCKED | OFF) == 0,
            (0, 0) => {
                r > 0
                    && c > 0
                    && self.cells[self.index(Pos::new(r / 2 - 1, c / 2 - 1))] & PILLAR != 0
            }
            (1, 0) => c > 0 && self.has_passage(Pos::new(r / 2, c / 2 - 1), Dir::East),
            _ => r > 0 && self.has_passage(Pos::new(r / 2 - 1, c / 2), Dir::South),
        }
    }

    /// Whether tile `(row, col)` of the picture lies outside the maze's shape, to be drawn
    /// blank: an off-cell, a wall with no on-cell on either side, a pillar with no on-cell
    /// at any of its four corners. Never true without a mask; out of range tiles are not.
    #[must_use]
    pub fn is_outside_tile(&self, tile: Pos) -> bool {
        let (r, c) = (tile.row, tile.col);
        if !self.is_masked() || r >= self.tile_rows() || c >= self.tile_cols() {
            return false;
        }
        // The cells touching this tile: for an odd row, row r/2; for an even one, the
        // rows r/2 − 1 and r/2 on either side of it (the same for columns). A cell past
        // the edge is not on.
        let near = |t: u32| {
            if t % 2 == 1 {
                [Some(t / 2), None]
            } else {
                [t.checked_sub(1).map(|t| t / 2), Some(t / 2)]
            }
        };
        let (rows, cols) = (near(r), near(c));
        !rows.iter().flatten().any(|&row| {
            cols.iter()
                .flatten()
                .any(|&col| self.is_on(Pos::new(row, col)))
        })
    }

    /// The tile grid of this maze, with start at the top-left cell and goal at the
    /// bottom-right cell (tile coordinates `(1, 1)` and `(2H−1, 2W−1)`); on a masked maze,
    /// at the two ends of its longest path ([`Maze::far_ends`]). O(tiles).
    #[must_use]
    pub fn to_grid(&self) -> Grid {
        let (start, goal) = if self.is_masked() {
            self.far_ends()
        } else {
            (Pos::new(0, 0), Pos::new(self.height - 1, self.width - 1))
        };
        self.to_grid_with(start.cell_to_tile(), goal.cell_to_tile())
    }

    /// The tile grid of this maze with the given start and goal tiles; on a masked maze,
    /// the grid knows which tiles are outside ([`Grid::is_outside`]). O(tiles).
    #[must_use]
    pub fn to_grid_with(&self, start: Pos, goal: Pos) -> Grid {
        let (rows, cols) = (self.tile_rows(), self.tile_cols());
        let mut open = Vec::with_capacity(rows as usize * cols as usize);
        for r in 0..rows {
            for c in 0..cols {
                open.push(self.is_open_tile(Pos::new(r, c)));
            }
        }
        let mut grid = Grid::from_parts(rows, cols, open, start, goal);
        if self.is_masked() {
            let mut outside = Vec::with_capacity(grid.len());
            for r in 0..rows {
                for c in 0..cols {
                    outside.push(self.is_outside_tile(Pos::new(r, c)));
                }
            }
            grid.set_outside(outside);
        }
        grid
    }

    /// The maze read back from a tile grid made by [`Maze::to_grid`]: `None` if the grid is
    /// not (2H+1)×(2W+1) tiles with a closed outer wall. Open pillars and walled cells (a
    /// path-finding field's) are read as such; cells outside ([`Grid::is_outside`]) are
    /// off-cells, which must form a valid [`Mask`]. O(tiles).
    #[must_use]
    pub fn from_grid(grid: &Grid) -> Option<Maze> {
        let (rows, cols) = (grid.rows(), grid.cols());
        if rows < 3 || cols < 3 || rows % 2 == 0 || cols % 2 == 0 {
            return None;
        }
        let mut maze = if grid.has_outside() {
            let on = (0..rows / 2)
                .flat_map(|r| (0..cols / 2).map(move |c| Pos::new(r, c).cell_to_tile()))
                .map(|tile| !grid.is_outside(tile))
                .collect();
            Maze::with_mask(&Mask::from_cells(cols / 2, rows / 2, on).ok()?).ok()?
        } else {
            Maze::new(cols / 2, rows / 2).ok()?
        };
        for r in 0..rows {
            for c in 0..cols {
                let open = grid.is_open(Pos::new(r, c));
                let border = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
                match (r % 2, c % 2) {
                    (1, 1) if grid.is_outside(Pos::new(r, c)) => {}
                    _ if border && open => return None,
                    (1, 1) if !open => {
                        maze.set_tile_open(Pos::new(r, c), false);
                    }
                    (0, 0) if open => {
                        maze.set_tile_open(Pos::new(r, c), true);
                    }
                    (1, 0) if open => {
                        maze.carve(Pos::new(r / 2, c / 2 - 1), Dir::East);
                    }
                    (0, 1) if open => {
                        maze.carve(Pos::new(r / 2 - 1, c / 2), Dir::South);
                    }
                    _ => {}
                }
            }
        }
        Some(maze)
    }
}

#[path = "cells/ends.rs"]
mod far;

#[cfg(test)]
#[path = "cells/tests.rs"]
mod tests;
