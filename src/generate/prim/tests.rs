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

fn build_weighted(w: u32, h: u32, seed: u64, n: u32) -> (Maze, Prim) {
    let maze = Maze::new(w, h).expect("valid size");
    let options = GenOptions {
        weights: Some(n),
        ..GenOptions::default()
    };
    let prim = Prim::new(&maze, seed, &options);
    (maze, prim)
}

#[test]
fn weights_n_draws_integers_below_n_and_the_maze_stays_perfect() {
    let (mut maze, mut generator) = build_weighted(17, 11, 3, 100);
    let mut seen = [false; 100];
    while let Some(event) = generator.step(&mut maze) {
        if let GenEvent::Pop { weight, .. } | GenEvent::Skip { weight, .. } = event {
            let drawn: usize = generator.label(weight).parse().expect("an integer");
            seen[drawn] = true;
            assert!(
                generator
                    .explain(&event)
                    .contains(&format!("(weight {drawn})"))
            );
        }
    }
    assert!(maze.is_perfect());
    assert!(
        seen.iter().filter(|&&s| s).count() > 50,
        "many weights used"
    );
}

#[test]
fn equal_weights_pop_in_push_order() {
    // One weight for every edge: the pops follow the pushes, a breadth-first growth from
    // (0,0) whose cells join in the order a queue (N, E, S, W neighbours) reaches them.
    let (w, h) = (9, 6);
    let (mut maze, mut generator) = build_weighted(w, h, 1, 1);
    let mut joined = Vec::new();
    while let Some(event) = generator.step(&mut maze) {
        if let GenEvent::Pop { cell, .. } = event {
            joined.push(cell);
        }
    }
    let mut expected = Vec::new();
    let mut seen = vec![false; (w * h) as usize];
    let mut queue = std::collections::VecDeque::from([Pos::new(0, 0)]);
    seen[0] = true;
    while let Some(cell) = queue.pop_front() {
        for dir in Dir::ALL {
            if let Some(n) = maze.neighbor(cell, dir)
                && !std::mem::replace(&mut seen[maze.index(n)], true)
            {
                expected.push(n);
                queue.push_back(n);
            }
        }
    }
    assert_eq!(joined, expected);
}
