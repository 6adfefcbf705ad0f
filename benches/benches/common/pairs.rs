//! Paired timing shared by the `paired` and `solve-paired` benchmarks: ours and the peer
//! run **alternately, one run each in turn** (which one goes first alternates), each run
//! timed in CPU time of the benchmark thread, and the speed-up taken per pair.
//!
//! On a shared machine other work comes in bursts that slow every run inside them; CPU
//! time leaves out the time the thread waits for a core, and a pair's two runs see the
//! same caches and memory traffic. The table gives both sides' medians and minimums, the
//! median of the per-pair speed-ups, and the ratio of the minimums.

use std::hint::black_box;
use std::time::{Duration, Instant};

use cpu_time::ThreadTime;
use maze_tui::solve::{Heuristic, SolveOptions};

use crate::solve_cases;

/// Wall time spent per comparison, beyond the minimum number of pairs.
const BUDGET: Duration = Duration::from_secs(4);
const MIN_PAIRS: usize = 5;
const MAX_PAIRS: usize = 60;

/// CPU milliseconds (of this thread) taken by one call of `f`.
fn time_ms(f: &mut impl FnMut()) -> f64 {
    let start = ThreadTime::now();
    f();
    start.elapsed().as_secs_f64() * 1e3
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn minimum(values: &[f64]) -> f64 {
    values.iter().copied().fold(f64::INFINITY, f64::min)
}

/// Print the table's header.
pub fn header() {
    println!(
        "| comparison | peer | pairs | ours (median) | ours (min) | peer (median) | peer (min) \
         | speed-up (median of pairs) | speed-up (minimums) |"
    );
    println!("|---|---|--:|--:|--:|--:|--:|--:|--:|");
}

/// Run `ours` and `peer` alternately (after one warm-up run each) and print a table row.
pub fn compare(name: &str, peer_name: &str, mut ours: impl FnMut(), mut peer: impl FnMut()) {
    ours();
    peer();
    let (mut ours_ms, mut peer_ms, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let start = Instant::now();
    while ours_ms.len() < MIN_PAIRS || (start.elapsed() < BUDGET && ours_ms.len() < MAX_PAIRS) {
        let (o, p) = if ours_ms.len() % 2 == 0 {
            let o = time_ms(&mut ours);
            (o, time_ms(&mut peer))
        } else {
            let p = time_ms(&mut peer);
            (time_ms(&mut ours), p)
        };
        ours_ms.push(o);
        peer_ms.push(p);
        ratios.push(p / o);
    }
    let pairs = ratios.len();
    println!(
        "| {name} | {peer_name} | {pairs} | {:.2} ms | {:.2} ms | {:.2} ms | {:.2} ms | {:.1}× | {:.1}× |",
        median(&mut ours_ms.clone()),
        minimum(&ours_ms),
        median(&mut peer_ms.clone()),
        minimum(&peer_ms),
        median(&mut ratios),
        minimum(&peer_ms) / minimum(&ours_ms),
    );
}

/// The solving rows: BFS, Dijkstra and A* on the perfect and the braided 2001×2001-tile
/// grids, ours (`SolverKind::solve`) against `pathfinding`, whose rows `wanted` keeps.
pub fn solve_rows(wanted: &dyn Fn(&str) -> bool) {
    let options = SolveOptions {
        heuristic: Heuristic::Manhattan,
        seed: solve_cases::SEED,
        ..SolveOptions::default()
    };
    for (grid_name, grid) in solve_cases::grids() {
        let peer_grid = solve_cases::PeerGrid::new(&grid);
        for (kind, id, peer_solve) in solve_cases::SOLVERS {
            let name = format!("solve-{grid_name} {id}");
            if !wanted(&name) {
                continue;
            }
            let (ours, theirs) = (kind.solve(&grid, &options), peer_solve(&peer_grid));
            assert_eq!(Some(ours.cost), theirs, "{name}: the two disagree on the cost");
            compare(
                &name,
                "pathfinding",
                || {
                    black_box(kind.solve(black_box(&grid), &options));
                },
                || {
                    black_box(peer_solve(black_box(&peer_grid)));
                },
            );
        }
    }
}
