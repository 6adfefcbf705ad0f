use super::*;
use crate::generate::hunt_rows::HuntRows;
use crate::generate::{GeneratorKind, run_to_end, testing};
use crate::maze::Mask;

fn build(w: u32, h: u32, seed: u64) -> (Maze, HuntAndKill) {
    testing::build(GeneratorKind::HuntAndKill, w, h, seed, HuntAndKill::new)
}

#[test]
fn mazes_are_perfect_for_all_shapes() {
    testing::assert_perfect_for_all_shapes(GeneratorKind::HuntAndKill);
}

#[test]
fn same_seed_same_maze_and_different_seeds_differ() {
    testing::assert_seeded(GeneratorKind::HuntAndKill);
}

#[test]
fn walks_carve_and_hunts_scan_row_major() {
    let (mut maze, mut generator) = build(20, 20, 4);
    let (mut carves, mut scans, mut hunts) = (0, 0, 0);
    let mut previous_scan: Option<Pos> = None;
    while let Some(event) = generator.step(&mut maze) {
        match event {
            GenEvent::Carve { from, to } => {
                carves += 1;
                assert_eq!(from.manhattan(to), 1);
                assert_eq!(maze.passages(to).count(), 1, "carved into a new cell");
                if previous_scan.take().is_some() {
                    hunts += 1;
                }
            }
            GenEvent::Scan { cell } => {
                scans += 1;
                if let Some(prev) = previous_scan {
                    assert!(cell > prev, "a hunt scans forward, row-major");
                }
                previous_scan = Some(cell);
            }
            GenEvent::Done => {}
            other => panic!("unexpected event {other:?}"),
        }
    }
    assert_eq!(carves, 399);
    assert!(scans > 0 && hunts > 0, "a 20x20 walk gets stuck");
}

#[test]
fn the_cursor_keeps_hunting_linear() {
    // Scanning from the top each time costs about hunts × cells / 2 scans (~5 M at
    // 100x100); with the cursor, each visited cell is scanned about once.
    for seed in 0..3 {
        let (mut maze, mut generator) = build(100, 100, seed);
        let mut scans = 0;
        while let Some(event) = generator.step(&mut maze) {
            scans += usize::from(matches!(event, GenEvent::Scan { .. }));
        }
        assert!(scans <= 20_000, "{scans} scans for 10000 cells");
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
fn mark_shows_the_walk_and_the_hunt() {
    let (mut maze, mut generator) = build(16, 16, 8);
    // Run until a hunt has scanned at least two cells.
    loop {
        let event = generator.step(&mut maze).expect("not done before a hunt");
        if matches!(event, GenEvent::Scan { .. }) && generator.structure_len() >= 2 {
            break;
        }
    }
    let head = generator.current().expect("the scanned cell");
    assert_eq!(generator.mark(head), Mark::Current);
    let scanned = (0..256)
        .map(|i| maze.pos(i))
        .filter(|&p| generator.mark(p) == Mark::Scan)
        .count();
    assert_eq!(scanned + 1, generator.structure_len());
    let visited = (0..256)
        .map(|i| maze.pos(i))
        .filter(|&p| generator.mark(p) == Mark::Visited)
        .all(|p| maze.passages(p).count() > 0);
    assert!(visited);
    let untouched = (0..256)
        .map(|i| maze.pos(i))
        .filter(|&p| generator.mark(p) == Mark::None)
        .all(|p| maze.passages(p).count() == 0);
    assert!(untouched);
}

/// Each hunt on a masked maze carves into the first cell, row-major from the top, that is
/// an on-cell outside the maze with a neighbour in it (Buck's scan), whether the hunt's
/// cell is found by scanning or by the index of rows; returns whether the index was built.
fn hunts_find_the_first_cell_beside_the_maze(mask: &Mask, seed: u64) -> bool {
    let mut maze = Maze::with_mask(mask).expect("a mask's maze");
    let mut generator = HuntAndKill::new(&maze, seed, &GenOptions::default());
    let mut in_maze = vec![false; maze.cell_count()];
    in_maze[maze.index(generator.current().expect("the start"))] = true;
    let mut hunts = 0;
    while let Some(event) = generator.step(&mut maze) {
        let GenEvent::Carve { to, .. } = event else {
            continue;
        };
        if generator.found {
            let first = (0..maze.cell_count()).find(|&i| {
                let cell = maze.pos(i);
                maze.is_on(cell)
                    && !in_maze[i]
                    && Dir::ALL.iter().any(|&d| {
                        maze.on_neighbor(cell, d)
                            .is_some_and(|n| in_maze[maze.index(n)])
                    })
            });
            assert_eq!(Some(maze.index(to)), first, "hunt {hunts}, seed {seed}");
            hunts += 1;
        }
        in_maze[maze.index(to)] = true;
    }
    assert!(hunts > 0);
    assert!(in_maze.iter().zip(mask.cells()).all(|(&a, &b)| a == b));
    generator.rows.as_ref().is_some_and(HuntRows::is_built)
}

#[test]
fn masked_hunts_find_buck_s_cell_by_scan_and_by_index() {
    // Every cell on but the top-left one: the first cell outside the maze lies beside it,
    // the scans stay short and no index is built.
    let mut on = vec![true; 60 * 40];
    on[0] = false;
    let nearly_full = Mask::from_cells(60, 40, on).expect("a mask");
    // A comb, teeth joined along the bottom row: the first cell outside the maze is often
    // at the top of a tooth the walk has not reached, and the hunts pass over whole rows
    // until the index is built.
    let on = (0..40u32 * 60)
        .map(|i| i % 60 % 2 == 0 || i / 60 == 39)
        .collect();
    let comb = Mask::from_cells(60, 40, on).expect("a mask");
    for seed in 0..4 {
        assert!(!hunts_find_the_first_cell_beside_the_maze(
            &nearly_full,
            seed
        ));
        assert!(hunts_find_the_first_cell_beside_the_maze(&comb, seed));
    }
}
