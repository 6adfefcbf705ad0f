use super::*;
use crate::generate::{GeneratorKind, run_to_end, testing};
use crate::maze::stats;

fn build(w: u32, h: u32, seed: u64) -> (Maze, RecursiveBacktracker) {
    testing::build(
        GeneratorKind::RecursiveBacktracker,
        w,
        h,
        seed,
        RecursiveBacktracker::new,
    )
}

fn generate(w: u32, h: u32, seed: u64) -> Maze {
    testing::generate(GeneratorKind::RecursiveBacktracker, w, h, seed)
}

#[test]
fn mazes_are_perfect_for_all_shapes() {
    testing::assert_perfect_for_all_shapes(GeneratorKind::RecursiveBacktracker);
}

#[test]
fn same_seed_same_maze_and_different_seeds_differ() {
    testing::assert_seeded(GeneratorKind::RecursiveBacktracker);
}

#[test]
fn each_cell_is_carved_into_once_and_popped_once() {
    let (mut maze, mut generator) = build(11, 7, 4);
    let cells = 11 * 7;
    let (mut carves, mut backtracks, mut steps) = (0, 0, 0);
    let mut popped = vec![false; cells];
    while let Some(event) = generator.step(&mut maze) {
        steps += 1;
        match event {
            GenEvent::Carve { from, to } => {
                carves += 1;
                assert_eq!(from.manhattan(to), 1);
                assert!(!popped[maze.index(from)], "carves from the stack top");
            }
            GenEvent::Backtrack { cell } => {
                backtracks += 1;
                assert!(!std::mem::replace(&mut popped[maze.index(cell)], true));
                assert_eq!(maze.passages(cell).count() > 0, cells > 1);
            }
            GenEvent::Done => assert_eq!(steps, 2 * cells),
            other => panic!("unexpected event {other:?}"),
        }
    }
    assert_eq!((carves, backtracks), (cells - 1, cells));
}

#[test]
fn long_corridors_few_dead_ends() {
    // The backtracker's signature: about 10% dead ends (Prim-like mazes: ~30%).
    let maze = generate(40, 40, 9);
    let share = stats::dead_end_share(&maze);
    assert!(share < 0.2, "dead-end share {share}");
}

#[test]
fn fused_after_done() {
    let (mut maze, mut generator) = build(3, 3, 1);
    assert_eq!(run_to_end(&mut generator, &mut maze), 18);
    for _ in 0..3 {
        assert_eq!(generator.step(&mut maze), None);
    }
    assert_eq!((generator.structure_len(), generator.current()), (0, None));
    assert_eq!(generator.mark(Pos::new(1, 1)), Mark::Visited);
}

#[test]
fn mark_shows_the_stack() {
    let (mut maze, mut generator) = build(12, 12, 3);
    let start = generator.current().expect("a start cell");
    assert_eq!(generator.mark(start), Mark::Current);
    let mut walk = vec![start];
    for _ in 0..5 {
        match generator.step(&mut maze) {
            Some(GenEvent::Carve { to, .. }) => walk.push(to),
            other => panic!("a fresh 12x12 walk carves first, got {other:?}"),
        }
    }
    assert_eq!(generator.structure_len(), 6);
    assert_eq!(generator.mark(walk[5]), Mark::Current);
    for &cell in &walk[..5] {
        assert_eq!(generator.mark(cell), Mark::Frontier);
    }
    let untouched = (0..144)
        .map(|i| maze.pos(i))
        .find(|p| !walk.contains(p))
        .expect("most cells are untouched");
    assert_eq!(generator.mark(untouched), Mark::None);
}
