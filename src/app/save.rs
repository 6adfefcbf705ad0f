//! Saving the maze: the text format ([`Grid::write_text`]) written atomically — a
//! temporary file in the same directory, flushed to disk, then renamed over the target —
//! so a failure never leaves a half-written maze.

use std::io::BufWriter;
use std::path::Path;

use super::prompt::{Prompt, Purpose};
use super::state::App;
use crate::maze::Grid;

/// Why a maze could not be saved: one line naming the file and the cause.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// No file name was typed.
    #[error("no file name given")]
    NoName,
    /// Creating, writing or renaming the file failed.
    #[error("cannot save {path}: {source}")]
    Io {
        /// The file asked for.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
}

/// Write `grid` (walls, terrain costs, S and E) to `path` atomically, via the `tempfile`
/// crate's temporary file in the same directory. O(tiles).
///
/// # Errors
/// [`SaveError::Io`] if the directory is not writable, the disk is full or the rename
/// fails; the target is then untouched.
pub fn save(grid: &Grid, path: &Path) -> Result<(), SaveError> {
    let io = |source| SaveError::Io {
        path: path.display().to_string(),
        source,
    };
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let file = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
    let mut out = BufWriter::new(file);
    grid.write_text(&mut out, None).map_err(io)?;
    let file = out.into_inner().map_err(|e| io(e.into_error()))?;
    file.as_file().sync_all().map_err(io)?;
    file.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}

impl App {
    /// `w`: ask for the file to save the maze to.
    pub(super) fn open_save_prompt(&mut self) {
        if self.stage.grid().is_none() {
            self.status = Some("the maze can be saved once it is complete".to_owned());
            return;
        }
        self.prompt = Some(Prompt::new(Purpose::Save, "maze.txt"));
    }

    /// Enter on the prompt: do what it asked.
    pub(super) fn confirm_prompt(&mut self) {
        let Some(prompt) = self.prompt.take() else {
            return;
        };
        match prompt.purpose {
            Purpose::Save => {
                let name = prompt.text.trim();
                let result = match self.stage.grid() {
                    _ if name.is_empty() => Err(SaveError::NoName),
                    Some(grid) => save(grid, Path::new(name)),
                    None => return,
                };
                self.status = Some(match result {
                    Ok(()) => format!("saved to {name}"),
                    Err(e) => e.to_string(),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_save_says_why_in_one_line() {
        let grid = Grid::parse("#####\n#S E#\n#####\n").expect("valid");
        let err = save(&grid, Path::new("/nonexistent-dir/x/maze.txt")).expect_err("no dir");
        let text = err.to_string();
        assert!(
            text.starts_with("cannot save /nonexistent-dir/x/maze.txt: "),
            "{text}"
        );
        assert!(!text.contains('\n'));
    }
}
