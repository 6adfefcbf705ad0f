//! The explorer's options and its configuration from them.

#[allow(clippy::wildcard_imports)]
use super::*;

/// Options of the interactive explorer (`maze-tui` with no subcommand). Each one but
/// `--load` is also a key of the config file, of the same name (see [`crate::config`]);
/// `None` means not given, so a lower layer decides ([`TuiArgs::over`]), and in the end the
/// default written in its help.
#[derive(Clone, Debug, Default, PartialEq, Args, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct TuiArgs {
    /// Maze width in cells [default: fit the terminal]
    #[arg(long, value_name = "CELLS", value_parser = parse_size, allow_negative_numbers = true)]
    #[serde(default, deserialize_with = "setting::size")]
    pub width: Option<u64>,
    /// Maze height in cells [default: fit the terminal]
    #[arg(long, value_name = "CELLS", value_parser = parse_size, allow_negative_numbers = true)]
    #[serde(default, deserialize_with = "setting::size")]
    pub height: Option<u64>,
    /// Seed of the first maze [default: from the clock]
    #[arg(long, value_name = "SEED", value_parser = parse_seed, allow_negative_numbers = true)]
    #[serde(default, deserialize_with = "setting::seed")]
    pub seed: Option<u64>,
    /// Generator selected at start (see `maze-tui algorithms`) [default: recursive-backtracker]
    #[arg(long, value_name = "NAME", value_enum)]
    #[serde(default, deserialize_with = "setting::choice")]
    pub generator: Option<GeneratorKind>,
    /// Solver to run once the maze is complete (see `maze-tui algorithms`) [default: none]
    #[arg(long, value_name = "NAME", value_enum)]
    #[serde(default, deserialize_with = "setting::choice")]
    pub solver: Option<SolverKind>,
    /// Open a maze from a text file instead of generating one
    #[arg(long, value_name = "FILE")]
    #[serde(skip)]
    pub load: Option<PathBuf>,
    /// Share of dead ends removed after generation, 0.0-1.0, making loops [default: 0]
    #[arg(long, value_name = "P", value_parser = parse_braid, allow_hyphen_values = true)]
    #[serde(default, deserialize_with = "setting::braid")]
    pub braid: Option<f64>,
    #[command(flatten)]
    #[serde(flatten)]
    pub ends: EndsArgs,
    #[command(flatten)]
    #[serde(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    #[serde(flatten)]
    pub shape: MaskArgs,
    /// Race 2-4 solvers on the maze once it is complete (astar,dijkstra,bfs), or 2-4
    /// generators on mazes of its size and seed (prim,recursive-backtracker)
    #[arg(
        long,
        value_name = "A,B,...",
        value_enum,
        value_delimiter = ',',
        hide_possible_values = true
    )]
    #[serde(default, deserialize_with = "setting::race")]
    pub race: Option<Vec<Racer>>,
    /// Growing Tree cell choice: newest, random, oldest, mix or mix:P [default: newest]
    #[arg(long, value_name = "CHOICE", value_parser = parse_cell_choice)]
    #[serde(default, deserialize_with = "setting::cell_choice")]
    pub cell_choice: Option<CellChoice>,
    /// Binary Tree only: the two directions each cell carves in (north/south and east/west)
    /// [default: se]
    #[arg(long, value_enum)]
    #[serde(default, deserialize_with = "setting::choice")]
    pub bias: Option<BiasArg>,
    #[command(flatten)]
    #[serde(flatten)]
    pub field: FieldArgs,
    /// How the maze is drawn; a maze too wide for it takes a denser view [default: blocks]
    #[arg(long, value_name = "VIEW", value_enum)]
    #[serde(default, deserialize_with = "setting::choice")]
    pub view: Option<View>,
    /// Play speed in steps a second: 1, 2, 5, 10, 20, 50, ... 10000, or max [default: 20]
    #[arg(long, value_name = "N", value_parser = parse_speed)]
    #[serde(default, deserialize_with = "setting::speed")]
    pub speed: Option<usize>,
    /// Colour: auto (off when NO_COLOR is set), always or never [default: auto]
    #[arg(long, value_name = "WHEN", value_enum)]
    #[serde(default, deserialize_with = "setting::choice")]
    pub color: Option<ColorArg>,
    /// Draw with ASCII characters only (--ascii=false: Unicode)
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    #[serde(default)]
    pub ascii: Option<bool>,
    /// Colour theme: dark, light (dark text on white) or high-contrast; every text colour
    /// has a contrast of at least 4.5:1 on its background (NO_COLOR and --color never still
    /// turn colour off) [default: dark]
    #[arg(long, value_name = "NAME", value_enum)]
    #[serde(default, deserialize_with = "setting::choice")]
    pub theme: Option<ThemeName>,
    /// A robot walks from S to E seeing only R tiles around it (the rest assumed open),
    /// replanning with D* Lite at each discovery; starts once the maze is complete (F
    /// starts or stops it, with this sight or 2) [default: off]
    #[arg(long, value_name = "R", value_parser = parse_fog)]
    #[serde(default, deserialize_with = "setting::fog")]
    pub fog: Option<u32>,
    /// Start in quiz mode: each step first asks what comes next (Q toggles it)
    /// (--quiz=false: off) [default: false]
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    #[serde(default)]
    pub quiz: Option<bool>,
    /// Append each quiz answer to FILE as one JSON line (step, algorithm, question, chosen,
    /// accepted, correct); FILE must be a regular file or not exist yet
    #[arg(long, value_name = "FILE")]
    #[serde(skip)]
    pub quiz_log: Option<PathBuf>,
}

impl TuiArgs {
    /// These options over `below`: each one given here wins, the others come from `below`.
    /// The command line goes over the remembered session, which goes over the config file.
    #[must_use]
    pub fn over(self, below: Self) -> Self {
        Self {
            width: self.width.or(below.width),
            height: self.height.or(below.height),
            seed: self.seed.or(below.seed),
            generator: self.generator.or(below.generator),
            solver: self.solver.or(below.solver),
            load: self.load.or(below.load),
            braid: self.braid.or(below.braid),
            ends: self.ends.over(below.ends),
            search: self.search.over(below.search),
            shape: self.shape.over(below.shape),
            race: self.race.or(below.race),
            cell_choice: self.cell_choice.or(below.cell_choice),
            bias: self.bias.or(below.bias),
            field: self.field.over(below.field),
            view: self.view.or(below.view),
            speed: self.speed.or(below.speed),
            color: self.color.or(below.color),
            ascii: self.ascii.or(below.ascii),
            theme: self.theme.or(below.theme),
            fog: self.fog.or(below.fog),
            quiz: self.quiz.or(below.quiz),
            quiz_log: self.quiz_log.or(below.quiz_log),
        }
    }
}

/// Build the TUI [`Config`] from its options (defaults for those not given), checking
/// sizes and loading `--load`. `no_color` is the value of the `NO_COLOR` variable: set and
/// non-empty turns `auto` into [`ColorMode::Never`].
///
/// # Errors
/// As [`check_size`], [`load_grid`] and [`entrants`].
pub fn tui_config(args: &TuiArgs, no_color: Option<std::ffi::OsString>) -> Result<Config, Error> {
    // Each side alone against MAX_SIDE; both against MAX_CELLS (1 stands in for "fit").
    let (width, height) = check_size(args.width.unwrap_or(1), args.height.unwrap_or(1))?;
    let load = args.load.as_deref().map(load_grid).transpose()?;
    if let Some(path) = &args.quiz_log {
        crate::app::quiz::check_log(path)?;
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let shape = args.shape.shape()?;
    let generator = args.generator.unwrap_or(Config::default().generator);
    generator.check_shape(shape.is_some())?;
    let base = Config::default();
    let color = match args.color.unwrap_or_default() {
        ColorArg::Always => ColorMode::Always,
        ColorArg::Never => ColorMode::Never,
        ColorArg::Auto if no_color.is_some_and(|v| !v.is_empty()) => ColorMode::Never,
        ColorArg::Auto => ColorMode::Auto,
    };
    Ok(Config {
        width: args.width.map(|_| width),
        height: args.height.map(|_| height),
        seed,
        generator,
        solver: args.solver,
        load,
        braid: args.braid.unwrap_or(base.braid),
        ends: args.field.ends(args.ends.rule()),
        shape,
        gen_options: args.field.apply(GenOptions {
            cell_choice: args.cell_choice.unwrap_or_default(),
            bias: args.bias.unwrap_or_default().into(),
            ..GenOptions::default()
        }),
        solve_options: args.search.options(seed),
        race: entrants(args.race.as_deref().unwrap_or_default())?,
        view: args.view.unwrap_or(base.view),
        speed: args.speed.unwrap_or(base.speed),
        color,
        ascii: args.ascii.unwrap_or(base.ascii),
        theme: args.theme.unwrap_or(base.theme),
        quiz: args.quiz.unwrap_or(base.quiz),
        fog: args.fog,
        quiz_log: args.quiz_log.clone(),
        ..base
    })
}

/// The `--race` names as one kind of entrants: 2 to 4, all solvers or all generators
/// (none: no race).
///
/// # Errors
/// [`Error::Invalid`] for a mix of kinds, one name, or more than four.
pub(crate) fn entrants(names: &[Racer]) -> Result<Entrants, Error> {
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

/// The robot's sight for `--fog`: 1 to [`MAX_FOG`] tiles.
///
/// # Errors
/// Not a number, or out of range.
pub fn parse_fog(text: &str) -> Result<u32, String> {
    let r: u32 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of tiles"))?;
    if (1..=MAX_FOG).contains(&r) {
        Ok(r)
    } else {
        Err(format!("the robot sees 1 to {MAX_FOG} tiles, not {r}"))
    }
}

/// The farthest the robot in fog may see, in tiles (beyond it the fog hides little).
pub const MAX_FOG: u32 = 100;
