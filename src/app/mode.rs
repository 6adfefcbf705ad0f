//! [`Mode`]: what the movement keys act on besides the run — exploring, editing the maze,
//! walking it yourself, or inspecting one tile. Each mode holds exactly its own state, so
//! a cursor exists only where one is shown.

use super::edit::Edit;
use super::robot::{Fog, RobotKey};
use super::state::App;
use super::walk::Walk;
use crate::maze::Pos;

/// What the keys act on.
#[derive(Clone, Debug, Default)]
pub enum Mode {
    /// The explorer: keys step, play and pick algorithms.
    #[default]
    Explore,
    /// Shaping the maze: a cursor paints walls and terrain and moves S and E.
    Edit {
        /// The tile under the cursor `(row, col)`.
        cursor: Pos,
        /// The terrain cost the digit keys last chose (1–9).
        brush: u8,
    },
    /// The player walks from S towards E (boxed: a walk holds its searches).
    Walk(Box<Walk>),
    /// A robot in fog walks from S to E, replanning with D* Lite as it discovers the maze.
    Robot(Box<Fog>),
    /// A cursor over the maze shows what the algorithm at work knows of that tile.
    Inspect {
        /// The tile under the cursor `(row, col)`.
        cursor: Pos,
        /// Draw the search tree's came-from arrows on the maze.
        arrows: bool,
    },
}

/// Which [`Mode`] it is, without its state: what the key map needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeKind {
    /// [`Mode::Explore`].
    Explore,
    /// [`Mode::Edit`].
    Edit,
    /// [`Mode::Walk`].
    Walk,
    /// [`Mode::Inspect`].
    Inspect,
    /// [`Mode::Robot`].
    Robot,
}

impl Mode {
    /// Which mode this is.
    #[must_use]
    pub const fn kind(&self) -> ModeKind {
        match self {
            Mode::Explore => ModeKind::Explore,
            Mode::Edit { .. } => ModeKind::Edit,
            Mode::Walk(_) => ModeKind::Walk,
            Mode::Inspect { .. } => ModeKind::Inspect,
            Mode::Robot(_) => ModeKind::Robot,
        }
    }

    /// The cursor of the edit and inspect modes, if this mode has one.
    #[must_use]
    pub const fn cursor(&self) -> Option<Pos> {
        match self {
            Mode::Edit { cursor, .. } | Mode::Inspect { cursor, .. } => Some(*cursor),
            Mode::Explore | Mode::Walk(_) | Mode::Robot(_) => None,
        }
    }

    /// The cursor, to move it.
    pub const fn cursor_mut(&mut self) -> Option<&mut Pos> {
        match self {
            Mode::Edit { cursor, .. } | Mode::Inspect { cursor, .. } => Some(cursor),
            Mode::Explore | Mode::Walk(_) | Mode::Robot(_) => None,
        }
    }

    /// The short name shown in the maze title (`None` for the explorer).
    #[must_use]
    pub const fn name(&self) -> Option<&'static str> {
        match self {
            Mode::Explore => None,
            Mode::Edit { .. } => Some("EDIT"),
            Mode::Walk(_) => Some("WALK"),
            Mode::Inspect { .. } => Some("INSPECT"),
            Mode::Robot(_) => Some("ROBOT"),
        }
    }
}

/// `tile` moved by `(dr, dc)` tiles, kept inside a `rows × cols` grid.
#[must_use]
pub fn moved(tile: Pos, (dr, dc): (i32, i32), (rows, cols): (u32, u32)) -> Pos {
    let clamp = |v: u32, d: i32, len: u32| {
        let max = i64::from(len.saturating_sub(1));
        u32::try_from((i64::from(v) + i64::from(d)).clamp(0, max)).unwrap_or(0)
    };
    Pos::new(clamp(tile.row, dr, rows), clamp(tile.col, dc, cols))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_stays_inside_the_grid() {
        let size = (5, 7);
        assert_eq!(moved(Pos::new(0, 0), (-1, -1), size), Pos::new(0, 0));
        assert_eq!(moved(Pos::new(4, 6), (1, 1), size), Pos::new(4, 6));
        assert_eq!(moved(Pos::new(2, 3), (1, -2), size), Pos::new(3, 1));
        assert_eq!(moved(Pos::new(2, 3), (0, 40), size), Pos::new(2, 6));
    }
}

/// What the keys of the edit, walk and inspect modes and the prompt ask for (one
/// [`super::Action::Mode`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeAction {
    /// `E`: edit mode on / off.
    ToggleEdit,
    /// `p`: walk mode on / off.
    ToggleWalk,
    /// `i`: inspect mode on / off.
    ToggleInspect,
    /// `w`: the save prompt.
    Save,
    /// `x`: the prompt to save a picture (SVG).
    Picture,
    /// `u`: undo the last edit.
    Undo,
    /// `a`: re-run the solver after every edit, or only on Enter.
    ToggleAutoRerun,
    /// `v`: the cheapest path (walking) or the came-from arrows (inspecting).
    Reveal,
    /// `A` walking: hand the walk to the AI, or take it back.
    HandOver,
    /// `W`: a walker follows the traced path of the solver at work.
    Walker,
    /// `F`: the robot in fog, or stop it.
    ToggleRobot,
    /// A stepping key while the robot is out: it acts on the robot's walk.
    Robot(RobotKey),
    /// Move the cursor or the player by `(rows, cols)`.
    Cursor(i32, i32),
    /// Change the tile under the edit cursor.
    Edit(Edit),
    /// Enter in edit mode: re-run the solver on the edited maze.
    Rerun,
    /// Esc in a mode: cancel long work or play as Esc does, else back to the explorer.
    Leave,
    /// A character typed into the prompt.
    PromptChar(char),
    /// Backspace in the prompt.
    PromptBackspace,
    /// Enter in the prompt.
    PromptConfirm,
    /// Esc in the prompt.
    PromptCancel,
    /// A mouse button pressed (or, `drag`, held and moved) at terminal column `x`, row `y`
    /// in edit mode.
    Click {
        /// Column.
        x: u16,
        /// Row.
        y: u16,
        /// Right button.
        right: bool,
        /// Moved with the button held.
        drag: bool,
    },
}

impl App {
    /// Apply one [`ModeAction`], `times` times where repeating means something.
    pub(super) fn mode_action(&mut self, action: ModeAction, times: u64) {
        match action {
            ModeAction::ToggleEdit => self.toggle_edit(),
            ModeAction::ToggleWalk => self.toggle_walk(),
            ModeAction::ToggleInspect => self.toggle_inspect(),
            ModeAction::Save => self.open_save_prompt(),
            ModeAction::Picture => self.open_picture_prompt(),
            ModeAction::Undo => {
                for _ in 0..times.min(super::edit::UNDO_CAP as u64) {
                    self.undo_edit();
                }
            }
            ModeAction::ToggleAutoRerun => self.toggle_auto_rerun(),
            ModeAction::HandOver => self.hand_to_ai(),
            ModeAction::Walker => self.start_walker(),
            ModeAction::ToggleRobot => self.toggle_robot(),
            ModeAction::Robot(key) => self.robot_key(key, times),
            ModeAction::Reveal => match self.mode {
                Mode::Walk(_) => self.toggle_reveal(),
                Mode::Inspect { .. } => self.toggle_arrows(),
                _ => {
                    self.status = Some("v: in walk mode (p) or inspect mode (i)".into());
                }
            },
            ModeAction::Cursor(dr, dc) => {
                let by = i32::try_from(times.min(10_000)).unwrap_or(1);
                if matches!(self.mode, Mode::Walk(_)) {
                    for _ in 0..by {
                        self.walk_step((dr, dc));
                    }
                } else {
                    self.move_cursor((dr * by, dc * by));
                }
            }
            ModeAction::Edit(edit) => {
                if let Mode::Edit { cursor, brush } = &mut self.mode {
                    if let Edit::Paint(cost) = edit {
                        *brush = cost;
                    }
                    let at = *cursor;
                    self.edit_at(at, edit);
                }
            }
            ModeAction::Rerun => {
                self.rerun(self.resume_point());
                self.status = Some("re-run on the edited maze".to_owned());
            }
            ModeAction::Leave => {
                if self.stop_pilot() {
                    return;
                }
                let busy = self.job.is_some() || self.play.playing;
                if busy || self.overlay != super::Overlay::None {
                    self.update(super::Action::Cancel);
                } else if let Some(name) = self.mode.name() {
                    self.status = Some(format!("{} mode off", name.to_lowercase()));
                    self.mode = Mode::Explore;
                }
            }
            ModeAction::PromptChar(c) => {
                if let Some(p) = &mut self.prompt {
                    p.push(c);
                }
            }
            ModeAction::PromptBackspace => {
                if let Some(p) = &mut self.prompt {
                    p.backspace();
                }
            }
            ModeAction::PromptConfirm => self.confirm_prompt(),
            ModeAction::PromptCancel => {
                self.prompt = None;
                self.status = Some("not saved".to_owned());
            }
            ModeAction::Click { x, y, right, drag } => {
                if !self.edit_click(x, y, right, drag) && !drag {
                    self.click(x, y, right);
                }
            }
        }
    }
}
