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
//! Each comparison runs for about 4 s (at least 5 pairs, at most 60), timed in CPU time
//! (`common/pairs.rs`).

use std::hint::black_box;

#[path = "common/gen_cases.rs"]
mod gen_cases;
#[path = "common/pairs.rs"]
mod pairs;
#[path = "common/solve_cases.rs"]
mod solve_cases;

use pairs::compare;

/// The generation size compared, in cells per side.
const SIDE: u32 = 1000;

fn main() {
    // `cargo bench` passes `--bench`; anything else is a filter on the row names.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let wanted = move |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    pairs::header();
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
            pairs::solve_rows(&wanted);
        })
        .expect("spawn the benchmark thread")
        .join()
        .expect("benchmark thread panicked");
}
