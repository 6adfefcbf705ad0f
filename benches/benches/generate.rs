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
use knossos::maze::{
    AldousBroder, Algorithm, Bias, BinaryTree, Eller, GrowingTree, HuntAndKill, Kruskal, Method,
    OrthogonalMazeBuilder, Prim, RecursiveBacktracking, RecursiveDivision, Sidewinder,
};
use maze_tui::generate::{CellChoice, GenOptions, GeneratorKind};

/// The seed of every generated maze.
const SEED: u64 = 20_240_501;

/// Stack for the benchmark thread: knossos's recursive backtracker at 1000×1000 cells
/// recurses up to about a million frames deep.
const STACK_BYTES: usize = 2 << 30;

/// A knossos algorithm factory (the builder consumes a boxed algorithm per maze).
type Peer = fn() -> Box<dyn Algorithm>;

/// One row of the comparison: our generator (kind + options) and, if knossos has the same
/// algorithm, its factory; `sizes` are square side lengths in cells, with whether the peer
/// runs at that size (knossos's Kruskal is quadratic).
struct Case {
    id: &'static str,
    kind: GeneratorKind,
    options: GenOptions,
    peer: Option<Peer>,
    sizes: &'static [(u32, bool)],
}

const BOTH: &[(u32, bool)] = &[(100, true), (1000, true)];
const OURS_ONLY: &[(u32, bool)] = &[(100, false), (1000, false)];
/// Knossos's Kruskal merges sets by walking the whole arena: 43 s at 500×500 cells.
const KRUSKAL: &[(u32, bool)] = &[(100, true), (200, true), (1000, false)];

fn opts(cell_choice: CellChoice) -> GenOptions {
    GenOptions { cell_choice }
}

fn cases() -> Vec<Case> {
    let default = GenOptions::default();
    vec![
        Case {
            id: "binary-tree",
            kind: GeneratorKind::BinaryTree,
            options: default,
            // Ours carves south or east: corridors along the south and east sides.
            peer: Some(|| Box::new(BinaryTree::new(Bias::SouthEast))),
            sizes: BOTH,
        },
        Case {
            id: "sidewinder",
            kind: GeneratorKind::Sidewinder,
            options: default,
            peer: Some(|| Box::new(Sidewinder)),
            sizes: BOTH,
        },
        Case {
            id: "recursive-division",
            kind: GeneratorKind::RecursiveDivision,
            options: default,
            peer: Some(|| Box::new(RecursiveDivision)),
            sizes: BOTH,
        },
        Case {
            id: "recursive-backtracker",
            kind: GeneratorKind::RecursiveBacktracker,
            options: default,
            peer: Some(|| Box::new(RecursiveBacktracking)),
            sizes: BOTH,
        },
        Case {
            id: "growing-tree-newest",
            kind: GeneratorKind::GrowingTree,
            options: opts(CellChoice::Newest),
            peer: Some(|| Box::new(GrowingTree::new(Method::Newest))),
            sizes: BOTH,
        },
        Case {
            id: "growing-tree-random",
            kind: GeneratorKind::GrowingTree,
            options: opts(CellChoice::Random),
            peer: Some(|| Box::new(GrowingTree::new(Method::Random))),
            sizes: BOTH,
        },
        Case {
            id: "hunt-and-kill",
            kind: GeneratorKind::HuntAndKill,
            options: default,
            peer: Some(|| Box::new(HuntAndKill::new())),
            sizes: BOTH,
        },
        Case {
            id: "eller",
            kind: GeneratorKind::Eller,
            options: default,
            peer: Some(|| Box::new(Eller)),
            sizes: BOTH,
        },
        Case {
            // Knossos's "Prim" grows from a random frontier cell (no weights); ours is the
            // weighted (true) Prim. Both rows are shown: simplified-prim below is the closer
            // algorithm.
            id: "prim",
            kind: GeneratorKind::Prim,
            options: default,
            peer: Some(|| Box::new(Prim::new())),
            sizes: BOTH,
        },
        Case {
            id: "simplified-prim",
            kind: GeneratorKind::SimplifiedPrim,
            options: default,
            peer: Some(|| Box::new(Prim::new())),
            sizes: BOTH,
        },
        Case {
            id: "aldous-broder",
            kind: GeneratorKind::AldousBroder,
            options: default,
            peer: Some(|| Box::new(AldousBroder)),
            sizes: BOTH,
        },
        Case {
            id: "kruskal",
            kind: GeneratorKind::Kruskal,
            options: default,
            peer: Some(|| Box::new(Kruskal)),
            sizes: KRUSKAL,
        },
        Case {
            id: "wilson",
            kind: GeneratorKind::Wilson,
            options: default,
            peer: None,
            sizes: OURS_ONLY,
        },
        Case {
            id: "growing-tree-oldest",
            kind: GeneratorKind::GrowingTree,
            options: opts(CellChoice::Oldest),
            peer: None,
            sizes: OURS_ONLY,
        },
        Case {
            id: "growing-tree-mix",
            kind: GeneratorKind::GrowingTree,
            options: opts(CellChoice::Mix(0.5)),
            peer: None,
            sizes: OURS_ONLY,
        },
    ]
}

fn knossos_maze(peer: Peer, side: u32) -> knossos::maze::OrthogonalMaze {
    OrthogonalMazeBuilder::new()
        .width(side as usize)
        .height(side as usize)
        .algorithm(peer())
        .seed(Some(SEED))
        .build()
}

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
