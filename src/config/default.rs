//! `maze-tui config --print-default`: a config file with every setting at its default,
//! each under its flag's help, which loads back as the defaults.

use clap::Args;

use crate::cli::TuiArgs;

/// A key's line in the printed file.
enum Line {
    /// The default, as TOML.
    Default(&'static str),
    /// No default value (the maze fits the terminal, the seed comes from the clock, no
    /// solver, no race): an example, commented out.
    Example(&'static str),
}

/// Every explorer key's line, in no particular order (the file follows the flags' order).
const LINES: [(&str, Line); 28] = [
    ("width", Line::Example("40")),
    ("height", Line::Example("20")),
    ("seed", Line::Example("7")),
    ("generator", Line::Default("\"recursive-backtracker\"")),
    ("solver", Line::Example("\"astar\"")),
    ("braid", Line::Default("0.0")),
    ("ends", Line::Default("\"corners\"")),
    ("heuristic", Line::Default("\"manhattan\"")),
    ("diagonal", Line::Default("false")),
    ("corners", Line::Default("\"allow\"")),
    ("heuristic-weight", Line::Default("1.0")),
    ("tie-break", Line::Default("\"high-g\"")),
    ("reopen", Line::Default("\"always\"")),
    ("race", Line::Example("[\"astar\", \"dijkstra\"]")),
    ("mask", Line::Example("\"heart\"")),
    ("mask-text", Line::Example("\"MAZE\"")),
    ("cell-choice", Line::Default("\"newest\"")),
    ("bias", Line::Default("\"se\"")),
    ("density", Line::Default("0.3")),
    ("weights", Line::Example("100")),
    ("entrance", Line::Default("\"inside\"")),
    ("view", Line::Default("\"blocks\"")),
    ("speed", Line::Default("20")),
    ("color", Line::Default("\"auto\"")),
    ("ascii", Line::Default("false")),
    ("theme", Line::Default("\"dark\"")),
    ("fog", Line::Example("2")),
    ("quiz", Line::Default("false")),
];

/// The comment width of the printed file.
const WIDTH: usize = 88;

/// `text` as `# ` comment lines of at most [`WIDTH`] characters (a longer word stays whole).
fn comment(text: &str, out: &mut String) {
    let mut line = String::from("#");
    for word in text.split_whitespace() {
        if line.len() > 1 && line.len() + 1 + word.len() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = String::from("#");
        }
        line.push(' ');
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
}

/// The whole file: a header, each explorer setting (its help as a comment, then
/// `key = default`, or a commented example for settings without a default), `remember`,
/// then `keys_table` (the `[keys]` table with every action's default keys).
#[must_use]
pub fn default_file(keys_table: &str) -> String {
    let mut out = String::new();
    comment(
        "maze-tui config file: every setting at its default. It is read from \
         $XDG_CONFIG_HOME/maze-tui/config.toml (~/.config/maze-tui/config.toml), or from \
         --config FILE or $MAZE_TUI_CONFIG. Flags on the command line win over it. \
         Check a file with `maze-tui config --check FILE`.",
        &mut out,
    );
    let explorer = TuiArgs::augment_args(clap::Command::new("maze-tui"));
    for arg in explorer.get_arguments() {
        let Some(key) = arg.get_long() else { continue };
        let Some((_, line)) = LINES.iter().find(|(k, _)| *k == key) else {
            continue;
        };
        out.push('\n');
        comment(
            &arg.get_help().map(ToString::to_string).unwrap_or_default(),
            &mut out,
        );
        let names: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|_| !arg.is_hide_possible_values_set())
            .map(|v| v.get_name().to_owned())
            .collect();
        if names.len() > 2 {
            comment(&format!("One of: {}.", names.join(", ")), &mut out);
        }
        match line {
            Line::Default(value) => out.push_str(&format!("{key} = {value}\n")),
            Line::Example(value) => out.push_str(&format!("# {key} = {value}\n")),
        }
    }
    out.push('\n');
    comment(
        "Remember the last session's generator, solver, view and speed, and start with them \
         next time (kept in $XDG_STATE_HOME/maze-tui/session.toml).",
        &mut out,
    );
    out.push_str("remember = false\n");
    if !keys_table.is_empty() {
        out.push('\n');
        comment(
            "Keys: each command to a key or an array of keys. A key is one character (l, L, ., \
             ?) or space, enter, tab, backspace, up, down, left, right, pgup, pgdn, home, end, \
             delete, insert, f1-f12, with ctrl- before it for Ctrl. Digits, esc, ctrl-c and \
             ctrl-z are taken. A key given to two commands is refused. In the edit, walk and \
             inspect modes the arrows, hjkl and the edit keys act on the cursor first.",
            &mut out,
        );
        out.push_str(keys_table);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{known_keys, parse};

    #[test]
    fn every_key_has_a_line_and_every_line_a_key() {
        let known = known_keys();
        for (key, _) in &LINES {
            assert!(known.iter().any(|k| k == key), "{key} is not a key");
        }
        for key in known
            .iter()
            .filter(|k| !["remember", "keys"].contains(&k.as_str()))
        {
            assert!(LINES.iter().any(|(k, _)| k == key), "{key} has no line");
            assert!(
                default_file("").contains(&format!("{key} = ")),
                "{key} not printed"
            );
        }
    }

    #[test]
    fn the_printed_file_loads_back_as_the_defaults_without_a_warning() {
        let text = default_file("");
        let loaded = parse(&text);
        assert_eq!(loaded.warnings, vec![]);
        assert!(!loaded.remember);
        // Every key with a default is set, and resolves as an empty layer does.
        let empty = TuiArgs::default();
        assert_ne!(loaded.args, empty);
        let resolve = |args: &TuiArgs| {
            let mut args = args.clone();
            args.seed = Some(1);
            crate::cli::tui_config(&args, None).expect("valid")
        };
        assert_eq!(resolve(&loaded.args), resolve(&empty));
        assert!(text.lines().all(|l| l.len() <= WIDTH + 2), "{text}");
    }

    #[test]
    fn each_example_loads_when_uncommented() {
        for (key, line) in &LINES {
            if let Line::Example(value) = line {
                let loaded = parse(&format!("{key} = {value}\n"));
                assert_eq!(loaded.warnings, vec![], "{key}");
                assert_ne!(loaded.args, TuiArgs::default(), "{key}");
            }
        }
    }
}
