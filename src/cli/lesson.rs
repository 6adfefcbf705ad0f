//! `maze-tui lesson`: list the built-in lessons, open one (or a lesson file) in the
//! explorer, or check a lesson file.

#[allow(clippy::wildcard_imports)]
use super::*;
use crate::lesson::{BUILT_IN, Lesson};

/// Options of `maze-tui lesson`.
#[derive(Clone, Debug, Args)]
pub struct LessonArgs {
    /// A built-in lesson to open (without a name or a file: list them)
    pub name: Option<String>,
    /// Open a lesson written in a TOML file
    #[arg(long, value_name = "FILE", conflicts_with_all = ["name", "check"])]
    pub file: Option<PathBuf>,
    /// Check a lesson file: exit 0, or print the line and field at fault and exit 1
    #[arg(long, value_name = "FILE", conflicts_with = "name")]
    pub check: Option<PathBuf>,
    #[command(flatten)]
    pub tui: TuiArgs,
}

/// Read the lesson file at `path`.
///
/// # Errors
/// [`Error::Io`] (exit 1) for a file that cannot be read, or `FILE:LINE: stop N: field:
/// what is wrong` for a lesson with a problem.
pub fn read_lesson(path: &Path) -> Result<Lesson, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::Io(format!("cannot read lesson {}: {e}", path.display())))?;
    Lesson::parse(&text)
        .map_err(|p| Error::Io(format!("{}:{}: {}", path.display(), p.line, p.message)))
}

/// Run `maze-tui lesson` with `args`, writing the list or the check's verdict to `out`.
///
/// # Errors
/// As [`read_lesson`] and [`Lesson::built_in`]; the explorer's errors.
pub fn lesson(args: &LessonArgs, out: &mut impl Write) -> Result<(), Error> {
    if let Some(path) = &args.check {
        let lesson = read_lesson(path)?;
        let n = lesson.stops.len();
        let s = if n == 1 { "" } else { "s" };
        writeln!(
            out,
            "{}: ok, \"{}\", {n} stop{s}",
            path.display(),
            lesson.title
        )
        .map_err(io_err)?;
        return Ok(());
    }
    let lesson = match (&args.file, &args.name) {
        (Some(path), _) => read_lesson(path)?,
        (None, Some(name)) => Lesson::built_in(name)?,
        (None, None) => {
            for (name, _) in BUILT_IN {
                let lesson = Lesson::built_in(name)?;
                let n = lesson.stops.len();
                writeln!(out, "{name:<18} {} ({n} stops)", lesson.title).map_err(io_err)?;
            }
            writeln!(
                out,
                "open one with `maze-tui lesson NAME`; ] and [ move between stops"
            )
            .map_err(io_err)?;
            return Ok(());
        }
    };
    let mut config = tui_config(&args.tui, std::env::var_os("NO_COLOR"))?;
    let first = crate::app::lesson::stop_config(&config, &lesson.stops[0])?;
    config = first;
    config.lesson = Some(crate::app::lesson::Progress {
        lesson: std::sync::Arc::new(lesson),
        at: 0,
    });
    crate::tui::run(config).map(drop)
}

fn io_err(e: io::Error) -> Error {
    Error::Io(format!("cannot write: {e}"))
}
