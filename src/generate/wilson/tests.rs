//! Unit tests of Wilson's algorithm.
use super::*;

fn run(width: u32, height: u32, seed: u64) -> (Maze, Vec<GenEvent>) {
    let mut maze = Maze::new(width, height).expect("valid size");
    let mut generator = Wilson::new(&maze, seed, &GenOptions::default());
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
            let carves = events
                .iter()
                .filter(|e| matches!(e, GenEvent::Carve { .. }))
                .count();
            assert_eq!(carves, (w * h - 1) as usize, "{w}x{h} seed {seed}");
            assert_eq!(events.last(), Some(&GenEvent::Done));
        }
    }
}

#[test]
fn erases_loops_on_a_15_by_15() {
    let (maze, events) = run(15, 15, 7);
    assert!(maze.is_perfect());
    let erases = events
        .iter()
        .filter(|e| matches!(e, GenEvent::Erase { .. }))
        .count();
    assert!(erases > 0, "no loop erased in {} steps", events.len());
    assert!(events.iter().all(|e| matches!(
        e,
        GenEvent::Walk { .. } | GenEvent::Erase { .. } | GenEvent::Carve { .. } | GenEvent::Done
    )));
}

#[test]
fn erase_leaves_a_simple_path_ending_at_the_erased_cell() {
    let mut maze = Maze::new(15, 15).expect("valid size");
    let mut generator = Wilson::new(&maze, 11, &GenOptions::default());
    let mut checked = 0;
    while let Some(event) = generator.step(&mut maze) {
        if let GenEvent::Erase { cell } = event {
            assert_eq!(generator.current(), Some(cell));
            let mut seen = std::collections::HashSet::new();
            for &i in &generator.path {
                assert!(seen.insert(i), "walk visits a cell twice");
                assert_eq!(generator.state[i as usize], ON_WALK);
            }
            checked += 1;
        }
    }
    assert!(checked > 0);
    assert!(generator.path.is_empty());
    assert!(generator.state.iter().all(|&s| s == IN_MAZE));
}

#[test]
fn same_seed_same_maze_and_different_seeds_differ() {
    assert_eq!(run(13, 9, 4), run(13, 9, 4));
    assert_ne!(run(13, 9, 4).0, run(13, 9, 5).0);
}

#[test]
fn fused_after_done() {
    let mut maze = Maze::new(5, 4).expect("valid size");
    let mut generator = Wilson::new(&maze, 2, &GenOptions::default());
    while generator.step(&mut maze).is_some() {}
    for _ in 0..5 {
        assert_eq!(generator.step(&mut maze), None);
    }
    assert_eq!(generator.current(), None);
    assert_eq!(generator.structure_len(), 0);
}

#[test]
fn mark_shows_the_walk_and_the_maze_mid_run() {
    let mut maze = Maze::new(9, 9).expect("valid size");
    let mut generator = Wilson::new(&maze, 3, &GenOptions::default());
    // Step until a walk of at least 3 cells is under way.
    while generator.structure_len() < 3 || generator.phase != Phase::Walk {
        generator.step(&mut maze).expect("not done yet");
    }
    let current = generator.current().expect("walking");
    assert_eq!(generator.mark(current), Mark::Current);
    let walk = generator.path.clone();
    assert_eq!(generator.pos(walk[0]).manhattan(generator.pos(walk[1])), 1);
    for &i in &walk[..walk.len() - 1] {
        assert_eq!(generator.mark(generator.pos(i)), Mark::Walk);
    }
    let in_maze = (0..81)
        .filter(|&i| generator.mark(maze.pos(i)) == Mark::Visited)
        .count();
    assert!(in_maze >= 1);
    assert_eq!(
        (0..81)
            .filter(|&i| generator.mark(maze.pos(i)) == Mark::Walk)
            .count(),
        walk.len() - 1
    );
}
