//! Edit mode: walls, terrain costs and the two ends changed by hand, each change a new
//! grid for the world (the solver at work re-runs on it to the step it was at, or to its
//! end if it was there — after every change, or on demand), each undoable.
//!
//! A change never touches the grid a run holds: it clones the grid, changes the clone and
//! swaps the world's `Arc<Grid>`, so the runs and their checkpoints stay consistent and a
//! step back or forward stays on the edited maze.

use std::collections::VecDeque;
use std::sync::Arc;

use super::job::Job;
use super::mode::{Mode, moved};
use super::stage::Stage;
use super::state::App;
use super::viewport;
use crate::maze::{Grid, MAX_COST, MIN_COST, Pos};
use crate::run::Run;
use crate::solve::Search;

/// Where a re-run of the solver on an edited maze goes ([`App::resume_point`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resume {
    /// To this step of the new search (or its end, if it ends sooner).
    Step(u64),
    /// To the new search's end.
    End,
}

/// The most changes [`Undo`] keeps; older ones are forgotten.
pub const UNDO_CAP: usize = 512;

/// One change, recorded as what it overwrote: enough to put the grid back exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Change {
    /// Start before the change.
    start: Pos,
    /// Goal before the change.
    goal: Pos,
    /// Tiles it changed with their terrain before it (`None`: wall).
    tiles: Vec<(Pos, Option<u8>)>,
}

/// The undo stack: the last [`UNDO_CAP`] changes, newest last, valid for one grid (the
/// world's grid after the newest change). Memory: a few bytes per change.
#[derive(Clone, Debug, Default)]
pub struct Undo {
    changes: VecDeque<Change>,
    /// The grid the newest change produced: undo applies only to it (a new maze or a
    /// click that moved an end outside edit mode starts a fresh history).
    after: Option<Arc<Grid>>,
}

impl Undo {
    /// Changes that can be undone on `grid`.
    #[must_use]
    pub fn depth(&self, grid: Option<&Arc<Grid>>) -> usize {
        match (&self.after, grid) {
            (Some(after), Some(grid)) if Arc::ptr_eq(after, grid) => self.changes.len(),
            _ => 0,
        }
    }

    fn push(&mut self, change: Change, after: Arc<Grid>) {
        if self.changes.len() == UNDO_CAP {
            self.changes.pop_front();
        }
        self.changes.push_back(change);
        self.after = Some(after);
    }
}

/// What one edit key or click does to a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// A wall becomes cost-1 ground, ground becomes a wall.
    ToggleWall,
    /// Make it a wall (`Some(false)`) or cost-1 ground (`Some(true)`): a mouse drag keeps
    /// doing what its first tile did.
    SetOpen(bool),
    /// Open ground of this cost (1–9).
    Paint(u8),
    /// Move the start here.
    Start,
    /// Move the goal here.
    Goal,
}

/// The terrain byte of `tile` (`None`: wall), as [`Grid::set_terrain`] takes it.
fn terrain(grid: &Grid, tile: Pos) -> Option<u8> {
    grid.cost(tile).and_then(|c| u8::try_from(c).ok())
}

/// Apply `edit` to `grid` at `tile`, returning what it overwrote, or why it cannot. A
/// tile outside a masked maze's shape takes no edit: the shape is the maze's, as its
/// generator carved it (an edit there would turn the outside into maze, and undo could not
/// make it outside again).
fn apply(grid: &mut Grid, tile: Pos, edit: Edit) -> Result<Change, &'static str> {
    if grid.is_outside(tile) {
        return Err("outside the maze's shape: edit inside it");
    }
    let mut change = Change {
        start: grid.start(),
        goal: grid.goal(),
        tiles: vec![(tile, terrain(grid, tile))],
    };
    let is_end = tile == grid.start() || tile == grid.goal();
    let changed = match edit {
        Edit::ToggleWall | Edit::SetOpen(_) if is_end => {
            return Err("S and E stay open (S / X move them)");
        }
        Edit::Paint(_) if is_end => return Err("S and E are plain ground: paint elsewhere"),
        Edit::ToggleWall => {
            let open = grid.is_open(tile);
            grid.set_terrain(tile, (!open).then_some(MIN_COST))
        }
        Edit::SetOpen(open) if open == grid.is_open(tile) => false,
        Edit::SetOpen(open) => grid.set_terrain(tile, open.then_some(MIN_COST)),
        Edit::Paint(cost) => grid.set_terrain(tile, Some(cost.clamp(MIN_COST, MAX_COST))),
        Edit::Start if tile == grid.goal() => return Err("the start cannot go on the goal"),
        Edit::Goal if tile == grid.start() => return Err("the goal cannot go on the start"),
        Edit::Start => {
            grid.set_start(tile);
            change.tiles[0].1 != Some(MIN_COST) || change.start != tile
        }
        Edit::Goal => {
            grid.set_goal(tile);
            change.tiles[0].1 != Some(MIN_COST) || change.goal != tile
        }
    };
    if !changed {
        change.tiles.clear();
    }
    Ok(change)
}

/// Put back what `change` overwrote: the ends first (their old tiles are open again after
/// any change), then the tiles, newest first. The result equals the grid before it.
fn revert(grid: &mut Grid, change: &Change) {
    grid.set_start(change.start);
    grid.set_goal(change.goal);
    for &(tile, before) in change.tiles.iter().rev() {
        grid.set_terrain(tile, before);
    }
}

impl App {
    /// `E`: enter edit mode (the cursor on the start), or leave it.
    pub(super) fn toggle_edit(&mut self) {
        if matches!(self.mode, Mode::Edit { .. }) {
            self.mode = Mode::Explore;
            self.status = Some("edit mode off".to_owned());
            return;
        }
        let Some(grid) = self.stage.grid() else {
            self.status = Some("the maze can be edited once it is complete (f: to the end)".into());
            return;
        };
        let cursor = self.mode.cursor().unwrap_or(grid.start());
        self.pan = (0, 0);
        self.mode = Mode::Edit {
            cursor,
            brush: MIN_COST + 1,
        };
        self.status = Some(
            "edit: arrows/hjkl move, space/# wall, 1-9 terrain, S start, X goal, u undo".into(),
        );
    }

    /// Move the cursor of the edit or inspect mode by `(dr, dc)` tiles (the view follows
    /// it page by page).
    pub(super) fn move_cursor(&mut self, by: (i32, i32)) {
        let size = self.stage.tile_size();
        if let Some(cursor) = self.mode.cursor_mut() {
            *cursor = moved(*cursor, by, size);
        }
    }

    /// The tile the view follows in a mode: the cursor, the player or the robot.
    #[must_use]
    pub fn mode_focus(&self) -> Option<Pos> {
        match &self.mode {
            Mode::Walk(walk) => Some(walk.player()),
            Mode::Robot(fog) => fog.robot().map(crate::solve::replan::robot::Robot::at),
            other => other.cursor(),
        }
    }

    /// Apply `edit` at `tile` of the complete maze: a new grid for the world, recorded for
    /// undo, and the solver at work re-run to where it was (with auto re-run on).
    pub(super) fn edit_at(&mut self, tile: Pos, edit: Edit) {
        let Some(grid) = self.stage.grid() else {
            self.status = Some("the maze can be edited once it is complete".into());
            return;
        };
        if !grid.contains(tile) {
            return;
        }
        let mut next = (**grid).clone();
        match apply(&mut next, tile, edit) {
            Err(why) => self.status = Some(why.to_owned()),
            Ok(change) if change.tiles.is_empty() => {}
            Ok(change) => {
                let next = Arc::new(next);
                if self.undo.depth(Some(grid)) == 0 {
                    self.undo = Undo::default();
                }
                self.undo.push(change, Arc::clone(&next));
                self.replace_grid(next);
            }
        }
    }

    /// `u`: undo the newest change of this maze.
    pub(super) fn undo_edit(&mut self) {
        if matches!(self.mode, Mode::Walk(_)) {
            self.status = Some("the maze stays as it is while you walk (p ends the walk)".into());
            return;
        }
        let grid = self.stage.grid();
        if self.undo.depth(grid) == 0 {
            self.status = Some("nothing to undo".to_owned());
            return;
        }
        let (Some(grid), Some(change)) = (grid, self.undo.changes.pop_back()) else {
            return;
        };
        let mut back = (**grid).clone();
        revert(&mut back, &change);
        let back = Arc::new(back);
        self.undo.after = Some(Arc::clone(&back));
        self.status = Some(format!("undone ({} left)", self.undo.changes.len()));
        self.replace_grid(back);
    }

    /// `a`: re-run the solver after every change, or only on Enter.
    pub(super) fn toggle_auto_rerun(&mut self) {
        self.auto_rerun = !self.auto_rerun;
        self.status = Some(if self.auto_rerun {
            "auto re-run on: after every change the solver re-runs to where it was".to_owned()
        } else {
            "auto re-run off: Enter re-runs the solver on the edited maze".to_owned()
        });
        if self.auto_rerun && self.solver_is_stale() {
            self.rerun(self.resume_point());
        }
    }

    /// Whether the solver at work searches an older grid than the world's.
    #[must_use]
    pub fn solver_is_stale(&self) -> bool {
        match &self.stage {
            Stage::Solving { world, run, .. } => {
                !Arc::ptr_eq(&world.grid, run.machine().grid_arc())
            }
            _ => false,
        }
    }

    /// Make `grid` the world's grid. The first change of a generated maze closes its
    /// generation (the maze is no longer the generator's: stepping back stays on the
    /// edited maze), keeping its log lines.
    fn replace_grid(&mut self, grid: Arc<Grid>) {
        let resume = self.resume_point();
        let first = self.stage.generation().is_some();
        if first {
            let ascii = self.config.ascii;
            if let Some(run) = self.stage.generation() {
                self.log
                    .archive(super::log::gen_section(run, ascii, super::log::LIVE_EVENTS));
            }
            self.log.note("maze edited: solvers search the edited maze");
        }
        self.job = None;
        self.play.set_playing(false);
        self.ends = (Some(grid.start()), Some(grid.goal()));
        match &mut self.stage {
            Stage::Complete { world } | Stage::Solving { world, .. } => {
                world.generation = None;
                world.grid = grid;
            }
            Stage::Race { .. } => return self.edit_race(grid),
            Stage::Generating { .. } | Stage::Empty => return,
        }
        if self.repair_search() {
            return;
        }
        if self.auto_rerun {
            self.rerun(resume);
        } else if self.solver_is_stale() {
            self.status
                .get_or_insert_with(|| "maze changed: Enter re-runs the solver (a: auto)".into());
        }
    }

    /// Where the solver at work is on its own timeline, or is going (a step, a rewind or a
    /// run to the end under way counts as done): what a re-run goes back to.
    pub(super) fn resume_point(&self) -> Resume {
        let Stage::Solving { run, .. } = &self.stage else {
            return Resume::Step(0);
        };
        // A solver that continues the generation counts the generation's steps first.
        let base = self.stage.position() - self.stage.active_step();
        match self.job {
            Some(Job::ToEnd { .. }) => Resume::End,
            Some(Job::Seek { target, .. }) => Resume::Step(target.saturating_sub(base)),
            None if run.finished() => Resume::End,
            None => Resume::Step(run.step()),
        }
    }

    /// Start the solver at work again on the world's grid and take it to `resume`: the
    /// step it was at (its end, if the new search ends sooner), or its end. The steps are
    /// a [`Job`], taken in slices between frames like any run to the end, so a large maze
    /// stays responsive; a small one shows its new answer in the next frame.
    pub(super) fn rerun(&mut self, resume: Resume) {
        let options = self.config.solve_options;
        self.job = None;
        self.log_scroll = 0;
        let Stage::Solving { world, run, auto } = &mut self.stage else {
            return;
        };
        let kind = run.machine().kind();
        *run = Run::new(Search::new(kind, Arc::clone(&world.grid), options));
        *auto = false;
        self.job = match resume {
            Resume::Step(0) => None,
            Resume::Step(target) => Some(Job::Seek { target, from: 0 }),
            Resume::End => Some(Job::ToEnd {
                from: 0,
                next: false,
            }),
        };
    }

    /// A click (`drag`: the button held and moved) on terminal cell `(x, y)` in edit mode:
    /// left paints walls (a drag keeps doing what its first tile did), right paints the
    /// brush's terrain; in inspect mode it moves the cursor there. Returns whether the
    /// click was on the maze.
    pub(super) fn edit_click(&mut self, x: u16, y: u16, right: bool, drag: bool) -> bool {
        let Some(inner) = self.maze_inner() else {
            return false;
        };
        let Some((row, col)) = viewport::tile_at(self.view, inner, self.scroll, x, y) else {
            return false;
        };
        let tile = Pos::new(row, col);
        if let Mode::Inspect { cursor, .. } = &mut self.mode {
            *cursor = tile;
            return true;
        }
        let Mode::Edit { cursor, brush } = &mut self.mode else {
            return false;
        };
        *cursor = tile;
        let brush = *brush;
        let edit = if right {
            Edit::Paint(brush)
        } else if drag {
            Edit::SetOpen(self.drag_open)
        } else {
            let open = self.stage.is_open(tile);
            self.drag_open = !open;
            Edit::ToggleWall
        };
        self.edit_at(tile, edit);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Grid {
        Grid::parse("#######\n#S  2 #\n# # # #\n#   9E#\n#######\n").expect("valid maze")
    }

    #[test]
    fn every_edit_reverts_to_the_exact_grid() {
        let edits = [
            (Pos::new(1, 2), Edit::ToggleWall),
            (Pos::new(2, 2), Edit::ToggleWall),
            (Pos::new(1, 3), Edit::Paint(7)),
            (Pos::new(0, 3), Edit::Paint(3)),
            (Pos::new(3, 1), Edit::Start),
            (Pos::new(2, 1), Edit::Goal),
            (Pos::new(3, 4), Edit::Start),
            (Pos::new(1, 4), Edit::SetOpen(false)),
        ];
        for (tile, edit) in edits {
            let before = grid();
            let mut after = before.clone();
            let change = apply(&mut after, tile, edit).expect("legal edit");
            assert_ne!(after, before, "{edit:?} at {tile} changed nothing");
            revert(&mut after, &change);
            assert_eq!(after, before, "{edit:?} at {tile}");
        }
    }

    #[test]
    fn the_ends_stay_open() {
        let mut g = grid();
        assert!(apply(&mut g, Pos::new(1, 1), Edit::ToggleWall).is_err());
        assert!(apply(&mut g, Pos::new(3, 5), Edit::Paint(4)).is_err());
        assert!(apply(&mut g, Pos::new(3, 5), Edit::Start).is_err());
        assert_eq!(g, grid());
    }
}
