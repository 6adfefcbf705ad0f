//! Walk mode: the player walks the maze from S with the arrow keys; the trail, the moves
//! and the cost are counted, and on reaching E the route is compared with the cheapest.

use std::sync::Arc;

use super::mode::Mode;
use super::state::App;
use crate::maze::{Grid, Pos};
use crate::solve::{Moves, SolveOptions, SolverKind, path_cost};

/// The player's walk on one grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The grid walked (edits are refused while walking).
    pub grid: Arc<Grid>,
    /// Every tile stood on, in order, the start first: backtracking counts.
    pub trail: Vec<Pos>,
    /// Per tile (row-major): on the trail.
    pub seen: Vec<bool>,
    /// The cheapest path and its cost ([`path_cost`] units, 4-way moves), worked out when
    /// the player reaches E; `None` before, or when E is unreachable.
    pub cheapest: Option<(u32, Vec<Pos>)>,
    /// Per tile: on the cheapest path, shown after `v`.
    pub revealed: Option<Vec<bool>>,
}

impl Walk {
    /// A walk on `grid` standing on its start.
    #[must_use]
    pub fn new(grid: Arc<Grid>) -> Self {
        let mut seen = vec![false; grid.len()];
        seen[grid.index(grid.start())] = true;
        Self {
            trail: vec![grid.start()],
            seen,
            grid,
            cheapest: None,
            revealed: None,
        }
    }

    /// Where the player stands.
    #[must_use]
    pub fn player(&self) -> Pos {
        self.trail.last().copied().unwrap_or(self.grid.start())
    }

    /// Moves made.
    #[must_use]
    pub fn moves(&self) -> usize {
        self.trail.len() - 1
    }

    /// The cost walked so far ([`path_cost`] units: 10 per move times the tile's terrain).
    #[must_use]
    pub fn cost(&self) -> u32 {
        path_cost(&self.grid, &self.trail)
    }

    /// Whether the player stands on E.
    #[must_use]
    pub fn reached(&self) -> bool {
        self.player() == self.grid.goal()
    }

    /// Step by `(dr, dc)` (one of the four directions) if that tile is open and E is not
    /// reached yet. Returns whether the player moved.
    pub fn step(&mut self, (dr, dc): (i32, i32)) -> bool {
        if self.reached() {
            return false;
        }
        let at = self.player();
        let (Ok(r), Ok(c)) = (
            u32::try_from(i64::from(at.row) + i64::from(dr.signum())),
            u32::try_from(i64::from(at.col) + i64::from(dc.signum())),
        ) else {
            return false;
        };
        let next = Pos::new(r, c);
        if next == at || !self.grid.is_open(next) {
            return false;
        }
        self.trail.push(next);
        let i = self.grid.index(next);
        self.seen[i] = true;
        if self.reached() {
            self.cheapest = cheapest(&self.grid);
        }
        true
    }

    /// Whether `tile` is on the cheapest path and `v` revealed it.
    #[must_use]
    pub fn is_revealed(&self, tile: Pos) -> bool {
        self.revealed
            .as_ref()
            .is_some_and(|r| self.grid.contains(tile) && r[self.grid.index(tile)])
    }
}

/// The cheapest 4-way path of `grid` and its cost (A* with the Manhattan distance, which
/// is admissible on terrain), `None` if E is unreachable. O(tiles log tiles), once per walk.
fn cheapest(grid: &Grid) -> Option<(u32, Vec<Pos>)> {
    let options = SolveOptions {
        moves: Moves::Four,
        ..SolveOptions::default()
    };
    let best = SolverKind::Astar.solve(grid, &options);
    best.path.map(|path| (path_cost(grid, &path), path))
}

impl App {
    /// `p`: start walking from S (a new walk), or stop.
    pub(super) fn toggle_walk(&mut self) {
        if matches!(self.mode, Mode::Walk(_)) {
            self.mode = Mode::Explore;
            self.status = Some("walk over".to_owned());
            return;
        }
        let Some(grid) = self.stage.grid() else {
            self.status = Some("the maze can be walked once it is complete".to_owned());
            return;
        };
        let walk = Walk::new(Arc::clone(grid));
        let start = walk.player();
        self.mode = Mode::Walk(walk);
        self.keep_on_screen(start);
        self.status = Some("walk from S to E: arrows/hjkl move, v shows the cheapest".into());
    }

    /// Move the player by `(dr, dc)`.
    pub(super) fn walk_step(&mut self, by: (i32, i32)) {
        let Mode::Walk(walk) = &mut self.mode else {
            return;
        };
        if walk.reached() {
            self.status = Some("you reached E (p: walk again, v: the cheapest)".to_owned());
            return;
        }
        if !walk.step(by) {
            self.status = Some("a wall".to_owned());
            return;
        }
        let at = walk.player();
        if walk.reached() {
            let text = match &walk.cheapest {
                Some((best, _)) if walk.cost() == *best => {
                    format!("E reached in {} moves: the cheapest route!", walk.moves())
                }
                Some((best, _)) => format!(
                    "E reached: cost {}, {} over the cheapest {best}",
                    walk.cost(),
                    walk.cost() - best
                ),
                None => "E reached".to_owned(),
            };
            self.log.note(format!("walk: {text}"));
            self.status = Some(text);
        }
        self.keep_on_screen(at);
    }

    /// `v` while walking: show or hide the cheapest path (worked out now if E is not
    /// reached yet).
    pub(super) fn toggle_reveal(&mut self) {
        let Mode::Walk(walk) = &mut self.mode else {
            return;
        };
        if walk.revealed.take().is_some() {
            return;
        }
        if walk.cheapest.is_none() {
            walk.cheapest = cheapest(&walk.grid);
        }
        let Some((_, path)) = &walk.cheapest else {
            self.status = Some("E cannot be reached from S".to_owned());
            return;
        };
        let mut on = vec![false; walk.grid.len()];
        for &p in path {
            on[walk.grid.index(p)] = true;
        }
        walk.revealed = Some(on);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_counts_moves_and_cost_and_stops_at_e() {
        let grid = Grid::parse("#####\n#S3E#\n# # #\n#   #\n#####\n").expect("valid");
        let mut walk = Walk::new(Arc::new(grid));
        assert!(!walk.step((-1, 0)), "a wall");
        assert!(walk.step((0, 1)));
        assert!(walk.step((0, 1)));
        assert!(walk.reached());
        assert_eq!(walk.moves(), 2);
        assert_eq!(walk.cost(), 30 + 10);
        // Through the 3 (30 + 10) beats six moves round the bottom (60).
        assert_eq!(walk.cheapest.as_ref().map(|c| c.0), Some(40));
        assert!(!walk.step((0, -1)), "no moves after E");
    }
}
