//! `maze-tui algorithms`: every generator and solver, one line each.

#[allow(clippy::wildcard_imports)]
use super::*;

/// `maze-tui algorithms`: every generator, then every solver, one line each
/// (name, title, summary in aligned columns), under a header line per group.
///
/// # Errors
/// [`Error::Io`] when writing fails (a closed pipe is not an error).
pub fn algorithms(out: &mut impl Write) -> Result<(), Error> {
    let generators = GeneratorKind::ALL
        .iter()
        .map(|k| (k.name(), k.title(), k.summary()));
    let solvers = SolverKind::ALL
        .iter()
        .map(|k| (k.name(), k.title(), k.summary()));
    let rows: Vec<(&str, &str, &str)> = generators.clone().chain(solvers.clone()).collect();
    let name_w = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let title_w = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    let result = (|| {
        for (header, group) in [
            (
                "Generators (maze-tui generate --algorithm NAME):",
                generators.collect::<Vec<_>>(),
            ),
            (
                "Solvers (maze-tui solve --algorithm NAME):",
                solvers.collect::<Vec<_>>(),
            ),
        ] {
            writeln!(out, "{header}")?;
            for (name, title, summary) in group {
                writeln!(out, "  {name:<name_w$}  {title:<title_w$}  {summary}")?;
            }
        }
        out.flush()
    })();
    finish(result)
}
