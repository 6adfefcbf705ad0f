//! Where Hunt-and-Kill's hunt can start on a masked maze without scanning rows that hold
//! nothing to find: a speed aid kept outside the algorithm's file.
//!
//! Without a mask, the first cell not yet in the maze almost always lies beside it, so the
//! hunt finds its cell about one row after it starts. In a shape, the first such cell may
//! have only off-cells and unvisited cells around it for a long time, and every hunt would
//! scan from there: quadratic time (a 600×600 heart took 10 s). This keeps the cells a hunt
//! looks for (not in the maze, with a neighbour in it) and their count per row, so a hunt
//! can start at the first of them: the very cell a scan from the top would stop at.
//!
//! Memory: one byte per cell and four per row, only for a masked maze. Each update O(1).

use get_size2::GetSize;

use crate::maze::{Dir, Maze, Pos};

/// Per row, how many cells lie outside the maze but beside it.
#[derive(Clone, Debug, GetSize)]
pub(crate) struct HuntRows {
    /// Per cell (row-major): not in the maze, with a neighbour in it.
    beside: Vec<bool>,
    /// Per row: how many cells are `beside`.
    per_row: Vec<u32>,
    /// Every cell before this row-major index is in the maze or off it for good.
    done_below: usize,
}

impl HuntRows {
    /// The counts for a masked `maze` with nothing in it yet; `None` without a mask.
    pub(crate) fn new(maze: &Maze) -> Option<Self> {
        maze.is_masked().then(|| Self {
            beside: vec![false; maze.cell_count()],
            per_row: vec![0; maze.height() as usize],
            done_below: 0,
        })
    }

    /// `cell` joined the maze; `in_maze` says which cells are in it (or off) now.
    pub(crate) fn joined(&mut self, maze: &Maze, cell: Pos, in_maze: impl Fn(usize) -> bool) {
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
    /// cells are in the maze or off it. O(rows skipped + one row's bytes), plus the cells
    /// found done for good since the last call.
    pub(crate) fn hunt_start(
        &mut self,
        maze: &Maze,
        from: Pos,
        in_maze: impl Fn(usize) -> bool,
    ) -> Pos {
        while self.done_below < self.beside.len() && in_maze(self.done_below) {
            self.done_below += 1;
        }
        let start = maze.index(from).max(self.done_below);
        self.first_beside(maze.width() as usize, start)
            .map_or(from, |i| maze.pos(i))
    }

    /// The index of the first cell at or after index `start` (row-major, `width` cells a
    /// row) that lies beside the maze, if any: where [`HuntRows::hunt_start`] starts the
    /// hunt, for a reader that may not move its marks (the quiz). O(rows skipped + one
    /// row's bytes).
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
