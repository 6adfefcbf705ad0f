//! TUI state, actions and `update(state, action)` — no drawing here.
//!
//! [`App`] holds the [`Stage`] (generating, complete, solving: the runs themselves), the
//! algorithm list, the log, the play clock and the view settings. [`App::update`] applies
//! one [`Action`]; long work (run to the end, rewinds) is a [`Job`] that
//! [`App::work`] advances in slices between frames. The UI ([`crate::ui::render`]) is a
//! pure function of `&App`.
//!
//! Files: `state.rs` (the `App` and `update`), `stage.rs` (the legal stages and moving
//! between them), `job.rs` (sliced seeking), `play.rs` (the play clock), `viewport.rs`
//! (screen geometry: where panes and tiles are), `mouse.rs` (what a click hits),
//! `log.rs` (the log's sections and the words for each event), `input.rs` (keys to
//! actions), `mode.rs` (explore / edit / walk / inspect), `edit.rs` (changing the maze,
//! undo), `walk.rs` (the player), `robot.rs` (the robot in fog), `pilot.rs` (who walks for the player: the AI and the
//! walker on a solver's path) and `escape.rs` (handing the walk over, its ticks),
//! `inspect.rs` (the cell inspector), `prompt.rs` and `save.rs` (saving the maze to a
//! file), `help.rs` (every key binding, and the help's rows for a width).

mod action;
pub mod cheapest;
pub mod edit;
mod escape;
pub mod guess;
mod heat;
pub mod help;
pub mod input;
mod inspect;
mod job;
pub mod keymap;
pub mod lesson;
pub mod log;
pub mod mode;
mod mouse;
mod navigate;
pub mod pilot;
pub mod play;
pub mod prompt;
pub mod quiz;
pub mod race;
pub mod race_edit;
pub mod replan;
pub mod robot;
mod runs;
pub mod save;
mod screen;
mod shape;
mod stage;
mod state;
pub mod viewport;
pub mod walk;
mod zoom;

pub use action::Action;
pub use heat::Distances;
pub use job::Job;
pub use log::Log;
pub use mode::{Mode, ModeAction, ModeKind};
pub use play::{Play, SPEEDS};
pub use quiz::{Quiz, QuizAction};
pub use screen::NOWHERE;
pub use stage::{Stage, World};
pub use state::{App, Focus, Item, Overlay, View};
pub use zoom::{Cells, Fit, Zoom};

use crate::generate::{GenOptions, GeneratorKind};
use crate::maze::{Ends, Grid};
use crate::solve::{SolveOptions, SolverKind};

/// Whether to use colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorMode {
    /// Colour unless `NO_COLOR` is set (decided by the caller before building [`Config`]).
    #[default]
    Auto,
    /// Always colour.
    Always,
    /// Never colour: overlays are told apart by glyph alone.
    Never,
}

/// The colour themes (`--theme`): colours for a dark room, a bright one, and the most
/// contrast. `NO_COLOR` and `--color never` turn colour off whatever the theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum ThemeName {
    /// Light text on near-black.
    #[default]
    Dark,
    /// Dark text on white (bright rooms, projectors).
    Light,
    /// White and saturated colours on black.
    HighContrast,
}

impl ThemeName {
    /// Every theme.
    pub const ALL: [ThemeName; 3] = [ThemeName::Dark, ThemeName::Light, ThemeName::HighContrast];

    /// The name as typed (`dark`, `light`, `high-contrast`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ThemeName::Dark => "dark",
            ThemeName::Light => "light",
            ThemeName::HighContrast => "high-contrast",
        }
    }
}

impl std::fmt::Display for ThemeName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for ThemeName {
    type Err = String;

    /// A theme by its name; the error lists the names.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ThemeName::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| format!("unknown theme '{s}' (dark, light, high-contrast)"))
    }
}

/// Everything the TUI starts from: the command line over the config file over the defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Maze width in cells; `None` = fit the maze pane (and refit after a resize).
    pub width: Option<u32>,
    /// Maze height in cells; `None` = fit the maze pane.
    pub height: Option<u32>,
    /// Seed of the first maze.
    pub seed: u64,
    /// Generator selected at start.
    pub generator: GeneratorKind,
    /// Solver to run once the maze is complete, if any.
    pub solver: Option<SolverKind>,
    /// A maze loaded from a file instead of generating one.
    pub load: Option<Grid>,
    /// Share of dead ends removed after generation (0.0–1.0).
    pub braid: f64,
    /// Where S and E go on each generated maze (a loaded maze keeps its own).
    pub ends: Ends,
    /// The shape generated mazes are carved in (`--mask`, `--mask-text`); `None`: the
    /// whole rectangle.
    pub shape: Option<crate::maze::Shape>,
    /// Generator settings (Growing Tree's cell choice).
    pub gen_options: GenOptions,
    /// Solver settings (heuristic, diagonal moves).
    pub solve_options: SolveOptions,
    /// Colour mode (`NO_COLOR` already folded in: `Auto` means colour).
    pub color: ColorMode,
    /// Only ASCII characters on screen.
    pub ascii: bool,
    /// The colour theme.
    pub theme: ThemeName,
    /// Solvers or generators to race once the maze is complete (`--race`; empty: no race).
    pub race: race::Entrants,
    /// The view asked for; a denser one is taken when the maze does not fit it.
    pub view: View,
    /// Play speed at start: an index into [`SPEEDS`].
    pub speed: usize,
    /// The keys in force.
    pub keys: keymap::Keymap,
    /// Quiz mode at start (`--quiz`): each step asks its question first.
    pub quiz: bool,
    /// The file each quiz answer is appended to as a JSON line (`--quiz-log`).
    pub quiz_log: Option<std::path::PathBuf>,
    /// The lesson being followed and its stop, if any (`maze-tui lesson`).
    pub lesson: Option<lesson::Progress>,
    /// The robot's sight in tiles (`--fog R`): `Some` starts the robot in fog once the
    /// maze is complete; `F` uses it too (else [`robot::DEFAULT_FOG`]).
    pub fog: Option<u32>,
    /// The rounds of "which algorithm made this?" being played, if any (`maze-tui quiz`).
    pub guess: Option<crate::teach::guess::Game>,
    /// Problems found in the settings (a config file's unknown keys, bad values), one line
    /// each, told in the log at start.
    pub notices: Vec<String>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            width: None,
            height: None,
            seed: 1,
            generator: GeneratorKind::RecursiveBacktracker,
            solver: None,
            load: None,
            braid: 0.0,
            ends: Ends::Corners,
            shape: None,
            gen_options: GenOptions::default(),
            solve_options: SolveOptions::default(),
            color: ColorMode::Auto,
            ascii: false,
            theme: ThemeName::Dark,
            race: race::Entrants::default(),
            view: View::default(),
            speed: play::DEFAULT_SPEED,
            keys: keymap::Keymap::default(),
            quiz: false,
            quiz_log: None,
            lesson: None,
            fog: None,
            guess: None,
            notices: Vec::new(),
        }
    }
}
