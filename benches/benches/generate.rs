//! Maze generation: ours (`GeneratorKind::generate`, the very step machines the TUI
//! single-steps) against `knossos` 1.2 (`OrthogonalMazeBuilder::build`, in process), per
//! algorithm and size, in the same run.
//!
//! Every benchmark id is `gen-<algorithm>/<ours|knossos>/<W>x<H>` with a cells throughput,
//! so criterion prints cells/s and `bench-report` can pair ours with the peer.
//!
//! Both sides allocate their maze inside the timed call and use a fixed seed, so every
//! iteration generates the same maze. Before timing, each of our mazes is checked once to
//! be a perfect maze (connected, no loops) and each knossos maze up to 200×200 to be valid.
//!
//! Knossos's Recursive Backtracker recurses once per cell, so the benchmarks run on a thread
//! with a large stack (reserved address space; only the touched pages become resident).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};

#[path = "common/gen_cases.rs"]
mod gen_cases;
use gen_cases::{Case, SEED, STACK_BYTES, cases, knossos_maze};

fn bench_case(c: &mut Criterion, case: &Case) {
    let mut group = c.benchmark_group(format!("gen-{}", case.id));
    // 3 s per benchmark: on this shared 2-core machine single medians wandered 30–50 %
    // between 1 s runs; longer runs average out more of the neighbours' bursts.
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(3))
        .sampling_mode(SamplingMode::Flat);
    for &(side, with_peer) in case.sizes {
        let size = format!("{side}x{side}");
        group.throughput(Throughput::Elements(u64::from(side) * u64::from(side)));

        // Checked once, inside the closure so that benchmarks filtered out cost nothing.
        let mut checked = false;
        group.bench_function(BenchmarkId::new("ours", &size), |b| {
            if !checked {
                let (maze, _) = case
                    .kind
                    .generate(side, side, SEED, &case.options)
                    .expect("benchmark sizes are valid");
                assert!(
                    maze.is_perfect(),
                    "ours/{} at {size} did not make a perfect maze",
                    case.id
                );
                checked = true;
            }
            b.iter(|| {
                case.kind
                    .generate(black_box(side), black_box(side), SEED, &case.options)
                    .expect("benchmark sizes are valid")
            });
        });

        if let (Some(peer), true) = (case.peer, with_peer) {
            // `is_valid` is quadratic (a linear `contains` per cell): check small mazes only.
            let mut checked = side > 200;
            group.bench_function(BenchmarkId::new("knossos", &size), |b| {
                if !checked {
                    assert!(
                        knossos_maze(peer, side).is_valid(),
                        "knossos/{} at {size} made an invalid maze",
                        case.id
                    );
                    checked = true;
                }
                b.iter(|| knossos_maze(peer, black_box(side)));
            });
        }
    }
    group.finish();
}

fn main() {
    std::thread::Builder::new()
        .name("bench".into())
        .stack_size(STACK_BYTES)
        .spawn(|| {
            let mut c = Criterion::default().configure_from_args();
            for case in cases() {
                bench_case(&mut c, &case);
            }
            c.final_summary();
        })
        .expect("spawn the benchmark thread")
        .join()
        .expect("benchmark thread panicked");
}
