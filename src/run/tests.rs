use super::*;
use crate::generate::{GenOptions, Generation, GeneratorKind};

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
