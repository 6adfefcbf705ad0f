//! Inspect mode: a cursor over the maze, and what the algorithm at work knows of the tile
//! under it (g, h, f, came-from, its set) as the machine itself reports it
//! ([`crate::solve::Solver::inspect`], [`crate::generate::Generator::inspect`]).

use super::mode::Mode;
use super::stage::Stage;
use super::state::App;
use crate::maze::Pos;
use crate::solve::Solver;
use crate::teach::Inspection;
use crate::teach::Teach;

impl App {
    /// `i`: enter inspect mode (the cursor where the edit cursor was, else on the tile
    /// being worked on, else the start), or leave it.
    pub(super) fn toggle_inspect(&mut self) {
        if matches!(self.mode, Mode::Inspect { .. }) {
            self.mode = Mode::Explore;
            return;
        }
        let cursor = self
            .mode
            .cursor()
            .or_else(|| self.stage.current_tile())
            .unwrap_or_else(|| self.endpoints().0);
        self.pan = (0, 0);
        self.mode = Mode::Inspect {
            cursor,
            arrows: false,
        };
        self.status = Some("inspect: arrows/hjkl move the cursor, v came-from arrows".into());
    }

    /// `v` while inspecting: draw the came-from arrows or stop.
    pub(super) fn toggle_arrows(&mut self) {
        if let Mode::Inspect { arrows, .. } = &mut self.mode {
            *arrows = !*arrows;
        }
    }

    /// The tile under the inspector and what the machine at work knows of it: the solver
    /// (tiles), else the running generator (cells: only tiles at odd row and column are
    /// cells). `None` outside inspect mode.
    #[must_use]
    pub fn inspection(&self) -> Option<(Pos, Inspection)> {
        let Mode::Inspect { cursor, .. } = self.mode else {
            return None;
        };
        let (rows, cols) = self.stage.tile_size();
        if cursor.row >= rows || cursor.col >= cols {
            return Some((
                cursor,
                Inspection::new("outside this maze: move the cursor"),
            ));
        }
        let found = match &self.stage {
            Stage::Solving { run, .. } => run.machine().solver().inspect(cursor),
            Stage::Generating { run, .. } if cursor.row % 2 == 1 && cursor.col % 2 == 1 => run
                .machine()
                .generator()
                .inspect(Pos::new(cursor.row / 2, cursor.col / 2)),
            Stage::Generating { .. } => Inspection::new("a wall or passage between cells"),
            Stage::Complete { .. } => Inspection::new("no solver runs: pick one (Enter)"),
            Stage::Race { .. } => Inspection::new("a race: leave it (Esc) to inspect one run"),
            Stage::Empty => Inspection::new("no maze"),
        };
        Some((cursor, found))
    }

    /// The tile `tile` was reached from in the running search, when came-from arrows are
    /// shown.
    #[must_use]
    pub fn arrow_from(&self, tile: Pos) -> Option<Pos> {
        match (&self.mode, &self.stage) {
            (Mode::Inspect { arrows: true, .. }, Stage::Solving { run, .. }) => {
                run.machine().solver().came_from(tile)
            }
            _ => None,
        }
    }
}
