//! The last session, kept when the config file says `remember = true`: the generator,
//! solver, view and play speed the explorer was left with, written when the user quits
//! and read at the next start as a layer between the command line and the config file.
//!
//! Kept in `maze-tui/session.toml` in the platform's state folder (`$XDG_STATE_HOME`, by
//! default `~/.local/state`; the data folder where there is no state folder), written
//! atomically ([`crate::atomic`]): an interrupted write leaves the last one whole. Its
//! keys are the config file's, so it reads with [`super::parse`].

use std::path::{Path, PathBuf};

use clap::ValueEnum;

use crate::Error;
use crate::app::{App, Stage, View};
use crate::cli::{TuiArgs, speed_name};
use crate::generate::GeneratorKind;
use crate::solve::SolverKind;

/// What a session leaves for the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Session {
    /// The generator of the maze on screen, else the one selected at start.
    pub generator: GeneratorKind,
    /// The solver that ran or waits, else the one given at start.
    pub solver: Option<SolverKind>,
    /// The view.
    pub view: View,
    /// The play speed, an index into [`crate::app::SPEEDS`].
    pub speed: usize,
}

/// The session file's path: `None` when there is no home folder.
#[must_use]
pub fn path() -> Option<PathBuf> {
    use etcetera::BaseStrategy;
    let dirs = etcetera::choose_base_strategy().ok()?;
    let folder = dirs.state_dir().unwrap_or_else(|| dirs.data_dir());
    Some(folder.join("maze-tui").join("session.toml"))
}

impl Session {
    /// The session `app` is in.
    #[must_use]
    pub fn of(app: &App) -> Self {
        let generator = app
            .stage
            .generation()
            .map_or(app.config.generator, |run| run.machine().kind());
        let solver = match &app.stage {
            Stage::Solving { run, .. } => Some(run.machine().kind()),
            Stage::Generating { waiting, .. } => *waiting,
            _ => app.config.solver,
        };
        Self {
            generator,
            solver,
            view: app.view,
            speed: app.play.speed,
        }
    }

    /// As TOML: the config file's keys `generator`, `solver`, `view` and `speed`.
    #[must_use]
    pub fn to_toml(&self) -> String {
        let name = |value: Option<clap::builder::PossibleValue>| {
            value.map(|v| v.get_name().to_owned()).unwrap_or_default()
        };
        let mut table = toml::Table::new();
        table.insert("generator".into(), self.generator.name().into());
        if let Some(solver) = self.solver {
            table.insert("solver".into(), solver.name().into());
        }
        table.insert("view".into(), name(self.view.to_possible_value()).into());
        let speed = speed_name(self.speed);
        let speed = speed
            .parse::<i64>()
            .map_or_else(|_| speed.into(), toml::Value::from);
        table.insert("speed".into(), speed);
        table.to_string()
    }

    /// Write the session to `path` atomically, making its folder if need be.
    ///
    /// # Errors
    /// [`Error::Io`] naming the file when the folder cannot be made or the file written.
    pub fn write(&self, path: &Path) -> Result<(), Error> {
        let fail = |e: std::io::Error| Error::Io(format!("session file {}: {e}", path.display()));
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).map_err(fail)?;
        }
        let text = self.to_toml();
        crate::atomic::write_atomically(path, |out| std::io::Write::write_all(out, text.as_bytes()))
            .map_err(fail)
    }
}

/// The remembered settings in `text` as a layer: only the generator, solver, view and
/// speed, and only those that read without a problem (a damaged file costs nothing).
#[must_use]
pub fn layer(text: &str) -> TuiArgs {
    let args = super::parse(text).args;
    TuiArgs {
        generator: args.generator,
        solver: args.solver,
        view: args.view,
        speed: args.speed,
        ..TuiArgs::default()
    }
}

/// The remembered settings at `path` ([`layer`]); nothing when there is no file or it
/// cannot be read.
#[must_use]
pub fn read(path: &Path) -> TuiArgs {
    std::fs::read_to_string(path).map_or_else(|_| TuiArgs::default(), |text| layer(&text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_reads_back_as_itself() {
        let session = Session {
            generator: GeneratorKind::Prim,
            solver: Some(SolverKind::Astar),
            view: View::HalfBlock,
            speed: 13,
        };
        let text = session.to_toml();
        assert_eq!(
            text,
            "generator = \"prim\"\nsolver = \"astar\"\nspeed = \"max\"\nview = \"half-blocks\"\n"
        );
        let args = layer(&text);
        assert_eq!(args.generator, Some(GeneratorKind::Prim));
        assert_eq!(args.solver, Some(SolverKind::Astar));
        assert_eq!(args.view, Some(View::HalfBlock));
        assert_eq!(args.speed, Some(13));
        let slow = Session {
            speed: 0,
            solver: None,
            ..session
        };
        assert_eq!(layer(&slow.to_toml()).speed, Some(0));
        assert_eq!(layer(&slow.to_toml()).solver, None);
    }

    #[test]
    fn only_the_four_settings_are_taken_and_damage_costs_nothing() {
        let args = layer("generator = \"wilson\"\nwidth = 9\nview = 3\n[[[\n");
        assert_eq!(args.generator, Some(GeneratorKind::Wilson));
        assert_eq!(args.width, None);
        assert_eq!(args.view, None);
    }

    #[test]
    fn writes_atomically_into_a_new_folder() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir
            .path()
            .join("state")
            .join("maze-tui")
            .join("session.toml");
        let session = Session {
            generator: GeneratorKind::Kruskal,
            solver: None,
            view: View::Thin,
            speed: 4,
        };
        session.write(&path).expect("written");
        assert_eq!(read(&path).generator, Some(GeneratorKind::Kruskal));
        assert_eq!(read(&dir.path().join("none.toml")), TuiArgs::default());
    }
}
