//! Measures of a finished maze: dead ends, solution length (the *Mazes for Programmers*
//! comparison figures).

use super::{Grid, Maze, Pos};

/// Number of dead ends: cells with exactly one passage. O(cells).
#[must_use]
pub fn dead_ends(maze: &Maze) -> usize {
    (0..maze.cell_count())
        .filter(|&i| maze.degree(maze.pos(i)) == 1)
        .count()
}

/// Share of on-cells (every cell without a mask) that are dead ends, 0.0–1.0. O(cells).
#[must_use]
#[allow(clippy::cast_precision_loss)]
pub fn dead_end_share(maze: &Maze) -> f64 {
    dead_ends(maze) as f64 / maze.on_cell_count() as f64
}

/// Distance in cells (moves) from `from` to every cell, `u32::MAX` where unreachable;
/// row-major, one entry per cell. The breadth-first search of the solvers
/// ([`crate::solve::bfs::distances`]) on the maze's tiles, two tiles a cell. O(cells).
#[must_use]
pub fn distances(maze: &Maze, from: Pos) -> Vec<u32> {
    let grid = maze.to_grid();
    let tiles = crate::solve::bfs::distances(&grid, from.cell_to_tile());
    (0..maze.cell_count())
        .map(|i| {
            let cell = maze.pos(i);
            let d = tiles[grid.index(cell.cell_to_tile())];
            if d == u32::MAX { d } else { d / 2 }
        })
        .collect()
}

/// Moves on the path from the top-left cell to the bottom-right cell, if connected; on a
/// masked maze, between the start and goal its grid has ([`Maze::far_ends`]). O(cells).
#[must_use]
pub fn solution_length(maze: &Maze) -> Option<u32> {
    let (start, goal) = if maze.is_masked() {
        maze.far_ends()
    } else {
        (
            Pos::new(0, 0),
            Pos::new(maze.height() - 1, maze.width() - 1),
        )
    };
    let d = distances(maze, start)[maze.index(goal)];
    (d != u32::MAX).then_some(d)
}

/// The longest shortest path in a perfect maze (its diameter), in moves: two breadth-first
/// searches. O(cells).
#[must_use]
pub fn longest_path(maze: &Maze) -> u32 {
    let far = |from: Pos| {
        let dist = distances(maze, from);
        let (i, d) = dist
            .iter()
            .enumerate()
            .filter(|(_, d)| **d != u32::MAX)
            .max_by_key(|(_, d)| **d)
            .map_or((0, 0), |(i, d)| (i, *d));
        (maze.pos(i), d)
    };
    let (a, _) = far(maze.nth_on_cell(0).unwrap_or_default());
    far(a).1
}

/// Moves from `from` to every tile of `grid` through open tiles (4-way), `u32::MAX` for
/// walls and unreachable tiles; row-major like the grid. The solvers' breadth-first search
/// ([`crate::solve::bfs::distances`]), O(tiles). The heat map shows these.
#[must_use]
pub fn tile_distances(grid: &Grid, from: Pos) -> Vec<u32> {
    crate::solve::bfs::distances(grid, from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maze::Dir;

    #[test]
    fn a_corridor_has_two_dead_ends_and_its_length_is_its_diameter() {
        let mut m = Maze::new(4, 1).expect("valid");
        for c in 0..3 {
            m.carve(Pos::new(0, c), Dir::East);
        }
        assert_eq!(dead_ends(&m), 2);
        assert!((dead_end_share(&m) - 0.5).abs() < 1e-9);
        assert_eq!(solution_length(&m), Some(3));
        assert_eq!(longest_path(&m), 3);
    }
}
