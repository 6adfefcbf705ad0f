//! Files written whole or not at all: output goes to a temporary file in the target's
//! directory (the `tempfile` crate's, deleted if it is dropped unpersisted), which is
//! synced and then renamed over the target, so a failure or an interruption never leaves
//! a half-written file and an existing target stays as it was.
//!
//! Only a regular file or a new name is ever a target: a FIFO, a device node or a
//! directory is refused ([`check_target`]) before anything is written, since renaming over
//! it would replace it with a regular file.

use std::io::{self, BufWriter};
use std::path::Path;

use tempfile::NamedTempFile;

/// A new temporary file beside `path` (in its directory; `.` for a bare file name), with
/// an ordinary file's permissions (0644 on Unix, not the private 0600 temporary files get
/// by default), to be renamed over `path` once written.
///
/// # Errors
/// The directory is missing or not writable.
pub fn temp_file_beside(path: &Path) -> io::Result<NamedTempFile> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
    builder.tempfile_in(dir)
}

/// Whether `path` may be written: it does not exist, or it is a regular file (a link is
/// followed).
///
/// # Errors
/// [`io::ErrorKind::InvalidInput`] ("not a regular file: …") for anything else that
/// exists, or the error reading its metadata.
pub fn check_target(path: &Path) -> io::Result<()> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(meta) => {
            let kind = if meta.is_dir() {
                "a directory"
            } else {
                "a FIFO, socket or device"
            };
            Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("not a regular file ({kind}); give a new name or a regular file"),
            ))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// Write what `write` writes to `path` atomically: a temporary file beside it
/// ([`temp_file_beside`]), synced, then renamed over `path`. O(bytes written).
///
/// # Errors
/// `path` is not a regular file or a new name ([`check_target`]); any error creating,
/// writing, syncing or renaming. `path` is then untouched and the temporary file removed.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<NamedTempFile>) -> io::Result<()>,
) -> io::Result<()> {
    check_target(path)?;
    let mut out = BufWriter::new(temp_file_beside(path)?);
    write(&mut out)?;
    let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}
