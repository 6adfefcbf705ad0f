//! What the generators need from a maze's shape when a [`crate::maze::Mask`] put some cells
//! outside it: a random on-cell to start from. Kept out of the algorithm files, which only
//! say "a random cell".
//!
//! Without a mask, each function draws exactly what the generators always drew, so an
//! unmasked maze is the same, byte for byte, for a given seed.

use rand::Rng as _;

use crate::generate::Rng;
use crate::maze::{Maze, Pos};

/// A uniformly random on-cell. Without a mask: a row, then a column (two draws), O(1);
/// with one: one draw over the on-cells, O(cells) to find it.
#[must_use]
pub fn random_cell(maze: &Maze, rng: &mut Rng) -> Pos {
    if maze.is_masked() {
        nth_on(maze, rng)
    } else {
        Pos::new(
            rng.random_range(0..maze.height()),
            rng.random_range(0..maze.width()),
        )
    }
}

/// The row-major index of a uniformly random on-cell. Without a mask: one draw over
/// `0..cells`, O(1); with one: one draw over the on-cells, O(cells) to find it.
#[must_use]
pub fn random_cell_index(maze: &Maze, rng: &mut Rng) -> usize {
    if maze.is_masked() {
        maze.index(nth_on(maze, rng))
    } else {
        rng.random_range(0..maze.cell_count())
    }
}

fn nth_on(maze: &Maze, rng: &mut Rng) -> Pos {
    let k = rng.random_range(0..maze.on_cell_count());
    maze.nth_on_cell(k).unwrap_or_default()
}

#[cfg(test)]
#[path = "shape/tests.rs"]
mod tests;
