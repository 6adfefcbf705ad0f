//! Which key does what: the explorer's commands, their default keys, and a [`Keymap`] of
//! the keys in force, built from a config file's `[keys]` table.
//!
//! A command is one thing a key asks for ([`Command`]): its config name (`step`), its
//! default keys, the row of the help it belongs to ([`super::help::BINDINGS`]) and the
//! [`Action`] it sends. Some keys are not commands and cannot be taken: digits (a count
//! typed before a key), Esc (cancel), Ctrl-C (quit) and Ctrl-Z (suspend); in the edit,
//! walk and inspect modes the arrows, `hjkl` and the edit keys act on the cursor first.
//!
//! The key names of the file ([`Key::parse`]): one character (`l`, `L`, `.`, `?`), or
//! `space`, `enter`, `tab`, `backspace`, `up`, `down`, `left`, `right`, `pgup`, `pgdn`,
//! `home`, `end`, `delete`, `insert`, `f1`–`f12`, and `ctrl-` before any of them.

use std::collections::HashMap;
use std::fmt;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::help::Binding;
use super::{Action, ModeAction};
use crate::config::{KeyEntry, Warning};

/// One key: a code and whether Ctrl is held (letters with Ctrl are lower case: a terminal
/// sends Ctrl-N and Ctrl-n alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// The key.
    pub code: KeyCode,
    /// Ctrl held.
    pub ctrl: bool,
}

/// Named keys: the config file's name and the help's.
const NAMED: [(KeyCode, &str, &str); 15] = [
    (KeyCode::Char(' '), "space", "space"),
    (KeyCode::Esc, "esc", "Esc"),
    (KeyCode::Enter, "enter", "Enter"),
    (KeyCode::Tab, "tab", "Tab"),
    (KeyCode::Backspace, "backspace", "Backspace"),
    (KeyCode::Up, "up", "Up"),
    (KeyCode::Down, "down", "Down"),
    (KeyCode::Left, "left", "Left"),
    (KeyCode::Right, "right", "Right"),
    (KeyCode::PageUp, "pgup", "PgUp"),
    (KeyCode::PageDown, "pgdn", "PgDn"),
    (KeyCode::Home, "home", "Home"),
    (KeyCode::End, "end", "End"),
    (KeyCode::Delete, "delete", "Delete"),
    (KeyCode::Insert, "insert", "Insert"),
];

impl Key {
    /// A key without Ctrl.
    #[must_use]
    pub const fn plain(code: KeyCode) -> Self {
        Self { code, ctrl: false }
    }

    /// The key of a terminal key event (Shift is in the character itself).
    #[must_use]
    pub fn of(event: KeyEvent) -> Self {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        let code = match event.code {
            KeyCode::Char(c) if ctrl => KeyCode::Char(c.to_ascii_lowercase()),
            code => code,
        };
        Self { code, ctrl }
    }

    /// The key a config file names (see the module's documentation).
    ///
    /// # Errors
    /// The unknown name, with the nearest known one.
    pub fn parse(name: &str) -> Result<Self, String> {
        let lower = name.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("ctrl-").filter(|r| !r.is_empty()) {
            let key = Self::parse(rest)?;
            return Ok(Self { ctrl: true, ..key });
        }
        let mut chars = name.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return if c.is_control() {
                Err("a control character is not a key name".to_owned())
            } else {
                Ok(Self::plain(KeyCode::Char(c)))
            };
        }
        let aliases = [
            ("pageup", "pgup"),
            ("pagedown", "pgdn"),
            ("return", "enter"),
            ("escape", "esc"),
            ("del", "delete"),
        ];
        let lower = aliases
            .iter()
            .find(|(alias, _)| *alias == lower)
            .map_or(lower.as_str(), |(_, name)| name);
        if let Some((code, _, _)) = NAMED.iter().find(|(_, n, _)| *n == lower) {
            return Ok(Self::plain(*code));
        }
        if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok())
            && (1..=12).contains(&n)
        {
            return Ok(Self::plain(KeyCode::F(n)));
        }
        let known = NAMED.iter().map(|(_, n, _)| *n);
        let hint = crate::config::suggest::did_you_mean(lower, known);
        Err(format!("unknown key '{name}'{hint}"))
    }

    /// The key as a config file names it (`n`, `space`, `pgup`, `ctrl-n`).
    #[must_use]
    pub fn config_name(self) -> String {
        let name = match self.code {
            KeyCode::Char(c) if c != ' ' => c.to_string(),
            KeyCode::F(n) => format!("f{n}"),
            code => NAMED
                .iter()
                .find(|(c, _, _)| *c == code)
                .map_or_else(|| "?".to_owned(), |(_, name, _)| (*name).to_owned()),
        };
        if self.ctrl {
            format!("ctrl-{name}")
        } else {
            name
        }
    }
}

/// The key as the help and the key bar show it (`n`, `space`, `PgUp`, `Ctrl-N`).
impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            f.write_str("Ctrl-")?;
        }
        match self.code {
            KeyCode::Char(c) if self.ctrl => write!(f, "{}", c.to_ascii_uppercase()),
            KeyCode::Char(c) if c != ' ' => write!(f, "{c}"),
            KeyCode::F(n) => write!(f, "F{n}"),
            code => f.write_str(
                NAMED
                    .iter()
                    .find(|(c, _, _)| *c == code)
                    .map_or("?", |(_, _, shown)| shown),
            ),
        }
    }
}

/// Keys no command may take: digits type counts; Esc cancels; Ctrl-C quits; Ctrl-Z
/// suspends.
fn reserved(key: Key) -> Option<&'static str> {
    match (key.code, key.ctrl) {
        (KeyCode::Char('0'..='9'), false) => Some("digits type a count"),
        (KeyCode::Esc, _) => Some("Esc cancels"),
        (KeyCode::Char('c'), true) => Some("Ctrl-C quits"),
        (KeyCode::Char('z'), true) => Some("Ctrl-Z suspends"),
        _ => None,
    }
}

macro_rules! commands {
    ($($variant:ident $name:literal [$($key:expr),+] $row:literal => $action:expr, $doc:literal;)*) => {
        /// A thing a key asks the explorer for; each has a config name and default keys.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Command {
            $(#[doc = $doc] $variant,)*
        }

        impl Command {
            /// Every command, in the help's order.
            pub const ALL: &'static [Command] = &[$(Command::$variant,)*];

            /// The name in a config file's `[keys]` table.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self { $(Command::$variant => $name,)* }
            }

            /// Its keys when no config file changes them.
            #[must_use]
            pub fn default_keys(self) -> Vec<Key> {
                match self { $(Command::$variant => vec![$($key),+],)* }
            }

            /// The name of the help row that lists it ([`Binding::name`]).
            #[must_use]
            pub const fn help_row(self) -> &'static str {
                match self { $(Command::$variant => $row,)* }
            }

            /// What it asks for.
            #[must_use]
            pub const fn action(self) -> Action {
                match self { $(Command::$variant => $action,)* }
            }
        }
    };
}

const fn ch(c: char) -> Key {
    Key::plain(KeyCode::Char(c))
}
const fn named(code: KeyCode) -> Key {
    Key::plain(code)
}
const fn mode(action: ModeAction) -> Action {
    Action::Mode(action)
}

commands! {
    Step "step" [ch('n'), ch('.')] "step" => Action::Step(1), "One step.";
    Back "back" [ch('b'), named(KeyCode::Backspace)] "back" => Action::StepBack(1), "One step back.";
    ToEnd "to-end" [ch('f')] "to-end" => Action::ToEnd, "Run to the end.";
    ToStart "to-start" [ch('g')] "to-start" => Action::ToStart, "Back to step 0.";
    GoTo "go-to" [ch('G')] "go-to" => Action::GoTo, "Go to the step typed before it.";
    PrevMilestone "previous-milestone" [ch('<')] "milestones" => Action::PrevMilestone, "The previous milestone.";
    NextMilestone "next-milestone" [ch('>')] "milestones" => Action::NextMilestone, "The next milestone.";
    Play "play" [ch(' ')] "play" => Action::TogglePlay, "Play or pause.";
    Faster "faster" [ch('+'), ch('=')] "speed" => Action::Faster, "Play faster.";
    Slower "slower" [ch('-'), ch('_')] "speed" => Action::Slower, "Play slower.";
    Quit "quit" [ch('q')] "quit" => Action::Quit, "Quit (Ctrl-C always quits too).";
    SelectNext "select-next" [ch('j'), named(KeyCode::Down)] "select" => Action::SelectNext, "Down the algorithm list.";
    SelectPrev "select-previous" [ch('k'), named(KeyCode::Up)] "select" => Action::SelectPrev, "Up the algorithm list.";
    Run "run" [named(KeyCode::Enter)] "run" => Action::RunSelected, "Run the selected algorithm.";
    NewMaze "new-maze" [ch('r')] "new-maze" => Action::NewSeed, "A new maze with a new seed.";
    Heuristic "heuristic" [ch('e')] "heuristic" => Action::CycleHeuristic, "The next heuristic.";
    Diagonal "diagonal" [ch('d')] "diagonal" => Action::ToggleDiagonal, "Diagonal moves on or off.";
    Mark "mark" [ch('m')] "mark" => Action::MarkRace, "Mark the selected algorithm for a race.";
    Race "race" [ch('R')] "race" => Action::StartRace, "Race the marked algorithms.";
    Edit "edit" [ch('E')] "edit" => mode(ModeAction::ToggleEdit), "Edit mode on or off.";
    Undo "undo" [ch('u')] "undo" => mode(ModeAction::Undo), "Undo the last edit.";
    AutoRerun "auto-rerun" [ch('a')] "auto-rerun" => mode(ModeAction::ToggleAutoRerun), "Re-run after each edit, on or off.";
    Walk "walk" [ch('p')] "walk" => mode(ModeAction::ToggleWalk), "Walk the maze, or stop.";
    Inspect "inspect" [ch('i')] "inspect" => mode(ModeAction::ToggleInspect), "The inspector on or off.";
    Reveal "reveal" [ch('v')] "reveal" => mode(ModeAction::Reveal), "The cheapest path, or came-from arrows.";
    HandOver "hand-over" [ch('A')] "hand-over" => mode(ModeAction::HandOver), "Walking: the AI walks on, or hands the walk back.";
    Walker "walker" [ch('W')] "walker" => mode(ModeAction::Walker), "A walker along the traced path.";
    Robot "robot" [ch('F')] "robot" => mode(ModeAction::ToggleRobot), "The robot in fog, or stop it.";
    View "view" [ch('t')] "view" => Action::CycleView, "The next view.";
    ZoomOut "zoom-out" [ch('z')] "zoom" => Action::Zoom(true), "The whole maze, several tiles a character.";
    ZoomIn "zoom-in" [ch('Z')] "zoom" => Action::Zoom(false), "The tiles, scrolled.";
    Heat "heat" [ch('h')] "heat" => Action::ToggleHeat, "The heat map on or off.";
    Centre "centre" [ch('c')] "centre" => Action::Recenter, "Centre the view again.";
    Focus "focus" [named(KeyCode::Tab)] "focus" => Action::FocusNext, "Focus the list or the maze.";
    PanLeft "pan-left" [ch('H')] "pan" => Action::Pan(0, -4), "Pan left by 4 tiles.";
    PanDown "pan-down" [ch('J')] "pan" => Action::Pan(4, 0), "Pan down by 4 tiles.";
    PanUp "pan-up" [ch('K')] "pan" => Action::Pan(-4, 0), "Pan up by 4 tiles.";
    PanRight "pan-right" [ch('L')] "pan" => Action::Pan(0, 4), "Pan right by 4 tiles.";
    Tab "next-pane" [ch('s')] "tab" => Action::NextTab, "The next side pane.";
    LogOlder "log-older" [named(KeyCode::PageUp)] "log" => Action::ScrollLog(5), "Scroll the log back.";
    LogNewer "log-newer" [named(KeyCode::PageDown)] "log" => Action::ScrollLog(-5), "Scroll the log forward.";
    Save "save" [ch('w')] "save" => mode(ModeAction::Save), "Save the maze as text.";
    Picture "picture" [ch('x')] "picture" => mode(ModeAction::Picture), "Save a picture.";
    Help "help" [ch('?')] "help" => Action::ToggleHelp, "This help.";
    Quiz "quiz" [ch('Q')] "quiz" => Action::Quiz(super::QuizAction::Toggle), "Quiz mode on or off.";
    PrevStop "previous-stop" [ch('[')] "lesson" => Action::Lesson(-1), "The lesson's previous stop.";
    NextStop "next-stop" [ch(']')] "lesson" => Action::Lesson(1), "The lesson's next stop.";
}

/// The keys in force: each command's keys, and the command of each key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keymap {
    keys: HashMap<Command, Vec<Key>>,
    commands: HashMap<Key, Command>,
}

impl Default for Keymap {
    fn default() -> Self {
        Self::with(Command::ALL.iter().map(|&c| (c, c.default_keys())))
    }
}

impl Keymap {
    fn with(keys: impl IntoIterator<Item = (Command, Vec<Key>)>) -> Self {
        let keys: HashMap<Command, Vec<Key>> = keys.into_iter().collect();
        let commands = keys
            .iter()
            .flat_map(|(&command, keys)| keys.iter().map(move |&key| (key, command)))
            .collect();
        Self { keys, commands }
    }

    /// The command `key` asks for, if any.
    #[must_use]
    pub fn command(&self, key: Key) -> Option<Command> {
        self.commands.get(&key).copied()
    }

    /// The keys of `command`, the first one the one shown where there is room for one.
    #[must_use]
    pub fn keys(&self, command: Command) -> &[Key] {
        self.keys.get(&command).map_or(&[], Vec::as_slice)
    }

    /// The first key of `command` as shown (`n`), or `-` if it has none.
    #[must_use]
    pub fn first(&self, command: Command) -> String {
        self.keys(command)
            .first()
            .map_or_else(|| "-".to_owned(), ToString::to_string)
    }

    /// The keys of a help row in force: its commands' keys (grouped by command with ` / `
    /// between them when one has several), then the row's keys that no command owns
    /// (`Ctrl-C`, `wheel`, glyphs).
    #[must_use]
    pub fn row_keys(&self, row: &Binding) -> Vec<String> {
        let commands: Vec<Command> = Command::ALL
            .iter()
            .copied()
            .filter(|c| c.help_row() == row.name)
            .collect();
        let owned: Vec<String> = commands
            .iter()
            .flat_map(|c| c.default_keys())
            .map(|k| k.to_string())
            .collect();
        let grouped = commands.iter().any(|&c| self.keys(c).len() > 1) && commands.len() > 1;
        let mut out = Vec::new();
        for (i, &command) in commands.iter().enumerate() {
            if grouped && i > 0 {
                out.push("/".to_owned());
            }
            out.extend(self.keys(command).iter().map(ToString::to_string));
        }
        out.extend(
            row.keys
                .iter()
                .filter(|k| !owned.iter().any(|o| o == *k))
                .map(|k| (*k).to_owned()),
        );
        out
    }

    /// The keys of a config file's `[keys]` table over the defaults: each entry's keys
    /// replace its command's. An entry is refused, with a warning naming its line, for an
    /// unknown command, an unknown or reserved key, or a key another command keeps (both
    /// commands named); a refused command keeps its default keys. O(entries²).
    #[must_use]
    pub fn from_entries(entries: &[KeyEntry]) -> (Self, Vec<Warning>) {
        let mut warnings = Vec::new();
        let mut asked: Vec<(Command, Vec<Key>, &KeyEntry)> = Vec::new();
        for entry in entries {
            let warn = |message: String| Warning {
                line: entry.line,
                message: format!("keys.{}: {message}; ignored", entry.action),
            };
            let Some(&command) = Command::ALL.iter().find(|c| c.name() == entry.action) else {
                let names = Command::ALL.iter().map(|c| c.name());
                let hint = crate::config::suggest::did_you_mean(&entry.action, names);
                warnings.push(warn(format!("unknown action '{}'{hint}", entry.action)));
                continue;
            };
            let keys: Result<Vec<Key>, String> = entry
                .keys
                .iter()
                .map(|name| {
                    let key = Key::parse(name)?;
                    reserved(key).map_or(Ok(key), |why| Err(format!("'{name}' is not free: {why}")))
                })
                .collect();
            match keys {
                Ok(keys) if keys.is_empty() => warnings.push(warn("no key given".to_owned())),
                Ok(keys) => {
                    asked.retain(|(c, _, _)| *c != command);
                    asked.push((command, keys, entry));
                }
                Err(why) => warnings.push(warn(why)),
            }
        }
        // Refuse the latest entry in a conflict until none is left: its command goes back
        // to its default keys, which may clash with another entry in turn.
        loop {
            let map = Self::with(Command::ALL.iter().map(|&c| {
                let keys = asked.iter().find(|(a, _, _)| *a == c);
                (
                    c,
                    keys.map_or_else(|| c.default_keys(), |(_, k, _)| k.clone()),
                )
            }));
            let clash = asked
                .iter()
                .enumerate()
                .rev()
                .find_map(|(i, (command, keys, _))| {
                    keys.iter().find_map(|&key| {
                        let other = *map
                            .keys
                            .iter()
                            .find(|(c, ks)| *c != command && ks.contains(&key))?
                            .0;
                        Some((i, key, other))
                    })
                });
            let Some((i, key, other)) = clash else {
                return (map, warnings);
            };
            let (command, _, entry) = asked.remove(i);
            let kept: Vec<String> = command
                .default_keys()
                .iter()
                .map(|k| k.config_name())
                .collect();
            warnings.push(Warning {
                line: entry.line,
                message: format!(
                    "keys.{}: '{}' is already the key of {}; {} keeps {}",
                    command.name(),
                    key.config_name(),
                    other.name(),
                    command.name(),
                    kept.join(" ")
                ),
            });
        }
    }

    /// The `[keys]` table with every command and its keys, in the help's order, as TOML.
    #[must_use]
    pub fn to_toml(&self) -> String {
        let mut out = String::from("[keys]\n");
        for &command in Command::ALL {
            let names: Vec<toml::Value> = self
                .keys(command)
                .iter()
                .map(|k| k.config_name().into())
                .collect();
            let value = match names.as_slice() {
                [one] => one.clone(),
                _ => toml::Value::Array(names),
            };
            out.push_str(&format!("{} = {value}\n", command.name()));
        }
        out
    }
}

#[cfg(test)]
mod tests;
