//! The `maze-tui` binary: parse the command line, run the TUI or a headless command, and
//! report any failure as one line on stderr with the error's exit code.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use maze_tui::cli::{self, Cli};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return usage_error(&err),
    };
    match cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            report(&err.to_string(), "");
            ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(1))
        }
    }
}

/// Print one line `maze-tui: error: <message><suffix>` on stderr, control characters
/// escaped ([`cli::message::one_line`]). Never panics, even if stderr is closed.
fn report(message: &str, suffix: &str) {
    let one_line = cli::message::one_line(&format!("{message}{suffix}"));
    let _ = writeln!(std::io::stderr(), "maze-tui: error: {one_line}");
}

/// `--help` / `--version` print normally and exit 0; any other clap error becomes one line
/// (its first line, plus the valid values when clap knows them) and exit 2.
fn usage_error(err: &clap::Error) -> ExitCode {
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
        _ => {}
    }
    let text = err.to_string();
    let first = text.lines().next().unwrap_or("invalid command line");
    let first = first.strip_prefix("error: ").unwrap_or(first);
    let suffix = match err.get(ContextKind::ValidValue) {
        Some(ContextValue::Strings(values)) if !values.is_empty() => {
            format!("; expected one of: {}", values.join(", "))
        }
        _ if err.kind() == ErrorKind::ValueValidation => String::new(),
        _ => " (see `maze-tui --help`)".to_owned(),
    };
    report(first, &suffix);
    ExitCode::from(2)
}
