//! Braiding: remove dead ends by opening one more wall from each, which makes loops.
//!
//! A perfect maze has exactly one path between two cells, so every solver finds the same
//! one; a braided maze has loops, so shortest-path solvers and wall followers really differ.
//! This is Jamis Buck's `braid` (*Mazes for Programmers*, ch. 9): visit the dead ends in
//! random order; from each one still a dead end, carve into a walled neighbour that is a
//! dead end too if there is one (removing two dead ends with one wall), else into a random
//! walled neighbour.

use rand::Rng as _;
use rand::seq::SliceRandom;

use crate::generate::rng;
use crate::maze::{Dir, Maze};

/// Open a wall at a share `p` of the dead ends of `maze` (cells with exactly one passage),
/// making loops; returns the number of walls opened.
///
/// `p` is clamped to 0.0–1.0 (NaN counts as 0). The dead ends are visited in a random order
/// drawn from `seed`, and braiding stops once `round(p × dead ends)` of them are gone (one
/// wall can remove two). A cell that stopped being a dead end (its neighbour opened into it)
/// is skipped. The same maze, `p` and `seed` always give the same result.
///
/// - `p = 0.0` leaves the maze unchanged.
/// - `p = 1.0` leaves no dead end in a maze at least 2 cells wide and 2 tall: every cell has
///   at least two neighbours there, so a dead end always has a wall to open. In a 1×N or
///   N×1 corridor the two end cells have no wall to open and stay dead ends.
///
/// Braiding only opens walls between on-cells (never into a masked maze's off-cells), so
/// a connected maze stays connected (and is no longer
/// perfect once a wall is opened). O(cells) time; memory: a `u32` per dead end.
pub fn braid(maze: &mut Maze, p: f64, seed: u64) -> usize {
    let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
    let mut dead_ends: Vec<u32> = (0..maze.cell_count())
        .filter(|&i| maze.degree(maze.pos(i)) == 1)
        .map(|i| u32::try_from(i).expect("cell indices fit u32: the maze checks its size"))
        .collect();
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )] // 0 ≤ p × len ≤ len
    let target = (p * dead_ends.len() as f64).round() as usize;
    if target == 0 {
        return 0;
    }
    let mut rng = rng(seed);
    dead_ends.shuffle(&mut rng);

    let mut removed = 0;
    let mut opened = 0;
    for &index in &dead_ends {
        if removed >= target {
            break;
        }
        let cell = maze.pos(index as usize);
        if maze.degree(cell) != 1 {
            continue;
        }
        // Walled neighbours, the dead ends among them first.
        let mut walled = [Dir::North; 4];
        let (mut n, mut dead) = (0, 0);
        for dir in Dir::ALL {
            let Some(next) = maze.on_neighbor(cell, dir) else {
                continue;
            };
            if maze.has_passage(cell, dir) {
                continue;
            }
            walled[n] = dir;
            if maze.degree(next) == 1 {
                walled.swap(n, dead);
                dead += 1;
            }
            n += 1;
        }
        if n == 0 {
            continue; // The end of a one-cell-wide corridor: nothing to open.
        }
        let choices = if dead > 0 { dead } else { n };
        let dir = walled[rng.random_range(0..choices)];
        maze.carve(cell, dir);
        opened += 1;
        // Opening into a dead end removes that one too.
        removed += 1 + usize::from(dead > 0);
    }
    opened
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{GenOptions, GeneratorKind};

    fn dead_ends(maze: &Maze) -> usize {
        (0..maze.cell_count())
            .filter(|&i| maze.degree(maze.pos(i)) == 1)
            .count()
    }

    fn perfect(width: u32, height: u32, seed: u64) -> Maze {
        GeneratorKind::GrowingTree
            .generate(width, height, seed, &GenOptions::default())
            .expect("valid size")
            .0
    }

    #[test]
    fn full_braid_removes_every_dead_end_and_keeps_connection() {
        for (w, h) in [(2, 2), (3, 3), (10, 6), (31, 17)] {
            for seed in 0..4 {
                let mut maze = perfect(w, h, seed);
                let before = maze.passage_count();
                let opened = braid(&mut maze, 1.0, seed);
                assert_eq!(dead_ends(&maze), 0, "{w}x{h} seed {seed}");
                assert!(maze.is_connected());
                assert_eq!(maze.passage_count(), before + opened);
            }
        }
    }

    #[test]
    fn zero_share_changes_nothing() {
        let mut maze = perfect(12, 12, 1);
        let copy = maze.clone();
        assert_eq!(braid(&mut maze, 0.0, 3), 0);
        assert_eq!(maze, copy);
        assert_eq!(braid(&mut maze, f64::NAN, 3), 0);
        assert_eq!(braid(&mut maze, -2.0, 3), 0);
        assert_eq!(maze, copy);
    }

    #[test]
    fn half_share_removes_about_half() {
        let mut maze = perfect(30, 30, 2);
        let before = dead_ends(&maze);
        let opened = braid(&mut maze, 0.5, 9);
        let after = dead_ends(&maze);
        let target = before.div_ceil(2);
        assert!(before - after >= target - 1, "{before} -> {after}");
        assert!(before - after <= target + 1, "{before} -> {after}");
        assert!(opened <= before - after);
        assert!(opened > 0);
    }

    #[test]
    fn corridors_keep_their_two_ends() {
        for (w, h) in [(1, 7), (7, 1), (2, 1)] {
            let mut maze = perfect(w, h, 0);
            assert_eq!(braid(&mut maze, 1.0, 0), 0);
            assert_eq!(dead_ends(&maze), 2);
        }
        let mut one = perfect(1, 1, 0);
        assert_eq!(braid(&mut one, 1.0, 0), 0);
    }

    #[test]
    fn deterministic_per_seed() {
        let base = perfect(20, 20, 4);
        let (mut a, mut b, mut c) = (base.clone(), base.clone(), base);
        assert_eq!(braid(&mut a, 0.5, 1), braid(&mut b, 0.5, 1));
        assert_eq!(a, b);
        braid(&mut c, 0.5, 2);
        assert_ne!(a, c);
    }
}
