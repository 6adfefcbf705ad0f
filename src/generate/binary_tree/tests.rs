//! Unit tests of Binary Tree: every bias, the corridors it leaves, the mirrored scan, what
//! each step teaches.

use super::*;
use crate::generate::{GeneratorKind, run_to_end, testing};
use crate::maze::Dir;

fn build(w: u32, h: u32, seed: u64) -> (Maze, BinaryTree) {
    testing::build(GeneratorKind::BinaryTree, w, h, seed, BinaryTree::new)
}

fn generate(w: u32, h: u32, seed: u64) -> Maze {
    testing::generate(GeneratorKind::BinaryTree, w, h, seed)
}

#[test]
fn mazes_are_perfect_for_all_shapes() {
    testing::assert_perfect_for_all_shapes(GeneratorKind::BinaryTree);
}

#[test]
fn same_seed_same_maze_and_different_seeds_differ() {
    testing::assert_seeded(GeneratorKind::BinaryTree);
}

/// A machine with `bias` on a fresh `w × h` maze.
fn build_with(bias: Bias, w: u32, h: u32, seed: u64) -> (Maze, BinaryTree) {
    let maze = Maze::new(w, h).expect("valid size");
    let options = GenOptions {
        bias,
        ..GenOptions::default()
    };
    let generator = BinaryTree::new(&maze, seed, &options);
    (maze, generator)
}

fn generate_with(bias: Bias, w: u32, h: u32, seed: u64) -> Maze {
    let (mut maze, mut generator) = build_with(bias, w, h, seed);
    run_to_end(&mut generator, &mut maze);
    maze
}

#[test]
fn one_carve_per_cell_but_the_last_then_done() {
    for bias in Bias::ALL {
        let (mut maze, mut generator) = build_with(bias, 9, 5, 3);
        let mut carves = 0;
        let mut last = None;
        while let Some(event) = generator.step(&mut maze) {
            match event {
                GenEvent::Carve { from, to } => {
                    carves += 1;
                    assert!(
                        maze.neighbor(from, bias.vertical()) == Some(to)
                            || maze.neighbor(from, bias.horizontal()) == Some(to),
                        "{bias:?}: carves only {:?} or {:?}",
                        bias.vertical(),
                        bias.horizontal()
                    );
                    assert_eq!(generator.current(), Some(from));
                }
                GenEvent::Done => {}
                other => panic!("unexpected event {other:?}"),
            }
            last = Some(event);
        }
        assert_eq!(carves, 9 * 5 - 1);
        assert_eq!(last, Some(GenEvent::Done));
    }
}

#[test]
fn last_row_and_last_column_are_open_corridors() {
    for seed in 0..5 {
        let maze = generate(12, 8, seed);
        for col in 0..11 {
            assert!(maze.has_passage(Pos::new(7, col), Dir::East));
        }
        for row in 0..7 {
            assert!(maze.has_passage(Pos::new(row, 11), Dir::South));
        }
    }
}

#[test]
fn each_bias_opens_the_row_and_column_on_its_sides() {
    for bias in Bias::ALL {
        for seed in 0..5 {
            let maze = generate_with(bias, 12, 8, seed);
            assert!(maze.is_perfect(), "{bias:?} seed {seed}");
            let row = if bias.vertical() == Dir::North { 0 } else { 7 };
            let col = if bias.horizontal() == Dir::West {
                0
            } else {
                11
            };
            for c in 0..11 {
                assert!(maze.has_passage(Pos::new(row, c), Dir::East), "{bias:?}");
            }
            for r in 0..7 {
                assert!(maze.has_passage(Pos::new(r, col), Dir::South), "{bias:?}");
            }
        }
    }
}

#[test]
fn the_default_is_south_east_and_every_bias_mirrors_it() {
    assert_eq!(GenOptions::default().bias, Bias::SouthEast);
    assert_eq!(PSEUDOCODE, Bias::SouthEast.pseudocode());
    let (w, h) = (11, 7);
    for seed in 0..4 {
        let default = generate(w, h, seed);
        assert_eq!(generate_with(Bias::SouthEast, w, h, seed), default);
        for bias in Bias::ALL {
            let maze = generate_with(bias, w, h, seed);
            let flip = |p: Pos| {
                Pos::new(
                    if bias.vertical() == Dir::North {
                        h - 1 - p.row
                    } else {
                        p.row
                    },
                    if bias.horizontal() == Dir::West {
                        w - 1 - p.col
                    } else {
                        p.col
                    },
                )
            };
            for row in 0..h {
                for col in 0..w {
                    let p = Pos::new(row, col);
                    for dir in Dir::ALL {
                        let mirrored = match dir {
                            Dir::North | Dir::South if bias.vertical() == Dir::North => {
                                dir.opposite()
                            }
                            Dir::East | Dir::West if bias.horizontal() == Dir::West => {
                                dir.opposite()
                            }
                            _ => dir,
                        };
                        assert_eq!(
                            maze.has_passage(flip(p), mirrored),
                            default.has_passage(p, dir),
                            "{bias:?} seed {seed} at {p} {dir:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn pseudocode_and_sentences_name_the_two_directions() {
    use crate::teach::{MAX_PSEUDOCODE_LINES, MAX_PSEUDOCODE_WIDTH, Teach};
    for bias in Bias::ALL {
        let code = bias.pseudocode();
        assert!(code.len() <= MAX_PSEUDOCODE_LINES);
        assert!(
            code.iter()
                .all(|l| l.chars().count() <= MAX_PSEUDOCODE_WIDTH)
        );
        let (v, h) = bias.words();
        let choices = format!("choices ← {v}, {h}");
        assert!(code.iter().any(|l| l.contains(&choices)), "{bias:?}");
        let (mut maze, mut generator) = build_with(bias, 4, 3, 2);
        assert_eq!(generator.pseudocode(), code);
        while let Some(event) = generator.step(&mut maze) {
            let lines = generator.lines(&event);
            assert!(!lines.is_empty() && lines.iter().all(|&l| l < code.len()));
            let text = generator.explain(&event);
            assert!(
                text.contains(&format!("{v} or {h}"))
                    || text.contains(&format!("neither {v} nor {h}")),
                "{text}"
            );
            if let GenEvent::Carve { from, to } = event {
                assert!(text.contains(direction(from, to)), "{text}");
                assert!(lines.iter().any(|&l| code[l].contains("choices")));
                assert!(lines.iter().any(|&l| code[l].contains("carve")));
            } else {
                assert!(lines.iter().all(|&l| code[l].contains("no choice")));
            }
        }
    }
    let (_, generator) = build_with(Bias::SouthWest, 4, 3, 2);
    assert!(generator.explain(&GenEvent::Done).contains("bottom-left"));
}

#[test]
fn fused_after_done() {
    let (mut maze, mut generator) = build(3, 3, 1);
    assert_eq!(run_to_end(&mut generator, &mut maze), 9);
    for _ in 0..3 {
        assert_eq!(generator.step(&mut maze), None);
    }
    assert_eq!(generator.current(), None);
    assert_eq!(generator.mark(Pos::new(2, 2)), Mark::Visited);
}

#[test]
fn one_by_one_is_done_at_once() {
    let (mut maze, mut generator) = build(1, 1, 0);
    assert_eq!(generator.step(&mut maze), Some(GenEvent::Done));
    assert_eq!(generator.step(&mut maze), None);
}

#[test]
fn mark_shows_progress_mid_run() {
    let (mut maze, mut generator) = build(4, 3, 5);
    assert_eq!(generator.mark(Pos::new(0, 0)), Mark::None);
    for _ in 0..6 {
        generator.step(&mut maze);
    }
    // Six cells visited: row 0 and (1,0), (1,1); the last is current.
    assert_eq!(generator.current(), Some(Pos::new(1, 1)));
    assert_eq!(generator.mark(Pos::new(1, 1)), Mark::Current);
    assert_eq!(generator.mark(Pos::new(0, 3)), Mark::Visited);
    assert_eq!(generator.mark(Pos::new(1, 0)), Mark::Visited);
    assert_eq!(generator.mark(Pos::new(1, 2)), Mark::None);
    assert_eq!(generator.mark(Pos::new(2, 0)), Mark::None);
    assert_eq!(generator.structure_len(), 0);
}

#[test]
fn mark_follows_the_mirrored_scan() {
    // North/west: rows from the bottom, each from the right.
    let (mut maze, mut generator) = build_with(Bias::NorthWest, 4, 3, 5);
    for _ in 0..6 {
        generator.step(&mut maze);
    }
    assert_eq!(generator.current(), Some(Pos::new(1, 2)));
    assert_eq!(generator.mark(Pos::new(1, 2)), Mark::Current);
    assert_eq!(generator.mark(Pos::new(2, 0)), Mark::Visited);
    assert_eq!(generator.mark(Pos::new(1, 3)), Mark::Visited);
    assert_eq!(generator.mark(Pos::new(1, 1)), Mark::None);
    assert_eq!(generator.mark(Pos::new(0, 3)), Mark::None);
    run_to_end(&mut generator, &mut maze);
    assert_eq!(generator.mark(Pos::new(0, 0)), Mark::Visited);
    assert!(maze.is_perfect());
}
