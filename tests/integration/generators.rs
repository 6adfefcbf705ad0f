//! Properties every generator must have, over random sizes (1×1 up to 40×40, 1×N and N×1
//! included) and seeds, plus a chi-square test that Aldous-Broder and Wilson draw uniform
//! spanning trees (and that Binary Tree does not, so the test can tell).
//!
//! `MAZE_TEST_GENERATORS=wilson,eller` restricts the properties to the named generators
//! (for work on a branch where others are still stubs); by default every generator in
//! `GeneratorKind::ALL` is checked.

use std::collections::HashMap;

use maze_tui::generate::braid::braid;
use maze_tui::generate::{Bias, CellChoice, GenEvent, GenOptions, Generator, GeneratorKind};
use maze_tui::maze::{Dir, Grid, Maze, Pos};
use maze_tui::teach::Teach;
use proptest::prelude::*;

/// The generators under test: all, or those named in `MAZE_TEST_GENERATORS`.
fn kinds() -> Vec<GeneratorKind> {
    match std::env::var("MAZE_TEST_GENERATORS") {
        Ok(names) if !names.trim().is_empty() => names
            .split(',')
            .map(|n| GeneratorKind::from_name(n.trim()).expect("a generator name"))
            .collect(),
        _ => GeneratorKind::ALL.to_vec(),
    }
}

/// A side length: often 1 (corridors), otherwise anything up to 40.
fn side() -> impl Strategy<Value = u32> {
    prop_oneof![1 => Just(1u32), 1 => 2u32..=3, 4 => 1u32..=40]
}

fn dead_ends(maze: &Maze) -> usize {
    (0..maze.cell_count())
        .filter(|&i| maze.degree(maze.pos(i)) == 1)
        .count()
}

/// The text form has (2H+1) lines of (2W+1) characters and a closed outer wall.
fn check_text(maze: &Maze, text: &str) -> Result<(), TestCaseError> {
    let lines: Vec<&str> = text.lines().collect();
    let (rows, cols) = (
        2 * maze.height() as usize + 1,
        2 * maze.width() as usize + 1,
    );
    prop_assert_eq!(lines.len(), rows);
    for (r, line) in lines.iter().enumerate() {
        prop_assert_eq!(line.chars().count(), cols, "line {}", r);
        let border = r == 0 || r == rows - 1;
        for (c, ch) in line.chars().enumerate() {
            if border || c == 0 || c == cols - 1 {
                prop_assert_eq!(ch, '#', "outer wall open at tile ({}, {})", r, c);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_generator_makes_a_perfect_maze_that_round_trips(
        width in side(),
        height in side(),
        seed in any::<u64>(),
    ) {
        let options = GenOptions::default();
        for kind in kinds().into_iter().filter(|k| !k.is_field()) {
            let (maze, steps) = kind.generate(width, height, seed, &options).expect("valid size");
            let name = kind.name();
            prop_assert_eq!((maze.width(), maze.height()), (width, height));
            prop_assert!(maze.is_connected(), "{} {}x{} seed {}: not connected", name, width, height, seed);
            prop_assert_eq!(
                maze.passage_count() + 1, maze.cell_count(),
                "{} {}x{} seed {}: not a tree", name, width, height, seed
            );
            prop_assert!(steps >= 1);

            let text = maze.to_grid().to_text(None);
            check_text(&maze, &text)?;
            if maze.cell_count() > 1 {
                let grid = Grid::parse(&text).expect("our own text parses");
                let read = Maze::from_grid(&grid);
                prop_assert_eq!(read.as_ref(), Some(&maze), "{}: read back", name);
            }

            let (again, again_steps) = kind.generate(width, height, seed, &options).expect("valid size");
            prop_assert_eq!(&again, &maze, "{}: same seed, different maze", name);
            prop_assert_eq!(again_steps, steps);

            // One step at a time through the boxed machine: the same maze, the same count.
            let mut stepped = kind.initial_maze(width, height).expect("valid size");
            let mut machine = kind.build(&stepped, seed, &options);
            let mut count = 0u64;
            let mut last = None;
            while let Some(event) = machine.step(&mut stepped) {
                count += 1;
                last = Some(event);
            }
            prop_assert_eq!(last, Some(GenEvent::Done), "{}: last event", name);
            prop_assert_eq!(machine.step(&mut stepped), None, "{}: not fused", name);
            prop_assert_eq!(count, steps, "{}: step count", name);
            prop_assert_eq!(&stepped, &maze, "{}: stepping differs from generate", name);
        }
    }

    #[test]
    fn full_braid_leaves_no_dead_ends_and_stays_connected(
        width in 3u32..=40,
        height in 3u32..=40,
        seed in any::<u64>(),
        braid_seed in any::<u64>(),
    ) {
        for kind in kinds().into_iter().filter(|k| !k.is_field()) {
            let (mut maze, _) = kind
                .generate(width, height, seed, &GenOptions::default())
                .expect("valid size");
            let passages = maze.passage_count();
            let before = dead_ends(&maze);
            let opened = braid(&mut maze, 1.0, braid_seed);
            prop_assert_eq!(dead_ends(&maze), 0, "{} {}x{}", kind.name(), width, height);
            prop_assert!(maze.is_connected());
            prop_assert_eq!(maze.passage_count(), passages + opened);
            prop_assert!(opened <= before);
        }
    }

    #[test]
    fn growing_tree_is_perfect_for_every_cell_choice(
        width in side(),
        height in side(),
        seed in any::<u64>(),
        p in 0.0f64..=1.0,
    ) {
        for cell_choice in [CellChoice::Newest, CellChoice::Random, CellChoice::Oldest, CellChoice::Mix(p)] {
            let options = GenOptions { cell_choice, ..GenOptions::default() };
            let (maze, _) = GeneratorKind::GrowingTree
                .generate(width, height, seed, &options)
                .expect("valid size");
            prop_assert!(maze.is_perfect(), "{:?} {}x{}", cell_choice, width, height);
        }
    }

    #[test]
    fn binary_tree_is_perfect_for_every_bias(
        width in side(),
        height in side(),
        seed in any::<u64>(),
    ) {
        for bias in Bias::ALL {
            let options = GenOptions { bias, ..GenOptions::default() };
            let (maze, steps) = GeneratorKind::BinaryTree
                .generate(width, height, seed, &options)
                .expect("valid size");
            prop_assert!(maze.is_perfect(), "{:?} {}x{} seed {}", bias, width, height, seed);
            prop_assert_eq!(steps, u64::from(width) * u64::from(height), "{:?}: one step a cell", bias);
            check_text(&maze, &maze.to_grid().to_text(None))?;
        }
    }

    /// Every cell carves toward one of the bias's two sides, so the row and the column on
    /// those sides can only carve along themselves: one unbroken passage each.
    #[test]
    fn binary_tree_corridors_run_along_the_bias_sides(
        width in 2u32..=30,
        height in 2u32..=30,
        seed in any::<u64>(),
    ) {
        for (bias, north, west) in [
            (Bias::NorthEast, true, false),
            (Bias::NorthWest, true, true),
            (Bias::SouthEast, false, false),
            (Bias::SouthWest, false, true),
        ] {
            let options = GenOptions { bias, ..GenOptions::default() };
            let (maze, _) = GeneratorKind::BinaryTree
                .generate(width, height, seed, &options)
                .expect("valid size");
            let row = if north { 0 } else { height - 1 };
            let col = if west { 0 } else { width - 1 };
            for c in 0..width - 1 {
                prop_assert!(maze.has_passage(Pos::new(row, c), Dir::East), "{:?}: row {} broken at {}", bias, row, c);
            }
            for r in 0..height - 1 {
                prop_assert!(maze.has_passage(Pos::new(r, col), Dir::South), "{:?}: column {} broken at {}", bias, col, r);
            }
            // The corner opposite the bias carves only one of its two sides, so the
            // opposite row and column are never both corridors.
            let (far_row, far_col) = (height - 1 - row, width - 1 - col);
            let row_open = (0..width - 1).all(|c| maze.has_passage(Pos::new(far_row, c), Dir::East));
            let col_open = (0..height - 1).all(|r| maze.has_passage(Pos::new(r, far_col), Dir::South));
            prop_assert!(!(row_open && col_open), "{:?}: the opposite sides are open too", bias);
        }
    }

    #[test]
    fn braid_zero_changes_nothing(width in side(), height in side(), seed in any::<u64>()) {
        for kind in kinds() {
            let (mut maze, _) = kind
                .generate(width, height, seed, &GenOptions::default())
                .expect("valid size");
            let copy = maze.clone();
            prop_assert_eq!(braid(&mut maze, 0.0, seed), 0);
            prop_assert_eq!(maze, copy);
        }
    }
}

/// The 3×3 grid has exactly 192 spanning trees (Kirchhoff's matrix-tree theorem).
const TREES_3X3: usize = 192;
/// Mazes sampled per generator.
const SAMPLES: u64 = 20_000;

/// Pearson's chi-square statistic of `SAMPLES` 3×3 mazes of `kind` (seeds 0..SAMPLES)
/// against the uniform distribution over all 192 spanning trees, and how many distinct
/// trees were seen. With 191 degrees of freedom the statistic of a uniform sampler has
/// mean 191 and standard deviation about 19.5.
fn chi_square(kind: GeneratorKind) -> (f64, usize) {
    chi_square_on(kind, (3, 3), TREES_3X3, SAMPLES)
}

/// Generous: about six standard deviations above the mean for 191 degrees of freedom.
const UNIFORM_LIMIT: f64 = 310.0;

#[test]
fn aldous_broder_and_wilson_draw_uniform_spanning_trees() {
    for kind in [GeneratorKind::AldousBroder, GeneratorKind::Wilson] {
        let (statistic, distinct) = chi_square(kind);
        assert_eq!(distinct, TREES_3X3, "{}: every tree appears", kind.name());
        assert!(
            statistic < UNIFORM_LIMIT,
            "{}: chi-square {statistic:.1} over {UNIFORM_LIMIT}",
            kind.name()
        );
    }
}

#[test]
fn binary_tree_fails_the_uniformity_test() {
    // Binary Tree can only make 2^4 = 16 of the 192 trees on a 3×3 grid.
    let (statistic, distinct) = chi_square(GeneratorKind::BinaryTree);
    assert!(distinct <= 16, "{distinct} distinct trees");
    assert!(statistic > UNIFORM_LIMIT, "chi-square {statistic:.1}");
}

#[test]
fn tree_key_tells_the_trees_apart() {
    // Sanity of the key: all passages set gives all 12 bits, none gives 0.
    let mut maze = Maze::new(3, 3).expect("valid size");
    assert_eq!(wall_key(&maze), 0);
    maze.open_all();
    assert_eq!(wall_key(&maze), (1 << 12) - 1);
}

/// Every line of every generator's pseudocode is run by some step of some run, its
/// set-up lines counted as run before the first step (several seeds and shapes, every
/// cell choice and bias).
#[test]
fn every_pseudocode_line_is_reached_by_some_step() {
    let mut failures = Vec::new();
    let choices = [
        CellChoice::Newest,
        CellChoice::Random,
        CellChoice::Oldest,
        CellChoice::Mix(0.5),
    ];
    for kind in kinds() {
        let mut reached: HashMap<&'static [&'static str], Vec<bool>> = HashMap::new();
        for &cell_choice in &choices {
            for bias in Bias::ALL {
                let options = GenOptions {
                    cell_choice,
                    bias,
                    ..GenOptions::default()
                };
                for seed in 0..8 {
                    for (w, h) in [(7, 5), (12, 9), (1, 6), (6, 1), (2, 2)] {
                        let mut maze = kind.initial_maze(w, h).expect("valid size");
                        let mut generator = kind.build(&maze, seed, &options);
                        let code = generator.pseudocode();
                        let lines = reached
                            .entry(code)
                            .or_insert_with(|| vec![false; code.len()]);
                        for &line in generator.setup_lines() {
                            lines[line] = true;
                        }
                        while let Some(event) = generator.step(&mut maze) {
                            for &line in generator.lines(&event) {
                                lines[line] = true;
                            }
                        }
                    }
                }
            }
        }
        for (code, lines) in reached {
            let missed: Vec<&str> = code
                .iter()
                .zip(&lines)
                .filter(|(_, r)| !**r)
                .map(|(line, _)| *line)
                .collect();
            if !missed.is_empty() {
                failures.push(format!("{}: lines never run: {missed:?}", kind.name()));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The inner walls of a `width × height` maze as bits: which spanning tree it is.
fn wall_key(maze: &Maze) -> u32 {
    let mut key = 0u32;
    let mut bit = 0;
    for row in 0..maze.height() {
        for col in 0..maze.width() {
            for dir in [Dir::East, Dir::South] {
                if maze.neighbor(Pos::new(row, col), dir).is_some() {
                    if maze.has_passage(Pos::new(row, col), dir) {
                        key |= 1 << bit;
                    }
                    bit += 1;
                }
            }
        }
    }
    key
}

/// Pearson's chi-square of `samples` mazes of `kind` on a `width × height` grid against
/// the uniform distribution over its `trees` spanning trees, and the distinct trees seen.
fn chi_square_on(
    kind: GeneratorKind,
    (width, height): (u32, u32),
    trees: usize,
    samples: u64,
) -> (f64, usize) {
    let mut counts: HashMap<u32, u64> = HashMap::new();
    for seed in 0..samples {
        let (maze, _) = kind
            .generate(width, height, seed, &GenOptions::default())
            .expect("valid size");
        *counts.entry(wall_key(&maze)).or_default() += 1;
    }
    #[allow(clippy::cast_precision_loss)]
    let expected = samples as f64 / trees as f64;
    #[allow(clippy::cast_precision_loss)]
    let seen: f64 = counts
        .values()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum();
    #[allow(clippy::cast_precision_loss)]
    let unseen = trees.saturating_sub(counts.len()) as f64 * expected;
    (seen + unseen, counts.len())
}

/// Origin Shift (10 shifts per cell) draws the 15 spanning trees of a 3×2 grid uniformly:
/// with 14 degrees of freedom a uniform sampler's statistic has mean 14 and standard
/// deviation about 5.3; the limit is six deviations above the mean.
#[test]
fn origin_shift_is_uniform_on_a_3x2_grid() {
    let (statistic, distinct) = chi_square_on(GeneratorKind::OriginShift, (3, 2), 15, 20_000);
    assert_eq!(distinct, 15, "every tree appears");
    assert!(statistic < 46.0, "chi-square {statistic:.1}");
}

/// Houston on the 3×3 grid, measured: every tree appears and the statistic stays within
/// the uniform limit used for Aldous-Broder and Wilson (its doc states the figure).
#[test]
fn houston_is_close_to_uniform_on_a_3x3_grid() {
    let (statistic, distinct) = chi_square(GeneratorKind::Houston);
    assert_eq!(distinct, TREES_3X3, "every tree appears");
    assert!(statistic < UNIFORM_LIMIT, "chi-square {statistic:.1}");
}
