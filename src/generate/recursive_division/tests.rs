//! Unit tests of Recursive Division.
use super::*;
use crate::generate::GeneratorKind;
use crate::maze::Dir;

fn run(width: u32, height: u32, seed: u64) -> (Maze, Vec<GenEvent>) {
    let mut maze = GeneratorKind::RecursiveDivision
        .initial_maze(width, height)
        .expect("valid size");
    let mut generator = RecursiveDivision::new(&maze, seed, &GenOptions::default());
    let mut events = Vec::new();
    while let Some(event) = generator.step(&mut maze) {
        events.push(event);
    }
    (maze, events)
}

#[test]
fn perfect_for_small_and_odd_sizes_with_divide_steps_only() {
    for (w, h) in [(1, 1), (1, 7), (7, 1), (2, 2), (10, 6), (31, 17)] {
        for seed in 0..4 {
            let (maze, events) = run(w, h, seed);
            assert!(maze.is_perfect(), "{w}x{h} seed {seed}");
            let (last, divides) = events.split_last().expect("at least Done");
            assert_eq!(*last, GenEvent::Done);
            assert!(divides.iter().all(|e| matches!(e, GenEvent::Divide { .. })));
            // Every divide splits one chamber into two: fewer divides than cells.
            assert!(divides.len() < (w * h) as usize);
            if w >= 2 && h >= 2 {
                assert!(!divides.is_empty());
            } else {
                assert!(divides.is_empty(), "a corridor is already perfect");
            }
        }
    }
}

#[test]
fn divide_events_describe_the_wall_built() {
    let mut maze = GeneratorKind::RecursiveDivision
        .initial_maze(12, 8)
        .expect("valid size");
    let mut generator = RecursiveDivision::new(&maze, 6, &GenOptions::default());
    let mut first = true;
    while let Some(event) = generator.step(&mut maze) {
        let GenEvent::Divide {
            horizontal,
            at,
            start,
            end,
            gap,
        } = event
        else {
            break;
        };
        if first {
            // 12 wide, 8 tall: the first wall is vertical, across all 8 rows.
            assert!(!horizontal);
            assert_eq!((start, end), (0, 7));
            first = false;
        }
        assert!((start..=end).contains(&gap));
        for i in start..=end {
            let (cell, dir) = if horizontal {
                (Pos::new(at, i), Dir::South)
            } else {
                (Pos::new(i, at), Dir::East)
            };
            assert_eq!(maze.has_passage(cell, dir), i == gap, "{event:?} at {i}");
        }
    }
    assert!(maze.is_perfect());
}

#[test]
fn same_seed_same_maze_and_different_seeds_differ() {
    assert_eq!(run(14, 10, 4), run(14, 10, 4));
    assert_ne!(run(14, 10, 4).0, run(14, 10, 5).0);
}

#[test]
fn fused_after_done() {
    let mut maze = GeneratorKind::RecursiveDivision
        .initial_maze(5, 5)
        .expect("valid size");
    let mut generator = RecursiveDivision::new(&maze, 2, &GenOptions::default());
    while generator.step(&mut maze).is_some() {}
    for _ in 0..3 {
        assert_eq!(generator.step(&mut maze), None);
    }
    assert_eq!(generator.current(), None);
}

#[test]
fn mark_shows_the_chamber_and_gap_mid_run() {
    let mut maze = GeneratorKind::RecursiveDivision
        .initial_maze(9, 6)
        .expect("valid size");
    let mut generator = RecursiveDivision::new(&maze, 1, &GenOptions::default());
    let event = generator.step(&mut maze).expect("running");
    let GenEvent::Divide { at, gap, .. } = event else {
        panic!("expected a divide, got {event:?}");
    };
    // 9 wide, 6 tall: vertical, so the gap cell is (gap, at) and the chamber is all.
    assert_eq!(generator.current(), Some(Pos::new(gap, at)));
    assert_eq!(generator.mark(Pos::new(gap, at)), Mark::Current);
    let frontier = (0..54)
        .filter(|&i| generator.mark(maze.pos(i)) == Mark::Frontier)
        .count();
    assert_eq!(frontier, 53);
    // The halves left waiting, those at least 2 cells wide (both are 6 tall).
    let (west, east) = (at + 1, 9 - (at + 1));
    assert_eq!(
        generator.structure_len(),
        usize::from(west >= 2) + usize::from(east >= 2)
    );
    generator.step(&mut maze).expect("running");
    let frontier = (0..54)
        .filter(|&i| generator.mark(maze.pos(i)) == Mark::Frontier)
        .count();
    assert!(frontier < 53, "the second chamber is smaller");
}

#[test]
fn long_thin_and_large_fields_stay_within_the_sized_stack() {
    // The stack is sized width + height + 1 once; these shapes push it hardest.
    for (w, h) in [(2, 700), (700, 2), (3, 400), (1, 50), (50, 1), (300, 300)] {
        for seed in 0..3 {
            let (maze, events) = run(w, h, seed);
            assert!(maze.is_perfect(), "{w}x{h} seed {seed}");
            assert_eq!(events.last(), Some(&GenEvent::Done));
        }
    }
}
