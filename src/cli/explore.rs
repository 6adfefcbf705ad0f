//! The explorer's configuration from its command line.

#[allow(clippy::wildcard_imports)]
use super::*;

/// Build the TUI [`Config`] from its arguments, checking sizes and loading `--load`.
/// `no_color` is the value of the `NO_COLOR` variable: set and non-empty turns `auto` into
/// [`ColorMode::Never`].
///
/// # Errors
/// As [`check_size`] and [`load_grid`].
pub fn tui_config(args: &TuiArgs, no_color: Option<std::ffi::OsString>) -> Result<Config, Error> {
    // Each side alone against MAX_SIDE; both against MAX_CELLS (1 stands in for "fit").
    let (width, height) = check_size(args.width.unwrap_or(1), args.height.unwrap_or(1))?;
    let load = args.load.as_deref().map(load_grid).transpose()?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let color = match args.color {
        ColorArg::Always => ColorMode::Always,
        ColorArg::Never => ColorMode::Never,
        ColorArg::Auto if no_color.is_some_and(|v| !v.is_empty()) => ColorMode::Never,
        ColorArg::Auto => ColorMode::Auto,
    };
    Ok(Config {
        width: args.width.map(|_| width),
        height: args.height.map(|_| height),
        seed,
        generator: args.generator,
        solver: args.solver,
        load,
        braid: args.braid,
        ends: args.ends.rule(),
        gen_options: GenOptions {
            cell_choice: args.cell_choice,
            bias: args.bias.into(),
        },
        solve_options: args.search.options(seed),
        race: entrants(&args.race)?,
        color,
        ascii: args.ascii,
        theme: args.theme,
    })
}

/// The `--race` names as one kind of entrants: 2 to 4, all solvers or all generators
/// (none: no race).
///
/// # Errors
/// [`Error::Invalid`] for a mix of kinds, one name, or more than four.
pub(super) fn entrants(names: &[Racer]) -> Result<Entrants, Error> {
    let solvers: Vec<SolverKind> = names
        .iter()
        .filter_map(|r| match r {
            Racer::Solver(kind) => Some(*kind),
            Racer::Generator(_) => None,
        })
        .collect();
    let generators: Vec<GeneratorKind> = names
        .iter()
        .filter_map(|r| match r {
            Racer::Generator(kind) => Some(*kind),
            Racer::Solver(_) => None,
        })
        .collect();
    let entrants = match (solvers.is_empty(), generators.is_empty()) {
        (_, true) => Entrants::Solvers(solvers),
        (true, false) => Entrants::Generators(generators),
        (false, false) => {
            return Err(Error::Invalid(
                "--race takes solvers or generators, not both".to_owned(),
            ));
        }
    };
    if !entrants.is_empty() && !RUNNERS.contains(&entrants.len()) {
        return Err(Error::Invalid(format!(
            "--race takes {} to {} names, not {}",
            RUNNERS.start(),
            RUNNERS.end(),
            entrants.len()
        )));
    }
    Ok(entrants)
}

/// A seed from the clock, for a TUI started without `--seed` (so new runs differ; the seed
/// is shown on screen and can be given back with `--seed`).
pub(super) fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // Fold the 128-bit count and mix in the process id; any value is a valid seed.
    #[allow(clippy::cast_possible_truncation)]
    let folded = (nanos as u64) ^ ((nanos >> 64) as u64);
    folded ^ u64::from(std::process::id()).rotate_left(32)
}
