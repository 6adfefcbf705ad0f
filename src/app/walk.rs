//! Walk mode: the player walks the maze from S with the arrow keys; the trail, the moves
//! and the cost are counted, and on reaching E the route is compared with the cheapest,
//! which is worked out in slices from the moment the walk starts.

use std::sync::Arc;

use super::cheapest::Yardstick;
use super::mode::Mode;
use super::state::App;
use crate::maze::{Grid, Pos};
use crate::solve::{Moves, path_cost};

/// The player's walk on one grid.
#[derive(Clone, Debug)]
pub struct Walk {
    /// The grid walked (edits and undo are refused while walking).
    pub grid: Arc<Grid>,
    /// Every tile stood on, in order, the start first: backtracking counts.
    pub trail: Vec<Pos>,
    /// Per tile (row-major): on the trail.
    pub seen: Vec<bool>,
    /// The cheapest 4-way path of the grid, being worked out or known.
    pub cheapest: Yardstick,
    /// The cheapest path is shown (`v`), once known.
    pub reveal: bool,
}

impl Walk {
    /// A walk on `grid` standing on its start; the cheapest path starts being worked out.
    #[must_use]
    pub fn new(grid: Arc<Grid>) -> Self {
        let mut seen = vec![false; grid.len()];
        seen[grid.index(grid.start())] = true;
        Self {
            trail: vec![grid.start()],
            seen,
            cheapest: Yardstick::start(&grid, Moves::Four),
            grid,
            reveal: false,
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

    /// The cheapest cost, once worked out (`None` before, or if E is unreachable).
    #[must_use]
    pub fn cheapest_cost(&self) -> Option<u32> {
        self.cheapest.cost().flatten()
    }

    /// On E, how the route compares with the cheapest, once that is known.
    #[must_use]
    pub fn verdict(&self) -> Option<String> {
        if !self.reached() {
            return None;
        }
        let best = self.cheapest_cost()?;
        let cost = self.cost();
        Some(if cost == best {
            format!(
                "E reached in {} moves, cost {cost}: the cheapest route",
                self.moves()
            )
        } else {
            format!(
                "E reached in {} moves, cost {cost}: {} over the cheapest {best}",
                self.moves(),
                cost - best
            )
        })
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
        true
    }

    /// Whether `tile` is on the cheapest path and `v` revealed it.
    #[must_use]
    pub fn is_revealed(&self, tile: Pos) -> bool {
        self.reveal
            && self.grid.contains(tile)
            && matches!(self.cheapest.best(), Some(Some(b)) if b.on_path[self.grid.index(tile)])
    }
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
        self.mode = Mode::Walk(Walk::new(Arc::clone(grid)));
        self.pan = (0, 0);
        self.status = Some("walk from S to E: arrows/hjkl move, v shows the cheapest".into());
    }

    /// Move the player by `(dr, dc)`.
    pub(super) fn walk_step(&mut self, by: (i32, i32)) {
        let Mode::Walk(walk) = &mut self.mode else {
            return;
        };
        if self
            .stage
            .grid()
            .is_none_or(|g| !Arc::ptr_eq(g, &walk.grid))
        {
            self.mode = Mode::Explore;
            self.status = Some("a new maze: the walk is over (p walks it)".to_owned());
            return;
        }
        if walk.reached() {
            self.status = Some("you reached E (p: walk again, v: the cheapest)".to_owned());
            return;
        }
        if !walk.step(by) {
            self.status = Some("a wall".to_owned());
            return;
        }
        if walk.reached() {
            self.status = Some(walk.verdict().unwrap_or_else(|| {
                format!("E reached in {} moves, cost {}", walk.moves(), walk.cost())
            }));
        }
    }

    /// `v` while walking: show or hide the cheapest path (as soon as it is worked out).
    pub(super) fn toggle_reveal(&mut self) {
        let Mode::Walk(walk) = &mut self.mode else {
            return;
        };
        walk.reveal = !walk.reveal;
        match walk.cheapest.best() {
            Some(None) => self.status = Some("E cannot be reached from S".to_owned()),
            None if walk.reveal => {
                self.status = Some("working out the cheapest path...".to_owned());
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_counts_moves_and_cost_and_stops_at_e() {
        let grid = Grid::parse("#####\n#S3E#\n# # #\n#   #\n#####\n").expect("valid");
        let mut walk = Walk::new(Arc::new(grid));
        while walk.cheapest.advance(|| true) {}
        assert!(!walk.step((-1, 0)), "a wall");
        assert!(walk.step((0, 1)));
        assert_eq!(walk.verdict(), None, "not on E yet");
        assert!(walk.step((0, 1)));
        assert!(walk.reached());
        assert_eq!(walk.moves(), 2);
        assert_eq!(walk.cost(), 30 + 10);
        // Through the 3 (30 + 10) beats six moves round the bottom (60).
        assert_eq!(walk.cheapest_cost(), Some(40));
        assert!(
            walk.verdict()
                .is_some_and(|v| v.ends_with("the cheapest route"))
        );
        assert!(!walk.step((0, -1)), "no moves after E");
    }
}
