//! The quiz's questions on IDA\* and on bidirectional Dijkstra and A\*, against a frontier
//! kept here from the steps' events and each algorithm's textbook rule (never the code's
//! open sets or stack), on random perfect, braided and terrain mazes:
//!
//! - bidirectional Dijkstra and A*: the side with the smaller least key pops it (keys: `2g`,
//!   or `2g` plus the average potential `±(h_E − h_S)`); the accepted answers are exactly
//!   the choices holding the next pop's key on either side, every tile holding it is
//!   offered, and the next step takes one of them;
//! - IDA*: the choices are exactly the neighbours the top of the stack has still to try;
//!   the accepted ones exactly those within the round's bound that the round has not
//!   entered as cheaply; the answer's steps prune or skip the others before it and end by
//!   entering an accepted one.

use std::collections::{HashMap, HashSet};

use maze_tui::maze::{Grid, Pos};
use maze_tui::solve::{Corners, Heuristic, Moves, SolveEvent, SolveOptions, Solver, SolverKind};
use maze_tui::teach::{Answer, MAX_CHOICES, Question, Teach};
use proptest::prelude::*;

use super::quiz::maze;

/// The open neighbours of `tile` with what entering each costs: 10 (14 diagonally) times
/// the terrain cost of the tile entered; diagonals pass wall corners (`Corners::Allow`).
fn neighbours(grid: &Grid, tile: Pos, diagonal: bool) -> Vec<(Pos, u32)> {
    let mut steps = vec![(-1, 0, 10), (0, 1, 10), (1, 0, 10), (0, -1, 10)];
    if diagonal {
        steps.extend([(-1, 1, 14), (1, 1, 14), (1, -1, 14), (-1, -1, 14)]);
    }
    steps
        .into_iter()
        .filter_map(|(dr, dc, base)| {
            let to = Pos::new(
                tile.row.checked_add_signed(dr)?,
                tile.col.checked_add_signed(dc)?,
            );
            Some((to, base * grid.cost(to)?))
        })
        .collect()
}

/// The answers a question offers, and the accepted ones.
fn answers(q: &Question, name: &str) -> (HashSet<Pos>, HashSet<Pos>) {
    let at = |c: &maze_tui::teach::Choice| match c.answer {
        Answer::At(p) => p,
        other => panic!("{name}: {other} in a search's question"),
    };
    let all = q.choices.iter().map(at).collect();
    let accepted = q.accepted().map(at).collect();
    (all, accepted)
}

/// Both sides of a bidirectional search as the test keeps them.
struct Sides {
    /// Entries `(tile, key)`, forward then backward.
    open: [Vec<(Pos, i64)>; 2],
    /// Closed tiles, forward then backward.
    closed: [HashSet<Pos>; 2],
    start: Pos,
    goal: Pos,
    /// The heuristic times the cheapest terrain, for A*; `None` for Dijkstra.
    h: Option<(Heuristic, u32)>,
}

impl Sides {
    fn new(grid: &Grid, h: Option<(Heuristic, u32)>) -> Self {
        let mut sides = Sides {
            open: [Vec::new(), Vec::new()],
            closed: [HashSet::new(), HashSet::new()],
            start: grid.start(),
            goal: grid.goal(),
            h,
        };
        sides.open[0].push((grid.start(), sides.key(0, 0, grid.start())));
        sides.open[1].push((grid.goal(), sides.key(1, 0, grid.goal())));
        sides
    }

    /// The doubled potential `h_E − h_S` of `tile` (0 for Dijkstra).
    fn potential(&self, tile: Pos) -> i64 {
        self.h.map_or(0, |(h, scale)| {
            i64::from(h.estimate(tile, self.goal) * scale)
                - i64::from(h.estimate(tile, self.start) * scale)
        })
    }

    /// The key of `tile` reached with cost `g` on `side`: twice `g` plus the average
    /// potential (shifted so that a side's root has key 0).
    fn key(&self, side: usize, g: u32, tile: Pos) -> i64 {
        let p = self.potential(tile);
        2 * i64::from(g)
            + if side == 0 {
                p - self.potential(self.start)
            } else {
                self.potential(self.goal) - p
            }
    }

    fn least(&self, side: usize) -> Option<i64> {
        self.open[side].iter().map(|e| e.1).min()
    }

    /// The side the next pop takes: the smaller least key, forward on a tie.
    fn next(&self) -> usize {
        match (self.least(0), self.least(1)) {
            (Some(f), Some(b)) if b < f => 1,
            _ => 0,
        }
    }

    /// Each tile either side could pop, with its least live key.
    fn live(&self) -> HashMap<Pos, i64> {
        let mut out = HashMap::new();
        for side in 0..2 {
            for &(t, k) in &self.open[side] {
                if !self.closed[side].contains(&t) {
                    let least = out.entry(t).or_insert(k);
                    *least = (*least).min(k);
                }
            }
        }
        out
    }

    /// Take an entry of `tile` with the least key from the side popped next.
    fn take(&mut self, tile: Pos, name: &str) -> usize {
        let side = self.next();
        let least = self.least(side);
        let at = self.open[side]
            .iter()
            .position(|&(t, k)| t == tile && Some(k) == least);
        let at = at.unwrap_or_else(|| panic!("{name}: {tile} is not least on side {side}"));
        self.open[side].swap_remove(at);
        side
    }

    fn apply(&mut self, event: &SolveEvent, name: &str) {
        match *event {
            SolveEvent::Expand { tile, pushed, .. } => {
                let side = self.take(tile, name);
                self.closed[side].insert(tile);
                for p in pushed.as_slice() {
                    self.closed[side].remove(&p.tile);
                    let key = self.key(side, p.g, p.tile);
                    self.open[side].push((p.tile, key));
                }
            }
            SolveEvent::Skip { tile, .. } => {
                let side = self.take(tile, name);
                assert!(
                    self.closed[side].contains(&tile),
                    "{name}: skipped a live entry"
                );
            }
            _ => {}
        }
    }
}

fn check_sides(kind: SolverKind, grid: &Grid, options: &SolveOptions) {
    let mut solver = kind.build(grid, options);
    let h = (kind == SolverKind::BidirectionalAstar).then(|| (options.heuristic, grid.min_cost()));
    let mut model = Sides::new(grid, h);
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
                let live = model.live();
                let least = *live.values().min().expect("a frontier to ask about");
                let (all, accepted) = answers(q, &name);
                for at in &all {
                    let k = live
                        .get(at)
                        .unwrap_or_else(|| panic!("{name}: {at} not open"));
                    assert_eq!(accepted.contains(at), *k == least, "{name}: {at} key {k}");
                }
                let tied: Vec<&Pos> = live.iter().filter(|e| *e.1 == least).map(|e| e.0).collect();
                if tied.len() <= MAX_CHOICES {
                    assert!(
                        tied.iter().all(|t| all.contains(t)),
                        "{name}: a tie not offered"
                    );
                }
                let SolveEvent::Expand { tile, .. } = event else {
                    panic!("{name}: asked, but the step was {event:?}");
                };
                assert!(
                    accepted.contains(&tile),
                    "{name}: took {tile}, not accepted"
                );
            }
            None => assert!(
                !matches!(event, SolveEvent::Expand { .. }),
                "{name}: not asked, but the step expanded: {event:?}"
            ),
        }
        model.apply(&event, &name);
    }
    assert!(asked > 0, "{} asked nothing", kind.name());
}

/// IDA* as the test keeps it: the stack (each tile with its `g` and the neighbours it has
/// tried), the round's bound, and the least `g` the round entered each tile with.
struct Depth {
    stack: Vec<(Pos, u32, HashSet<Pos>)>,
    bound: u32,
    entered: HashMap<Pos, u32>,
    searching: bool,
}

impl Depth {
    /// The neighbours the top has still to try, each with whether IDA* would enter it.
    fn left(&self, grid: &Grid, options: &SolveOptions) -> HashMap<Pos, bool> {
        let Some((top, g, tried)) = self.stack.last() else {
            return HashMap::new();
        };
        let diagonal = options.moves != Moves::Four;
        let on_stack: HashSet<Pos> = self.stack.iter().map(|f| f.0).collect();
        let h = |t: Pos| options.heuristic.estimate(t, grid.goal()) * grid.min_cost();
        neighbours(grid, *top, diagonal)
            .into_iter()
            .filter(|(n, _)| !on_stack.contains(n) && !tried.contains(n))
            .map(|(n, cost)| {
                let g = g + cost;
                let new = self.entered.get(&n).is_none_or(|&seen| g < seen);
                (n, new && g + h(n) <= self.bound)
            })
            .collect()
    }

    fn apply(&mut self, grid: &Grid, event: &SolveEvent) {
        let tried = |s: &mut Self, tile| {
            if let Some(top) = s.stack.last_mut() {
                top.2.insert(tile);
            }
        };
        match *event {
            SolveEvent::Round { bound } => {
                self.bound = bound;
                self.stack = vec![(grid.start(), 0, HashSet::new())];
                self.entered = HashMap::from([(grid.start(), 0)]);
            }
            SolveEvent::Expand { tile, g, .. } => {
                tried(self, tile);
                self.stack.push((tile, g, HashSet::new()));
                self.entered.insert(tile, g);
            }
            SolveEvent::Prune { tile, .. } | SolveEvent::Skip { tile, .. } => tried(self, tile),
            SolveEvent::Backtrack { tile } => {
                assert_eq!(
                    self.stack.pop().map(|f| f.0),
                    Some(tile),
                    "IDA* backs up the top"
                );
            }
            SolveEvent::Goal { .. } | SolveEvent::NoPath | SolveEvent::GaveUp { .. } => {
                self.searching = false;
            }
            _ => {}
        }
    }
}

fn check_ida(grid: &Grid, options: &SolveOptions) {
    let mut solver = SolverKind::IdaStar.build(grid, options);
    let mut model = Depth {
        stack: Vec::new(),
        bound: 0,
        entered: HashMap::new(),
        searching: true,
    };
    let mut asked = 0;
    let mut step = 0;
    while step < 200_000 {
        let name = format!("IDA* step {step}");
        let left = model.left(grid, options);
        let at_goal = model.stack.last().is_some_and(|f| f.0 == grid.goal());
        let Some(q) = solver.question() else {
            let should = model.searching && !at_goal && left.values().any(|&a| a);
            assert!(
                !should,
                "{name}: not asked, but a neighbour is to be entered"
            );
            let Some(event) = solver.step(grid) else {
                break;
            };
            assert!(
                !matches!(event, SolveEvent::Expand { .. }),
                "{name}: {event:?}"
            );
            model.apply(grid, &event);
            step += 1;
            continue;
        };
        asked += 1;
        let (all, accepted) = answers(&q, &name);
        let want: HashSet<Pos> = left.keys().copied().collect();
        assert_eq!(all, want, "{name}: the choices are the neighbours left");
        let want: HashSet<Pos> = left.iter().filter(|e| *e.1).map(|e| *e.0).collect();
        assert_eq!(
            accepted, want,
            "{name}: the accepted ones are those entered"
        );
        for i in 0..q.steps {
            let event = solver.step(grid).expect("the answer's steps");
            let last = i + 1 == q.steps;
            match event {
                SolveEvent::Expand { tile, .. } if last => {
                    assert!(accepted.contains(&tile), "{name}: entered {tile}");
                }
                SolveEvent::Prune { tile, .. } | SolveEvent::Skip { tile, .. } if !last => {
                    assert!(all.contains(&tile) && !accepted.contains(&tile), "{name}");
                }
                other => panic!("{name}: step {i} of {} was {other:?}", q.steps),
            }
            model.apply(grid, &event);
            step += 1;
        }
    }
    assert!(asked > 0, "IDA* asked nothing");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn bidirectional_and_ida_star_accept_what_the_next_step_takes(
        width in 2u32..10, height in 2u32..8, loops in 0.0f64..1.0, seed in any::<u64>(),
        weighted in any::<bool>(), diagonal in any::<bool>(),
    ) {
        let grid = maze(width, height, loops, if weighted { 0.5 } else { 0.0 }, seed);
        let moves = if diagonal { Moves::Eight(Corners::Allow) } else { Moves::Four };
        for heuristic in [Heuristic::Manhattan, Heuristic::Octile] {
            let options = SolveOptions { heuristic, moves, seed, ..SolveOptions::default() };
            check_sides(SolverKind::BidirectionalDijkstra, &grid, &options);
            check_sides(SolverKind::BidirectionalAstar, &grid, &options);
            check_ida(&grid, &options);
        }
    }
}
