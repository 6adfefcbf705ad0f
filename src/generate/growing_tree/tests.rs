//! Unit tests of Growing Tree.
use super::*;

const CHOICES: [CellChoice; 6] = [
    CellChoice::Newest,
    CellChoice::Random,
    CellChoice::Oldest,
    CellChoice::Mix(0.5),
    CellChoice::Mix(0.0),
    CellChoice::Mix(1.0),
];

fn run(width: u32, height: u32, seed: u64, choice: CellChoice) -> (Maze, Vec<GenEvent>) {
    let mut maze = Maze::new(width, height).expect("valid size");
    let options = GenOptions {
        cell_choice: choice,
        ..GenOptions::default()
    };
    let mut generator = GrowingTree::new(&maze, seed, &options);
    let mut events = Vec::new();
    while let Some(event) = generator.step(&mut maze) {
        events.push(event);
    }
    (maze, events)
}

#[test]
fn every_choice_is_perfect_for_small_and_odd_sizes() {
    for choice in CHOICES {
        for (w, h) in [(1, 1), (1, 7), (7, 1), (2, 2), (10, 6), (31, 17)] {
            for seed in 0..3 {
                let (maze, events) = run(w, h, seed, choice);
                assert!(maze.is_perfect(), "{choice:?} {w}x{h} seed {seed}");
                let cells = (w * h) as usize;
                // Each cell is carved into once (but the first) and backtracked once.
                assert_eq!(events.len(), 2 * cells, "{choice:?} {w}x{h}");
                assert_eq!(events.last(), Some(&GenEvent::Done));
            }
        }
    }
}

#[test]
fn odd_mix_probabilities_do_not_panic() {
    for p in [-1.0, 2.0, f64::NAN] {
        assert!(run(6, 5, 1, CellChoice::Mix(p)).0.is_perfect());
    }
}

#[test]
fn newest_grows_from_the_cell_just_carved() {
    let (_, events) = run(12, 12, 3, CellChoice::Newest);
    // Depth-first: after a carve into `to`, the next carve (if it directly follows)
    // starts from `to`.
    for pair in events.windows(2) {
        if let [GenEvent::Carve { to, .. }, GenEvent::Carve { from, .. }] = *pair {
            assert_eq!(from, to);
        }
    }
}

#[test]
fn oldest_finishes_cells_in_the_order_they_were_added() {
    let (_, events) = run(9, 7, 2, CellChoice::Oldest);
    let added: Vec<Pos> = events
        .iter()
        .filter_map(|e| match *e {
            GenEvent::Carve { to, .. } => Some(to),
            _ => None,
        })
        .collect();
    let finished: Vec<Pos> = events
        .iter()
        .filter_map(|e| match *e {
            GenEvent::Backtrack { cell } => Some(cell),
            _ => None,
        })
        .collect();
    // The first finished cell is the start (never carved into); then the added order.
    assert_eq!(&finished[1..], &added[..]);
}

#[test]
fn choices_make_different_mazes_and_seeds_repeat() {
    let a = run(15, 15, 8, CellChoice::Newest).0;
    let b = run(15, 15, 8, CellChoice::Oldest).0;
    assert_ne!(a, b);
    for choice in CHOICES {
        assert_eq!(run(11, 8, 5, choice), run(11, 8, 5, choice));
    }
}

#[test]
fn fused_after_done() {
    let mut maze = Maze::new(4, 4).expect("valid size");
    let mut generator = GrowingTree::new(&maze, 0, &GenOptions::default());
    while generator.step(&mut maze).is_some() {}
    for _ in 0..3 {
        assert_eq!(generator.step(&mut maze), None);
    }
    assert_eq!(generator.current(), None);
}

#[test]
fn mark_shows_the_active_list_mid_run() {
    let mut maze = Maze::new(10, 10).expect("valid size");
    let options = GenOptions {
        cell_choice: CellChoice::Random,
        ..GenOptions::default()
    };
    let mut generator = GrowingTree::new(&maze, 4, &options);
    for _ in 0..60 {
        generator.step(&mut maze);
    }
    let current = generator.current().expect("running");
    assert_eq!(generator.mark(current), Mark::Current);
    let count = |mark: Mark| {
        (0..100)
            .filter(|&i| generator.mark(maze.pos(i)) == mark)
            .count()
    };
    let active_shown =
        count(Mark::Frontier) + usize::from(generator.state[maze.index(current)] == ACTIVE);
    assert_eq!(active_shown, generator.structure_len());
    assert!(
        count(Mark::Visited) > 0,
        "some cells finished after 60 steps"
    );
    for i in 0..100 {
        let cell = maze.pos(i);
        assert_eq!(generator.mark(cell) == Mark::None, maze.degree(cell) == 0);
    }
}
