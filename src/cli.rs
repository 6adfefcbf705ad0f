//! Command-line types (clap derive) and the headless commands.
//!
//! `maze-tui` with no subcommand opens the interactive explorer ([`TuiArgs`] →
//! [`crate::app::Config`] → [`crate::tui::run`]). The subcommands are headless and write to
//! any [`Write`], so tests can run them in-process:
//!
//! * `generate` ([`generate`]): a maze as text or JSON, byte-identical for the same arguments;
//! * `solve` ([`solve`]): a text maze solved from `S` to `E`, as text or JSON;
//! * `algorithms` ([`algorithms`]): every generator and solver, one line each;
//! * `stats` ([`stats`]): the *Mazes for Programmers* comparison table.
//!
//! Sizes always count **cells**; paths in `solve` output count **tiles** as `[row, col]`.
//! Every failure is a [`crate::Error`], which the binary prints as one line. A closed output
//! pipe (`maze-tui generate … | head -1`) ends a command early and successfully.

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::Error;
use crate::app::{ColorMode, Config};
use crate::generate::{CellChoice, GenOptions, GeneratorKind, braid};
use crate::maze::{Grid, MAX_CELLS, Maze, Pos, stats as maze_stats, write_maze_text};
use crate::solve::{Heuristic, SolveOptions, SolverKind};

/// The largest accepted side of a maze, in cells (either width or height). Together with
/// [`MAX_CELLS`] for the area, this keeps every maze within memory before anything is
/// allocated.
pub const MAX_SIDE: u64 = 100_000;

/// The largest text maze read (`--load`, `solve`, `compare`): 128 MiB, room for the text
/// of a [`MAX_CELLS`]-cell maze (about 101 MB with its newlines). Reading stops there, so
/// an endless stream or a huge file costs no more.
pub const MAX_FILE_BYTES: u64 = 128 << 20;

/// Seed used by `generate` and `stats` when `--seed` is not given, so their output is
/// reproducible by default.
pub const DEFAULT_SEED: u64 = 1;

/// The whole command line: TUI options, or one headless subcommand.
#[derive(Debug, Parser)]
#[command(
    name = "maze-tui",
    version,
    about = "Watch maze generation and solving algorithms work, one step at a time",
    long_about = "Watch maze generation and solving algorithms work, one step at a time.\n\n\
        Without a subcommand, opens the interactive explorer (needs a terminal). \
        The subcommands work headless, in scripts and pipes. Sizes count cells: \
        a W x H maze prints as 2H+1 lines of 2W+1 characters.",
    after_help = "Examples:\n  \
        maze-tui --width 30 --height 15 --seed 7 --generator prim\n  \
        maze-tui generate --algorithm wilson --width 20 --height 10 --seed 3 > maze.txt\n  \
        maze-tui solve --algorithm astar maze.txt\n  \
        maze-tui generate --algorithm prim --braid 0.5 | maze-tui solve --algorithm bfs --format json -\n  \
        maze-tui stats --width 20 --height 20 --runs 100",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// A headless command; none opens the interactive explorer.
    #[command(subcommand)]
    pub command: Option<Command>,
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
}

/// Options of the interactive explorer (`maze-tui` with no subcommand).
#[derive(Debug, Args)]
pub struct TuiArgs {
    /// Maze width in cells [default: fit the terminal]
    #[arg(long, value_name = "CELLS", value_parser = parse_size, allow_negative_numbers = true)]
    pub width: Option<u64>,
    /// Maze height in cells [default: fit the terminal]
    #[arg(long, value_name = "CELLS", value_parser = parse_size, allow_negative_numbers = true)]
    pub height: Option<u64>,
    /// Seed of the first maze [default: from the clock]
    #[arg(long, value_name = "SEED", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Generator selected at start (see `maze-tui algorithms`)
    #[arg(long, value_name = "NAME", value_parser = parse_generator, default_value = "recursive-backtracker")]
    pub generator: GeneratorKind,
    /// Solver to run once the maze is complete (see `maze-tui algorithms`)
    #[arg(long, value_name = "NAME", value_parser = parse_solver)]
    pub solver: Option<SolverKind>,
    /// Open a maze from a text file instead of generating one
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// Share of dead ends removed after generation, 0.0-1.0, making loops
    #[arg(long, value_name = "P", value_parser = parse_braid, allow_hyphen_values = true, default_value = "0")]
    pub braid: f64,
    /// A* and greedy best-first heuristic: manhattan, euclidean, octile, chebyshev, zero
    #[arg(long, value_name = "NAME", value_parser = parse_heuristic, default_value = "manhattan")]
    pub heuristic: Heuristic,
    /// Allow diagonal moves (cost 14) in BFS, Dijkstra, A* and greedy best-first
    #[arg(long)]
    pub diagonal: bool,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Race 2-4 solvers on the maze once it is complete, e.g. astar,dijkstra,bfs
    #[arg(long, value_name = "A,B,...", value_parser = parse_solver, value_delimiter = ',')]
    pub race: Vec<SolverKind>,
    /// Growing Tree cell choice: newest, random, oldest, mix or mix:P
    #[arg(long, value_name = "CHOICE", value_parser = parse_cell_choice, default_value = "newest")]
    pub cell_choice: CellChoice,
    /// Colour: auto (off when NO_COLOR is set), always or never
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
    /// Draw with ASCII characters only
    #[arg(long)]
    pub ascii: bool,
}

/// `--color` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Colour unless `NO_COLOR` is set and non-empty.
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

/// Search options shared by `solve`, `compare` and the explorer.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// With --diagonal: whether a diagonal move may cut a wall's corner
    #[arg(long, value_enum, default_value_t = CornersArg::Allow)]
    pub corners: CornersArg,
    /// Weighted A*: f = g + W*h (W >= 1; the path costs at most W times the cheapest)
    #[arg(long, value_name = "W", default_value = "1", value_parser = parse_weight)]
    pub heuristic_weight: u32,
    /// How A* breaks ties among open tiles of equal f
    #[arg(long, value_enum, default_value_t = TieBreakArg::HighG)]
    pub tie_break: TieBreakArg,
}

impl SearchArgs {
    /// The solver options these arguments ask for, with `heuristic`, `diagonal` and `seed`.
    fn options(&self, heuristic: Heuristic, diagonal: bool, seed: u64) -> SolveOptions {
        use crate::solve::{Corners, Moves, TieBreak};
        let corners = match self.corners {
            CornersArg::Allow => Corners::Allow,
            CornersArg::NoCut => Corners::NoCut,
            CornersArg::Never => Corners::Never,
        };
        SolveOptions {
            heuristic,
            moves: if diagonal {
                Moves::Eight(corners)
            } else {
                Moves::Four
            },
            heuristic_weight: self.heuristic_weight,
            tie_break: match self.tie_break {
                TieBreakArg::LowH => TieBreak::LowH,
                TieBreakArg::HighG => TieBreak::HighG,
                TieBreakArg::Fifo => TieBreak::Fifo,
                TieBreakArg::Lifo => TieBreak::Lifo,
            },
            seed,
        }
    }
}

/// `--heuristic-weight W` (a decimal, 1 to 10) in hundredths.
fn parse_weight(text: &str) -> Result<u32, String> {
    match text.parse::<f64>() {
        Ok(w) if (1.0..=10.0).contains(&w) => {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // 100..=1000
            Ok((w * 100.0).round() as u32)
        }
        _ => Err(format!("'{text}' is not a weight from 1 to 10")),
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
    fn style(&self) -> crate::export::Style {
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
    #[arg(long, value_name = "A,B,...", value_parser = parse_solver, value_delimiter = ',')]
    pub solvers: Vec<SolverKind>,
    /// Output format: text (a table) or json (an array of objects)
    #[arg(short, long, value_enum, default_value_t = CompareFormat::Text)]
    pub format: CompareFormat,
    /// A* and greedy best-first heuristic: manhattan, euclidean, octile, chebyshev, zero
    #[arg(long, value_name = "NAME", value_parser = parse_heuristic, default_value = "manhattan")]
    pub heuristic: Heuristic,
    /// Allow diagonal moves (cost 14)
    #[arg(long)]
    pub diagonal: bool,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Seed for solvers that choose at random (DFS, Trémaux)
    #[arg(short, long, value_name = "SEED", value_parser = parse_seed, allow_negative_numbers = true, default_value = "0")]
    pub seed: u64,
    /// Write the table to FILE instead of standard output
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
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
    #[arg(short, long, value_name = "NAME", value_parser = parse_generator, default_value = "recursive-backtracker")]
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
    /// Growing Tree cell choice: newest, random, oldest, mix or mix:P
    #[arg(long, value_name = "CHOICE", value_parser = parse_cell_choice, default_value = "newest")]
    pub cell_choice: CellChoice,
    /// Write the maze to FILE instead of standard output (written whole, or not at all)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub picture: PictureArgs,
}

/// `maze-tui solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Solver (see `maze-tui algorithms`)
    #[arg(short, long, value_name = "NAME", value_parser = parse_solver, default_value = "bfs")]
    pub algorithm: SolverKind,
    /// Text maze to solve; '-' or none reads standard input
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Output format
    #[arg(short, long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// A* and greedy best-first heuristic: manhattan, euclidean, octile, chebyshev, zero
    #[arg(long, value_name = "NAME", value_parser = parse_heuristic, default_value = "manhattan")]
    pub heuristic: Heuristic,
    /// Allow diagonal moves (cost 14) in BFS, Dijkstra, A* and greedy best-first
    #[arg(long)]
    pub diagonal: bool,
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
    #[arg(short, long, value_name = "NAME", value_parser = parse_generator)]
    pub algorithm: Option<GeneratorKind>,
    /// First seed
    #[arg(short, long, value_name = "SEED", value_parser = parse_seed, allow_negative_numbers = true, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Growing Tree cell choice: newest, random, oldest, mix or mix:P
    #[arg(long, value_name = "CHOICE", value_parser = parse_cell_choice, default_value = "newest")]
    pub cell_choice: CellChoice,
    /// Write the table to FILE instead of standard output (written whole, or not at all)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

// ---------------------------------------------------------------------------------------
// Value parsers: each error is one line; clap prefixes "invalid value 'X' for '--flag'".

/// A maze side in cells: a whole number ≥ 1. Upper limits are checked by [`check_size`]
/// (so that too-large sizes say "maze too large"); numbers beyond `u64` saturate.
fn parse_size(text: &str) -> Result<u64, String> {
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
fn parse_seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| format!("a seed must be a whole number from 0 to {}", u64::MAX))
}

/// A run count ≥ 1.
fn parse_runs(text: &str) -> Result<u32, String> {
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
fn parse_braid(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err("braid must be a number from 0.0 to 1.0 (the share of dead ends removed)".into()),
    }
}

/// A generator name, listing the choices on failure.
fn parse_generator(text: &str) -> Result<GeneratorKind, String> {
    GeneratorKind::from_name(text).map_err(|_| {
        let names: Vec<&str> = GeneratorKind::ALL.iter().map(|k| k.name()).collect();
        format!("unknown generator; choose one of: {}", names.join(", "))
    })
}

/// A solver name, listing the choices on failure.
fn parse_solver(text: &str) -> Result<SolverKind, String> {
    SolverKind::from_name(text).map_err(|_| {
        let names: Vec<&str> = SolverKind::ALL.iter().map(|k| k.name()).collect();
        format!("unknown solver; choose one of: {}", names.join(", "))
    })
}

/// A heuristic name (`Heuristic::from_name`'s message lists the choices).
fn parse_heuristic(text: &str) -> Result<Heuristic, String> {
    Heuristic::from_name(text).map_err(|e| strip_invalid(&e))
}

/// A Growing Tree cell choice (`CellChoice::parse`'s message lists the choices).
fn parse_cell_choice(text: &str) -> Result<CellChoice, String> {
    CellChoice::parse(text).map_err(|e| strip_invalid(&e))
}

/// An [`Error::Invalid`] message without its "invalid value: " prefix (clap adds its own).
fn strip_invalid(error: &Error) -> String {
    match error {
        Error::Invalid(message) => message.clone(),
        other => other.to_string(),
    }
}

// ---------------------------------------------------------------------------------------
// Shared checks and I/O helpers.

/// Check a `width × height`-cell size against [`MAX_SIDE`] and [`MAX_CELLS`] before
/// anything is allocated, and narrow it to `u32`.
///
/// # Errors
/// [`Error::Size`] for a zero side; [`Error::TooLarge`] naming the limit exceeded.
pub fn check_size(width: u64, height: u64) -> Result<(u32, u32), Error> {
    check_side("width", width)?;
    check_side("height", height)?;
    let cells = u128::from(width) * u128::from(height);
    if cells > u128::from(MAX_CELLS) {
        return Err(Error::TooLarge(format!(
            "{width}x{height} is {cells} cells; the limit is {MAX_CELLS} cells"
        )));
    }
    let narrow = |n: u64| u32::try_from(n).map_err(|_| Error::TooLarge(format!("{n} cells")));
    Ok((narrow(width)?, narrow(height)?))
}

fn check_side(what: &str, n: u64) -> Result<(), Error> {
    if n == 0 {
        return Err(Error::Size(format!("{what} must be at least 1 cell")));
    }
    if n == u64::MAX {
        // parse_size saturates numbers beyond u64; do not print the saturated value.
        return Err(Error::TooLarge(format!(
            "{what} is more than {MAX_SIDE} cells"
        )));
    }
    if n > MAX_SIDE {
        return Err(Error::TooLarge(format!(
            "{what} {n} is more than {MAX_SIDE} cells"
        )));
    }
    Ok(())
}

/// A file name fit for a one-line message (control characters replaced).
fn display_name(path: &Path) -> String {
    path.display()
        .to_string()
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// Read and parse a text maze from `path` (`-` = standard input).
///
/// # Errors
/// [`Error::Io`] if it cannot be read or is not UTF-8; [`Error::Parse`] naming the source
/// and the problem (empty, ragged lines, no `S`, no `E`, two `S`, too large).
pub fn load_grid(path: &Path) -> Result<Grid, Error> {
    if path.as_os_str() == "-" {
        return read_grid(io::stdin().lock(), "stdin");
    }
    let name = display_name(path);
    let file = std::fs::File::open(path)
        .map_err(|e| Error::Io(format!("cannot read maze {name}: {}", io_reason(&e))))?;
    read_grid(io::BufReader::new(file), &name)
}

/// Read a whole text maze from `reader` and parse it; `name` says where it came from.
///
/// # Errors
/// As [`load_grid`].
pub fn read_grid(reader: impl Read, name: &str) -> Result<Grid, Error> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::Io(format!("cannot read maze {name}: {}", io_reason(&e))))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Error::TooLarge(format!(
            "maze {name} is more than {} MiB; the largest maze's text is about 101 MB",
            MAX_FILE_BYTES >> 20
        )));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| Error::Io(format!("cannot read maze {name}: not UTF-8 text")))?;
    Grid::parse(&text).map_err(|error| Error::Parse {
        source_name: name.to_owned(),
        error,
    })
}

/// An I/O error's reason as one line.
fn io_reason(e: &io::Error) -> String {
    e.to_string().replace(['\n', '\r'], " ")
}

/// Finish a command's output: flush, and treat a closed pipe as success (the reader has
/// what it wanted, e.g. `| head -1`).
fn finish(result: io::Result<()>) -> Result<(), Error> {
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Error::Io(format!("cannot write output: {}", io_reason(&e)))),
    }
}

// ---------------------------------------------------------------------------------------
// Commands.

/// Run a parsed command line: a headless command writing to standard output, or the TUI.
///
/// # Errors
/// Whatever the command reports; see each command.
pub fn run(cli: Cli) -> Result<(), Error> {
    let Some(command) = cli.command else {
        let config = tui_config(&cli.tui, std::env::var_os("NO_COLOR"))?;
        return crate::tui::run(config);
    };
    let mut out = io::BufWriter::with_capacity(1 << 16, Output::Stdout(io::stdout().lock()));
    match command {
        Command::Generate(args) => {
            // Sizes are checked before the file is created, so a typo truncates nothing.
            check_size(args.width, args.height)?;
            let mut out = output_to(args.output.as_deref(), out)?;
            generate(&args, &mut out)?;
            commit(out)
        }
        Command::Solve(args) => {
            let grid = match &args.file {
                Some(path) => load_grid(path)?,
                None if io::stdin().is_terminal() => {
                    return Err(Error::Invalid(
                        "no maze given: pass a FILE, or '-' / a pipe for standard input".into(),
                    ));
                }
                None => read_grid(io::stdin().lock(), "stdin")?,
            };
            let mut out = output_to(args.output.as_deref(), out)?;
            solve(&args, &grid, &mut out)?;
            commit(out)
        }
        Command::Algorithms => algorithms(&mut out),
        Command::Stats(args) => {
            let mut out = output_to(args.output.as_deref(), out)?;
            stats(&args, &mut out)?;
            commit(out)
        }
        Command::Compare(args) => {
            let grid = match &args.file {
                Some(path) if path.as_os_str() != "-" => load_grid(path)?,
                _ if io::stdin().is_terminal() => {
                    return Err(Error::Invalid(
                        "no maze given: pass a FILE, or '-' / a pipe for standard input".into(),
                    ));
                }
                _ => read_grid(io::stdin().lock(), "stdin")?,
            };
            let mut out = output_to(args.output.as_deref(), out)?;
            compare(&args, grid, &mut out)?;
            commit(out)
        }
    }
}

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
    let options = args
        .search
        .options(args.heuristic, args.diagonal, args.seed);
    let rows = crate::solve::compare::compare(&std::sync::Arc::new(grid), kinds, options);
    let result = match args.format {
        CompareFormat::Text => out.write_all(crate::solve::compare::table(&rows).as_bytes()),
        CompareFormat::Json => serde_json::to_writer(&mut *out, &rows)
            .map_err(io::Error::from)
            .and_then(|()| out.write_all(b"\n")),
    };
    finish(result.and_then(|()| out.flush()))
}

/// Finish a headless command's output: a file written through a temporary file is now
/// renamed over its target (until here the target was untouched).
///
/// # Errors
/// [`Error::Io`] naming the file when syncing or renaming fails.
fn commit(out: io::BufWriter<Output>) -> Result<(), Error> {
    let output = match out.into_inner() {
        Ok(output) => output,
        // Nobody reads standard output any more: not an error (as in `finish`).
        Err(e) if e.error().kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        Err(e) => return Err(Error::Io(format!("cannot write: {}", io_reason(e.error())))),
    };
    if let Output::Atomic { temp, target } = output {
        let fail = |e: &io::Error| {
            Error::Io(format!(
                "cannot write {}: {}",
                display_name(&target),
                io_reason(e)
            ))
        };
        temp.as_file().sync_all().map_err(|e| fail(&e))?;
        temp.persist(&target).map_err(|e| fail(&e.error))?;
    }
    Ok(())
}

/// Where a headless command writes: standard output or a file given with `--output`.
///
/// A file is overwritten in place and cut to the written length when flushed, rather than
/// truncated when opened: rewriting a maze of the same size then frees and reallocates no
/// disk blocks (measured on this machine's ext4: a 4 MB rewrite 14.5 → 8 ms).
enum Output {
    Stdout(io::StdoutLock<'static>),
    /// A device or pipe named with `-o` (`/dev/null`, a FIFO): written directly.
    Device(std::fs::File),
    /// A regular file: written to a temporary file beside it (the `tempfile` crate's,
    /// deleted if the command fails) and renamed over it by [`commit`], so the target is
    /// never half-written.
    Atomic {
        temp: tempfile::NamedTempFile,
        target: PathBuf,
    },
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Self::Stdout(out) => out.write(buf),
            Self::Device(file) => file.write(buf),
            Self::Atomic { temp, .. } => temp.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Self::Stdout(out) => out.flush(),
            Self::Device(file) => file.flush(),
            Self::Atomic { temp, .. } => temp.flush(),
        }
    }
}

/// `out` unchanged, or a buffered writer to `path` (`-` = stdout): a regular file is
/// written through a temporary file beside it and renamed over it by [`commit`]; a device
/// or pipe is written directly.
///
/// # Errors
/// [`Error::Io`] naming the file when it cannot be created.
fn output_to(
    path: Option<&Path>,
    out: io::BufWriter<Output>,
) -> Result<io::BufWriter<Output>, Error> {
    let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
        return Ok(out);
    };
    let fail = |e: &io::Error| {
        Error::Io(format!(
            "cannot write {}: {}",
            display_name(path),
            io_reason(e)
        ))
    };
    let device = std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir());
    let output = if device {
        Output::Device(
            std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| fail(&e))?,
        )
    } else {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        // An ordinary file's permissions, not the temporary file's private ones.
        let mut builder = tempfile::Builder::new();
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
        Output::Atomic {
            temp: builder.tempfile_in(dir).map_err(|e| fail(&e))?,
            target: path.to_path_buf(),
        }
    };
    Ok(io::BufWriter::with_capacity(1 << 16, output))
}

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
        gen_options: GenOptions {
            cell_choice: args.cell_choice,
        },
        solve_options: args.search.options(args.heuristic, args.diagonal, seed),
        race: args.race.clone(),
        color,
        ascii: args.ascii,
    })
}

/// A seed from the clock, for a TUI started without `--seed` (so new runs differ; the seed
/// is shown on screen and can be given back with `--seed`).
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // Fold the 128-bit count and mix in the process id; any value is a valid seed.
    #[allow(clippy::cast_possible_truncation)]
    let folded = (nanos as u64) ^ ((nanos >> 64) as u64);
    folded ^ u64::from(std::process::id()).rotate_left(32)
}

/// `maze-tui generate`: generate, braid if asked, and stream the maze to `out`.
///
/// Text: (2H+1) lines of (2W+1) characters. JSON: one object
/// `{"width", "height", "seed", "algorithm", "braid" (if > 0), "cell_choice" (Growing Tree),
/// "rows": ["#####", …]}`, one row per line. Memory: the maze (one byte per cell) and one
/// row; output is never held whole. Byte-identical for the same arguments.
///
/// # Errors
/// [`Error::Size`] / [`Error::TooLarge`] for bad sizes (checked before allocating);
/// [`Error::Io`] when writing fails (a closed pipe is not an error).
pub fn generate(args: &GenerateArgs, out: &mut impl Write) -> Result<(), Error> {
    let (width, height) = check_size(args.width, args.height)?;
    let options = GenOptions {
        cell_choice: args.cell_choice,
    };
    let (mut maze, _steps) = args
        .algorithm
        .generate(width, height, args.seed, &options)?;
    if args.braid > 0.0 {
        braid::braid(&mut maze, args.braid, args.seed);
    }
    finish(write_generated(args, &maze, out))
}

fn write_generated(args: &GenerateArgs, maze: &Maze, out: &mut impl Write) -> io::Result<()> {
    match args.format {
        Format::Text => write_maze_text(maze, out)?,
        Format::Svg | Format::Png => {
            let grid = maze.to_grid();
            let picture = crate::export::Picture::of(
                &grid,
                crate::export::Layers::default(),
                args.picture.style(),
            );
            write_picture(&picture, args.format, out)?;
        }
        Format::Json => {
            write!(
                out,
                "{{\"width\":{},\"height\":{},\"seed\":{},\"algorithm\":",
                maze.width(),
                maze.height(),
                args.seed
            )?;
            serde_json::to_writer(&mut *out, args.algorithm.name())?;
            if args.braid > 0.0 {
                out.write_all(b",\"braid\":")?;
                serde_json::to_writer(&mut *out, &args.braid)?;
            }
            if args.algorithm == GeneratorKind::GrowingTree {
                out.write_all(b",\"cell_choice\":")?;
                serde_json::to_writer(&mut *out, &args.cell_choice.label())?;
            }
            out.write_all(b",\"rows\":[\n")?;
            let mut rows = JsonRows::new(&mut *out);
            write_maze_text(maze, &mut rows)?;
            rows.finish()?;
            out.write_all(b"]}\n")?;
        }
    }
    out.flush()
}

/// Write `picture` as SVG or PNG.
fn write_picture(
    picture: &crate::export::Picture,
    format: Format,
    out: &mut impl Write,
) -> io::Result<()> {
    if format == Format::Png {
        let bytes = picture.png().map_err(io::Error::other)?;
        out.write_all(&bytes)
    } else {
        out.write_all(picture.svg().as_bytes())
    }
}

/// A writer that turns text lines into JSON string array items: `"line",\n"line"\n`.
/// Works byte by byte, so it does not depend on how the text is chunked. Quotes,
/// backslashes and control characters are escaped.
struct JsonRows<W: Write> {
    out: W,
    in_row: bool,
    rows: u64,
    buf: Vec<u8>,
}

impl<W: Write> JsonRows<W> {
    fn new(out: W) -> Self {
        Self {
            out,
            in_row: false,
            rows: 0,
            buf: Vec::with_capacity(1 << 12),
        }
    }

    /// Close a last row that had no newline, and end the last item's line.
    fn finish(mut self) -> io::Result<()> {
        if self.in_row {
            self.buf.push(b'"');
        }
        if self.rows > 0 {
            self.buf.push(b'\n');
        }
        self.out.write_all(&self.buf)
    }
}

impl<W: Write> Write for JsonRows<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buf.clear();
        let mut rest = bytes;
        while !rest.is_empty() {
            // Copy the run of plain bytes in one go, then handle the special byte.
            let plain = rest
                .iter()
                .position(|&b| b < 0x20 || b == b'"' || b == b'\\')
                .unwrap_or(rest.len());
            if plain > 0 {
                if !self.in_row {
                    self.open_row();
                }
                self.buf.extend_from_slice(&rest[..plain]);
            }
            let Some(&special) = rest.get(plain) else {
                break;
            };
            if !self.in_row {
                self.open_row();
            }
            match special {
                b'\n' => {
                    self.buf.push(b'"');
                    self.in_row = false;
                }
                b'"' => self.buf.extend_from_slice(b"\\\""),
                b'\\' => self.buf.extend_from_slice(b"\\\\"),
                other => self
                    .buf
                    .extend_from_slice(format!("\\u{other:04x}").as_bytes()),
            }
            rest = &rest[plain + 1..];
        }
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl<W: Write> JsonRows<W> {
    fn open_row(&mut self) {
        if self.rows > 0 {
            self.buf.extend_from_slice(b",\n");
        }
        self.buf.push(b'"');
        self.in_row = true;
        self.rows += 1;
    }
}

/// `maze-tui solve` on a parsed grid: run the solver from `S` to `E` and write the result.
///
/// Text: the maze with the path marked `.` (S and E kept). JSON: one line
/// `{"algorithm", "path": [[row, col], …] (tiles, S first, E last), "length" (moves),
/// "cost" (10 per orthogonal, 14 per diagonal move), "visited" (tiles)}`.
///
/// # Errors
/// [`Error::NoPath`] when `E` cannot be reached (nothing is written to `out`),
/// [`Error::GaveUp`] when the solver stopped without an answer (the wall follower on a loop),
/// or when writing fails (a closed pipe is not an error).
pub fn solve(args: &SolveArgs, grid: &Grid, out: &mut impl Write) -> Result<(), Error> {
    let options = args
        .search
        .options(args.heuristic, args.diagonal, args.seed);
    let solution = args.algorithm.solve(grid, &options);
    if let crate::solve::Outcome::GaveUp(reason) = solution.outcome {
        return Err(Error::GaveUp {
            solver: args.algorithm.name(),
            reason,
        });
    }
    let Some(path) = solution.path.as_deref() else {
        return Err(Error::NoPath {
            start: grid.start(),
            goal: grid.goal(),
            solver: args.algorithm.name(),
            visited: solution.visited,
        });
    };
    let result = match args.format {
        Format::Text => grid.write_text(out, Some(path)),
        Format::Json => write_solution_json(args.algorithm, path, &solution, out),
        Format::Svg | Format::Png => {
            let explored = args
                .show
                .contains(&Show::Explored)
                .then(|| explored_tiles(args.algorithm, grid, &options));
            let heat = args
                .show
                .contains(&Show::Heat)
                .then(|| crate::maze::stats::tile_distances(grid, grid.start()));
            let layers = crate::export::Layers {
                path: Some(path),
                explored: explored.as_deref(),
                heat: heat.as_deref(),
            };
            let picture = crate::export::Picture::of(grid, layers, args.picture.style());
            write_picture(&picture, args.format, out)
        }
    };
    finish(result.and_then(|()| out.flush()))
}

/// Per tile: whether `kind` expanded or reached it on its way to the end.
fn explored_tiles(kind: SolverKind, grid: &Grid, options: &SolveOptions) -> Vec<bool> {
    use crate::solve::Solver;
    let mut solver = kind.build(grid, options);
    while solver.step(grid).is_some() {}
    (0..grid.len())
        .map(|i| solver.mark(grid.pos(i)) != crate::Mark::None)
        .collect()
}

fn write_solution_json(
    algorithm: SolverKind,
    path: &[Pos],
    solution: &crate::solve::Solution,
    out: &mut impl Write,
) -> io::Result<()> {
    #[derive(serde::Serialize)]
    struct Report<'a> {
        algorithm: &'a str,
        path: TilePath<'a>,
        length: u32,
        cost: u32,
        visited: usize,
    }
    struct TilePath<'a>(&'a [Pos]);
    impl serde::Serialize for TilePath<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(self.0.iter().map(|p| [p.row, p.col]))
        }
    }
    serde_json::to_writer(
        &mut *out,
        &Report {
            algorithm: algorithm.name(),
            path: TilePath(path),
            length: solution.length,
            cost: solution.cost,
            visited: solution.visited,
        },
    )?;
    out.write_all(b"\n")
}

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

/// One generator's figures over all runs of [`stats`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GeneratorStats {
    /// Mean share of cells that are dead ends, in percent.
    pub dead_end_percent: f64,
    /// Mean moves from the top-left to the bottom-right cell (`None` if never connected).
    pub solution_mean: Option<f64>,
    /// Mean longest path (diameter) in moves.
    pub longest_mean: f64,
    /// Largest longest path over the runs, in moves.
    pub longest_max: u32,
    /// Mean wall time to generate one maze, in milliseconds.
    pub ms_per_maze: f64,
}

/// Measure `kind` over `runs` mazes of `width × height` cells with seeds `seed`,
/// `seed + 1`, … (wrapping). Time per maze covers generation only. Memory: one maze at a
/// time. O(runs × cells).
///
/// # Errors
/// As [`GeneratorKind::generate`].
pub fn measure(
    kind: GeneratorKind,
    width: u32,
    height: u32,
    runs: u32,
    seed: u64,
    options: &GenOptions,
) -> Result<GeneratorStats, Error> {
    let (mut dead, mut longest_sum, mut longest_max, mut secs) = (0.0, 0.0, 0, 0.0);
    let (mut solution_sum, mut solved) = (0.0, 0u32);
    for i in 0..runs {
        let started = Instant::now();
        let (maze, _) = kind.generate(width, height, seed.wrapping_add(u64::from(i)), options)?;
        secs += started.elapsed().as_secs_f64();
        dead += maze_stats::dead_end_share(&maze);
        if let Some(len) = maze_stats::solution_length(&maze) {
            solution_sum += f64::from(len);
            solved += 1;
        }
        let longest = maze_stats::longest_path(&maze);
        longest_sum += f64::from(longest);
        longest_max = longest_max.max(longest);
    }
    let n = f64::from(runs.max(1));
    Ok(GeneratorStats {
        dead_end_percent: 100.0 * dead / n,
        solution_mean: (solved > 0).then(|| solution_sum / f64::from(solved)),
        longest_mean: longest_sum / n,
        longest_max,
        ms_per_maze: 1000.0 * secs / n,
    })
}

/// `maze-tui stats`: the *Mazes for Programmers* comparison table, one row per generator
/// (or only `--algorithm`): mean dead-end share (%), mean solution length (top-left to
/// bottom-right, moves), mean and max longest path (moves), mean milliseconds per maze.
///
/// # Errors
/// As [`check_size`]; [`Error::Io`] when writing fails (a closed pipe is not an error).
pub fn stats(args: &StatsArgs, out: &mut impl Write) -> Result<(), Error> {
    let (width, height) = check_size(args.width, args.height)?;
    let options = GenOptions {
        cell_choice: args.cell_choice,
    };
    let kinds: Vec<GeneratorKind> = match args.algorithm {
        Some(kind) => vec![kind],
        None => GeneratorKind::ALL.to_vec(),
    };
    let name_w = kinds
        .iter()
        .map(|k| k.name().len())
        .max()
        .unwrap_or(0)
        .max("generator".len());
    let last_seed = args.seed.wrapping_add(u64::from(args.runs) - 1);
    let header = (|| {
        writeln!(
            out,
            "{width}x{height} cells, {} runs per generator, seeds {}..={last_seed}",
            args.runs, args.seed
        )?;
        writeln!(
            out,
            "{:<name_w$}  {:>10}  {:>8}  {:>7}  {:>11}  {:>9}",
            "generator", "dead-ends%", "solution", "longest", "longest-max", "ms/maze"
        )?;
        out.flush()
    })();
    finish(header)?;
    for kind in kinds {
        let s = measure(kind, width, height, args.runs, args.seed, &options)?;
        let solution = s
            .solution_mean
            .map_or_else(|| "-".to_owned(), |m| format!("{m:.1}"));
        let row = (|| {
            writeln!(
                out,
                "{:<name_w$}  {:>10.1}  {:>8}  {:>7.1}  {:>11}  {:>9.3}",
                kind.name(),
                s.dead_end_percent,
                solution,
                s.longest_mean,
                s.longest_max,
                s.ms_per_maze
            )?;
            out.flush()
        })();
        // A closed pipe: stop measuring, nobody reads the rest.
        if let Err(e) = row {
            return finish(Err(e));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose reader has gone away.
    struct ClosedPipe;

    impl Write for ClosedPipe {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }
    }

    /// A writer that fails for another reason.
    struct FullDisk;

    impl Write for FullDisk {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::other("disk full"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn parse(args: &[&str]) -> Cli {
        Cli::try_parse_from(std::iter::once("maze-tui").chain(args.iter().copied()))
            .expect("valid command line")
    }

    fn generate_args(args: &[&str]) -> GenerateArgs {
        let mut full = vec!["generate"];
        full.extend_from_slice(args);
        match parse(&full).command {
            Some(Command::Generate(a)) => a,
            other => panic!("expected generate, got {other:?}"),
        }
    }

    #[test]
    fn json_rows_escapes_and_ignores_chunking() {
        let text = "#S\"\\\n\tE#\n\n";
        let expected = "\"#S\\\"\\\\\",\n\"\\u0009E#\",\n\"\"\n";
        for chunk in 1..=text.len() {
            let mut out = Vec::new();
            let mut rows = JsonRows::new(&mut out);
            for piece in text.as_bytes().chunks(chunk) {
                rows.write_all(piece).expect("vec write");
            }
            rows.finish().expect("vec write");
            assert_eq!(
                String::from_utf8(out).expect("utf8"),
                expected,
                "chunk {chunk}"
            );
        }
        let mut out = Vec::new();
        let mut rows = JsonRows::new(&mut out);
        rows.write_all(b"ab").expect("vec write");
        rows.finish().expect("vec write");
        assert_eq!(out, b"\"ab\"\n", "a last row without newline is closed");
    }

    #[test]
    fn generate_json_is_valid_and_matches_text() {
        let mut text = Vec::new();
        generate(
            &generate_args(&["--width", "5", "--height", "3"]),
            &mut text,
        )
        .expect("ok");
        let mut json = Vec::new();
        let args = generate_args(&[
            "--width", "5", "--height", "3", "-f", "json", "--braid", "1",
        ]);
        generate(&args, &mut json).expect("ok");
        let v: serde_json::Value = serde_json::from_slice(&json).expect("valid JSON");
        assert_eq!(v["braid"], 1.0);
        assert_eq!(v["algorithm"], "recursive-backtracker");
        assert_eq!(v["seed"], DEFAULT_SEED);
        let rows: Vec<String> = v["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| r.as_str().expect("string").to_owned())
            .collect();
        let text = String::from_utf8(text).expect("ascii");
        assert_eq!(rows.len(), 7);
        assert!(rows.iter().all(|r| r.len() == 11));
        // Without --braid the text is the braid-free maze; compare shapes only here.
        assert_eq!(text.lines().count(), rows.len());
    }

    #[test]
    fn a_closed_pipe_is_success_and_other_write_errors_are_reported() {
        let args = generate_args(&["--width", "50", "--height", "50"]);
        assert!(generate(&args, &mut ClosedPipe).is_ok());
        assert!(algorithms(&mut ClosedPipe).is_ok());
        let err = generate(&args, &mut FullDisk).expect_err("disk full");
        assert!(
            matches!(err, Error::Io(ref m) if m.contains("disk full")),
            "{err}"
        );
        assert_eq!(err.exit_code(), 1);
    }

    #[test]
    fn check_size_limits_sides_and_area() {
        assert_eq!(check_size(3, 4).expect("fine"), (3, 4));
        assert_eq!(check_size(MAX_SIDE, 1).expect("fine").0, 100_000);
        assert!(matches!(check_size(0, 4), Err(Error::Size(_))));
        assert!(matches!(
            check_size(MAX_SIDE + 1, 1),
            Err(Error::TooLarge(_))
        ));
        assert!(matches!(
            check_size(20_000, 20_000),
            Err(Error::TooLarge(_))
        ));
        let saturated = check_size(u64::MAX, 1).expect_err("too large").to_string();
        assert!(!saturated.contains("18446744073709551615"), "{saturated}");
    }

    #[test]
    fn tui_config_folds_no_color_and_keeps_the_flags() {
        let cli = parse(&[
            "--width",
            "30",
            "--seed",
            "7",
            "--generator",
            "prim",
            "--solver",
            "astar",
            "--braid",
            "0.5",
            "--heuristic",
            "octile",
            "--diagonal",
            "--cell-choice",
            "oldest",
            "--ascii",
        ]);
        assert!(cli.command.is_none());
        let config = tui_config(&cli.tui, None).expect("valid");
        assert_eq!(config.width, Some(30));
        assert_eq!(config.height, None, "an unset side fits the pane");
        assert_eq!(config.seed, 7);
        assert_eq!(config.generator, GeneratorKind::Prim);
        assert_eq!(config.solver, Some(SolverKind::Astar));
        assert!((config.braid - 0.5).abs() < f64::EPSILON);
        assert_eq!(config.solve_options.heuristic, Heuristic::Octile);
        assert!(config.solve_options.diagonal());
        assert_eq!(config.gen_options.cell_choice, CellChoice::Oldest);
        assert!(config.ascii);
        assert_eq!(config.color, ColorMode::Auto);
        assert!(config.load.is_none());

        let no_color = |value: &str, flag: &[&str]| {
            tui_config(&parse(flag).tui, Some(value.into()))
                .expect("valid")
                .color
        };
        assert_eq!(no_color("1", &[]), ColorMode::Never);
        assert_eq!(
            no_color("", &[]),
            ColorMode::Auto,
            "empty NO_COLOR is unset"
        );
        assert_eq!(no_color("1", &["--color", "always"]), ColorMode::Always);
        assert_eq!(no_color("", &["--color", "never"]), ColorMode::Never);
    }

    #[test]
    fn tui_config_rejects_too_large_sides() {
        let cli = parse(&["--width", "100000", "--height", "100000"]);
        assert!(matches!(
            tui_config(&cli.tui, None),
            Err(Error::TooLarge(_))
        ));
        let cli = parse(&["--height", "100001"]);
        assert!(matches!(
            tui_config(&cli.tui, None),
            Err(Error::TooLarge(_))
        ));
    }

    #[test]
    fn read_grid_names_the_source_and_problem() {
        let err = read_grid(&b"#S#\n#E\n"[..], "m.txt").expect_err("ragged");
        assert!(err.to_string().contains("m.txt") && err.to_string().contains("ragged"));
        let err = read_grid(&b"\xff"[..], "stdin").expect_err("binary");
        assert!(err.to_string().contains("not UTF-8"), "{err}");
    }
}
