//! `maze-tui replan`: a text maze, a file of edits, and one solver answering after each
//! edit — LPA* and D* Lite by repairing their last search, any other solver from scratch.

#[allow(clippy::wildcard_imports)]
use super::*;
use crate::solve::replan::{self, replay};

/// `maze-tui replan`.
#[derive(Debug, Args)]
pub struct ReplanArgs {
    /// Text maze; '-' reads standard input
    #[arg(value_name = "MAZE")]
    pub maze: PathBuf,
    /// Edits, one a line: 'wall R C', 'open R C', 'cost R C K', 'start R C', 'goal R C'
    /// (R, C: 0-based tile row and column; K: 1-9); '#' starts a comment
    #[arg(long, value_name = "FILE")]
    pub edits: Option<PathBuf>,
    /// Instead of edits: a robot walks S to E along D* Lite's path seeing only R tiles
    /// around it (the rest assumed open), replanning as it discovers the maze
    #[arg(long, value_name = "R", conflicts_with = "edits")]
    pub fog: Option<u32>,
    /// Solver: d-star-lite and lpa-star repair their search; any other starts over
    #[arg(
        short,
        long,
        value_name = "NAME",
        value_enum,
        default_value = "d-star-lite"
    )]
    pub algorithm: SolverKind,
    /// Output format: text (a table) or json (an array, one object per edit)
    #[arg(short, long, value_enum, default_value_t = CompareFormat::Text)]
    pub format: CompareFormat,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Write the report to FILE instead of standard output
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Read and check an edit file against `grid`.
///
/// # Errors
/// [`Error::Io`] when the file cannot be read; [`Error::Invalid`] naming the first line
/// that is not an edit or does not apply to `grid` (outside it, a wall on S or E).
pub fn read_edits(path: &Path, grid: &Grid) -> Result<Vec<(usize, replan::Edit)>, Error> {
    let name = display_name(path);
    let file = std::fs::File::open(path)
        .map_err(|e| Error::Io(format!("cannot read edits {name}: {}", io_reason(&e))))?;
    let mut text = String::new();
    file.take(MAX_FILE_BYTES)
        .read_to_string(&mut text)
        .map_err(|e| Error::Io(format!("cannot read edits {name}: {}", io_reason(&e))))?;
    let edits =
        replan::parse_edits(&text).map_err(|e| Error::Invalid(format!("edits {name}: {e}")))?;
    replay::check(grid, &edits).map_err(|e| Error::Invalid(format!("edits {name}: {e}")))?;
    Ok(edits)
}

/// `maze-tui replan` on a parsed grid and its checked edits: the first search, then one
/// answer per edit. Text: a table. JSON: an array with one object per edit, each with
/// `line`, `edit`, `cost` (`null`: no path), `length`, `expanded` and `how` (`repair`,
/// `restart` or `scratch`).
///
/// # Errors
/// [`Error::Io`] when writing fails (a closed pipe is not an error).
pub fn replan(
    args: &ReplanArgs,
    grid: Grid,
    edits: &[(usize, replan::Edit)],
    out: &mut impl Write,
) -> Result<(), Error> {
    let options = args.search.options(0);
    let answers = replay::replay(args.algorithm, grid, edits, &options);
    let result = match args.format {
        CompareFormat::Text => out.write_all(replay::table(args.algorithm, &answers).as_bytes()),
        CompareFormat::Json => serde_json::to_writer(&mut *out, &answers[1..])
            .map_err(io::Error::from)
            .and_then(|()| out.write_all(b"\n")),
    };
    finish(result.and_then(|()| out.flush()))
}

/// One solver's line in `compare --edits`.
#[derive(Debug, serde::Serialize)]
struct Replayed {
    solver: &'static str,
    /// Tiles expanded by the first search.
    first_search: u64,
    /// Tiles expanded over every edit (repairs or searches from scratch).
    expanded: u64,
    /// The cost after each edit (`null`: no path).
    costs: Vec<Option<u32>>,
}

/// `maze-tui compare --edits FILE`: every solver asked for (by default LPA*, D* Lite and
/// A*) replays the edits; a table (fewest tiles expanded over the edits first) or a JSON
/// array of objects with `solver`, `first_search`, `expanded` and `costs`.
///
/// # Errors
/// [`Error::Io`] when writing fails (a closed pipe is not an error).
pub fn compare_edits(
    args: &CompareArgs,
    grid: &Grid,
    edits: &[(usize, replan::Edit)],
    out: &mut impl Write,
) -> Result<(), Error> {
    use std::fmt::Write as _;
    let kinds: &[SolverKind] = if args.solvers.is_empty() {
        &[
            SolverKind::DStarLite,
            SolverKind::LpaStar,
            SolverKind::Astar,
        ]
    } else {
        &args.solvers
    };
    let options = args.search.options(args.seed);
    let mut rows: Vec<Replayed> = kinds
        .iter()
        .map(|&kind| {
            let answers = replay::replay(kind, grid.clone(), edits, &options);
            Replayed {
                solver: kind.name(),
                first_search: answers[0].expanded,
                expanded: answers[1..].iter().map(|a| a.expanded).sum(),
                costs: answers[1..].iter().map(|a| a.cost).collect(),
            }
        })
        .collect();
    rows.sort_by_key(|r| r.expanded);
    let result = match args.format {
        CompareFormat::Text => {
            let mut text = format!(
                "{:<20} {:>12} {:>16}  {}\n",
                "solver", "first search", "expanded (edits)", "cost after the last edit"
            );
            for r in &rows {
                let last = match r.costs.last() {
                    Some(Some(c)) => c.to_string(),
                    Some(None) => "no path".to_owned(),
                    None => "-".to_owned(),
                };
                let _ = writeln!(
                    text,
                    "{:<20} {:>12} {:>16}  {last}",
                    r.solver, r.first_search, r.expanded
                );
            }
            out.write_all(text.as_bytes())
        }
        CompareFormat::Json => serde_json::to_writer(&mut *out, &rows)
            .map_err(io::Error::from)
            .and_then(|()| out.write_all(b"\n")),
    };
    finish(result.and_then(|()| out.flush()))
}

/// `maze-tui replan MAZE --fog R`: the robot in fog walks from S to E; one line (text) or
/// one JSON object with `moves`, `cost`, `replans`, `expanded` (D* Lite, first search
/// included), `astar_expanded` (A* from scratch at the start and at every discovery) and
/// `trail` (tiles `[row, col]`, S first).
///
/// # Errors
/// [`Error::NoPath`] when E cannot be reached (the robot found out by walking; nothing is
/// written to `out`); [`Error::Io`] when writing fails.
pub fn fog(args: &ReplanArgs, grid: &Grid, radius: u32, out: &mut impl Write) -> Result<(), Error> {
    use crate::solve::replan::robot::{Robot, Stride};
    let options = args.search.options(0);
    let mut robot = Robot::new(grid, radius, &options);
    let end = robot.walk();
    let t = robot.tally();
    if end != Stride::Arrived {
        return Err(Error::NoPath {
            start: grid.start(),
            goal: grid.goal(),
            solver: "the robot (d-star-lite)",
            visited: usize::try_from(t.expanded).unwrap_or(usize::MAX),
        });
    }
    #[derive(serde::Serialize)]
    struct Report {
        radius: u32,
        moves: u64,
        cost: u64,
        replans: u64,
        expanded: u64,
        astar_expanded: u64,
        trail: Vec<[u32; 2]>,
    }
    let result = match args.format {
        CompareFormat::Text => writeln!(
            out,
            "the robot reached E in {} moves (cost {}), seeing {radius} tile{} around it: {} replans, D* Lite expanded {} tiles, A* from scratch at every discovery {}",
            t.moves,
            t.cost,
            if radius == 1 { "" } else { "s" },
            t.replans,
            t.expanded,
            t.astar_expanded
        ),
        CompareFormat::Json => serde_json::to_writer(
            &mut *out,
            &Report {
                radius,
                moves: t.moves,
                cost: t.cost,
                replans: t.replans,
                expanded: t.expanded,
                astar_expanded: t.astar_expanded,
                trail: robot.trail().iter().map(|p| [p.row, p.col]).collect(),
            },
        )
        .map_err(io::Error::from)
        .and_then(|()| out.write_all(b"\n")),
    };
    finish(result.and_then(|()| out.flush()))
}
