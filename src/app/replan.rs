//! Edits while an incremental search (LPA*, D* Lite) is at work: instead of starting over,
//! the search is handed the edited grid, updates the tiles the edit touched as its
//! algorithm prescribes, and goes on from its state at the edit.
//!
//! An edit starts a new segment of the run: the repaired search becomes a new run whose
//! step 0 is the moment of the edit, so `b` steps back through the repair down to the edit
//! and no further (the steps before it were taken on another grid); the segment before is
//! kept in the log. Undo (`u`) is an edit too, and is repaired the same way.

use std::sync::Arc;

use super::log::{LIVE_EVENTS, solve_section};
use super::stage::Stage;
use super::state::App;
use crate::maze::{Grid, Pos};
use crate::run::Run;
use crate::teach::Teach;

/// The tiles whose terrain differs between `a` and `b` (walls included), row-major.
/// O(tiles).
#[must_use]
pub fn changed_tiles(a: &Grid, b: &Grid) -> Vec<Pos> {
    (0..a.len().min(b.len()))
        .map(|i| a.pos(i))
        .filter(|&p| a.cost(p) != b.cost(p))
        .collect()
}

impl App {
    /// If the solver at work repairs itself and searches an older grid than the world's,
    /// repair it onto the world's grid as a new segment. Returns whether it did.
    pub(super) fn repair_search(&mut self) -> bool {
        let ascii = self.config.ascii;
        let Stage::Solving { world, run, auto } = &mut self.stage else {
            return false;
        };
        let old = run.machine().grid_arc();
        if Arc::ptr_eq(old, &world.grid) {
            return false;
        }
        let changed = changed_tiles(old, &world.grid);
        let Some(search) = run.machine().repaired(Arc::clone(&world.grid), &changed) else {
            return false;
        };
        self.log.archive(solve_section(run, ascii, LIVE_EVENTS));
        let title = search.kind().title();
        let queued = search.solver().structure_len();
        let tiles = changed.len();
        let s = if tiles == 1 { "" } else { "s" };
        self.log.note(format!(
            "edit: {tiles} tile{s} changed; {title} repairs from here with {queued} in U (b goes back to the edit)"
        ));
        *run = Run::new(search);
        *auto = false;
        self.job = None;
        self.log_scroll = 0;
        self.status = Some(format!(
            "{title} repairs its search: n steps through the repair, b back to the edit"
        ));
        true
    }
}
