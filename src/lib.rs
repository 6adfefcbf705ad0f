//! maze-tui: watch maze generation and solving algorithms work, one step at a time.
//!
//! Module map:
//!
//! * [`maze`] — the domain model: [`maze::Maze`] (cells and passages, one byte per cell) and
//!   [`maze::Grid`] (open/wall tiles, the text format), plus statistics.
//! * [`generate`] — maze generators, one file each, as resumable step machines
//!   ([`generate::Generator`]), and their registry ([`generate::GeneratorKind`]).
//! * [`solve`] — path finders, one file each, as resumable step machines
//!   ([`solve::Solver`]), and their registry ([`solve::SolverKind`]).
//! * [`run`] — a run of any step machine: stepping, checkpoints, rewind, milestones.
//! * [`teach`] — what a machine tells a student: its live structure, a tile's record.
//! * [`Mark`] — how a step machine labels a cell or tile for display.
//! * [`app`] — TUI state, actions and `update`; no drawing.
//! * [`ui`] — pure rendering of an [`app::App`] into a ratatui frame.
//! * [`tui`] — terminal setup and restore, the event loop.
//! * [`input`] — terminal bytes to key, mouse, paste and focus events ([`input::Decoder`]).
//! * [`cli`] — command-line types and the headless commands.
//! * [`config`] — the config file, read into the explorer's settings; the remembered session.
//! * [`atomic`] — files written whole or not at all (temporary file, sync, rename).
//! * [`export`] — pictures of a maze (SVG, PNG).
//! * `serve` (feature `serve`, on by default) — the explorer over SSH, one per session.
//!
//! The domain (`maze`, `generate`, `solve`) imports neither ratatui nor crossterm.

pub mod app;
pub mod atomic;
pub mod cli;
pub mod config;
pub mod export;
pub mod generate;
pub mod input;
pub mod lesson;
pub mod maze;
mod registry;
pub mod run;
#[cfg(feature = "serve")]
pub mod serve;
pub mod solve;
pub mod teach;
pub mod tui;
pub mod ui;

/// How a step machine labels one cell (generators) or tile (solvers) for display:
/// the live data structure made visible. The UI picks glyphs and colours per mark.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Nothing to show: an untouched cell or tile.
    #[default]
    None,
    /// The cell or tile the machine is working on now.
    Current,
    /// In the live structure: the stack, queue, frontier or open set.
    Frontier,
    /// Done with: part of the maze (generators), or seen once (Trémaux).
    Visited,
    /// Closed set: expanded and final (solvers).
    Closed,
    /// On a random walk not yet carved (Wilson), or being hunted for.
    Walk,
    /// Scanned by a hunt phase (Hunt-and-Kill).
    Scan,
    /// Filled in as a dead end (dead-end filling), or marked twice (Trémaux).
    DeadEnd,
    /// Locally inconsistent (`g ≠ rhs`) and waiting in the queue `U` of an incremental
    /// search (LPA*, D* Lite): its cost so far is about to be lowered or raised.
    Inconsistent,
    /// On the found path.
    Path,
    /// In one of the disjoint sets of Kruskal or Eller; sets are told apart by number (the
    /// UI colours them), not by any meaning of the number.
    Set(u32),
}

/// Every error the program reports to a user. Each displays as one line.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A size that is zero or otherwise unusable.
    #[error("invalid size: {0}")]
    Size(String),
    /// A maze too large to hold in memory.
    #[error("maze too large: {0}")]
    TooLarge(String),
    /// An algorithm name that is not in the registry.
    #[error("unknown {kind} '{name}' (try `maze-tui algorithms`)")]
    UnknownAlgorithm {
        /// `generator` or `solver`.
        kind: &'static str,
        /// The name given.
        name: String,
    },
    /// A text maze that could not be read.
    #[error("cannot read maze {source_name}: {error}")]
    Parse {
        /// File name or `stdin`.
        source_name: String,
        /// What is wrong with it.
        error: maze::ParseError,
    },
    /// A mask (`--mask`, `--mask-text`) that could not be read or cannot shape a maze.
    #[error("cannot use mask {source_name}: {error}")]
    Mask {
        /// File name, shape name or word.
        source_name: String,
        /// What is wrong with it.
        error: maze::MaskError,
    },
    /// An I/O failure, with what was being done.
    #[error("{0}")]
    Io(String),
    /// A setting out of its range.
    #[error("invalid value: {0}")]
    Invalid(String),
    /// The goal cannot be reached from the start.
    #[error("no path from S {start} to E {goal} ({solver} visited {visited} tile{})", if *visited == 1 { "" } else { "s" })]
    NoPath {
        /// Start tile.
        start: maze::Pos,
        /// Goal tile.
        goal: maze::Pos,
        /// The solver's name.
        solver: &'static str,
        /// Tiles it visited before giving up.
        visited: usize,
    },
    /// The solver stopped without an answer: it proved neither a path nor that none exists
    /// (the wall follower came back to its start).
    #[error("{solver} gave up: {}", reason.describe())]
    GaveUp {
        /// The solver's name.
        solver: &'static str,
        /// Why.
        reason: crate::solve::GiveUp,
    },
    /// The explorer was ended by a signal (`kill`, a closed session); the terminal was
    /// restored first.
    #[error("stopped by signal {0}")]
    Signal(i32),
    /// The TUI was asked for on a terminal that cannot draw it (`TERM` unset or `dumb`).
    #[error(
        "this terminal cannot show the explorer (TERM is unset or dumb); set TERM (e.g. xterm-256color) or use the headless commands (`maze-tui generate`, `solve`, `compare`)"
    )]
    DumbTerminal,
    /// `maze-tui config --check` found problems in a config file (each printed as a
    /// warning before).
    #[error("{file} has {count} problem{}", if *count == 1 { "" } else { "s" })]
    ConfigProblems {
        /// The file's name.
        file: String,
        /// How many problems.
        count: usize,
    },
    /// The TUI was asked for without a terminal (stdin or stdout redirected).
    #[error(
        "no terminal: stdin and stdout must be a TTY for the interactive explorer; use the headless commands (`maze-tui generate`, `maze-tui solve`, `maze-tui algorithms`) in scripts and pipes"
    )]
    NoTerminal,
}

impl Error {
    /// The process exit code for this error: 2 for usage problems and a missing terminal,
    /// 3 when a solver gave up without an answer, 128 + N after signal N, 1 otherwise.
    #[must_use]
    pub const fn exit_code(&self) -> i32 {
        match self {
            Error::NoTerminal
            | Error::DumbTerminal
            | Error::Size(_)
            | Error::UnknownAlgorithm { .. }
            | Error::Invalid(_) => 2,
            Error::GaveUp { .. } => 3,
            Error::Signal(n) => 128 + *n,
            _ => 1,
        }
    }
}
