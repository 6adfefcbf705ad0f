//! Comparing solvers on one grid: the headless form of the race's table.
//!
//! Each solver runs to its end on the same grid; its steps, tiles expanded, the peak size
//! of its structure, and its path are set against the cheapest cost, worked out once by
//! the [`yardstick`] (Dijkstra's algorithm, which honours terrain costs).

use std::fmt::Write as _;
use std::sync::Arc;

use serde::Serialize;

use crate::maze::Grid;
use crate::solve::{Moves, Outcome, Search, SolveOptions, SolverKind, path_cost};

/// One solver's result on the grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// The solver's name (`astar`, …).
    pub solver: &'static str,
    /// Steps to its end (pops, moves, fills and the path traced back, one tile a step).
    pub steps: u64,
    /// Tiles expanded (closed or visited).
    pub expanded: usize,
    /// Largest size of its structure (queue, stack, open set).
    pub peak_frontier: usize,
    /// Moves of the path found (`None`: no path, or the solver gave up).
    pub path_length: Option<usize>,
    /// The path's cost (10 a straight move, 14 a diagonal, times the terrain cost).
    pub cost: Option<u32>,
    /// Whether the path is a cheapest one (`None` without a path).
    pub optimal: Option<bool>,
    /// Why the solver stopped without an answer (`None`: it found a path or proved there
    /// is none): `refused: terrain`, `gave up: back at its start`, ….
    pub gave_up: Option<&'static str>,
}

impl Comparison {
    /// Where the row goes in a table: paths first, then proofs that there is none, then
    /// refusals and give-ups (which prove nothing); fewest steps first within each.
    #[must_use]
    pub fn rank(&self) -> (u8, u64) {
        let class = match (self.path_length, self.gave_up) {
            (Some(_), _) => 0,
            (None, None) => 1,
            (None, Some(_)) => 2,
        };
        (class, self.steps)
    }
}

/// Run each of `kinds` on `grid` to its end with `options` and compare them with the
/// cheapest cost. Time: the sum of the solvers' runs plus one Dijkstra search.
#[must_use]
pub fn compare(grid: &Arc<Grid>, kinds: &[SolverKind], options: SolveOptions) -> Vec<Comparison> {
    let cheapest = cheapest_cost(grid, options.moves);
    kinds
        .iter()
        .map(|&kind| {
            let solution = kind.solve(grid, &options);
            let path = solution.path.as_deref();
            let cost = path.map(|p| path_cost(grid, p));
            Comparison {
                solver: kind.name(),
                steps: solution.steps,
                expanded: solution.visited,
                peak_frontier: solution.frontier_peak,
                path_length: path.map(|p| p.len().saturating_sub(1)),
                cost,
                optimal: cost.map(|c| Some(c) <= cheapest),
                gave_up: match solution.outcome {
                    Outcome::GaveUp(why) => Some(why.short()),
                    Outcome::Found | Outcome::NoPath => None,
                },
            }
        })
        .collect()
}

/// The cheapest path cost from start to goal (`None`: the goal cannot be reached): the
/// [`yardstick`]'s search run to its end.
fn cheapest_cost(grid: &Grid, moves: Moves) -> Option<u32> {
    let options = SolveOptions {
        moves,
        ..SolveOptions::default()
    };
    let path = SolverKind::Dijkstra.solve(grid, &options).path?;
    Some(path_cost(grid, &path))
}

/// The search every path is measured against: Dijkstra's algorithm under `moves`, whose path
/// is a cheapest one, terrain included. The explorer runs it in slices between frames; a
/// comparison runs it to its end.
#[must_use]
pub fn yardstick(grid: &Arc<Grid>, moves: Moves) -> Search {
    let options = SolveOptions {
        moves,
        ..SolveOptions::default()
    };
    Search::new(SolverKind::Dijkstra, Arc::clone(grid), options)
}

/// The comparison as a text table, ranked by [`Comparison::rank`]; a solver that gave up
/// says why in its last column.
#[must_use]
pub fn table(rows: &[Comparison]) -> String {
    let mut sorted: Vec<&Comparison> = rows.iter().collect();
    sorted.sort_by_key(|r| r.rank());
    let mut out = format!(
        "{:<22} {:>9} {:>9} {:>6} {:>6} {:>7}  {}\n",
        "solver", "steps", "expanded", "peak", "moves", "cost", "optimal"
    );
    let dash = || "-".to_owned();
    for r in sorted {
        let optimal = match (r.optimal, r.gave_up) {
            (Some(true), _) => "yes",
            (Some(false), _) => "no",
            (None, Some(why)) => why,
            (None, None) => "no path",
        };
        let _ = writeln!(
            out,
            "{:<22} {:>9} {:>9} {:>6} {:>6} {:>7}  {optimal}",
            r.solver,
            r.steps,
            r.expanded,
            r.peak_frontier,
            r.path_length.map_or_else(dash, |l| l.to_string()),
            r.cost.map_or_else(dash, |c| c.to_string()),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::GeneratorKind;

    fn grid() -> Arc<Grid> {
        let (maze, _) = GeneratorKind::Kruskal
            .generate(15, 9, 4, &Default::default())
            .expect("valid size");
        Arc::new(maze.to_grid())
    }

    #[test]
    fn optimal_solvers_match_the_cheapest_cost_and_others_never_beat_it() {
        let grid = grid();
        let rows = compare(&grid, SolverKind::ALL, SolveOptions::default());
        let best = cheapest_cost(&grid, Moves::Four).expect("a path");
        assert_eq!(rows.len(), SolverKind::ALL.len());
        for r in &rows {
            if let Some(cost) = r.cost {
                assert!(cost >= best, "{} beat the cheapest", r.solver);
                assert_eq!(r.optimal, Some(cost == best));
            }
            if r.solver == "astar" || r.solver == "bfs" {
                assert_eq!(r.optimal, Some(true), "{} is optimal here", r.solver);
            }
            assert!(
                r.steps >= r.expanded as u64,
                "{}: a step per expansion",
                r.solver
            );
        }
    }

    #[test]
    fn a_refusal_ranks_last_with_its_reason() {
        let mut terrain = (*grid()).clone();
        let open = (0..terrain.rows())
            .flat_map(|r| (0..terrain.cols()).map(move |c| crate::maze::Pos::new(r, c)))
            .find(|&p| terrain.is_open(p) && p != terrain.start() && p != terrain.goal())
            .expect("an open tile");
        assert!(terrain.set_terrain(open, Some(5)));
        let rows = compare(
            &Arc::new(terrain),
            &[
                SolverKind::JumpPointSearch,
                SolverKind::Dfs,
                SolverKind::Astar,
            ],
            SolveOptions::default(),
        );
        let jps = rows.iter().find(|r| r.solver == "jump-point-search");
        assert_eq!(jps.and_then(|r| r.gave_up), Some("refused: terrain"));
        let text = table(&rows);
        let last = text.lines().last().expect("rows");
        assert!(last.starts_with("jump-point-search"), "{text}");
        assert!(last.ends_with("refused: terrain"), "{text}");
    }

    #[test]
    fn table_lists_every_solver_fewest_steps_first() {
        let rows = compare(
            &grid(),
            &[SolverKind::Astar, SolverKind::Dfs],
            SolveOptions::default(),
        );
        let text = table(&rows);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        let steps = |line: &str| -> u64 {
            line.split_whitespace()
                .nth(1)
                .and_then(|s| s.parse().ok())
                .expect("steps")
        };
        assert!(steps(lines[1]) <= steps(lines[2]));
    }
}
