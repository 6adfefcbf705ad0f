//! Paired comparison: ours and the peer timed **alternately, one run each in turn**, and the
//! speed-up taken per pair, so that both sides of a pair ran under the same conditions.
//!
//! On a shared machine, other work comes in bursts of seconds that slow every run inside
//! them by 30–50 %; criterion times each side in its own 3-second window, so one side can
//! land in a burst and the other not. Here every pair is two adjacent runs (which one goes
//! first alternates), and the table gives the median of the per-pair speed-ups, with both
//! sides' medians and minimums. Generation at 1000×1000 cells against knossos 1.2, solving
//! the 1000×1000-cell grids against `pathfinding` (the same cases as the criterion
//! benchmarks, `common/`).
//!
//! Run: `cargo bench --manifest-path benches/Cargo.toml --bench paired [-- FILTER]`
//! (FILTER: a substring of the row names, e.g. `sidewinder`). Prints a Markdown table.
//! Each comparison runs for about 4 s (at least 5 pairs, at most 60).

use std::hint::black_box;
use std::time::{Duration, Instant};

use maze_tui::solve::{Heuristic, SolveOptions};

#[path = "common/gen_cases.rs"]
mod gen_cases;
#[path = "common/solve_cases.rs"]
mod solve_cases;

/// Time spent per comparison, beyond the minimum number of pairs.
const BUDGET: Duration = Duration::from_secs(4);
const MIN_PAIRS: usize = 5;
const MAX_PAIRS: usize = 60;
/// The generation size compared, in cells per side.
const SIDE: u32 = 1000;

/// Milliseconds taken by one call of `f`.
fn time_ms(f: &mut impl FnMut()) -> f64 {
    let start = Instant::now();
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

/// Run `ours` and `peer` alternately (after one warm-up run each) and print a table row.
fn compare(name: &str, peer_name: &str, mut ours: impl FnMut(), mut peer: impl FnMut()) {
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

fn main() {
    // `cargo bench` passes `--bench`; anything else is a filter on the row names.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let wanted = move |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    println!(
        "| comparison | peer | pairs | ours (median) | ours (min) | peer (median) | peer (min) \
         | speed-up (median of pairs) | speed-up (minimums) |"
    );
    println!("|---|---|--:|--:|--:|--:|--:|--:|--:|");
    // Knossos's Recursive Backtracker recurses once per cell: run on a large stack.
    std::thread::Builder::new()
        .stack_size(gen_cases::STACK_BYTES)
        .spawn(move || {
            for case in gen_cases::cases() {
                let name = format!("gen-{} {SIDE}x{SIDE}", case.id);
                let Some(peer) = case.peer.filter(|_| wanted(&name)) else {
                    continue;
                };
                if !case.sizes.contains(&(SIDE, true)) {
                    continue;
                }
                compare(
                    &name,
                    "knossos",
                    || {
                        black_box(
                            case.kind
                                .generate(black_box(SIDE), SIDE, gen_cases::SEED, &case.options)
                                .expect("a valid size"),
                        );
                    },
                    || {
                        black_box(gen_cases::knossos_maze(peer, black_box(SIDE)));
                    },
                );
            }
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
        })
        .expect("spawn the benchmark thread")
        .join()
        .expect("benchmark thread panicked");
}
