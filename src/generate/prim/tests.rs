use super::*;
use crate::generate::{GeneratorKind, run_to_end, testing};

fn build(w: u32, h: u32, seed: u64) -> (Maze, Prim) {
    testing::build(GeneratorKind::Prim, w, h, seed, Prim::new)
}

#[test]
fn pack_round_trips() {
    for (w, i, d) in [(0, 0, Dir::North), (u32::MAX >> 1, 99_999_999, Dir::West)] {
        assert_eq!(unpack(pack(w, i, d)), (w, i, d));
    }
    assert!(pack(1, 0, Dir::North) > pack(0, 99_999_999, Dir::West));
}

#[test]
fn mazes_are_perfect_for_all_shapes() {
    testing::assert_perfect_for_all_shapes(GeneratorKind::Prim);
}

#[test]
fn same_seed_same_maze_and_different_seeds_differ() {
    testing::assert_seeded(GeneratorKind::Prim);
}

#[test]
fn pops_join_every_cell_once_in_weight_order_and_stale_pops_are_skipped() {
    let (mut maze, mut generator) = build(20, 20, 5);
    let mut joined = vec![false; 400];
    joined[0] = true;
    let (mut pops, mut skips) = (0, 0);
    let mut last = None;
    while let Some(event) = generator.step(&mut maze) {
        match event {
            GenEvent::Pop { cell, from, .. } => {
                pops += 1;
                assert!(joined[maze.index(from)], "joined to the maze");
                assert!(!std::mem::replace(&mut joined[maze.index(cell)], true));
                assert!(maze.passages(cell).count() == 1, "a fresh leaf");
            }
            GenEvent::Skip { cell, .. } => {
                skips += 1;
                assert!(joined[maze.index(cell)], "only cells already in the maze");
            }
            GenEvent::Done => {}
            other => panic!("unexpected event {other:?}"),
        }
        last = Some(event);
    }
    assert_eq!(pops, 399);
    assert!(skips > 0, "a 20x20 maze has stale entries");
    assert_eq!(last, Some(GenEvent::Done));
    assert!(maze.is_perfect());
}

#[test]
fn each_pop_takes_the_lightest_queued_edge_and_joins_by_its_lightest_edge() {
    let (mut maze, mut generator) = build(15, 9, 2);
    loop {
        let lightest = generator.queue.peek().map(|&Reverse(e)| unpack(e).0);
        match generator.step(&mut maze) {
            Some(GenEvent::Pop { cell, weight, .. }) => {
                assert_eq!(Some(weight), lightest);
                assert_eq!(weight, generator.min_cost[maze.index(cell)]);
            }
            Some(GenEvent::Skip { weight, .. }) => assert_eq!(Some(weight), lightest),
            Some(GenEvent::Done) => {}
            Some(other) => panic!("unexpected event {other:?}"),
            None => break,
        }
    }
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
fn mark_shows_maze_and_frontier() {
    let (mut maze, mut generator) = build(8, 8, 4);
    // At the start, (0,0) is in the maze and its two neighbours are queued.
    assert_eq!(generator.structure_len(), 2);
    assert_eq!(generator.mark(Pos::new(0, 0)), Mark::Visited);
    assert_eq!(generator.mark(Pos::new(0, 1)), Mark::Frontier);
    assert_eq!(generator.mark(Pos::new(1, 0)), Mark::Frontier);
    assert_eq!(generator.mark(Pos::new(1, 1)), Mark::None);
    let Some(GenEvent::Pop { cell, from, .. }) = generator.step(&mut maze) else {
        panic!("the first pop joins a cell");
    };
    assert_eq!(from, Pos::new(0, 0));
    assert_eq!(generator.current(), Some(cell));
    assert_eq!(generator.mark(cell), Mark::Current);
    assert_eq!(generator.mark(Pos::new(1, 1)), Mark::Frontier);
    assert_eq!(generator.mark(Pos::new(7, 7)), Mark::None);
}
