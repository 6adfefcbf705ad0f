//! The heat map's distances: moves from the start to every tile, worked out once per grid
//! (in `update`, when the map is switched on or the grid changes), never while drawing.

use std::sync::Arc;

use crate::maze::{Grid, stats};

/// Moves from the start to each tile of one grid, for the heat map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distances {
    /// The grid they were worked out for.
    pub grid: Arc<Grid>,
    /// Row-major like the grid; `u32::MAX` for walls and unreachable tiles.
    pub moves: Vec<u32>,
    /// The largest finite distance (0 when only the start is reachable).
    pub max: u32,
}

impl Distances {
    /// Search `grid` from its start ([`stats::tile_distances`]). O(tiles).
    #[must_use]
    pub fn new(grid: &Arc<Grid>) -> Self {
        let moves = stats::tile_distances(grid, grid.start());
        let max = moves
            .iter()
            .copied()
            .filter(|&d| d != u32::MAX)
            .max()
            .unwrap_or(0);
        Self {
            grid: Arc::clone(grid),
            moves,
            max,
        }
    }
}
