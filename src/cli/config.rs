//! `maze-tui config`: print a config file with every setting at its default, or check one.

#[allow(clippy::wildcard_imports)]
use super::*;
use crate::app::keymap::Keymap;
use crate::config::{Loaded, Location, Warning};

/// `maze-tui config` (alone: `--check` the file the explorer reads).
#[derive(Debug, Args)]
#[group(multiple = false)]
pub struct ConfigArgs {
    /// Print a config file with every setting at its default, each explained (it loads
    /// back unchanged: `maze-tui config --print-default > ~/.config/maze-tui/config.toml`)
    #[arg(long)]
    pub print_default: bool,
    /// Check a config file [default: the one the explorer reads]: each problem on its own
    /// line with its line number; exit status 1 if there is any
    #[arg(long, value_name = "FILE", num_args = 0..=1)]
    pub check: Option<Option<PathBuf>>,
    /// Print the path of the config file the explorer reads
    #[arg(long)]
    pub path: bool,
}

/// `maze-tui config`: `--print-default` prints the default file, `--path` where the
/// explorer looks, `--check` (or nothing) each problem of a file as a warning line on stderr
/// (`maze-tui: warning: FILE:LINE: …`) and `FILE: ok` on `out` when there is none. `given`
/// is the file named by `MAZE_TUI_CONFIG`, if any.
///
/// # Errors
/// [`Error::Io`] when the file cannot be read or output cannot be written;
/// [`Error::ConfigProblems`] when the checked file has problems.
pub fn config(args: &ConfigArgs, given: Option<&Path>, out: &mut impl Write) -> Result<(), Error> {
    if args.print_default {
        let text = crate::config::default_file(&Keymap::default().to_toml());
        return finish(out.write_all(text.as_bytes()).and_then(|()| out.flush()));
    }
    let location = match &args.check {
        Some(Some(file)) => Location::Given(file.clone()),
        _ => Location::find(given),
    };
    let Some(path) = location.path() else {
        return Err(Error::Io("no home folder, so no usual config file".into()));
    };
    let name = display_name(path);
    if args.path {
        return finish(writeln!(out, "{name}").and_then(|()| out.flush()));
    }
    let Some(loaded) = location.load()? else {
        let said = writeln!(
            out,
            "{name}: no such file; the explorer starts with the defaults"
        );
        return finish(said.and_then(|()| out.flush()));
    };
    let (_, problems) = keys_and_problems(&loaded);
    for problem in &problems {
        warn(&format!("{name}:{}: {}", problem.line, problem.message));
    }
    if problems.is_empty() {
        finish(writeln!(out, "{name}: ok").and_then(|()| out.flush()))
    } else {
        Err(Error::ConfigProblems {
            file: name,
            count: problems.len(),
        })
    }
}

/// The keys a loaded file asks for, and every problem of the file, in line order: its
/// own and its `[keys]` table's.
#[must_use]
pub fn keys_and_problems(loaded: &Loaded) -> (Keymap, Vec<Warning>) {
    let (keys, key_problems) = Keymap::from_entries(&loaded.keys);
    let mut all = loaded.warnings.clone();
    all.extend(key_problems);
    all.sort_by_key(|w| w.line);
    (keys, all)
}

/// One `maze-tui: warning: …` line on stderr (nothing if stderr is closed).
pub(crate) fn warn(message: &str) {
    let one_line = super::message::one_line(message);
    let _ = writeln!(io::stderr(), "maze-tui: warning: {one_line}");
}
