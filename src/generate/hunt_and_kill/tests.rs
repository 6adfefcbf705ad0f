use super::*;
use crate::generate::{GeneratorKind, run_to_end, testing};

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
