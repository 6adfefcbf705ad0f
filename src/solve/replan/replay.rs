//! [`replay`]: a list of edits played against one solver, as `maze-tui replan` and
//! `compare --edits` report it: after each edit, the path's cost and the tiles the solver
//! expanded to answer (a repair for LPA* and D* Lite, a search from scratch for the rest).

use crate::maze::Grid;
use crate::solve::replan::{Edit, EditError, Repair};
use crate::solve::{Flat, SolveOptions, Solver, SolverKind};

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
    /// Tiles expanded to answer: the repair's vertex expansions (LPA*, D* Lite) or the
    /// tiles a search from scratch expanded.
    pub expanded: u64,
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
    let answer = |solver: &mut crate::solve::AnySolver<Flat>, grid: &Grid, before: u64| {
        let solution = solver.run(grid);
        let found = solution.path.is_some();
        let visited = u64::try_from(solver.visited()).unwrap_or(u64::MAX);
        Answer {
            line: None,
            edit: None,
            cost: found.then_some(solution.cost),
            length: found.then_some(solution.length),
            expanded: visited.saturating_sub(before),
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
