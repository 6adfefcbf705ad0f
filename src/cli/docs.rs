//! `maze-tui completions SHELL` and `maze-tui man`: a shell's completion script and the
//! manual page, both made by clap from the same command-line definition as `--help`
//! (`clap_complete`, `clap_mangen`), so they list every flag and every generator and
//! solver name.

use clap::CommandFactory;
use clap_complete::Generator;

#[allow(clippy::wildcard_imports)]
use super::*;

/// `maze-tui completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `maze-tui man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write one page per command (maze-tui.1, maze-tui-generate.1, ...) into DIR instead
    /// of printing them all
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// The command line as the binary sees it, built (subcommands named `maze-tui generate`).
fn command() -> clap::Command {
    let mut cmd = Cli::command()
        .bin_name("maze-tui")
        .disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// `maze-tui completions SHELL`: the completion script for `shell`.
///
/// clap_complete 4.6's bash script names a subcommand's state two ways when the binary's
/// name has a hyphen (`maze__tui__subcmd__generate` where it is set,
/// `maze__subcmd__tui__subcmd__generate` where it is matched), so nothing after a
/// subcommand completed (github.com/clap-rs/clap/issues/6421); the matched spelling is
/// put right here. A test completes through bash itself, so a fixed upstream shows.
///
/// # Errors
/// [`Error::Io`] when writing fails (a closed pipe is not an error).
pub fn completions(args: &CompletionsArgs, out: &mut impl Write) -> Result<(), Error> {
    let mut script = Vec::new();
    let made = args.shell.try_generate(&command(), &mut script);
    if args.shell == clap_complete::Shell::Bash {
        let text = String::from_utf8_lossy(&script).replace("maze__subcmd__tui", "maze__tui");
        script = text.into_bytes();
    }
    finish(
        made.and_then(|()| out.write_all(&script))
            .and_then(|()| out.flush()),
    )
}

/// Every manual page, in order: `maze-tui`, then one per subcommand (`maze-tui-generate`,
/// …), each as its file name and its roff text.
///
/// # Errors
/// Never in practice (rendering writes to memory).
pub fn man_pages() -> io::Result<Vec<(String, Vec<u8>)>> {
    let cmd = command();
    let subcommands = cmd
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set())
        .cloned();
    let mut pages = Vec::new();
    for page in std::iter::once(cmd.clone()).chain(subcommands) {
        let man = clap_mangen::Man::new(page);
        let mut roff = Vec::new();
        man.render(&mut roff)?;
        pages.push((man.get_filename(), roff));
    }
    Ok(pages)
}

/// `maze-tui man`: every page on `out`, one after another (`man -l -` shows them all), or
/// with `--dir` each in its own file there, each written atomically.
///
/// # Errors
/// [`Error::Io`] when writing fails (a closed pipe is not an error), naming the file.
pub fn man(args: &ManArgs, out: &mut impl Write) -> Result<(), Error> {
    let pages = man_pages().map_err(|e| Error::Io(format!("cannot render the manual: {e}")))?;
    let Some(dir) = &args.dir else {
        let result = pages.iter().try_for_each(|(_, roff)| out.write_all(roff));
        return finish(result.and_then(|()| out.flush()));
    };
    for (name, roff) in &pages {
        let path = dir.join(name);
        crate::atomic::write_atomically(&path, |file| file.write_all(roff)).map_err(|e| {
            Error::Io(format!(
                "cannot write {}: {}",
                display_name(&path),
                io_reason(&e)
            ))
        })?;
        writeln!(out, "{}", display_name(&path)).map_err(|e| Error::Io(io_reason(&e)))?;
    }
    finish(out.flush())
}
