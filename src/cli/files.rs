//! Reading text mazes (bounded) and writing output (stdout, devices, or a file replaced
//! atomically), with the size checks shared by every command.

#[allow(clippy::wildcard_imports)]
use super::*;

/// Check a `width × height`-cell size against [`MAX_SIDE`] and [`MAX_CELLS`] before
/// anything is allocated, and narrow it to `u32`.
///
/// # Errors
/// [`Error::Size`] for a zero side; [`Error::TooLarge`] naming the limit exceeded.
pub fn check_size(width: u64, height: u64) -> Result<(u32, u32), Error> {
    check_side("width", width)?;
    check_side("height", height)?;
    let cells = u128::from(width) * u128::from(height);
    if cells > u128::from(MAX_CELLS) {
        return Err(Error::TooLarge(format!(
            "{width}x{height} is {cells} cells; the limit is {MAX_CELLS} cells"
        )));
    }
    let narrow = |n: u64| u32::try_from(n).map_err(|_| Error::TooLarge(format!("{n} cells")));
    Ok((narrow(width)?, narrow(height)?))
}

pub(super) fn check_side(what: &str, n: u64) -> Result<(), Error> {
    if n == 0 {
        return Err(Error::Size(format!("{what} must be at least 1 cell")));
    }
    if n == u64::MAX {
        // parse_size saturates numbers beyond u64; do not print the saturated value.
        return Err(Error::TooLarge(format!(
            "{what} is more than {MAX_SIDE} cells"
        )));
    }
    if n > MAX_SIDE {
        return Err(Error::TooLarge(format!(
            "{what} {n} is more than {MAX_SIDE} cells"
        )));
    }
    Ok(())
}

/// A file name fit for a one-line message (control characters replaced).
pub(super) fn display_name(path: &Path) -> String {
    path.display()
        .to_string()
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// Read and parse a text maze from `path` (`-` = standard input).
///
/// # Errors
/// [`Error::Io`] if it cannot be read or is not UTF-8; [`Error::Parse`] naming the source
/// and the problem (empty, ragged lines, no `S`, no `E`, two `S`, too large).
pub fn load_grid(path: &Path) -> Result<Grid, Error> {
    if path.as_os_str() == "-" {
        return read_grid(io::stdin().lock(), "stdin");
    }
    let name = display_name(path);
    let file = std::fs::File::open(path)
        .map_err(|e| Error::Io(format!("cannot read maze {name}: {}", io_reason(&e))))?;
    // The file's size makes the buffer once, with no copies as it grows (a 4 MB maze read
    // through a growing buffer is copied about twice over).
    let size = file.metadata().map_or(0, |m| m.len());
    read_sized(file, &name, size)
}

/// Read a whole text maze from `reader` and parse it; `name` says where it came from.
///
/// # Errors
/// As [`load_grid`].
pub fn read_grid(reader: impl Read, name: &str) -> Result<Grid, Error> {
    read_sized(reader, name, 0)
}

/// [`read_grid`] into a buffer made for `size` bytes (a hint: any size is read).
fn read_sized(reader: impl Read, name: &str, size: u64) -> Result<Grid, Error> {
    #[allow(clippy::cast_possible_truncation)] // at most MAX_FILE_BYTES + 1
    let mut bytes = Vec::with_capacity(size.min(MAX_FILE_BYTES) as usize + 1);
    reader
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::Io(format!("cannot read maze {name}: {}", io_reason(&e))))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Error::TooLarge(format!(
            "maze {name} is more than {} MiB; the largest maze's text is about 101 MB",
            MAX_FILE_BYTES >> 20
        )));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| Error::Io(format!("cannot read maze {name}: not UTF-8 text")))?;
    Grid::parse(&text).map_err(|error| Error::Parse {
        source_name: name.to_owned(),
        error,
    })
}

/// An I/O error's reason as one line.
pub(super) fn io_reason(e: &io::Error) -> String {
    e.to_string().replace(['\n', '\r'], " ")
}

/// Finish a command's output: flush, and treat a closed pipe as success (the reader has
/// what it wanted, e.g. `| head -1`).
pub(super) fn finish(result: io::Result<()>) -> Result<(), Error> {
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Error::Io(format!("cannot write output: {}", io_reason(&e)))),
    }
}

/// Finish a headless command's output: a file written through a temporary file is now
/// renamed over its target (until here the target was untouched).
///
/// # Errors
/// [`Error::Io`] naming the file when syncing or renaming fails.
pub(super) fn commit(out: io::BufWriter<Output>) -> Result<(), Error> {
    let output = match out.into_inner() {
        Ok(output) => output,
        // Nobody reads standard output any more: not an error (as in `finish`).
        Err(e) if e.error().kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        Err(e) => return Err(Error::Io(format!("cannot write: {}", io_reason(e.error())))),
    };
    if let Output::Atomic { mut temp, target } = output {
        let fail = |e: &io::Error| {
            Error::Io(format!(
                "cannot write {}: {}",
                display_name(&target),
                io_reason(e)
            ))
        };
        // Nothing written (an empty output): the file is created now.
        let temp = match temp.take() {
            Some(temp) => temp,
            None => create_temp(&target).map_err(|e| fail(&e))?,
        };
        temp.as_file().sync_all().map_err(|e| fail(&e))?;
        temp.persist(&target).map_err(|e| fail(&e.error))?;
    }
    Ok(())
}

/// Where a headless command writes: standard output, or a regular file given with
/// `--output`.
pub(super) enum Output {
    Stdout(io::StdoutLock<'static>),
    /// A regular file: written to a temporary file beside it (the `tempfile` crate's,
    /// deleted if the command fails) and renamed over it by [`commit`], so the target is
    /// never half-written. The temporary file is created by the first write, when the
    /// output is ready (the writer before it buffers 64 KiB): a process killed while it
    /// computes leaves nothing behind, even with `kill -9`.
    Atomic {
        temp: Option<tempfile::NamedTempFile>,
        target: PathBuf,
    },
}

/// The temporary file for `target`, removed if a signal ends the process.
///
/// The signal thread is running before the file exists, and the file is created and noted
/// under the lock that thread takes: a signal at any moment finds either no file or the
/// file noted, never a file it does not know to remove.
fn create_temp(target: &Path) -> io::Result<tempfile::NamedTempFile> {
    watch_signals();
    let mut pending = PENDING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let temp = crate::atomic::temp_file_beside(target)?;
    *pending = Some(temp.path().to_path_buf());
    Ok(temp)
}

impl Output {
    /// The temporary file, created on first use.
    fn temp<'a>(
        temp: &'a mut Option<tempfile::NamedTempFile>,
        target: &Path,
    ) -> io::Result<&'a mut tempfile::NamedTempFile> {
        if temp.is_none() {
            *temp = Some(create_temp(target)?);
        }
        temp.as_mut()
            .ok_or_else(|| io::Error::other("no temporary file"))
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Self::Stdout(out) => out.write(buf),
            Self::Atomic { temp, target } => Self::temp(temp, target)?.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Self::Stdout(out) => out.flush(),
            Self::Atomic {
                temp: Some(temp), ..
            } => temp.flush(),
            Self::Atomic { temp: None, .. } => Ok(()),
        }
    }
}

/// The temporary file a headless command is writing, if any: removed when a signal ends
/// the process, so `kill` or Ctrl-C during a long `generate -o` leaves no stray file.
static PENDING: std::sync::Mutex<Option<PathBuf>> = std::sync::Mutex::new(None);

/// Start, the first time, a thread that waits for an ending signal, removes the pending
/// file and exits with 128 + the signal's number (the status a shell reports for a
/// process the signal killed). The handlers are in place when this returns.
fn watch_signals() {
    static WATCHING: std::sync::Once = std::sync::Once::new();
    WATCHING.call_once(|| {
        // Without the handler the default action (ending the process) still applies: the
        // temporary file would stay, nothing worse.
        let Ok(mut signals) = signal_hook::iterator::Signals::new(crate::tui::ENDING) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let mut pending = PENDING
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if let Some(path) = pending.take() {
                    let _ = std::fs::remove_file(path);
                }
                std::process::exit(128 + signal);
            }
        });
    });
}

/// `out` unchanged, or a buffered writer to `path` (`-` = stdout): a regular file or a
/// new name, written through a temporary file beside it and renamed over it by
/// [`commit`]. Anything else (a FIFO, a device such as `/dev/null`, a directory) is
/// refused and left as it was.
///
/// # Errors
/// [`Error::Invalid`] naming the file when it is not a regular file or a new name;
/// [`Error::Io`] when its directory cannot be read.
pub(super) fn output_to(
    path: Option<&Path>,
    out: io::BufWriter<Output>,
) -> Result<io::BufWriter<Output>, Error> {
    let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
        return Ok(out);
    };
    crate::atomic::check_target(path).map_err(|e| {
        let message = format!("cannot write {}: {}", display_name(path), io_reason(&e));
        if e.kind() == io::ErrorKind::InvalidInput {
            Error::Invalid(message)
        } else {
            Error::Io(message)
        }
    })?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(Error::Io(format!(
            "cannot write {}: no such directory",
            display_name(path)
        )));
    }
    let output = Output::Atomic {
        temp: None,
        target: path.to_path_buf(),
    };
    Ok(io::BufWriter::with_capacity(1 << 16, output))
}
