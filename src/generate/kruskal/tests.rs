use super::*;
use crate::generate::{GeneratorKind, run_to_end, testing};
use crate::maze::stats;

fn build(w: u32, h: u32, seed: u64) -> (Maze, Kruskal) {
    testing::build(GeneratorKind::Kruskal, w, h, seed, Kruskal::new)
}

#[test]
fn mazes_are_perfect_for_all_shapes() {
    testing::assert_perfect_for_all_shapes(GeneratorKind::Kruskal);
}

#[test]
fn same_seed_same_maze_and_different_seeds_differ() {
    testing::assert_seeded(GeneratorKind::Kruskal);
}

#[test]
fn the_structure_lists_the_walls_the_next_steps_take_in_order() {
    let (mut maze, mut generator) = build(9, 7, 5);
    for _ in 0..40 {
        generator.step(&mut maze);
    }
    let listed = generator.structure(12);
    assert_eq!(listed.entries.len(), 12);
    for entry in &listed.entries {
        let (taken, skipped) = match generator.step(&mut maze) {
            Some(GenEvent::Carve { from, .. }) => (from, false),
            Some(GenEvent::Skip { cell, .. }) => (cell, true),
            other => panic!("a wall taken, not {other:?}"),
        };
        assert_eq!(entry.pos, taken);
        // A wall said to be inside one set is skipped (sets only ever grow).
        if entry.detail.contains("skip") {
            assert!(skipped, "{}", entry.detail);
        }
    }
}

#[test]
fn carves_join_sets_and_skips_would_close_loops() {
    let (mut maze, mut generator) = build(14, 9, 3);
    let cells = 14 * 9;
    let (mut carves, mut skips) = (0, 0);
    let mut seen = std::collections::HashSet::new();
    while let Some(event) = generator.step(&mut maze) {
        match event {
            GenEvent::Carve { from, to } => {
                carves += 1;
                assert_eq!(from.manhattan(to), 1);
                assert!(seen.insert((from, to)), "each wall taken once");
            }
            GenEvent::Skip { cell, weight } => {
                skips += 1;
                assert_eq!(weight, 0);
                let (a, b) = generator.current.expect("the rejected wall");
                assert_eq!(a, cell);
                assert!(seen.insert((a, b)), "each wall taken once");
                // Rejected because a path already joins the two cells.
                let dir = if b.col > a.col { Dir::East } else { Dir::South };
                assert!(!maze.has_passage(a, dir));
                assert_ne!(stats::distances(&maze, a)[maze.index(b)], u32::MAX);
            }
            GenEvent::Done => assert_eq!(carves, cells - 1),
            other => panic!("unexpected event {other:?}"),
        }
    }
    assert_eq!(carves, cells - 1);
    assert!(skips > 0, "a 14x9 maze rejects some walls");
    assert!(maze.is_perfect());
}

#[test]
fn fused_after_done() {
    let (mut maze, mut generator) = build(3, 3, 1);
    run_to_end(&mut generator, &mut maze);
    for _ in 0..3 {
        assert_eq!(generator.step(&mut maze), None);
    }
    assert_eq!(generator.current(), None);
    assert_eq!(generator.mark(Pos::new(2, 2)), Mark::Visited);
    let (mut one, mut single) = build(1, 1, 0);
    assert_eq!(single.step(&mut one), Some(GenEvent::Done));
    assert_eq!(single.step(&mut one), None);
}

#[test]
fn mark_shows_joined_cells_and_the_wall_taken() {
    let (mut maze, mut generator) = build(10, 10, 5);
    assert_eq!(generator.structure_len(), 2 * 9 * 10);
    for _ in 0..30 {
        generator.step(&mut maze);
    }
    assert_eq!(generator.structure_len(), 180 - 30);
    let (a, b) = generator.current.expect("a wall was taken");
    assert_eq!(
        (generator.mark(a), generator.mark(b)),
        (Mark::Current, Mark::Current)
    );
    for i in 0..100 {
        let cell = maze.pos(i);
        let expected = if cell == a || cell == b {
            Mark::Current
        } else if maze.passages(cell).count() > 0 {
            #[allow(clippy::cast_possible_truncation)]
            let root = generator.root(i as u32);
            Mark::Set(generator.labels.of(root).expect("a set of two or more"))
        } else {
            Mark::None
        };
        assert_eq!(generator.mark(cell), expected, "{cell}");
    }
}
