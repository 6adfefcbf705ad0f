//! Unit tests of Eller's algorithm.
use super::*;

fn run(width: u32, height: u32, seed: u64) -> (Maze, Vec<GenEvent>) {
    let mut maze = Maze::new(width, height).expect("valid size");
    let mut generator = Eller::new(&maze, seed, &GenOptions::default());
    let mut events = Vec::new();
    while let Some(event) = generator.step(&mut maze) {
        events.push(event);
    }
    (maze, events)
}

#[test]
fn perfect_for_small_and_odd_sizes() {
    for (w, h) in [(1, 1), (1, 7), (7, 1), (2, 2), (10, 6), (31, 17)] {
        for seed in 0..4 {
            let (maze, events) = run(w, h, seed);
            assert!(maze.is_perfect(), "{w}x{h} seed {seed}");
            // Every step but the last carves: cells − 1 carves, then Done.
            assert_eq!(events.len(), (w * h) as usize, "{w}x{h} seed {seed}");
            assert_eq!(events.last(), Some(&GenEvent::Done));
        }
    }
}

#[test]
fn perfect_for_widths_one_to_six() {
    for w in 1..=6 {
        for h in 1..=6 {
            for seed in 0..20 {
                assert!(run(w, h, seed).0.is_perfect(), "{w}x{h} seed {seed}");
            }
        }
    }
}

#[test]
fn carves_row_by_row_east_then_south() {
    let (maze, events) = run(8, 6, 3);
    let mut last_row = 0;
    for event in &events {
        if let GenEvent::Carve { from, to } = *event {
            assert!(from.row >= last_row, "rows are done in order");
            last_row = from.row;
            let east = to == Pos::new(from.row, from.col + 1);
            let south = to == Pos::new(from.row + 1, from.col);
            assert!(east || south, "{from} -> {to}");
        }
    }
    // Every row but the last has a passage south somewhere.
    for row in 0..5 {
        assert!((0..8).any(|col| maze.has_passage(Pos::new(row, col), Dir::South)));
    }
}

#[test]
fn same_seed_same_maze_and_different_seeds_differ() {
    assert_eq!(run(12, 9, 4), run(12, 9, 4));
    assert_ne!(run(12, 9, 4).0, run(12, 9, 5).0);
}

#[test]
fn fused_after_done() {
    let mut maze = Maze::new(5, 5).expect("valid size");
    let mut generator = Eller::new(&maze, 2, &GenOptions::default());
    while generator.step(&mut maze).is_some() {}
    for _ in 0..3 {
        assert_eq!(generator.step(&mut maze), None);
    }
    assert_eq!(generator.current(), None);
}

#[test]
fn mark_shows_done_rows_and_the_current_row_mid_run() {
    let mut maze = Maze::new(6, 6).expect("valid size");
    let mut generator = Eller::new(&maze, 1, &GenOptions::default());
    while generator.row < 2 {
        generator.step(&mut maze).expect("running");
    }
    let current = generator.current().expect("running");
    assert_eq!(current.row, 2);
    assert_eq!(generator.mark(current), Mark::Current);
    assert_eq!(generator.mark(Pos::new(1, 3)), Mark::Visited);
    assert_eq!(generator.mark(Pos::new(5, 3)), Mark::None);
    let row_sets = (0..6)
        .filter(|&c| matches!(generator.mark(Pos::new(2, c)), Mark::Set(_)))
        .count();
    assert_eq!(row_sets, 5);
    // The structure counts the row's sets (checked against the passages below).
    let sets = generator.structure_len();
    assert!((1..=6).contains(&sets), "{sets}");
}

/// The row's sets are the row's cells grouped by what the carved passages connect (the
/// rows above included): a breadth-first search over the maze so far says which.
#[test]
fn the_structure_lists_the_row_sets_the_passages_make() {
    let (w, h) = (9, 6);
    let mut maze = Maze::new(w, h).expect("valid size");
    let mut generator = Eller::new(&maze, 11, &GenOptions::default());
    for steps in 0..1000 {
        let listed = generator.structure(usize::MAX);
        if generator.structure_len() > 0 {
            let row = listed.entries[0].pos.row;
            // Component of each cell of the row.
            let component = |start: Pos| {
                let mut seen = vec![start];
                let mut queue = std::collections::VecDeque::from([start]);
                while let Some(cell) = queue.pop_front() {
                    for dir in maze.passages(cell).collect::<Vec<_>>() {
                        if let Some(next) = maze.neighbor(cell, dir)
                            && !seen.contains(&next)
                        {
                            seen.push(next);
                            queue.push_back(next);
                        }
                    }
                }
                let mut cols: Vec<u32> = seen
                    .iter()
                    .filter(|p| p.row == row)
                    .map(|p| p.col)
                    .collect();
                cols.sort_unstable();
                cols
            };
            let mut expected: Vec<Vec<u32>> = Vec::new();
            for col in 0..w {
                let cols = component(Pos::new(row, col));
                if !expected.contains(&cols) {
                    expected.push(cols);
                }
            }
            let got: Vec<Vec<u32>> = listed
                .entries
                .iter()
                .map(|e| {
                    let list = e.detail.split_once(' ').map_or("", |(_, l)| l);
                    list.split(',')
                        .map(|c| c.trim().parse().expect("a column"))
                        .collect()
                })
                .collect();
            assert_eq!(got, expected, "after {steps} steps");
            assert_eq!(listed.len, expected.len());
            assert_eq!(
                generator.structure_len(),
                expected.len(),
                "after {steps} steps"
            );
        }
        if generator.step(&mut maze).is_none() {
            break;
        }
    }
}
