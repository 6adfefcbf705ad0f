//! What the list and the screen read from the app: which list rows can run, the list's
//! scroll, the pane layout, the pseudocode, the log, S and E, a tile's mark.

use ratatui::layout::Rect;

use super::log;
use super::stage::Stage;
use super::viewport::{self, Areas};
use super::{App, Item};
use crate::Mark;
use crate::maze::{Ends, Pos};
use crate::teach::Teach;

/// Where an end not placed yet is drawn: nowhere (no tile has this position).
pub const NOWHERE: Pos = Pos::new(u32::MAX, u32::MAX);

impl App {
    // ----- list -------------------------------------------------------------------------

    /// Whether a list row can be run now.
    #[must_use]
    pub fn enabled(&self, item: Item) -> bool {
        match item {
            Item::GenHeader | Item::SolveHeader => false,
            Item::Gen(_) => true,
            Item::Solve(_) => !matches!(self.stage, Stage::Empty),
        }
    }

    pub(super) fn select(&mut self, item: Item) {
        if let Some(i) = self.items.iter().position(|&x| x == item) {
            self.selected = i;
        }
    }

    pub(super) fn move_selection(&mut self, by: isize) {
        let len = self.items.len();
        let mut i = self.selected;
        loop {
            i = if by > 0 {
                (i + 1) % len
            } else {
                (i + len - 1) % len
            };
            if !matches!(self.items[i], Item::GenHeader | Item::SolveHeader) {
                break;
            }
        }
        self.selected = i;
    }

    /// Row offset of the list so that the selection is visible in `height` rows.
    #[must_use]
    pub fn list_offset(&self, height: u16) -> usize {
        let h = usize::from(height).max(1);
        (self.selected + 1).saturating_sub(h)
    }

    // ----- what the screen shows ---------------------------------------------------------

    /// Where every pane goes on this terminal, for this maze.
    #[must_use]
    pub fn areas(&self) -> Option<Areas> {
        self.areas_in(Rect::new(0, 0, self.size.0, self.size.1))
    }

    /// Where every pane goes on a `screen` of any size: the frame being drawn, which is
    /// smaller than [`App::areas`] says for as long as a shrink has not reached the app
    /// yet (the terminal resizes its buffer before the resize event is read).
    #[must_use]
    pub fn areas_in(&self, screen: Rect) -> Option<Areas> {
        let code_rows = self.pseudocode().map_or(0, |p| p.len());
        viewport::areas(
            screen,
            self.view,
            self.stage.tile_size(),
            u16::try_from(self.items.len()).unwrap_or(u16::MAX),
            u16::try_from(code_rows).unwrap_or(12),
        )
    }

    /// The pseudocode of the algorithm at work (the solver, else the generator).
    #[must_use]
    pub fn pseudocode(&self) -> Option<crate::teach::Pseudocode> {
        match &self.stage {
            Stage::Solving { run, .. } => Some(run.machine().kind().pseudocode()),
            Stage::Generating { run, .. } => Some(run.machine().generator().pseudocode()),
            Stage::Complete { world } => world
                .generation
                .as_ref()
                .map(|r| r.machine().generator().pseudocode()),
            Stage::Race { .. } | Stage::Empty => None,
        }
    }

    /// The log as the pane shows it: archived lines, then the live sections, oldest first.
    #[must_use]
    pub fn log_lines(&self) -> Vec<String> {
        let ascii = self.config.ascii;
        let mut lines: Vec<String> = self.log.archived().map(str::to_owned).collect();
        if let Some(run) = self.stage.generation() {
            lines.extend(log::gen_section(run, ascii, log::LIVE_EVENTS));
        }
        if let Some(kind) = self.stage.waiting() {
            lines.push(format!("{} waits for the maze", kind.title()));
        }
        if let Some(run) = self.stage.search() {
            lines.extend(log::solve_section(run, ascii, log::LIVE_EVENTS));
        }
        lines.extend(self.cheapest_note());
        lines
    }

    /// Start and goal tiles. While the maze is being carved, an end that the `--ends` rule
    /// places only on the complete maze is [`NOWHERE`].
    #[must_use]
    pub fn endpoints(&self) -> (Pos, Pos) {
        if let Some(grid) = self.stage.grid() {
            return (grid.start(), grid.goal());
        }
        let (rows, cols) = self.stage.tile_size();
        let (start, goal) = match self.config.ends {
            Ends::Corners => (
                Pos::new(1, 1),
                Pos::new(rows.saturating_sub(2), cols.saturating_sub(2)),
            ),
            Ends::Diameter | Ends::Random => (NOWHERE, NOWHERE),
            Ends::Border => (
                Pos::new(0, 1),
                Pos::new(rows.saturating_sub(1), cols.saturating_sub(2)),
            ),
            Ends::Farthest | Ends::RandomFar => (Pos::new(1, 1), NOWHERE),
        };
        (self.ends.0.unwrap_or(start), self.ends.1.unwrap_or(goal))
    }

    /// The par of the maze shown and the rule that placed its ends, for the stats: `None`
    /// with `--ends corners` (nothing to say beyond the corners) or before a maze is
    /// complete; the par itself once worked out.
    #[must_use]
    pub fn ends_note(&self) -> Option<(Ends, Option<usize>)> {
        if self.config.ends == Ends::Corners || self.stage.generation().is_none() {
            return None;
        }
        self.stage.grid()?;
        Some((self.config.ends, self.par_moves()))
    }

    /// The overlay of tile `tile` now.
    #[must_use]
    pub fn mark(&self, tile: Pos) -> Mark {
        self.stage.mark(tile)
    }

    /// The maze pane's inner area for the current terminal size.
    #[must_use]
    pub fn maze_inner(&self) -> Option<Rect> {
        self.areas().map(|a| viewport::inner(a.maze))
    }
}
