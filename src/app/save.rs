//! Saving the maze: the text format ([`Grid::write_text`]) written atomically — a
//! temporary file in the same directory, flushed to disk, then renamed over the target —
//! so a failure never leaves a half-written maze.

use std::io::{BufWriter, Write as _};
use std::path::Path;

use super::prompt::{Prompt, Purpose};
use super::state::App;
use crate::export::{Layers, Picture, Style};
use crate::maze::Grid;
use crate::solve::Solver;
use crate::teach::Teach;

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
    write_atomically(path, |out| grid.write_text(out, None))
}

/// Write what `write` writes to `path` atomically ([`crate::atomic::write_atomically`]).
///
/// # Errors
/// [`SaveError::Io`] as [`save`].
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<tempfile::NamedTempFile>) -> std::io::Result<()>,
) -> Result<(), SaveError> {
    crate::atomic::write_atomically(path, write).map_err(|source| SaveError::Io {
        path: path.display().to_string(),
        source,
    })
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

    /// `x`: ask for the file to save a picture (SVG) of the maze and the search to.
    pub(super) fn open_picture_prompt(&mut self) {
        if self.stage.grid().is_none() {
            self.status = Some("a picture can be saved once the maze is complete".to_owned());
            return;
        }
        self.prompt = Some(Prompt::new(Purpose::Picture, "maze.svg"));
    }

    /// The SVG of the complete maze with the running search's explored tiles and path.
    fn picture_svg(&self) -> Option<String> {
        let grid = self.stage.grid()?;
        let search = self.stage.search().map(|run| run.machine().solver());
        let explored: Option<Vec<bool>> = search.map(|s| {
            (0..grid.len())
                .map(|i| s.mark(grid.pos(i)) != crate::Mark::None)
                .collect()
        });
        let layers = Layers {
            path: search.and_then(Solver::path),
            explored: explored.as_deref(),
            heat: None,
        };
        Some(Picture::of(grid, layers, Style::default()).svg())
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
            Purpose::Picture => {
                let name = prompt.text.trim();
                let Some(svg) = self.picture_svg() else {
                    return;
                };
                let result = if name.is_empty() {
                    Err(SaveError::NoName)
                } else {
                    write_atomically(Path::new(name), |out| out.write_all(svg.as_bytes()))
                };
                self.status = Some(match result {
                    Ok(()) => format!("picture saved to {name}"),
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

    #[test]
    fn x_saves_an_svg_of_the_maze_and_the_search() {
        let config = super::super::Config {
            width: Some(6),
            height: Some(4),
            seed: 2,
            solver: Some(crate::solve::SolverKind::Astar),
            ..Default::default()
        };
        let mut app = App::new(config, (120, 40));
        app.update(super::super::Action::ToEnd);
        app.settle();
        app.update(super::super::Action::ToEnd);
        app.settle();
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("maze.svg");
        app.open_picture_prompt();
        if let Some(prompt) = &mut app.prompt {
            prompt.text = path.display().to_string();
        }
        app.confirm_prompt();
        let svg = std::fs::read_to_string(&path).expect("written");
        assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
        // The path's colour is in the picture once the search has found it.
        assert!(svg.contains("#d55e00"), "path drawn");
        assert_eq!(
            std::fs::read_dir(dir.path()).expect("dir").count(),
            1,
            "no temp left"
        );
    }
}
