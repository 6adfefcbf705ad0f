use std::collections::HashMap;

use proptest::prelude::*;
use rand::{Rng as _, SeedableRng};

use crate::generate::{GenOptions, GeneratorKind};
use crate::maze::mask::BUILTIN_SHAPES;
use crate::maze::{Dir, Mask, Maze, Pos};

/// A random connected blob in a `width × height` rectangle: cells added one at a time
/// beside the blob, about `fill` of the rectangle.
fn blob(width: u32, height: u32, fill: f64, seed: u64) -> Mask {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (w, h) = (width as usize, height as usize);
    let mut on = vec![false; w * h];
    let first = rng.random_range(0..w * h);
    on[first] = true;
    let mut members = vec![first];
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let target = ((w * h) as f64 * fill).max(2.0) as usize;
    let mut tries = 0;
    while members.len() < target && tries < 100_000 {
        tries += 1;
        let i = members[rng.random_range(0..members.len())];
        let (r, c) = (i / w, i % w);
        let next = match rng.random_range(0..4) {
            0 if r > 0 => i - w,
            1 if c + 1 < w => i + 1,
            2 if r + 1 < h => i + w,
            3 if c > 0 => i - 1,
            _ => continue,
        };
        if !on[next] {
            on[next] = true;
            members.push(next);
        }
    }
    Mask::from_cells(width, height, on).expect("a blob is connected")
}

/// Every check the issue asks of a maze carved in a shape: edges = on-cells − 1, every
/// on-cell reachable, no passage into an off-cell (each counted here, not by the maze).
fn assert_perfect_in(maze: &Maze, mask: &Mask, what: &str) {
    let mut passages = 0;
    for r in 0..mask.height() {
        for c in 0..mask.width() {
            let cell = Pos::new(r, c);
            for dir in [Dir::East, Dir::South] {
                if maze.has_passage(cell, dir) {
                    passages += 1;
                    let next = maze.neighbor(cell, dir).expect("inside");
                    assert!(
                        mask.is_on(cell) && mask.is_on(next),
                        "{what}: passage {cell}→{next} touches an off-cell"
                    );
                }
            }
        }
    }
    assert_eq!(
        passages + 1,
        mask.on_count(),
        "{what}: edges = on-cells − 1"
    );
    let first = (0..mask.height())
        .flat_map(|r| (0..mask.width()).map(move |c| Pos::new(r, c)))
        .find(|&p| mask.is_on(p))
        .expect("on-cells");
    let mut seen = vec![first];
    let mut stack = vec![first];
    while let Some(cell) = stack.pop() {
        for dir in maze.passages(cell).collect::<Vec<_>>() {
            let next = maze.neighbor(cell, dir).expect("inside");
            if !seen.contains(&next) {
                seen.push(next);
                stack.push(next);
            }
        }
    }
    assert_eq!(
        seen.len(),
        mask.on_count(),
        "{what}: every on-cell reachable"
    );
    assert!(maze.is_perfect(), "{what}: the maze agrees");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_shape_generator_carves_a_perfect_maze_on_the_on_cells(
        width in 1u32..14,
        height in 1u32..12,
        fill in 0.2f64..1.0,
        shape_seed in any::<u64>(),
        seed in any::<u64>(),
    ) {
        prop_assume!(width * height >= 2);
        let mask = blob(width, height, fill, shape_seed);
        for kind in GeneratorKind::ALL.iter().filter(|k| k.carves_any_shape()) {
            let (maze, _) = kind
                .generate_in(Some(&mask), 0, 0, seed, &GenOptions::default())
                .expect("a shape generator");
            assert_perfect_in(&maze, &mask, &format!("{} seed {seed}\n{}", kind.name(), mask.to_text()));
        }
    }
}

#[test]
fn built_in_shapes_and_words_carve_perfect_mazes() {
    let mut masks: Vec<Mask> = BUILTIN_SHAPES
        .iter()
        .map(|name| {
            Mask::builtin(name, 23, 13)
                .expect("built in")
                .expect("valid")
        })
        .collect();
    masks.push(Mask::text("Hi 7").expect("in the font"));
    for mask in &masks {
        for kind in GeneratorKind::ALL.iter().filter(|k| k.carves_any_shape()) {
            for seed in 0..3 {
                let (maze, _) = kind
                    .generate_in(Some(mask), 0, 0, seed, &GenOptions::default())
                    .expect("a shape generator");
                assert_perfect_in(&maze, mask, kind.name());
            }
        }
    }
}

#[test]
fn row_and_rectangle_generators_refuse_a_mask_naming_those_that_can() {
    let mask = blob(6, 5, 0.6, 1);
    for kind in [
        GeneratorKind::BinaryTree,
        GeneratorKind::Sidewinder,
        GeneratorKind::Eller,
        GeneratorKind::RecursiveDivision,
    ] {
        let error = kind
            .generate_in(Some(&mask), 0, 0, 1, &GenOptions::default())
            .expect_err("refused");
        assert_eq!(error.exit_code(), 2);
        let text = error.to_string();
        assert!(
            text.contains(kind.name()) && text.contains("aldous-broder, wilson"),
            "{text}"
        );
        assert!(!text.contains('\n'));
        assert!(
            kind.generate_in(None, 6, 5, 1, &GenOptions::default())
                .is_ok()
        );
    }
}

#[test]
fn without_a_mask_the_mazes_are_unchanged() {
    // The masked entry point with no mask is the old one, maze for maze.
    for kind in GeneratorKind::ALL {
        for seed in 0..3 {
            let old = kind
                .generate(17, 9, seed, &GenOptions::default())
                .expect("size");
            let new = kind
                .generate_in(None, 17, 9, seed, &GenOptions::default())
                .expect("size");
            assert_eq!(old, new, "{}", kind.name());
        }
    }
}

/// The spanning trees of a masked shape, by brute force: every set of `on − 1` edges
/// between on-cells that connects them (an independent count, no generator involved).
fn spanning_trees(mask: &Mask) -> Vec<Vec<(Pos, Dir)>> {
    let mut edges = Vec::new();
    for r in 0..mask.height() {
        for c in 0..mask.width() {
            let cell = Pos::new(r, c);
            for dir in [Dir::East, Dir::South] {
                let next = dir.step(cell, mask.height(), mask.width());
                if mask.is_on(cell) && next.is_some_and(|n| mask.is_on(n)) {
                    edges.push((cell, dir));
                }
            }
        }
    }
    let need = mask.on_count() - 1;
    let mut trees = Vec::new();
    for subset in 0u32..(1 << edges.len()) {
        if subset.count_ones() as usize != need {
            continue;
        }
        let mut maze = Maze::with_mask(mask).expect("size");
        for (k, &(cell, dir)) in edges.iter().enumerate() {
            if subset & (1 << k) != 0 {
                maze.carve(cell, dir);
            }
        }
        if maze.is_connected() {
            trees.push(
                edges
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| subset & (1 << k) != 0)
                    .map(|(_, &e)| e)
                    .collect(),
            );
        }
    }
    trees
}

#[test]
fn aldous_broder_and_wilson_are_uniform_on_a_masked_shape() {
    // A 3×3 square without its top-left corner: small enough to count its spanning trees
    // by brute force, irregular enough that a sampler biased by the shape would show.
    let mask = Mask::parse_text("X..\n...\n...\n").expect("valid");
    let trees = spanning_trees(&mask);
    let count = trees.len();
    assert!(count > 20, "{count} spanning trees");
    let index: HashMap<Vec<(Pos, Dir)>, usize> =
        trees.into_iter().enumerate().map(|(i, t)| (t, i)).collect();
    let per_tree = 60;
    let samples = count * per_tree;
    for kind in [GeneratorKind::AldousBroder, GeneratorKind::Wilson] {
        let mut seen = vec![0usize; count];
        for seed in 0..samples as u64 {
            let (maze, _) = kind
                .generate_in(Some(&mask), 0, 0, seed, &GenOptions::default())
                .expect("a shape generator");
            let mut edges = Vec::new();
            for r in 0..3 {
                for c in 0..3 {
                    for dir in [Dir::East, Dir::South] {
                        if maze.has_passage(Pos::new(r, c), dir) {
                            edges.push((Pos::new(r, c), dir));
                        }
                    }
                }
            }
            seen[*index.get(&edges).expect("a spanning tree of the shape")] += 1;
        }
        #[allow(clippy::cast_precision_loss)]
        let chi2: f64 = seen
            .iter()
            .map(|&o| (o as f64 - per_tree as f64).powi(2) / per_tree as f64)
            .sum();
        // Degrees of freedom count − 1; the 99.9th percentile is about
        // df + 3.1·√(2·df) (Wilson–Hilferty), so this bound fails a uniform sampler with
        // odds well under one in a thousand, and any sampler that skews trees by even
        // a third much more often.
        #[allow(clippy::cast_precision_loss)]
        let df = (count - 1) as f64;
        let bound = df + 3.1 * (2.0 * df).sqrt();
        assert!(
            chi2 < bound,
            "{}: χ² = {chi2:.1} ≥ {bound:.1} over {count} trees",
            kind.name()
        );
    }
}
