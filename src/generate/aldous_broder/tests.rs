use super::*;

fn run(width: u32, height: u32, seed: u64) -> (Maze, Vec<GenEvent>) {
    let mut maze = Maze::new(width, height).expect("valid size");
    let mut generator = AldousBroder::new(&maze, seed, &GenOptions::default());
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
            let (maze, _) = run(w, h, seed);
            assert!(maze.is_perfect(), "{w}x{h} seed {seed}");
        }
    }
}

#[test]
fn carves_exactly_cells_minus_one_and_ends_with_done() {
    let (maze, events) = run(12, 9, 5);
    let carves = events
        .iter()
        .filter(|e| matches!(e, GenEvent::Carve { .. }))
        .count();
    assert_eq!(carves, 12 * 9 - 1);
    assert_eq!(events.last(), Some(&GenEvent::Done));
    assert_eq!(events.iter().filter(|e| **e == GenEvent::Done).count(), 1);
    assert!(events.iter().all(|e| matches!(
        e,
        GenEvent::Carve { .. } | GenEvent::Walk { .. } | GenEvent::Done
    )));
    // Consecutive moves join up: each starts where the previous one ended.
    let moves: Vec<(Pos, Pos)> = events
        .iter()
        .filter_map(|e| match *e {
            GenEvent::Carve { from, to } | GenEvent::Walk { from, to } => Some((from, to)),
            _ => None,
        })
        .collect();
    for pair in moves.windows(2) {
        assert_eq!(pair[0].1, pair[1].0);
        assert_eq!(pair[0].0.manhattan(pair[0].1), 1);
    }
    assert!(maze.is_perfect());
}

#[test]
fn one_cell_is_done_at_once() {
    let (maze, events) = run(1, 1, 0);
    assert_eq!(events, vec![GenEvent::Done]);
    assert_eq!(maze.passage_count(), 0);
}

#[test]
fn same_seed_same_maze_and_different_seeds_differ() {
    assert_eq!(run(15, 11, 42), run(15, 11, 42));
    assert_ne!(run(15, 11, 42).0, run(15, 11, 43).0);
}

#[test]
fn fused_after_done() {
    let mut maze = Maze::new(4, 3).expect("valid size");
    let mut generator = AldousBroder::new(&maze, 1, &GenOptions::default());
    while generator.step(&mut maze).is_some() {}
    for _ in 0..5 {
        assert_eq!(generator.step(&mut maze), None);
    }
    assert_eq!(generator.current(), None);
}

#[test]
fn mark_shows_walker_and_carved_cells_mid_run() {
    let mut maze = Maze::new(8, 8).expect("valid size");
    let mut generator = AldousBroder::new(&maze, 9, &GenOptions::default());
    for _ in 0..20 {
        generator.step(&mut maze);
    }
    let walker = generator.current().expect("still running");
    assert_eq!(generator.mark(walker), Mark::Current);
    for row in 0..8 {
        for col in 0..8 {
            let cell = Pos::new(row, col);
            if cell == walker {
                continue;
            }
            let expected = if maze.degree(cell) > 0 {
                Mark::Visited
            } else {
                Mark::None
            };
            assert_eq!(generator.mark(cell), expected, "{cell}");
        }
    }
    assert_eq!(generator.mark(Pos::new(99, 0)), Mark::None);
}

#[test]
fn random_moves_reach_every_neighbour_and_stay_inside() {
    let mut rng = rng(3);
    let mut moves = RandomMoves::default();
    let square = Maze::new(3, 3).expect("valid size");
    let column = Maze::new(1, 2).expect("valid size");
    let mut seen = [0u32; 4];
    for _ in 0..400 {
        let (dir, to) = moves.neighbor(&mut rng, Pos::new(1, 1), &square);
        assert_eq!(dir.step(Pos::new(1, 1), 3, 3), Some(to));
        seen[dir as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 60), "{seen:?}");
    for _ in 0..100 {
        let (_, to) = moves.neighbor(&mut rng, Pos::new(0, 0), &column);
        assert_eq!(to, Pos::new(1, 0));
    }
}
