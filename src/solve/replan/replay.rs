//! [`replay`]: a list of edits played against one solver, as `maze-tui replan` and
//! `compare --edits` report it: after each edit, the path's cost and the tiles the solver
//! expanded to answer (a repair for LPA* and D* Lite, a search from scratch for the rest).

use std::collections::HashSet;

use crate::maze::Grid;
use crate::solve::replan::{Edit, EditError, Repair};
use crate::solve::{AnySolver, Flat, SolveEvent, SolveOptions, Solver, SolverKind, path_cost};

/// Step `solver` to its end on `grid`; returns the distinct tiles its `Settle` and `Raise`
/// events expanded, and how many such events there were (0 for other solvers).
fn run_counting(solver: &mut AnySolver<Flat>, grid: &Grid) -> (u64, u64) {
    let mut tiles = HashSet::new();
    let mut pops = 0;
    while let Some(event) = solver.step(grid) {
        if let SolveEvent::Settle { tile, .. } | SolveEvent::Raise { tile, .. } = event {
            tiles.insert(tile);
            pops += 1;
        }
    }
    (tiles.len() as u64, pops)
}

/// What one solver answered after one edit (or after the first search).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Answer {
    /// The edit file's line (from 1); `None` for the first search.
    pub line: Option<usize>,
    /// The edit as the file writes it; `None` for the first search.
    pub edit: Option<String>,
    /// The path's cost (10 per orthogonal move, 14 per diagonal one, times the terrain
    /// entered); `None` when there is no path.
    pub cost: Option<u32>,
    /// The path's moves; `None` when there is no path.
    pub length: Option<u32>,
    /// Tiles expanded to answer: by the repair (LPA*, D* Lite; a tile raised and then
    /// lowered again counts once) or by the search from scratch.
    pub expanded: u64,
    /// Expansions (pops of `U` that raised or lowered a `g`; a tile may count twice) for
    /// LPA* and D* Lite; the same as `expanded` for the others.
    pub expansions: u64,
    /// `search` (the first one), `repair` (incremental), `restart` (the edit moved the
    /// root of an incremental search) or `scratch` (a solver that cannot repair).
    pub how: &'static str,
}

/// Check that every edit applies, in order, to `grid` (without running anything).
///
/// # Errors
/// The first edit that does not apply, as `line N: why`.
pub fn check(grid: &Grid, edits: &[(usize, Edit)]) -> Result<(), EditError> {
    let mut grid = grid.clone();
    for &(line, edit) in edits {
        edit.apply(&mut grid)
            .map_err(|EditError(why)| EditError(format!("line {line}: {why}")))?;
    }
    Ok(())
}

/// Solve `grid` with `kind`, then apply each edit and answer again; the first answer is
/// the first search. Edits that do not apply are skipped (see [`check`]). Time: the first
/// search plus, per edit, a repair or a search from scratch.
#[must_use]
pub fn replay(
    kind: SolverKind,
    mut grid: Grid,
    edits: &[(usize, Edit)],
    options: &SolveOptions,
) -> Vec<Answer> {
    let mut solver = kind.build_in::<Flat>(&grid, options);
    let answer = |solver: &mut AnySolver<Flat>, grid: &Grid, before: u64| {
        let (tiles, pops) = run_counting(solver, grid);
        let visited = u64::try_from(solver.visited()).unwrap_or(u64::MAX);
        let found = solver.path().map(|p| (path_cost(grid, p), p.len()));
        #[allow(clippy::cast_possible_truncation)] // a path is shorter than the tile count
        Answer {
            line: None,
            edit: None,
            cost: found.map(|(c, _)| c),
            length: found.map(|(_, n)| n.saturating_sub(1) as u32),
            // A repair may expand a tile twice (raised, then lowered): tiles count once.
            expanded: if pops > 0 {
                tiles
            } else {
                visited.saturating_sub(before)
            },
            expansions: if pops > 0 {
                pops
            } else {
                visited.saturating_sub(before)
            },
            how: "search",
        }
    };
    let mut answers = vec![answer(&mut solver, &grid, 0)];
    for &(line, edit) in edits {
        let Ok(changed) = edit.apply(&mut grid) else {
            continue;
        };
        let before = u64::try_from(solver.visited()).unwrap_or(u64::MAX);
        let (how, before) = match solver.replan(&grid, &changed) {
            Some(Repair::Incremental) => ("repair", before),
            Some(Repair::Restarted) => ("restart", before),
            None => {
                solver = kind.build_in::<Flat>(&grid, options);
                ("scratch", 0)
            }
        };
        answers.push(Answer {
            line: Some(line),
            edit: Some(edit.to_string()),
            how,
            ..answer(&mut solver, &grid, before)
        });
    }
    answers
}

/// The answers as a table: one row per answer, the first search first.
#[must_use]
pub fn table(kind: SolverKind, answers: &[Answer]) -> String {
    use std::fmt::Write;
    let mut out = format!(
        "{:<6} {:<14} {:>8} {:>7} {:>9}  {}\n",
        "line",
        "edit",
        "cost",
        "moves",
        "expanded",
        kind.title()
    );
    for a in answers {
        let line = a.line.map_or_else(|| "-".to_owned(), |l| l.to_string());
        let edit = a.edit.as_deref().unwrap_or("(first search)");
        let cost = a
            .cost
            .map_or_else(|| "no path".to_owned(), |c| c.to_string());
        let moves = a.length.map_or_else(|| "-".to_owned(), |l| l.to_string());
        let _ = writeln!(
            out,
            "{line:<6} {edit:<14} {cost:>8} {moves:>7} {:>9}  {}",
            a.expanded, a.how
        );
    }
    out
}
