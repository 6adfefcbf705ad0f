//! Braiding: remove a share of dead ends by opening one more wall each (stub: to be written).

use crate::maze::Maze;

/// Open a wall at a share `p` (0.0–1.0) of the dead ends of `maze`, making loops.
/// Returns the number of walls opened.
pub fn braid(_maze: &mut Maze, _p: f64, _seed: u64) -> usize {
    0
}
