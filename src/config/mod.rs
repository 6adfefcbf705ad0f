//! The config file: settings that stay from one start of the explorer to the next.
//!
//! Where: `--config FILE` (or the `MAZE_TUI_CONFIG` variable, which clap reads into the
//! same flag), else `maze-tui/config.toml` in the platform's config folder
//! (`$XDG_CONFIG_HOME`, by default `~/.config`, on Unix and macOS; `%APPDATA%` on Windows;
//! the `etcetera` crate's base strategy). A missing file at the usual place means
//! defaults.
//!
//! What: TOML (parsed by the `toml` crate, read into [`TuiArgs`] by serde). Each explorer
//! flag but `--load` is a top-level key of the same name (`generator = "prim"`,
//! `heuristic-weight = 1.5`, `diagonal = true`); `remember = true` keeps the last session
//! ([`session`]); the `[keys]` table maps actions to keys. The layers, highest first: the
//! command line, the remembered session, the file, the defaults ([`TuiArgs::over`]).
//!
//! Leniency: a file is never refused whole. A syntax error, an unknown key or a bad value
//! is a [`Warning`] naming its line, with the nearest known name for a typo, and the rest
//! of the file still counts. Nothing here reads a global: the file's path and text are
//! passed in, and the result is a value, so one process can hold several (one per SSH
//! session, say).

mod default;
pub mod session;
pub mod setting;
pub mod suggest;

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Args;
use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

pub use default::default_file;

use crate::Error;
use crate::cli::TuiArgs;

/// The largest config file read, in bytes: a complete one is about 4 KB.
pub const MAX_BYTES: u64 = 1 << 20;

/// The file name in the config folder.
const FILE_NAME: &str = "config.toml";

/// Keys of the file that are not explorer flags.
const OTHER_KEYS: [&str; 2] = ["remember", "keys"];

/// A problem in a config file, at a line (1-based); the rest of the file still applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The line of the key or value at fault.
    pub line: usize,
    /// What is wrong, and what is done instead.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// One entry of the `[keys]` table, as written: an action's name and its keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyEntry {
    /// The action's name (`step`, `quit`, …), not yet checked.
    pub action: String,
    /// The key names given (`"l"`, `"ctrl-n"`, `"space"`), not yet checked.
    pub keys: Vec<String>,
    /// Its line.
    pub line: usize,
}

/// What a config file says: its settings as a layer, and what it got wrong.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Loaded {
    /// The explorer settings the file sets (`None` where it says nothing or is wrong).
    pub args: TuiArgs,
    /// `remember = true`: keep the last session's generator, solver, view and speed.
    pub remember: bool,
    /// The `[keys]` table's entries, in file order.
    pub keys: Vec<KeyEntry>,
    /// Problems, in line order.
    pub warnings: Vec<Warning>,
}

/// Every top-level key a config file knows: the explorer's long flags but `--load`, then
/// `remember` and `keys`.
#[must_use]
pub fn known_keys() -> Vec<String> {
    let explorer = TuiArgs::augment_args(clap::Command::new("maze-tui"));
    let flags = explorer.get_arguments().filter_map(clap::Arg::get_long);
    flags
        .filter(|&long| !["load", "quiz-log"].contains(&long))
        .chain(OTHER_KEYS)
        .map(str::to_owned)
        .collect()
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    1 + text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// Read a config file's text. Never fails: see [`Loaded::warnings`]. O(length).
#[must_use]
pub fn parse(text: &str) -> Loaded {
    let mut loaded = Loaded::default();
    let (doc, errors) = DeTable::parse_recoverable(text);
    let mut warn = |offset: usize, message: String| {
        loaded.warnings.push(Warning {
            line: line_of(text, offset),
            message,
        });
    };
    // What the parser made of a line it could not read is not what the user meant.
    let mut broken = Vec::new();
    for error in errors {
        let at = error.span().map_or(0, |span| span.start);
        broken.push(line_of(text, at));
        warn(
            at,
            format!("{}; the line is skipped", error.message().trim()),
        );
    }
    let known = known_keys();
    let mut good = DeTable::new();
    for (key, value) in doc.into_inner() {
        let at = key.span().start;
        let lines = [line_of(text, at), line_of(text, value.span().start)];
        if lines.iter().any(|line| broken.contains(line)) {
            continue;
        }
        match key.get_ref().as_ref() {
            "remember" => match value.get_ref().as_bool() {
                Some(on) => loaded.remember = on,
                None => warn(at, "remember: expected true or false; ignored".to_owned()),
            },
            "keys" => read_keys(text, &value, &mut loaded.keys, &mut warn),
            name if known.iter().any(|k| k == name) => match one_setting(&key, &value) {
                Ok(()) => {
                    good.insert(key, value);
                }
                Err(why) => warn(value.span().start, format!("{name}: {why}; ignored")),
            },
            name => {
                let hint = suggest::did_you_mean(name, known.iter().map(String::as_str));
                warn(at, format!("unknown key '{name}'{hint}; ignored"));
            }
        }
    }
    match settings(good) {
        Ok(args) => loaded.args = args,
        Err(why) => warn(0, format!("{why}; the settings are ignored")),
    }
    loaded.warnings.sort_by_key(|w| w.line);
    loaded
}

/// The settings of a table whose entries each read on their own.
fn settings(table: DeTable<'_>) -> Result<TuiArgs, String> {
    let whole = Spanned::new(0..0, DeValue::Table(table));
    TuiArgs::deserialize(ValueDeserializer::from(whole)).map_err(|e| e.message().to_owned())
}

/// Whether one `key = value` reads as a setting; what is wrong with it if not.
fn one_setting(
    key: &Spanned<toml::de::DeString<'_>>,
    value: &Spanned<DeValue<'_>>,
) -> Result<(), String> {
    let mut one = DeTable::new();
    one.insert(key.clone(), value.clone());
    settings(one).map(|_| ())
}

/// The entries of the `[keys]` table: each action to one key name or an array of them.
fn read_keys(
    text: &str,
    table: &Spanned<DeValue<'_>>,
    keys: &mut Vec<KeyEntry>,
    warn: &mut impl FnMut(usize, String),
) {
    let Some(entries) = table.get_ref().as_table() else {
        warn(
            table.span().start,
            "keys: expected a table ([keys]); ignored".to_owned(),
        );
        return;
    };
    let mut read = Vec::new();
    for (action, value) in entries {
        let names = match value.get_ref() {
            DeValue::String(name) => Some(vec![name.to_string()]),
            DeValue::Array(items) => items
                .iter()
                .map(|item| item.get_ref().as_str().map(str::to_owned))
                .collect(),
            _ => None,
        };
        match names {
            Some(names) => read.push(KeyEntry {
                action: action.get_ref().to_string(),
                keys: names,
                line: line_of(text, action.span().start),
            }),
            None => warn(
                value.span().start,
                format!(
                    "keys.{}: expected a key name or an array of them; ignored",
                    action.get_ref()
                ),
            ),
        }
    }
    read.sort_by_key(|entry| entry.line);
    keys.extend(read);
}

/// Where the config file is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// Named by `--config` or `MAZE_TUI_CONFIG`: it must exist.
    Given(PathBuf),
    /// The usual place: missing means defaults.
    Usual(PathBuf),
    /// No home folder to look in.
    Nowhere,
}

impl Location {
    /// `given` (from `--config` or `MAZE_TUI_CONFIG`; empty counts as not given), else the
    /// platform's config folder.
    #[must_use]
    pub fn find(given: Option<&Path>) -> Self {
        use etcetera::BaseStrategy;
        match given {
            Some(path) if !path.as_os_str().is_empty() => Self::Given(path.to_owned()),
            _ => etcetera::choose_base_strategy().map_or(Self::Nowhere, |dirs| {
                Self::Usual(dirs.config_dir().join("maze-tui").join(FILE_NAME))
            }),
        }
    }

    /// The file's path, if there is one to look at.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        match self {
            Self::Given(path) | Self::Usual(path) => Some(path),
            Self::Nowhere => None,
        }
    }

    /// Read and [`parse`] the file: `None` when there is none at the usual place.
    ///
    /// # Errors
    /// [`Error::Io`] when a given file is missing, or any file cannot be read, is larger
    /// than [`MAX_BYTES`] or is not UTF-8.
    pub fn load(&self) -> Result<Option<Loaded>, Error> {
        let Some(path) = self.path() else {
            return Ok(None);
        };
        match std::fs::File::open(path) {
            Err(e)
                if e.kind() == std::io::ErrorKind::NotFound && matches!(self, Self::Usual(_)) =>
            {
                Ok(None)
            }
            Err(e) => Err(cannot_read(path, &e.to_string())),
            Ok(file) => {
                let mut bytes = Vec::new();
                file.take(MAX_BYTES + 1)
                    .read_to_end(&mut bytes)
                    .map_err(|e| cannot_read(path, &e.to_string()))?;
                if bytes.len() as u64 > MAX_BYTES {
                    return Err(cannot_read(path, &format!("larger than {MAX_BYTES} bytes")));
                }
                let text =
                    String::from_utf8(bytes).map_err(|_| cannot_read(path, "not UTF-8 text"))?;
                Ok(Some(parse(&text)))
            }
        }
    }
}

fn cannot_read(path: &Path, why: &str) -> Error {
    Error::Io(format!("config file {}: {why}", path.display()))
}

#[cfg(test)]
mod tests;
