//! Command-line types (clap derive) and the headless commands.
//!
//! `maze-tui` with no subcommand opens the interactive explorer ([`TuiArgs`] over the
//! remembered session over the config file ([`crate::config`]) → [`crate::app::Config`] →
//! [`crate::tui::run`]). The subcommands are headless and write to
//! any [`Write`], so tests can run them in-process:
//!
//! * `generate` ([`generate`]): a maze as text or JSON, byte-identical for the same arguments;
//! * `solve` ([`solve`]): a text maze solved from `S` to `E`, as text or JSON;
//! * `algorithms` ([`algorithms`]): every generator and solver, one line each;
//! * `stats` ([`stats`]): the *Mazes for Programmers* comparison table;
//! * `compare` ([`compare`]): solvers side by side on one maze (with `--edits`, over a file
//!   of edits: [`compare_edits`]);
//! * `replan` ([`replan()`]): a file of edits replayed, cost and tiles expanded after each;
//! * `record` ([`record`]): a run of the explorer as an asciicast v2 file;
//! * `config` ([`config()`]): the default config file, or a config file checked;
//! * `completions` ([`completions`]) and `man` ([`man`]): shell completions, manual pages;
//! * `serve` (`serve`, feature `serve`): the explorer over SSH ([`crate::serve`]).
//!
//! Sizes always count **cells**; paths in `solve` output count **tiles** as `[row, col]`.
//! Every failure is a [`crate::Error`], which the binary prints as one line. A closed output
//! pipe (`maze-tui generate … | head -1`) ends a command early and successfully.

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde::Deserialize;

use crate::Error;
use crate::app::race::{Entrants, RUNNERS};
use crate::app::{ColorMode, Config, SPEEDS, ThemeName, View};
use crate::config::setting;
use crate::generate::{Bias, CellChoice, GenOptions, GeneratorKind, braid};
use crate::maze::{
    Ends, Grid, MAX_CELLS, Maze, Placement, Pos, stats as maze_stats, write_maze_text,
};
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

mod algorithms;
mod args;
mod compare;
mod config;
mod docs;
mod explore;
mod field;
mod files;
mod generate;
mod lesson;
mod mask;
pub mod message;
mod quiz;
mod record;
mod reopen;
mod replan;
mod search;
#[cfg(feature = "serve")]
mod serve;
mod solve;
mod stats;

pub use algorithms::*;
pub use args::*;
pub use compare::*;
pub use config::*;
pub use docs::*;
pub use explore::*;
pub use field::*;
pub use files::*;
pub use generate::*;
pub use lesson::*;
pub use mask::*;
pub use quiz::*;
pub use record::*;
pub use reopen::*;
pub use replan::*;
pub use search::*;
#[cfg(feature = "serve")]
pub use serve::*;
pub use solve::*;
pub use stats::*;

/// Run a parsed command line: a headless command writing to standard output, or the TUI.
///
/// # Errors
/// Whatever the command reports; see each command.
pub fn run(cli: Cli) -> Result<(), Error> {
    let Some(command) = cli.command else {
        return explore(cli.config.as_deref(), cli.tui);
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
        Command::Record(args) => {
            let mut out = output_to(args.output.as_deref(), out)?;
            record(&args, std::env::var_os("NO_COLOR"), &mut out)?;
            commit(out)
        }
        Command::Stats(args) => {
            let mut out = output_to(args.output.as_deref(), out)?;
            stats(&args, &mut out)?;
            commit(out)
        }
        Command::Config(args) => {
            let given = std::env::var_os("MAZE_TUI_CONFIG").map(PathBuf::from);
            config(&args, given.as_deref(), &mut out)
        }
        Command::Completions(args) => completions(&args, &mut out),
        #[cfg(feature = "serve")]
        Command::Serve(args) => {
            serve(&args, &mut out)?;
            commit(out)
        }
        Command::Man(args) => man(&args, &mut out),
        Command::Lesson(args) => lesson(&args, &mut out),
        Command::Quiz(args) => quiz_command(&args, &mut out),
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
            let edits = match &args.edits {
                Some(path) => Some(read_edits(path, &grid)?),
                None => None,
            };
            let mut out = output_to(args.output.as_deref(), out)?;
            match edits {
                Some(edits) => compare_edits(&args, &grid, &edits, &mut out)?,
                None => compare(&args, grid, &mut out)?,
            }
            commit(out)
        }
        Command::Replan(args) => {
            let grid = load_grid(&args.maze)?;
            let edits = match (&args.edits, args.fog) {
                (Some(path), _) => read_edits(path, &grid)?,
                (None, Some(_)) => Vec::new(),
                (None, None) => {
                    return Err(Error::Invalid(
                        "replan needs --edits FILE (edits to replay) or --fog R (a robot in fog)"
                            .into(),
                    ));
                }
            };
            let mut out = output_to(args.output.as_deref(), out)?;
            match args.fog {
                Some(radius) => fog(&args, &grid, radius, &mut out)?,
                None => replan(&args, grid, &edits, &mut out)?,
            }
            commit(out)
        }
    }
}

/// The explorer, set up from `flags` over the remembered session (when the config file
/// says `remember = true`) over the config file (`config_file`, else the usual one). The
/// file's problems are printed as warnings and told in the log; the explorer starts with
/// the rest. On quit, the session is remembered if asked.
///
/// # Errors
/// As [`Location::load`](crate::config::Location::load), [`tui_config`] and
/// [`crate::tui::run`].
fn explore(config_file: Option<&Path>, flags: TuiArgs) -> Result<(), Error> {
    use crate::config::{Location, session};
    let location = Location::find(config_file);
    let loaded = location.load()?.unwrap_or_default();
    let name = location.path().map(display_name).unwrap_or_default();
    let mut notices = Vec::new();
    let (keys, problems) = keys_and_problems(&loaded);
    for problem in problems {
        warn(&format!("{name}:{}: {}", problem.line, problem.message));
        notices.push(format!("config {problem}"));
    }
    let remember = loaded.remember.then(session::path).flatten();
    let remembered = remember.as_deref().map(session::read).unwrap_or_default();
    let args = flags.over(remembered).over(loaded.args);
    let mut config = tui_config(&args, std::env::var_os("NO_COLOR"))?;
    config.notices = notices;
    config.keys = keys;
    let app = crate::tui::run(config)?;
    if let (Some(path), Some(app)) = (remember, app)
        && let Err(e) = session::Session::of(&app).write(&path)
    {
        warn(&e.to_string());
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
            "--bias",
            "nw",
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
        assert_eq!(config.gen_options.bias, Bias::NorthWest);
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

        let theme = |flag: &[&str]| tui_config(&parse(flag).tui, None).expect("valid").theme;
        assert_eq!(theme(&[]), ThemeName::Dark);
        assert_eq!(theme(&["--theme", "light"]), ThemeName::Light);
        assert_eq!(
            theme(&["--theme", "high-contrast"]),
            ThemeName::HighContrast
        );
        assert!(Cli::try_parse_from(["maze-tui", "--theme", "sepia"]).is_err());
        assert_eq!("light".parse(), Ok(ThemeName::Light));
        assert!("sepia".parse::<ThemeName>().is_err());
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
