use super::*;
use std::sync::Arc;

use crate::Mark;
use crate::generate::{GenOptions, Generation, GeneratorKind};
use crate::maze::Pos;
use crate::solve::{Search, SolveEvent, SolveOptions, Solver, SolverKind};
use crate::teach::{Inspection, Structure, Teach};

/// A machine that counts to `len`, carrying `ballast` bytes so checkpoints cost something.
#[derive(Clone, Debug, PartialEq)]
struct Counter {
    at: u64,
    len: u64,
    ballast: Vec<u8>,
}

impl Machine for Counter {
    type Event = u64;

    fn step(&mut self) -> Option<u64> {
        (self.at < self.len).then(|| {
            self.at += 1;
            self.at
        })
    }

    fn structure_len(&self) -> usize {
        usize::try_from(self.at % 7).unwrap_or(0)
    }

    fn heap_bytes(&self) -> usize {
        self.ballast.len()
    }

    fn milestone(&self, event: &u64) -> Option<Milestone> {
        (*event == 10).then_some(Milestone::DeadEnd)
    }
}

fn counter(len: u64, ballast: usize) -> Run<Counter> {
    Run::new(Counter {
        at: 0,
        len,
        ballast: vec![0; ballast],
    })
}

#[test]
fn stepping_counts_records_recent_events_and_milestones() {
    let mut run = counter(20, 0);
    assert_eq!(run.step_once(), Some(1));
    assert_eq!(run.last_event(), Some(1));
    assert_eq!(run.advance(100, || false), 19);
    assert_eq!(run.step(), 20);
    assert_eq!(run.step_once(), None);
    assert!(run.finished());
    assert_eq!(run.end(), Some(20));
    assert_eq!(run.milestones(), [(10, Milestone::DeadEnd)]);
    assert_eq!(run.recent().len(), 20);
    assert_eq!(run.counters().peak, 6);
}

#[test]
fn seeking_back_restores_exactly_what_stepping_forward_gave() {
    let mut run = counter(100_000, 0);
    run.advance(u64::MAX, || false);
    for target in [99_999, 50_000, 4_097, 300, 1, 0, 77_777] {
        assert_eq!(run.seek(target, || false), Seek::Arrived);
        assert_eq!(run.step(), target);
        assert_eq!(run.machine().at, target);
        let mut fresh = counter(100_000, 0);
        fresh.advance(target, || false);
        assert_eq!(run.counters(), fresh.counters(), "counters at {target}");
        assert!(run.recent().eq(fresh.recent()), "recent events at {target}");
        assert_eq!(run.last_event(), fresh.last_event());
    }
    // Milestones seen once stay: the timeline knows the future it has seen.
    assert_eq!(run.milestones(), [(10, Milestone::DeadEnd)]);
    assert_eq!(run.end(), Some(100_000));
}

#[test]
fn checkpoints_stay_within_the_budget_and_bound_every_replay() {
    // 1 MiB machines: the budget holds about 48, so the interval grows as the run does.
    let mut run = counter(3_000_000, 1 << 20);
    run.advance(u64::MAX, || false);
    let (held, bytes) = run.checkpoint_use();
    assert!(bytes <= HISTORY_BUDGET + (2 << 20), "{bytes} bytes");
    assert!(held >= 8, "{held} checkpoints");
    let interval = run.checkpoints.interval();
    assert!(interval <= 3_000_000 / 8, "interval {interval}");
    // Every step back replays at most one interval plus the recent events.
    let mut replayed = 0;
    run.seek(2_999_999, || {
        replayed += CHUNK;
        false
    });
    assert!(
        replayed <= interval + RECENT as u64 + CHUNK,
        "{replayed} > {interval}"
    );
}

#[test]
fn a_seek_out_of_time_goes_on_where_it_stopped() {
    let mut run = counter(50_000, 0);
    let mut looks = 0;
    assert_eq!(
        run.seek(40_000, || {
            looks += 1;
            looks >= 3
        }),
        Seek::Pending
    );
    assert_eq!(run.step(), 3 * CHUNK);
    assert_eq!(run.seek(40_000, || false), Seek::Arrived);
    assert_eq!(run.step(), 40_000);
    // Past the end: stops at the end.
    assert_eq!(run.seek(u64::MAX, || false), Seek::Arrived);
    assert_eq!(run.step(), 50_000);
    assert!(run.finished());
}

#[test]
fn a_generation_rewound_anywhere_is_the_same_maze_as_stepping_there() {
    for kind in GeneratorKind::ALL.iter().copied() {
        let make = || Generation::new(kind, 31, 17, 5, &GenOptions::default(), 0.0).expect("size");
        let mut run = Run::new(make());
        run.advance(u64::MAX, || false);
        let end = run.step();
        for target in [end / 3, end - 1, 1, end / 2] {
            run.seek(target, || false);
            let mut fresh = Run::new(make());
            fresh.advance(target, || false);
            assert_eq!(
                run.machine().maze(),
                fresh.machine().maze(),
                "{kind:?} at {target}"
            );
            assert_eq!(run.last_event(), fresh.last_event(), "{kind:?} at {target}");
        }
    }
}

/// All a student can see of a search at its step: its step and last event, the live
/// structure in full, the path, and every tile's mark and inspection.
#[derive(Debug, PartialEq)]
struct Seen {
    step: u64,
    last: Option<SolveEvent>,
    structure: Structure,
    path: Option<Vec<Pos>>,
    tiles: Vec<(Mark, Inspection)>,
}

fn seen(run: &Run<Search>) -> Seen {
    let search = run.machine();
    let solver = search.solver();
    let grid = search.grid();
    Seen {
        step: run.step(),
        last: run.last_event(),
        structure: solver.structure(usize::MAX),
        path: solver.path().map(<[Pos]>::to_vec),
        tiles: (0..grid.rows())
            .flat_map(|row| (0..grid.cols()).map(move |col| Pos::new(row, col)))
            .map(|p| (solver.mark(p), solver.inspect(p)))
            .collect(),
    }
}

/// Assert `a` and `b` are the same, naming the first tile that differs (not printing all).
fn assert_same(a: &Seen, b: &Seen, what: &str) {
    let tile = a.tiles.iter().zip(&b.tiles).position(|(x, y)| x != y);
    assert_eq!(tile, None, "{what}: tile {tile:?} differs");
    assert_eq!(
        (a.step, &a.last, &a.structure, &a.path),
        (b.step, &b.last, &b.structure, &b.path),
        "{what}"
    );
    assert_eq!(a, b, "{what}");
}

#[test]
fn lpa_star_and_d_star_lite_back_then_forward_are_the_identity() {
    // 200×120 cells: runs of over two checkpoint intervals, so steps back restore
    // checkpoints past step 0 (their per-tile pages shared with the live search) and replay.
    let generation = Generation::new(
        GeneratorKind::RecursiveBacktracker,
        200,
        120,
        7,
        &GenOptions::default(),
        0.1,
    )
    .expect("size");
    let mut maze = Run::new(generation);
    maze.advance(u64::MAX, || false);
    let grid = Arc::new(maze.machine().maze().to_grid());
    for kind in [SolverKind::LpaStar, SolverKind::DStarLite] {
        let search = || Search::new(kind, Arc::clone(&grid), SolveOptions::default());
        let mut run = Run::new(search());
        run.advance(u64::MAX, || false);
        let end = run.step();
        let interval = checkpoints::FIRST_INTERVAL;
        assert!(
            end > 2 * interval && run.checkpoint_use().0 > 2,
            "{kind:?}: {end} steps"
        );
        for target in [
            end,
            end - 1,
            interval + 1,
            interval,
            2 * interval + 300,
            1,
            end / 2,
        ] {
            run.seek(target, || false);
            let here = seen(&run);
            run.seek(target - 1, || false);
            run.seek(target, || false);
            assert_same(
                &seen(&run),
                &here,
                &format!("{kind:?}: back from {target}, forward"),
            );
            let mut fresh = Run::new(search());
            fresh.advance(target, || false);
            assert_same(&seen(&fresh), &here, &format!("{kind:?}: {target} afresh"));
        }
    }
}
