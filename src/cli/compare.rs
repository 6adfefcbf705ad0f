//! `maze-tui compare`: every solver asked for, run to its end on one maze, as a table.

#[allow(clippy::wildcard_imports)]
use super::*;

/// `maze-tui compare`: every solver asked for (all by default) run to its end on `grid`,
/// as a table (fewest steps first) or a JSON array of objects with `solver`, `steps`,
/// `expanded`, `peak_frontier`, `path_length`, `cost` and `optimal` (against the cheapest
/// cost, worked out by Dijkstra). Time: the sum of the solvers' runs.
///
/// # Errors
/// [`Error::Io`] when writing fails (a closed pipe is not an error).
pub fn compare(args: &CompareArgs, grid: Grid, out: &mut impl Write) -> Result<(), Error> {
    let kinds: &[SolverKind] = if args.solvers.is_empty() {
        SolverKind::ALL
    } else {
        &args.solvers
    };
    let options = args.search.options(args.seed);
    let rows = crate::solve::compare::compare(&std::sync::Arc::new(grid), kinds, options);
    let result = match args.format {
        CompareFormat::Text => out.write_all(crate::solve::compare::table(&rows).as_bytes()),
        CompareFormat::Json => serde_json::to_writer(&mut *out, &rows)
            .map_err(io::Error::from)
            .and_then(|()| out.write_all(b"\n")),
    };
    finish(result.and_then(|()| out.flush()))
}
