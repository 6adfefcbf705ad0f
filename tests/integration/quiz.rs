//! The quiz's questions against a frontier kept here: for every search that asks one and
//! every tie-break, on random perfect, braided and terrain mazes, the accepted answers are
//! exactly the choices holding the next pop's key, every tile holding it is offered (when
//! there are no more than the hint letters), and the next step takes one of them.
//!
//! The model is built only from the steps' events (the tile expanded, its pushes with `g`
//! and `h`) and each algorithm's textbook rule: BFS a first-in first-out queue, DFS a
//! last-in first-out stack, Dijkstra the least `g`, A* the least `g + w·h`, greedy
//! best-first the least `h`, jump point search the least `g + h`. It never reads the code's
//! open set.

use std::collections::{HashMap, HashSet};

use maze_tui::generate::braid::braid;
use maze_tui::generate::{GenOptions, GeneratorKind};
use maze_tui::maze::{Grid, Pos};
use maze_tui::solve::{
    Corners, Heuristic, Moves, SolveEvent, SolveOptions, Solver, SolverKind, TieBreak,
};
use maze_tui::teach::{Answer, MAX_CHOICES, Question, Teach};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What the test knows of a search's frontier.
enum Model {
    /// Tiles oldest first.
    Queue(Vec<Pos>),
    /// Tiles, top last; `closed` tiles are skipped when popped.
    Stack(Vec<Pos>, HashSet<Pos>),
    /// `(tile, key)` entries and the closed tiles (their entries are stale).
    Keys(Vec<(Pos, u64)>, HashSet<Pos>),
}

/// The priority an entry pushed with `g` and `h` gets from `kind`'s rule.
fn key(kind: SolverKind, g: u32, h: u32, weight: u32) -> u64 {
    let (g, h) = (u64::from(g), u64::from(h));
    match kind {
        SolverKind::Dijkstra => g,
        SolverKind::GreedyBestFirst => h,
        SolverKind::Astar => g + h * u64::from(weight) / 100,
        _ => g + h,
    }
}

impl Model {
    fn new(kind: SolverKind, start: Pos, h0: u32, weight: u32) -> Self {
        match kind {
            SolverKind::Bfs => Model::Queue(vec![start]),
            SolverKind::Dfs => Model::Stack(vec![start], HashSet::new()),
            _ => Model::Keys(vec![(start, key(kind, 0, h0, weight))], HashSet::new()),
        }
    }

    /// Each tile that could be taken next with its key, least first in the algorithm's
    /// order for the queue and the stack (one entry a tile: its least key).
    fn live(&self) -> HashMap<Pos, u64> {
        let mut out = HashMap::new();
        match self {
            Model::Queue(q) => {
                for (i, &t) in q.iter().enumerate() {
                    out.entry(t).or_insert(i as u64);
                }
            }
            Model::Stack(s, closed) => {
                let live = s.iter().rev().filter(|t| !closed.contains(t));
                for (i, &t) in live.enumerate() {
                    out.entry(t).or_insert(i as u64);
                }
            }
            Model::Keys(entries, closed) => {
                for &(t, k) in entries.iter().filter(|(t, _)| !closed.contains(t)) {
                    let least = out.entry(t).or_insert(k);
                    *least = (*least).min(k);
                }
            }
        }
        out
    }

    /// Whether the next pop may be an entry the search skips (a closed tile's).
    fn may_skip(&self) -> bool {
        match self {
            Model::Stack(s, closed) => s.last().is_some_and(|t| closed.contains(t)),
            Model::Keys(entries, closed) => {
                let least = entries.iter().map(|(_, k)| k).min();
                entries
                    .iter()
                    .any(|(t, k)| Some(k) == least && closed.contains(t))
            }
            Model::Queue(_) => false,
        }
    }

    /// Take the entry `(tile, key)` out of a keyed frontier: it must be there.
    fn take(entries: &mut Vec<(Pos, u64)>, tile: Pos, key: u64) {
        let at = entries.iter().position(|&e| e == (tile, key));
        let at = at.unwrap_or_else(|| panic!("{tile} with key {key} is not in the frontier"));
        let least = entries.iter().map(|(_, k)| *k).min();
        assert_eq!(
            Some(key),
            least,
            "{tile} popped with key {key}, not the least"
        );
        entries.swap_remove(at);
    }

    /// Apply one event of `kind`'s search.
    fn apply(&mut self, kind: SolverKind, event: &SolveEvent, weight: u32) {
        match (self, *event) {
            (Model::Queue(q), SolveEvent::Expand { tile, pushed, .. }) => {
                assert_eq!(q.first(), Some(&tile), "BFS takes the front");
                q.remove(0);
                q.extend(pushed.as_slice().iter().map(|p| p.tile));
            }
            (Model::Stack(s, closed), SolveEvent::Expand { tile, pushed, .. }) => {
                assert_eq!(s.pop(), Some(tile), "DFS pops the top");
                closed.insert(tile);
                s.extend(pushed.as_slice().iter().map(|p| p.tile));
            }
            (Model::Stack(s, closed), SolveEvent::Skip { tile, .. }) => {
                assert_eq!(s.pop(), Some(tile));
                assert!(closed.contains(&tile));
            }
            (Model::Keys(entries, closed), SolveEvent::Expand { tile, g, h, pushed }) => {
                Model::take(entries, tile, key(kind, g, h, weight));
                closed.insert(tile);
                for p in pushed.as_slice() {
                    closed.remove(&p.tile);
                    entries.push((p.tile, key(kind, p.g, p.h, weight)));
                }
            }
            (Model::Keys(entries, closed), SolveEvent::Skip { tile, priority }) => {
                assert!(closed.contains(&tile));
                Model::take(entries, tile, u64::from(priority));
            }
            _ => {}
        }
    }
}

/// A `width × height`-cell maze: perfect, braided (`loops` of its dead ends opened) and
/// with random terrain costs 1–9 on a share `terrain` of its open tiles.
pub(crate) fn maze(width: u32, height: u32, loops: f64, terrain: f64, seed: u64) -> Grid {
    let (mut maze, _) = GeneratorKind::RecursiveBacktracker
        .generate(width, height, seed, &GenOptions::default())
        .expect("valid size");
    braid(&mut maze, loops, seed);
    let mut grid = maze.to_grid();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7e44);
    for i in 0..grid.len() {
        let tile = grid.pos(i);
        if grid.is_open(tile) && rng.random_bool(terrain) {
            grid.set_terrain(tile, Some(rng.random_range(1..=9)));
        }
    }
    grid
}

/// Step `kind` to its end on `grid`, checking every question against the model.
fn check(kind: SolverKind, grid: &Grid, options: &SolveOptions) {
    let mut solver = kind.build(grid, options);
    let weight = options.heuristic_weight.max(100);
    let h0 = match kind {
        SolverKind::Astar => {
            options.heuristic.estimate(grid.start(), grid.goal()) * grid.min_cost()
        }
        SolverKind::GreedyBestFirst => options.heuristic.estimate(grid.start(), grid.goal()),
        SolverKind::JumpPointSearch => {
            let h = if options.diagonal() {
                Heuristic::Octile
            } else {
                Heuristic::Manhattan
            };
            h.estimate(grid.start(), grid.goal())
        }
        _ => 0,
    };
    let mut model = Model::new(kind, grid.start(), h0, weight);
    let mut asked = 0;
    for step in 0..100_000 {
        let question = solver.question();
        let Some(event) = solver.step(grid) else {
            break;
        };
        let name = format!("{} step {step}", kind.name());
        match &question {
            Some(q) => {
                asked += 1;
                check_question(q, &model, &name);
                let SolveEvent::Expand { tile, .. } = event else {
                    panic!("{name}: asked, but the step was {event:?}");
                };
                let taken = q.index_at(tile).expect("the tile taken is a choice");
                assert!(
                    q.choices[taken].accepted,
                    "{name}: took {tile}, not accepted"
                );
            }
            None => {
                let expands = matches!(event, SolveEvent::Expand { .. });
                assert!(
                    !expands,
                    "{name}: not asked, but the step expanded: {event:?}"
                );
                if matches!(event, SolveEvent::Skip { .. }) {
                    assert!(model.may_skip(), "{name}: skipped a live entry");
                }
            }
        }
        model.apply(kind, &event, weight);
    }
    let refused = kind == SolverKind::JumpPointSearch && grid.is_weighted();
    assert!(asked > 0 || refused, "{} asked nothing", kind.name());
}

/// The question's choices against the model: each is in the frontier; accepted exactly
/// when it holds the least key; every tile holding that key is offered.
fn check_question(q: &Question, model: &Model, name: &str) {
    let live = model.live();
    let least = *live.values().min().expect("a frontier to ask about");
    for c in &q.choices {
        let Answer::At(at) = c.answer else {
            panic!("{name}: a yes/no choice in a search");
        };
        let k = *live
            .get(&at)
            .unwrap_or_else(|| panic!("{name}: {at} is not in the frontier"));
        assert_eq!(
            c.accepted,
            k == least,
            "{name}: {at} key {k}, least {least}"
        );
    }
    let tied: Vec<Pos> = live
        .iter()
        .filter(|&(_, &k)| k == least)
        .map(|(&t, _)| t)
        .collect();
    if tied.len() <= MAX_CHOICES {
        for t in tied {
            assert!(
                q.index_at(t).is_some(),
                "{name}: {t} holds the least key but is not offered"
            );
        }
    }
}

const ASKING: [SolverKind; 6] = [
    SolverKind::Bfs,
    SolverKind::Dfs,
    SolverKind::Dijkstra,
    SolverKind::Astar,
    SolverKind::GreedyBestFirst,
    SolverKind::JumpPointSearch,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn accepted_answers_are_the_next_pops_key(
        width in 2u32..10, height in 2u32..8, loops in 0.0f64..1.0, seed in any::<u64>(),
        weighted in any::<bool>(), diagonal in any::<bool>(), w in prop::sample::select(vec![100u32, 150, 300]),
    ) {
        let grid = maze(width, height, loops, if weighted { 0.5 } else { 0.0 }, seed);
        let moves = if diagonal { Moves::Eight(Corners::Allow) } else { Moves::Four };
        for tie_break in TieBreak::ALL {
            for heuristic in [Heuristic::Manhattan, Heuristic::Octile] {
                let options = SolveOptions {
                    heuristic,
                    moves,
                    heuristic_weight: w,
                    tie_break,
                    reopen: maze_tui::solve::Reopen::default(),
                    seed,
                };
                for kind in ASKING {
                    check(kind, &grid, &options);
                }
            }
        }
    }
}

/// Bidirectional BFS: one tile is next (no ties between its sides), and it is the one the
/// step takes; no question when the step is the meeting.
#[test]
fn bidirectional_bfs_asks_about_the_tile_it_takes() {
    for seed in 0..12 {
        let grid = maze(9, 6, 0.3 * (seed % 3) as f64, 0.0, seed);
        let mut solver = SolverKind::BidirectionalBfs.build(&grid, &SolveOptions::default());
        loop {
            let question = solver.question();
            let Some(event) = solver.step(&grid) else {
                break;
            };
            match (question, event) {
                (Some(q), SolveEvent::Expand { tile, .. }) => {
                    assert_eq!(q.accepted().count(), 1);
                    assert_eq!(
                        q.accepted().next().map(|c| c.answer),
                        Some(Answer::At(tile))
                    );
                }
                (Some(_), other) => panic!("asked, then {other:?}"),
                (None, SolveEvent::Expand { .. }) => panic!("an expansion not asked about"),
                (None, _) => {}
            }
        }
    }
}

/// The generators' questions against what their next step does: Prim carves an accepted
/// cell; Kruskal carves exactly when "yes" is accepted; Aldous-Broder's move carves exactly
/// when "yes" is; the backtracker, stuck, backs up to the accepted cell. Every such step
/// was asked about, and every question was answered by the step after it.
#[test]
fn generator_questions_are_answered_by_their_next_step() {
    use maze_tui::generate::{GenEvent, Generator};
    use maze_tui::maze::Maze;
    let kinds = [
        GeneratorKind::Prim,
        GeneratorKind::Kruskal,
        GeneratorKind::AldousBroder,
        GeneratorKind::RecursiveBacktracker,
    ];
    for kind in kinds {
        for seed in 0..6 {
            let mut maze = Maze::new(7, 5).expect("valid size");
            let mut g = kind.build(&maze, seed, &GenOptions::default());
            let mut asked = 0;
            loop {
                let q = g.question();
                let Some(event) = g.step(&mut maze) else {
                    break;
                };
                let name = format!("{} seed {seed}: {event:?}", kind.name());
                let yes = |q: &Question| q.accepted().all(|c| c.answer == Answer::Yes);
                match (kind, event, &q) {
                    (GeneratorKind::Prim, GenEvent::Pop { cell, .. }, Some(q)) => {
                        let i = q.index_at(cell).expect("the cell carved is a choice");
                        assert!(q.choices[i].accepted, "{name}");
                    }
                    (GeneratorKind::Prim, GenEvent::Pop { .. }, None) => {
                        panic!("{name}: not asked")
                    }
                    (GeneratorKind::Kruskal | GeneratorKind::AldousBroder, _, Some(q)) => {
                        let carved = matches!(event, GenEvent::Carve { .. });
                        assert_eq!(yes(q), carved, "{name}");
                    }
                    (GeneratorKind::RecursiveBacktracker, GenEvent::Backtrack { .. }, Some(q)) => {
                        let now = g.current().expect("a cell below");
                        let i = q.index_at(now).expect("the cell backed up to is a choice");
                        assert!(q.choices[i].accepted, "{name}");
                        assert_eq!(q.accepted().count(), 1);
                    }
                    (GeneratorKind::RecursiveBacktracker, GenEvent::Backtrack { .. }, None) => {
                        // Only the start, the last cell on the stack, backs up to nothing.
                        assert!(g.current().is_none(), "{name}: not asked");
                    }
                    (_, GenEvent::Done, None) | (_, _, None) => {}
                    (_, _, Some(_)) => panic!("{name}: asked, then not that step"),
                }
                asked += usize::from(q.is_some());
            }
            assert!(asked > 0, "{} asked nothing", kind.name());
        }
    }
}

/// Hunt-and-Kill, on the full rectangle and in masks (a heart, a circle, a triangle):
/// asked at every hunt, from the first one on (a carve not from the walk's head is a hunt's;
/// none may pass unasked), its answer takes the scans up to the cell the hunt finds, and
/// the last of them carves into the accepted cell.
#[test]
fn the_hunt_finds_the_accepted_cell() {
    use maze_tui::generate::{GenEvent, Generator};
    use maze_tui::maze::{Mask, Maze};
    for shape in [None, Some("heart"), Some("circle"), Some("triangle")] {
        for seed in 0..8 {
            let mut maze = match shape {
                None => Maze::new(9, 6).expect("valid size"),
                Some(name) => {
                    let mask = Mask::builtin(name, 14, 10)
                        .expect("a shape")
                        .expect("a mask");
                    Maze::with_mask(&mask).expect("valid size")
                }
            };
            let mut g = GeneratorKind::HuntAndKill.build(&maze, seed, &GenOptions::default());
            let name = format!("{shape:?} seed {seed}");
            let mut head = g.current();
            let mut hunts = 0;
            loop {
                let Some(q) = g.question() else {
                    match g.step(&mut maze) {
                        None => break,
                        Some(GenEvent::Carve { from, to }) => {
                            assert_eq!(Some(from), head, "{name}: a hunt found {to} unasked");
                            head = Some(to);
                        }
                        Some(_) => {}
                    }
                    continue;
                };
                hunts += 1;
                let mut last = None;
                for _ in 0..q.steps {
                    last = g.step(&mut maze);
                }
                let Some(GenEvent::Carve { to, .. }) = last else {
                    panic!("{name}: the answer's last step was {last:?}");
                };
                let i = q.index_at(to).expect("the cell found is a choice");
                assert!(q.choices[i].accepted, "{name}: found {to}");
                assert_eq!(q.accepted().count(), 1);
                head = Some(to);
            }
            assert!(hunts > 0, "{name}: no hunt asked about");
            assert!(maze.is_perfect(), "{name}");
        }
    }
}

/// Wilson: asked before every move of a walk and never while a walk is carved in; the move
/// asked about is the one made, and "yes" is accepted exactly when the walk steps onto a
/// cell in the maze. The maze's cells are kept here from the carves seen so far (before the
/// first carve only the machine's random first cell is in it: the step after tells).
#[test]
fn wilson_asks_whether_the_walk_is_carved() {
    use maze_tui::generate::{GenEvent, Generator};
    use maze_tui::maze::Maze;
    for seed in 0..8 {
        let mut maze = Maze::new(7, 5).expect("valid size");
        let mut g = GeneratorKind::Wilson.build(&maze, seed, &GenOptions::default());
        let mut steps: Vec<(GenEvent, Option<Question>)> = Vec::new();
        loop {
            let q = g.question();
            let Some(event) = g.step(&mut maze) else {
                break;
            };
            steps.push((event, q));
        }
        let mut in_maze: HashSet<Pos> = HashSet::new();
        let mut asked = 0;
        for (at, (event, q)) in steps.iter().enumerate() {
            let name = format!("seed {seed} step {at}: {event:?}");
            let next_carves = matches!(steps.get(at + 1), Some((GenEvent::Carve { .. }, _)));
            match (*event, q) {
                (GenEvent::Walk { from, to }, Some(q)) => {
                    assert!(
                        q.ask.contains(&format!("from {from} to {to}")),
                        "{name}: {}",
                        q.ask
                    );
                    let reaches = in_maze.contains(&to) || (in_maze.is_empty() && next_carves);
                    let yes = q.accepted().all(|c| c.answer == Answer::Yes);
                    assert_eq!(yes, reaches, "{name}: {}", q.ask);
                    assert_eq!(reaches, next_carves, "{name}");
                    asked += 1;
                }
                (GenEvent::Erase { cell }, Some(q)) => {
                    assert!(q.ask.contains(&format!("to {cell}:")), "{name}: {}", q.ask);
                    assert!(q.accepted().all(|c| c.answer == Answer::No), "{name}");
                    asked += 1;
                }
                (GenEvent::Carve { from, to }, None) => {
                    in_maze.extend([from, to]);
                }
                (GenEvent::Done, None) => {}
                (_, q) => panic!("{name}: asked {q:?}"),
            }
        }
        assert!(asked > 0, "seed {seed}: nothing asked");
    }
}
