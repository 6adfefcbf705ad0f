//! Command-line types: the `clap` derive structs of the explorer and every subcommand,
//! and the parsers of their values (sizes, seeds, names).

#[allow(clippy::wildcard_imports)]
use super::*;

/// The whole command line: TUI options, or one headless subcommand.
#[derive(Debug, Parser)]
#[command(
    name = "maze-tui",
    version,
    about = "Watch maze generation and solving algorithms work, one step at a time",
    long_about = "Watch maze generation and solving algorithms work, one step at a time.\n\n\
        Without a subcommand, opens the interactive explorer (needs a terminal); its settings \
        not given as flags come from its config file (see `maze-tui config --print-default`), \
        then the defaults. The subcommands work headless, in scripts and pipes. Sizes count cells: \
        a W x H maze prints as 2H+1 lines of 2W+1 characters.",
    after_help = "Examples:\n  \
        maze-tui --width 30 --height 15 --seed 7 --generator prim\n  \
        maze-tui generate --algorithm wilson --width 20 --height 10 --seed 3 > maze.txt\n  \
        maze-tui solve --algorithm astar maze.txt\n  \
        maze-tui generate --algorithm prim --braid 0.5 | maze-tui solve --algorithm bfs --format json -\n  \
        maze-tui stats --width 20 --height 20 --runs 100\n\n\
        Exit status: 0 done; 1 no path, unreadable or too large maze, I/O error, problems found by `config --check`; \
        2 bad command line or no terminal; 3 the solver gave up; 128+N ended by signal N.",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// A headless command; none opens the interactive explorer.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Config file of the explorer [default: $XDG_CONFIG_HOME/maze-tui/config.toml]
    #[arg(long, value_name = "FILE", env = "MAZE_TUI_CONFIG")]
    pub config: Option<PathBuf>,
    /// Options of the interactive explorer.
    #[command(flatten)]
    pub tui: TuiArgs,
}

/// The headless subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Generate a maze and print it (text: '#' wall, ' ' open, 'S' start, 'E' goal)
    Generate(GenerateArgs),
    /// Solve a text maze from S to E and print the path
    Solve(SolveArgs),
    /// List every generator and solver
    Algorithms,
    /// Compare generators: dead ends, solution and longest path, time per maze
    Stats(StatsArgs),
    /// Compare solvers on one text maze: steps, tiles expanded, peak structure, path, cost
    Compare(CompareArgs),
    /// Replay a file of edits on a text maze: cost and tiles expanded after each edit
    Replan(super::replan::ReplanArgs),
    /// Record a run of the explorer as an asciicast v2 file (for asciinema players)
    Record(RecordArgs),
    /// Check the config file, or print one with every setting and its default
    Config(ConfigArgs),
    /// Print a shell's completion script for maze-tui
    Completions(CompletionsArgs),
    /// Print the manual pages (roff), or write one per command into a folder
    Man(ManArgs),
    /// Guided lessons: list the built-in ones, open one (NAME or --file), or --check a file
    Lesson(LessonArgs),
    /// Rounds of "which algorithm made this?": a finished maze or search, four choices
    Quiz(QuizArgs),
    /// Serve the explorer over SSH: one explorer per session (`ssh -p 2222 HOST`)
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
}

/// `--color` values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Colour unless `NO_COLOR` is set and non-empty.
    #[default]
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// Output format of `generate` and `solve`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The text maze format.
    #[default]
    Text,
    /// One JSON object.
    Json,
    /// A picture: SVG.
    Svg,
    /// A picture: PNG.
    Png,
}

/// `--corners`: whether a diagonal move may pass a wall's corner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum CornersArg {
    /// Any diagonal between two open tiles.
    #[default]
    Allow,
    /// Not when one of the two tiles beside it is a wall.
    NoCut,
    /// Only when both tiles beside it are open (no squeezing past any corner).
    Never,
}

/// `--tie-break`: which of the open tiles with equal f A* takes first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum TieBreakArg {
    /// The lower h (closer to the goal).
    LowH,
    /// The higher g (further along).
    #[default]
    HighG,
    /// The one pushed first.
    Fifo,
    /// The one pushed last.
    Lifo,
}

/// `--bias`: the two directions Binary Tree carves in (its corridors run along those sides).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum BiasArg {
    /// North or east: corridors along the north row and the east column.
    #[value(name = "ne")]
    NorthEast,
    /// North or west: corridors along the north row and the west column.
    #[value(name = "nw")]
    NorthWest,
    /// South or east (the default): corridors along the south row and the east column.
    #[default]
    #[value(name = "se")]
    SouthEast,
    /// South or west: corridors along the south row and the west column.
    #[value(name = "sw")]
    SouthWest,
}

impl From<BiasArg> for Bias {
    fn from(arg: BiasArg) -> Self {
        match arg {
            BiasArg::NorthEast => Bias::NorthEast,
            BiasArg::NorthWest => Bias::NorthWest,
            BiasArg::SouthEast => Bias::SouthEast,
            BiasArg::SouthWest => Bias::SouthWest,
        }
    }
}

/// Where S and E go on a generated maze: shared by the explorer (and its config file's
/// `ends` key), `generate`, `stats` and `record`. A maze read from a file keeps its own S
/// and E. `None`: not given, so the default (or, in the explorer, the config file) decides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Args, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct EndsArgs {
    /// Where S and E go on a generated maze; the stats give the par, the BFS moves from S
    /// to E [default: corners]
    #[arg(long, value_name = "RULE", value_enum)]
    #[serde(default, deserialize_with = "setting::choice")]
    pub ends: Option<Ends>,
}

impl EndsArgs {
    /// These arguments over `below` (each setting given here wins).
    #[must_use]
    pub fn over(self, below: Self) -> Self {
        Self {
            ends: self.ends.or(below.ends),
        }
    }

    /// The rule these arguments ask for (`corners` when none is given).
    #[must_use]
    pub fn rule(&self) -> Ends {
        self.ends.unwrap_or_default()
    }
}

/// Picture options of `generate` and `solve` with `--format svg|png`.
#[derive(Debug, Args)]
pub struct PictureArgs {
    /// With --format svg|png: pixels per cell
    #[arg(long, value_name = "PX", default_value = "16", value_parser = clap::value_parser!(u32).range(2..=256))]
    pub cell_size: u32,
    /// With --format svg|png: blank border in pixels
    #[arg(long, value_name = "PX", default_value = "8", value_parser = clap::value_parser!(u32).range(0..=1024))]
    pub margin: u32,
}

impl PictureArgs {
    pub(super) fn style(&self) -> crate::export::Style {
        crate::export::Style {
            cell: self.cell_size,
            wall: (self.cell_size / 8).max(1),
            margin: self.margin,
        }
    }
}

/// `--show`: what `solve --format svg|png` draws besides the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Show {
    /// The tiles the search expanded.
    Explored,
    /// Moves from the start, as a heat map.
    Heat,
}

/// `maze-tui compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Text maze; '-' or none reads standard input
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Solvers to compare [default: all]
    #[arg(long, value_name = "A,B,...", value_enum, value_delimiter = ',')]
    pub solvers: Vec<SolverKind>,
    /// Output format: text (a table) or json (an array of objects)
    #[arg(short, long, value_enum, default_value_t = CompareFormat::Text)]
    pub format: CompareFormat,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Seed for solvers that choose at random (DFS, Trémaux)
    #[arg(short, long, value_name = "SEED", value_parser = parse_seed, allow_negative_numbers = true, default_value = "0")]
    pub seed: u64,
    /// Write the table to FILE instead of standard output
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Replay these edits (as `replan --edits`): tiles expanded over them per solver
    #[arg(long, value_name = "FILE")]
    pub edits: Option<PathBuf>,
}

/// Output format of `compare`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum CompareFormat {
    /// A table.
    #[default]
    Text,
    /// A JSON array.
    Json,
}

/// `maze-tui generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Generator (see `maze-tui algorithms`)
    #[arg(
        short,
        long,
        visible_alias = "generator",
        value_name = "NAME",
        value_enum,
        default_value = "recursive-backtracker"
    )]
    pub algorithm: GeneratorKind,
    /// Width in cells
    #[arg(long, value_name = "CELLS", value_parser = parse_size, allow_negative_numbers = true, default_value = "20")]
    pub width: u64,
    /// Height in cells
    #[arg(long, value_name = "CELLS", value_parser = parse_size, allow_negative_numbers = true, default_value = "10")]
    pub height: u64,
    /// Seed: the same seed gives the same maze on every run and platform
    #[arg(short, long, value_name = "SEED", value_parser = parse_seed, allow_negative_numbers = true, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Output format
    #[arg(short, long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Share of dead ends removed after generation, 0.0-1.0, making loops
    #[arg(long, value_name = "P", value_parser = parse_braid, allow_hyphen_values = true, default_value = "0")]
    pub braid: f64,
    #[command(flatten)]
    pub ends: EndsArgs,
    /// Growing Tree cell choice: newest, random, oldest, mix or mix:P
    #[arg(long, value_name = "CHOICE", value_parser = parse_cell_choice, default_value = "newest")]
    pub cell_choice: CellChoice,
    /// Binary Tree only: the two directions each cell carves in (north/south and east/west)
    #[arg(long, value_enum, default_value_t = BiasArg::SouthEast)]
    pub bias: BiasArg,
    #[command(flatten)]
    pub field: FieldArgs,
    /// Write the maze to FILE instead of standard output (written whole, or not at all)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub picture: PictureArgs,
    #[command(flatten)]
    pub shape: MaskArgs,
}

/// `maze-tui solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Solver (see `maze-tui algorithms`)
    #[arg(short, long, value_name = "NAME", value_enum, default_value = "bfs")]
    pub algorithm: SolverKind,
    /// Text maze to solve; '-' or none reads standard input
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Output format
    #[arg(short, long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Seed for solvers that choose at random (DFS, Trémaux)
    #[arg(short, long, value_name = "SEED", value_parser = parse_seed, allow_negative_numbers = true, default_value = "0")]
    pub seed: u64,
    /// Write the result to FILE instead of standard output (written whole, or not at all)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub picture: PictureArgs,
    /// With --format svg|png: also draw the explored tiles and/or a heat map
    #[arg(long, value_enum, value_delimiter = ',', value_name = "explored,heat")]
    pub show: Vec<Show>,
}

/// `maze-tui stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Width in cells
    #[arg(long, value_name = "CELLS", value_parser = parse_size, allow_negative_numbers = true, default_value = "20")]
    pub width: u64,
    /// Height in cells
    #[arg(long, value_name = "CELLS", value_parser = parse_size, allow_negative_numbers = true, default_value = "20")]
    pub height: u64,
    /// Mazes per generator (seeds SEED, SEED+1, ...)
    #[arg(long, value_name = "N", value_parser = parse_runs, allow_negative_numbers = true, default_value = "100")]
    pub runs: u32,
    /// Only this generator [default: all]
    #[arg(
        short,
        long,
        visible_alias = "generator",
        value_name = "NAME",
        value_enum
    )]
    pub algorithm: Option<GeneratorKind>,
    /// First seed
    #[arg(short, long, value_name = "SEED", value_parser = parse_seed, allow_negative_numbers = true, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    #[command(flatten)]
    pub ends: EndsArgs,
    /// Growing Tree cell choice: newest, random, oldest, mix or mix:P
    #[arg(long, value_name = "CHOICE", value_parser = parse_cell_choice, default_value = "newest")]
    pub cell_choice: CellChoice,
    /// Binary Tree only: the two directions each cell carves in (north/south and east/west)
    #[arg(long, value_enum, default_value_t = BiasArg::SouthEast)]
    pub bias: BiasArg,
    #[command(flatten)]
    pub field: FieldArgs,
    /// Write the table to FILE instead of standard output (written whole, or not at all)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub shape: MaskArgs,
}

/// A maze side in cells: a whole number ≥ 1. Upper limits are checked by [`check_size`]
/// (so that too-large sizes say "maze too large"); numbers beyond `u64` saturate.
pub(crate) fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    if t.starts_with('-') {
        return Err("a size must be a positive whole number of cells, not negative".into());
    }
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        // All digits: only overflow can fail, and that is "too large", not "not a number".
        let n = t.parse::<u64>().unwrap_or(u64::MAX);
        if n == 0 {
            return Err("a size must be at least 1 cell".into());
        }
        return Ok(n);
    }
    Err("a size must be a positive whole number of cells".into())
}

/// A seed: a whole number in 0..=18446744073709551615.
pub(crate) fn parse_seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| format!("a seed must be a whole number from 0 to {}", u64::MAX))
}

/// A run count ≥ 1.
pub(crate) fn parse_runs(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(0) => Err("runs must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "runs must be a whole number from 1 to {}",
            u32::MAX
        )),
    }
}

/// A braid share in 0.0–1.0 (NaN and infinities rejected).
pub(crate) fn parse_braid(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err("braid must be a number from 0.0 to 1.0 (the share of dead ends removed)".into()),
    }
}

// The registries' names as clap values: `--help` lists them with their one-line
// summaries, and a wrong name gets clap's error with the valid ones. (Implemented here,
// not derived in the registries, so the domain modules stay free of the command line.)
impl ValueEnum for GeneratorKind {
    fn value_variants<'a>() -> &'a [Self] {
        GeneratorKind::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.summary()))
    }
}

impl ValueEnum for Heuristic {
    fn value_variants<'a>() -> &'a [Self] {
        &Heuristic::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}

impl ValueEnum for SolverKind {
    fn value_variants<'a>() -> &'a [Self] {
        SolverKind::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.summary()))
    }
}

impl ValueEnum for Ends {
    fn value_variants<'a>() -> &'a [Self] {
        Ends::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.summary()))
    }
}

/// One name given to `--race`: a solver or a generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Racer {
    /// A solver.
    Solver(SolverKind),
    /// A generator.
    Generator(GeneratorKind),
}

/// Every name `--race` takes: the solvers, then the generators (no name is both).
static RACERS: std::sync::LazyLock<Vec<Racer>> = std::sync::LazyLock::new(|| {
    let solvers = SolverKind::ALL.iter().map(|&k| Racer::Solver(k));
    solvers
        .chain(GeneratorKind::ALL.iter().map(|&k| Racer::Generator(k)))
        .collect()
});

impl ValueEnum for Racer {
    fn value_variants<'a>() -> &'a [Self] {
        &RACERS
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        match self {
            Racer::Solver(kind) => kind.to_possible_value(),
            Racer::Generator(kind) => kind.to_possible_value(),
        }
    }
}

impl ValueEnum for View {
    fn value_variants<'a>() -> &'a [Self] {
        &[View::Blocks, View::Thin, View::HalfBlock]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let (name, help) = match self {
            View::Blocks => ("blocks", "two columns per tile, walls as full blocks"),
            View::Thin => ("thin", "thin box-drawing walls"),
            View::HalfBlock => ("half-blocks", "two tile rows per text row: the densest"),
        };
        Some(clap::builder::PossibleValue::new(name).help(help))
    }
}

/// `--speed`: steps a second, one of [`SPEEDS`] (`max`: as fast as the machine goes), as
/// an index into [`SPEEDS`].
pub(crate) fn parse_speed(text: &str) -> Result<usize, String> {
    let text = text.trim();
    let top = SPEEDS.len() - 1;
    if text == "max" {
        return Ok(top);
    }
    text.parse::<u64>()
        .ok()
        .and_then(|n| SPEEDS[..top].iter().position(|&s| s == n))
        .ok_or_else(|| {
            let listed: Vec<String> = SPEEDS[..top].iter().map(u64::to_string).collect();
            format!(
                "a speed is one of {} or max (steps a second)",
                listed.join(", ")
            )
        })
}

/// The `--speed` text of an index into [`SPEEDS`] (`max` for the top one).
#[must_use]
pub fn speed_name(index: usize) -> String {
    match SPEEDS.get(index) {
        Some(&n) if index + 1 < SPEEDS.len() => n.to_string(),
        _ => "max".to_owned(),
    }
}

/// A Growing Tree cell choice (`CellChoice::parse`'s message lists the choices).
pub(crate) fn parse_cell_choice(text: &str) -> Result<CellChoice, String> {
    CellChoice::parse(text).map_err(|e| strip_invalid(&e))
}

/// An [`Error::Invalid`] message without its "invalid value: " prefix (clap adds its own).
pub(crate) fn strip_invalid(error: &Error) -> String {
    match error {
        Error::Invalid(message) => message.clone(),
        other => other.to_string(),
    }
}
