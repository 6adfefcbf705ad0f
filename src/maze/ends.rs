//! Where the start and the goal go on a finished maze: the rules of `--ends`, and the par
//! (the moves a breadth-first search takes from S to E).
//!
//! * `corners`: S on the top-left cell, E on the bottom-right cell, as every grid made by
//!   [`super::Maze::to_grid`] already has them.
//! * `farthest`: S stays; E goes to the open tile farthest from S by breadth-first search.
//! * `diameter`: S and E at the two ends of the maze's longest path, found by two
//!   breadth-first searches: from S to the farthest tile A, then from A to the farthest
//!   tile B (Jamis Buck, *Mazes for Programmers*, ch. 3, "Making Challenging Mazes"). On a
//!   perfect maze (a tree) A–B is a longest path; on a maze with loops it is a long one,
//!   not always the longest.
//! * `random-far`: the rule of the Prim maze game's `setExit`: S stays; E goes to a random
//!   open tile whose distance from S is more than the grid's larger side in tiles
//!   (`bfs(0, 0) > _size`). The game draws tiles until one qualifies; drawing one of the
//!   qualifying tiles uniformly gives the same odds without the loop.
//! * `random`: the rule of the seed's A* demo, which puts the player and the goal on random
//!   open tiles: S and E on two different open tiles drawn uniformly. On a field with
//!   obstacles E may be unreachable from S (the par is then `None`, and the solvers say so).
//! * `border` (also `--entrance border`): the Prim maze game's `setStartPos`, which opens
//!   the entrance in the outer wall: S on the outer-wall tile north of the top-left cell,
//!   E on the one south of the bottom-right cell, both opened.
//!
//! Randomness (ties, `random-far`) comes from ChaCha8 seeded with the maze's seed, so a
//! seed places the ends the same way everywhere. Distances count moves between 4-adjacent
//! open tiles ([`super::stats::tile_distances`]).

use rand::{Rng, SeedableRng};

use super::{Grid, Pos, stats};

/// A rule that places S and E on a finished maze.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ends {
    /// S on the top-left cell, E on the bottom-right cell.
    #[default]
    Corners,
    /// E on the open tile farthest from S (ties broken by the seed).
    Farthest,
    /// S and E at the two ends of the longest path (two breadth-first searches).
    Diameter,
    /// E on a random open tile farther from S than the grid's larger side in tiles.
    RandomFar,
    /// S and E on two different random open tiles.
    Random,
    /// S and E opened in the outer wall, above the top-left and below the bottom-right cell.
    Border,
}

/// Where a rule put the ends, and the par.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The rule that placed them.
    pub ends: Ends,
    /// The start tile.
    pub start: Pos,
    /// The goal tile.
    pub goal: Pos,
    /// Moves a breadth-first search takes from S to E (`None`: E is unreachable).
    pub par: Option<u32>,
    /// `random-far` found no tile farther than the larger side, and E went to the farthest
    /// tile instead (a small or very open maze).
    pub fell_back: bool,
}

impl Ends {
    /// Every rule, in the order `--help` lists them.
    pub const ALL: &'static [Ends] = &[
        Ends::Corners,
        Ends::Farthest,
        Ends::Diameter,
        Ends::RandomFar,
        Ends::Random,
        Ends::Border,
    ];

    /// The name on the command line (`random-far`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Ends::Corners => "corners",
            Ends::Farthest => "farthest",
            Ends::Diameter => "diameter",
            Ends::RandomFar => "random-far",
            Ends::Random => "random",
            Ends::Border => "border",
        }
    }

    /// One line saying where the ends go.
    #[must_use]
    pub const fn summary(self) -> &'static str {
        match self {
            Ends::Corners => "S top-left, E bottom-right",
            Ends::Farthest => "S top-left, E on the open tile farthest from S",
            Ends::Diameter => "S and E at the two ends of the longest path",
            Ends::RandomFar => {
                "S top-left, E on a random open tile farther from S than the larger side in tiles"
            }
            Ends::Random => "S and E on two random open tiles (E may be unreachable)",
            Ends::Border => {
                "S and E opened in the outer wall, above the top-left and below the bottom-right cell"
            }
        }
    }

    /// Put S and E on `grid` by this rule, drawing from `seed` where the rule chooses, and
    /// say where they went. The grid must have its start on an open tile (every grid made
    /// from a maze has). Where the rule finds no tile other than S (a one-cell maze), the
    /// ends stay where they are.
    ///
    /// Cost: one breadth-first search (two for `diameter`), O(tiles) time and 4 bytes per
    /// tile; `corners` moves nothing and searches once, for the par.
    pub fn place(self, grid: &mut Grid, seed: u64) -> Placement {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut fell_back = false;
        let mut start = grid.start();
        // Distances from `start`, the search the par is read from.
        let mut dist = stats::tile_distances(grid, start);
        let goal = match self {
            Ends::Corners => grid.goal(),
            Ends::Farthest => farthest(grid, &dist, &mut rng),
            Ends::Diameter => {
                start = farthest(grid, &dist, &mut rng);
                // The first table goes before the second is made: one at a time in memory.
                drop(std::mem::take(&mut dist));
                dist = stats::tile_distances(grid, start);
                farthest(grid, &dist, &mut rng)
            }
            Ends::Border if grid.rows() >= 3 && grid.cols() >= 3 => {
                start = Pos::new(0, 1);
                let goal = Pos::new(grid.rows() - 1, grid.cols() - 2);
                grid.set_ends(start, goal);
                drop(std::mem::take(&mut dist));
                dist = stats::tile_distances(grid, start);
                goal
            }
            Ends::Border => grid.goal(),
            Ends::Random => {
                let open = (0..grid.len())
                    .filter(|&i| grid.is_open(grid.pos(i)))
                    .count();
                if open < 2 {
                    start
                } else {
                    let s = rng.random_range(0..open);
                    let e = rng.random_range(0..open - 1);
                    let e = if e >= s { e + 1 } else { e };
                    start = nth_open(grid, s);
                    drop(std::mem::take(&mut dist));
                    dist = stats::tile_distances(grid, start);
                    nth_open(grid, e)
                }
            }
            Ends::RandomFar => {
                let beyond = grid.rows().max(grid.cols());
                match pick(&dist, |d| d > beyond, &mut rng) {
                    Some(i) => grid.pos(i),
                    None => {
                        fell_back = true;
                        farthest(grid, &dist, &mut rng)
                    }
                }
            }
        };
        if goal == start {
            // No tile but S: the ends stay as they were.
            dist = stats::tile_distances(grid, grid.start());
        } else if (start, goal) != (grid.start(), grid.goal()) {
            grid.set_ends(start, goal);
        }
        let par = dist[grid.index(grid.goal())];
        Placement {
            ends: self,
            start: grid.start(),
            goal: grid.goal(),
            par: (par != u32::MAX).then_some(par),
            fell_back,
        }
    }
}

/// One of the reachable tiles of a distance table whose distance passes `keep`, drawn
/// uniformly from `rng` (`None` if none does): counted, then found again, so that no list
/// of them is built. O(tiles), no allocation.
fn pick(dist: &[u32], keep: impl Fn(u32) -> bool, rng: &mut impl Rng) -> Option<usize> {
    let kept = |&(_, d): &(usize, &u32)| *d != u32::MAX && keep(*d);
    let count = dist.iter().enumerate().filter(kept).count();
    if count == 0 {
        return None;
    }
    let nth = rng.random_range(0..count);
    dist.iter()
        .enumerate()
        .filter(kept)
        .nth(nth)
        .map(|(i, _)| i)
}

/// The `n`th open tile of `grid` in row-major order (the grid's start if there are fewer).
fn nth_open(grid: &Grid, n: usize) -> Pos {
    (0..grid.len())
        .map(|i| grid.pos(i))
        .filter(|&p| grid.is_open(p))
        .nth(n)
        .unwrap_or(grid.start())
}

/// The tile with the largest finite distance in `dist` (row-major over `grid`), one of the
/// tied ones drawn from `rng`; the grid's start when nothing is reachable.
fn farthest(grid: &Grid, dist: &[u32], rng: &mut impl Rng) -> Pos {
    let max = dist
        .iter()
        .copied()
        .filter(|&d| d != u32::MAX)
        .max()
        .unwrap_or(0);
    pick(dist, |d| d == max, rng).map_or(grid.start(), |i| grid.pos(i))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maze::{Dir, Maze};

    /// Two corridors joined by one passage, a perfect maze of 4×2 cells:
    /// ```text
    /// #########
    /// #S      #
    /// ### #####
    /// #      E#
    /// #########
    /// ```
    fn fork() -> Grid {
        let mut m = Maze::new(4, 2).expect("valid");
        for c in 0..3 {
            m.carve(Pos::new(0, c), Dir::East);
            m.carve(Pos::new(1, c), Dir::East);
        }
        m.carve(Pos::new(0, 1), Dir::South);
        m.to_grid()
    }

    #[test]
    fn farthest_and_diameter_put_the_ends_where_the_searches_end() {
        // Farthest: from S at (1,1), east 2, down 2, east 4 to (3,7); (1,7) and (3,1) are
        // 6 away. Diameter: from (3,7), back up to (1,7): 4 + 2 + 4 = 10 moves.
        for (rule, start, goal, par) in [
            (Ends::Farthest, Pos::new(1, 1), Pos::new(3, 7), 8),
            (Ends::Diameter, Pos::new(3, 7), Pos::new(1, 7), 10),
        ] {
            let mut grid = fork();
            let placed = rule.place(&mut grid, 1);
            assert_eq!(
                (placed.start, placed.goal, placed.par),
                (start, goal, Some(par))
            );
            assert_eq!((grid.start(), grid.goal()), (start, goal), "{rule:?}");
        }
    }

    #[test]
    fn random_far_falls_back_to_the_farthest_on_a_small_maze() {
        let mut grid = fork();
        // The grid is 5×9 tiles and nothing is more than 8 moves from S: none is over 9.
        let placed = Ends::RandomFar.place(&mut grid, 5);
        assert!(placed.fell_back);
        assert_eq!((placed.goal, placed.par), (Pos::new(3, 7), Some(8)));
    }

    #[test]
    fn ties_are_broken_by_the_seed() {
        // S with two open neighbours, (1,2) (where E is) and (2,1): both 1 move away.
        let grid = Grid::parse("####\n#SE#\n# ##\n####\n").expect("valid");
        let tied = [Pos::new(1, 2), Pos::new(2, 1)];
        // Every seed picks one of them, the same one each time, and some seeds pick each.
        let goals: Vec<Pos> = (0..32)
            .map(|seed| Ends::Farthest.place(&mut grid.clone(), seed).goal)
            .collect();
        assert!(goals.iter().all(|g| tied.contains(g)));
        assert!(goals.contains(&tied[0]) && goals.contains(&tied[1]));
        let again: Vec<Pos> = (0..32)
            .map(|seed| Ends::Farthest.place(&mut grid.clone(), seed).goal)
            .collect();
        assert_eq!(goals, again);
    }

    #[test]
    fn random_puts_both_ends_on_different_open_tiles_the_same_way_for_a_seed() {
        let grid = fork();
        let placed: Vec<(Pos, Pos)> = (0..40)
            .map(|seed| {
                let mut g = grid.clone();
                let p = Ends::Random.place(&mut g, seed);
                assert_eq!((g.start(), g.goal()), (p.start, p.goal));
                assert!(p.start != p.goal && grid.is_open(p.start) && grid.is_open(p.goal));
                let again = Ends::Random.place(&mut grid.clone(), seed);
                assert_eq!((again.start, again.goal), (p.start, p.goal));
                // Every open tile of this perfect maze is reachable: the par is BFS's.
                let d = stats::tile_distances(&g, p.start)[g.index(p.goal)];
                assert_eq!(p.par, Some(d));
                (p.start, p.goal)
            })
            .collect();
        let starts: std::collections::HashSet<Pos> = placed.iter().map(|p| p.0).collect();
        assert!(starts.len() > 5, "S moves with the seed");
    }

    #[test]
    fn border_opens_s_and_e_in_the_outer_wall() {
        let mut grid = fork();
        let placed = Ends::Border.place(&mut grid, 0);
        assert_eq!(
            (placed.start, placed.goal),
            (Pos::new(0, 1), Pos::new(4, 7))
        );
        assert_eq!(placed.par, Some(10));
        assert_eq!(
            grid.to_text(None),
            "#S#######\n#       #\n### #####\n#       #\n#######E#\n"
        );
    }

    #[test]
    fn corners_move_nothing_and_a_lone_cell_keeps_its_ends() {
        let mut grid = fork();
        let before = grid.clone();
        let placed = Ends::Corners.place(&mut grid, 9);
        assert_eq!(grid, before);
        assert_eq!(placed.par, Some(8));
        let mut lone = Maze::new(1, 1).expect("valid").to_grid();
        let before = lone.clone();
        // Every rule that places the ends inside the maze: `border` opens the outer wall.
        for &ends in Ends::ALL.iter().filter(|&&e| e != Ends::Border) {
            let placed = ends.place(&mut lone, 9);
            assert_eq!(lone, before, "{ends:?}");
            assert_eq!(placed.par, Some(0));
        }
        assert_eq!(Ends::Border.place(&mut lone, 9).par, Some(2));
    }
}
