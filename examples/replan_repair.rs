//! How much an incremental search saves: on random braided 50×50-cell mazes, a wall is
//! put on a random tile of the current path (start and goal excluded), and the tiles LPA*
//! and D* Lite expand to repair their search are compared with the tiles A* expands
//! searching the edited maze from scratch. Costs are checked equal on the way.
//!
//! `cargo run --release --features examples --example replan_repair [CASES] [BRAID]` (defaults 300 and 0.5:
//! half the dead ends removed).

use maze_tui::generate::{GenOptions, GeneratorKind, braid::braid};
use maze_tui::solve::replan::Edit;
use maze_tui::solve::replan::replay::replay;
use maze_tui::solve::{SolveOptions, SolverKind};
use rand::{Rng, SeedableRng};

fn main() {
    let mut args = std::env::args().skip(1);
    let cases: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let p: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(0.5);
    let options = SolveOptions::default();
    let kinds = [SolverKind::DStarLite, SolverKind::LpaStar];
    let mut fewer = [0_u64; 2];
    let mut total = [0_u64; 2];
    let mut scratch_total = 0_u64;
    let mut ratios: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut pops_fewer = [0_u64; 2];
    let mut pops_total = [0_u64; 2];
    for seed in 0..cases {
        let (mut maze, _) = GeneratorKind::RecursiveBacktracker
            .generate(50, 50, seed, &GenOptions::default())
            .expect("size");
        braid(&mut maze, p, seed);
        let grid = maze.to_grid();
        let path = SolverKind::Astar
            .solve(&grid, &options)
            .path
            .expect("a perfect maze, braided, is connected");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let tile = path[rng.random_range(1..path.len() - 1)];
        let edits = [(1, Edit::Wall(tile))];
        let scratch = replay(SolverKind::Astar, grid.clone(), &edits, &options);
        let want = scratch[1].cost;
        let astar = scratch[1].expanded;
        scratch_total += astar;
        for (k, &kind) in kinds.iter().enumerate() {
            let answers = replay(kind, grid.clone(), &edits, &options);
            assert_eq!(answers[1].cost, want, "{} seed {seed}", kind.name());
            let repair = answers[1].expanded;
            total[k] += repair;
            if repair < astar {
                fewer[k] += 1;
            }
            pops_total[k] += answers[1].expansions;
            if answers[1].expansions < astar {
                pops_fewer[k] += 1;
            }
            #[allow(clippy::cast_precision_loss)]
            ratios[k].push(repair as f64 / astar.max(1) as f64);
        }
    }
    println!(
        "{cases} braided 50×50-cell mazes (braid {p}), one wall on a random tile of the path; A* from scratch expands {:.0} tiles on average",
        scratch_total as f64 / cases as f64
    );
    for (k, kind) in kinds.iter().enumerate() {
        ratios[k].sort_by(f64::total_cmp);
        let median = ratios[k][ratios[k].len() / 2];
        println!(
            "{:<12} repair expands fewer tiles than A* from scratch in {:5.1} % of cases; mean {:6.1} tiles, median ratio {:.2}",
            kind.title(),
            100.0 * fewer[k] as f64 / cases as f64,
            total[k] as f64 / cases as f64,
            median
        );
        println!(
            "{:<12} counting expansions (a tile raised then lowered twice): fewer in {:5.1} % of cases; mean {:6.1}",
            "",
            100.0 * pops_fewer[k] as f64 / cases as f64,
            pops_total[k] as f64 / cases as f64,
        );
    }
}
