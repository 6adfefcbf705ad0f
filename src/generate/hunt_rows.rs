//! Where Hunt-and-Kill's hunt can start on a masked maze without scanning rows that hold
//! nothing to find: a speed aid kept outside the algorithm's file.
//!
//! Without a mask, the first cell not yet in the maze almost always lies beside it, so the
//! hunt finds its cell about one row after it starts. In a shape, the first such cell may
//! have only off-cells and unvisited cells around it for a long time, and every hunt would
//! scan from there: quadratic time (a 600×600 heart took 10 s). So each hunt starts at the
//! first cell it looks for (not in the maze, with a neighbour in it): the very cell a scan
//! from the top would stop at.
//!
//! That cell is found by a plain scan from the first cell that may be outside the maze
//! while such scans stay cheap: in a mask that is nearly the full rectangle the first cell
//! outside the maze almost always lies beside it, as without a mask. Once the scans have
//! passed over as many cells as the maze has that later hunts scan again (past a first cell
//! outside the maze but not beside it: a shape whose hunts could go quadratic), an index
//! is built: which cells lie beside the maze, and their count
//! per row, kept up to date as cells join, so a hunt skips the rows with none. (Keeping
//! the index from the start cost a 1000×1000 mask of every cell but one nearly twice the
//! unmasked maze's time.)
//!
//! Memory: once built, one byte per cell and four per row. Time: the scans O(cells) in
//! all before the index, the index O(cells) to build and O(1) per cell joined.

use get_size2::GetSize;

use crate::maze::{Dir, Maze, Pos};

/// The first cell a masked maze's hunt looks for: by scanning, then by an index of rows.
#[derive(Clone, Debug, GetSize)]
pub(crate) struct HuntRows {
    /// Per cell (row-major): not in the maze, with a neighbour in it. Empty until built.
    beside: Vec<bool>,
    /// Per row: how many cells are `beside`. Empty until built.
    per_row: Vec<u32>,
    /// Every cell before this row-major index is in the maze or off it for good.
    done_below: usize,
    /// Cells outside the maze the scans may still pass over before the index is built.
    scan_budget: usize,
}

impl HuntRows {
    /// The finder for a masked `maze` with nothing in it yet; `None` without a mask.
    pub(crate) fn new(maze: &Maze) -> Option<Self> {
        maze.is_masked().then(|| Self {
            beside: Vec::new(),
            per_row: Vec::new(),
            done_below: 0,
            scan_budget: maze.cell_count(),
        })
    }

    /// Whether the index of rows is built (else a hunt's cell is found by scanning).
    pub(crate) fn is_built(&self) -> bool {
        !self.per_row.is_empty()
    }

    /// `cell` joined the maze; `in_maze` says which cells are in it (or off) now. O(1).
    #[inline]
    pub(crate) fn joined(&mut self, maze: &Maze, cell: Pos, in_maze: impl Fn(usize) -> bool) {
        if !self.is_built() {
            return;
        }
        let i = maze.index(cell);
        if std::mem::replace(&mut self.beside[i], false) {
            self.per_row[cell.row as usize] -= 1;
        }
        for dir in Dir::ALL {
            if let Some(next) = maze.on_neighbor(cell, dir) {
                let j = maze.index(next);
                if !in_maze(j) && !std::mem::replace(&mut self.beside[j], true) {
                    self.per_row[next.row as usize] += 1;
                }
            }
        }
    }

    /// The first cell at or after `from` (row-major) that lies beside the maze: the cell a
    /// scan from `from` would stop at; `from` itself if there is none. `in_maze` says which
    /// cells are in the maze or off it, `beside` which lie outside it with a neighbour in
    /// it. Amortised O(cells skipped) while scanning; with the index, O(rows skipped + one
    /// row's bytes), plus the cells found done for good since the last call.
    pub(crate) fn hunt_start(
        &mut self,
        maze: &Maze,
        from: Pos,
        in_maze: impl Fn(usize) -> bool,
        beside: impl Fn(Pos) -> bool,
    ) -> Pos {
        let cells = maze.cell_count();
        while self.done_below < cells && in_maze(self.done_below) {
            self.done_below += 1;
        }
        let start = maze.index(from).max(self.done_below);
        if !self.is_built() {
            // Scan. The cells after the first one outside the maze are scanned again by
            // later hunts (the cells before it are not), so they are what the budget counts.
            let mut passed = false;
            for i in start..cells {
                if passed {
                    if self.scan_budget == 0 {
                        self.build(maze, &in_maze, &beside);
                        break;
                    }
                    self.scan_budget -= 1;
                }
                if in_maze(i) {
                    continue;
                }
                let cell = maze.pos(i);
                if beside(cell) {
                    return cell;
                }
                passed = true;
            }
            if !self.is_built() {
                return from;
            }
        }
        self.first_beside(maze.width() as usize, start)
            .map_or(from, |i| maze.pos(i))
    }

    /// Build the index from the cells' state now. O(cells).
    fn build(
        &mut self,
        maze: &Maze,
        in_maze: impl Fn(usize) -> bool,
        beside: impl Fn(Pos) -> bool,
    ) {
        let width = maze.width() as usize;
        self.beside = vec![false; maze.cell_count()];
        self.per_row = vec![0; maze.height() as usize];
        for (row, (cells, count)) in
            (0..maze.height()).zip(self.beside.chunks_mut(width).zip(self.per_row.iter_mut()))
        {
            for (col, b) in (0..maze.width()).zip(cells.iter_mut()) {
                let i = row as usize * width + col as usize;
                *b = !in_maze(i) && beside(Pos::new(row, col));
                *count += u32::from(*b);
            }
        }
    }

    /// The index of the first cell at or after index `start` (row-major, `width` cells a
    /// row) that lies beside the maze, if any, by the index (`None` before it is built):
    /// where [`HuntRows::hunt_start`] starts the hunt, for a reader that may not move its
    /// marks (the quiz). O(rows skipped + one row's bytes).
    pub(crate) fn first_beside(&self, width: usize, start: usize) -> Option<usize> {
        let (mut row, mut col) = (start / width, start % width);
        while row < self.per_row.len() {
            if self.per_row[row] > 0 {
                let cells = &self.beside[row * width + col..(row + 1) * width];
                if let Some(k) = cells.iter().position(|&b| b) {
                    return Some(row * width + col + k);
                }
            }
            row += 1;
            col = 0;
        }
        None
    }
}
