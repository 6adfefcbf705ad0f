//! Walk mode: the player walks the maze from S with the arrow keys, or hands the walk to a
//! [`Pilot`] (the AI, or a walker on a solver's path); the trail says who walked which
//! tile, the moves and the cost are counted, and on reaching E the route is compared with
//! the cheapest, which is worked out in slices from the moment the walk starts. `v` shows
//! the cheapest route from where the player stands.

use std::sync::Arc;

use super::cheapest::Yardstick;
use super::mode::Mode;
use super::pilot::{Pace, Pilot};
use super::state::App;
use crate::maze::{Grid, Pos};
use crate::solve::{Moves, path_cost};

/// Who made a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walker {
    /// The player, with a move key.
    You,
    /// The [`Pilot`]: the AI or a walker on a solver's path.
    Pilot,
}

/// What the trail shows on one tile: who left it last, and which way the pilot went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Trail {
    /// Not walked (or the tile stood on now).
    #[default]
    None,
    /// The player left it.
    You,
    /// The pilot left it by `(Δrow, Δcol)`, each −1, 0 or 1.
    Pilot(i8, i8),
}

/// One walk on one grid.
#[derive(Clone, Debug)]
pub struct Walk {
    /// The grid walked (edits and undo are refused while walking).
    pub grid: Arc<Grid>,
    /// The moves the walk may make: 4-way for the player; a walker on a solver's path moves
    /// as the solver did.
    pub moves: Moves,
    /// Every tile stood on, in order, the start first: backtracking counts.
    pub trail: Vec<Pos>,
    /// Per tile (row-major): who left it last.
    marks: Vec<Trail>,
    /// Moves the pilot made.
    pub pilot_moves: usize,
    /// The cheapest path from S, being worked out or known.
    pub cheapest: Yardstick,
    /// The cheapest path from the tile stood on, while `v` shows it away from S and E.
    pub ahead: Option<(Pos, Yardstick)>,
    /// The cheapest path is shown (`v`), once known.
    pub reveal: bool,
    /// Who walks for the player, if anyone ([`Walk::hand_to`] sets it).
    pub pilot: Option<Pilot>,
    /// What the last pilot is called: `the AI`, or `the walker` on a solver's path.
    pilot_name: &'static str,
    /// How fast the pilot walks.
    pub pace: Pace,
}

impl Walk {
    /// A walk on `grid` with `moves`, standing on its start; the cheapest path starts
    /// being worked out.
    #[must_use]
    pub fn new(grid: Arc<Grid>, moves: Moves) -> Self {
        Self {
            trail: vec![grid.start()],
            marks: vec![Trail::None; grid.len()],
            pilot_moves: 0,
            cheapest: Yardstick::start(&grid, moves),
            ahead: None,
            grid,
            moves,
            reveal: false,
            pilot: None,
            pilot_name: "the AI",
            pace: Pace::default(),
        }
    }

    /// Hand the walk to `pilot`, counting time afresh.
    pub fn hand_to(&mut self, pilot: Pilot) {
        self.pilot_name = if pilot.escape { "the AI" } else { "the walker" };
        self.pilot = Some(pilot);
        self.pace.restart();
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

    /// What the trail shows on `tile`.
    #[must_use]
    pub fn trail_at(&self, tile: Pos) -> Trail {
        if self.grid.contains(tile) {
            self.marks[self.grid.index(tile)]
        } else {
            Trail::None
        }
    }

    /// The cheapest cost from S, once worked out (`None` before, or if E is unreachable).
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
        let by = if self.pilot_moves > 0 {
            format!(" ({} by {})", self.pilot_moves, self.pilot_name())
        } else {
            String::new()
        };
        Some(if cost <= best {
            format!(
                "E reached in {} moves{by}, cost {cost}: the cheapest route",
                self.moves()
            )
        } else {
            format!(
                "E reached in {} moves{by}, cost {cost}: {} over the cheapest {best}",
                self.moves(),
                cost - best
            )
        })
    }

    /// What the pilot (or the last one) is called: `the AI`, or `the walker` on a
    /// solver's path.
    #[must_use]
    pub const fn pilot_name(&self) -> &'static str {
        self.pilot_name
    }

    /// Step by `(dr, dc)` (each −1, 0 or 1; a diagonal only with 8-way moves) if that tile
    /// is open and E is not reached yet; `who` is recorded on the trail. Returns whether
    /// the player moved.
    pub fn step(&mut self, (dr, dc): (i32, i32), who: Walker) -> bool {
        let (dr, dc) = (dr.signum(), dc.signum());
        if self.reached() || (dr != 0 && dc != 0 && self.moves == Moves::Four) {
            return false;
        }
        let at = self.player();
        let (Ok(r), Ok(c)) = (
            u32::try_from(i64::from(at.row) + i64::from(dr)),
            u32::try_from(i64::from(at.col) + i64::from(dc)),
        ) else {
            return false;
        };
        let next = Pos::new(r, c);
        if next == at || !self.grid.is_open(next) {
            return false;
        }
        let i = self.grid.index(at);
        self.marks[i] = match who {
            Walker::You => Trail::You,
            // Both are −1, 0 or 1.
            #[allow(clippy::cast_possible_truncation)]
            Walker::Pilot => Trail::Pilot(dr as i8, dc as i8),
        };
        if who == Walker::Pilot {
            self.pilot_moves += 1;
        }
        self.trail.push(next);
        true
    }

    /// The grid with its start moved to `tile` (the same grid when `tile` is S): what a
    /// search from where the player stands searches. O(tiles) when it copies.
    #[must_use]
    pub fn grid_from(&self, tile: Pos) -> Arc<Grid> {
        if tile == self.grid.start() {
            return Arc::clone(&self.grid);
        }
        let mut grid = (*self.grid).clone();
        grid.set_start(tile);
        Arc::new(grid)
    }

    /// Whether the cheapest route `v` shows is the one from S: standing on S, or on E
    /// (where it is what the walk is compared with).
    fn reveals_from_start(&self) -> bool {
        self.player() == self.grid.start() || self.reached()
    }

    /// While `v` shows the cheapest route away from S and E, start working it out from
    /// the tile stood on, unless that is under way or known. Called once an action is
    /// done ([`App::update`] and each tick), not per move: a count of a thousand moves
    /// starts one search, not a thousand. O(tiles) when it starts one (the grid copied
    /// with its start moved).
    pub fn refresh_ahead(&mut self) {
        if !self.reveal || self.reveals_from_start() {
            self.ahead = None;
            return;
        }
        let here = self.player();
        if self.ahead.as_ref().is_none_or(|(from, _)| *from != here) {
            let grid = self.grid_from(here);
            self.ahead = Some((here, Yardstick::start(&grid, self.moves)));
        }
    }

    /// The cheapest route `v` shows: from S (on S or E) or from the tile stood on.
    #[must_use]
    pub fn revealed(&self) -> &Yardstick {
        match &self.ahead {
            Some((from, ahead)) if *from == self.player() && !self.reveals_from_start() => ahead,
            _ => &self.cheapest,
        }
    }

    /// Whether `tile` is on the cheapest route and `v` shows it.
    #[must_use]
    pub fn is_revealed(&self, tile: Pos) -> bool {
        self.reveal
            && self.grid.contains(tile)
            && matches!(self.revealed().best(), Some(Some(b)) if b.on_path[self.grid.index(tile)])
    }

    /// Whether `tile` is on the pilot's route.
    #[must_use]
    pub fn on_route(&self, tile: Pos) -> bool {
        self.grid.contains(tile)
            && self
                .pilot
                .as_ref()
                .is_some_and(|p| p.on_route(self.grid.index(tile)))
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
        self.mode = Mode::Walk(Box::new(Walk::new(Arc::clone(grid), Moves::Four)));
        self.pan = (0, 0);
        self.status = Some("walk from S to E: arrows/hjkl move, v shows the cheapest".into());
    }

    /// The walk, if walking on the maze shown; a walk on a maze replaced meanwhile ends
    /// here, saying so.
    pub(super) fn live_walk(&mut self) -> Option<&mut Walk> {
        let stale = match &self.mode {
            Mode::Walk(walk) => self
                .stage
                .grid()
                .is_none_or(|g| !Arc::ptr_eq(g, &walk.grid)),
            _ => return None,
        };
        if stale {
            self.mode = Mode::Explore;
            self.status = Some("a new maze: the walk is over (p walks it)".to_owned());
            return None;
        }
        match &mut self.mode {
            Mode::Walk(walk) => Some(walk),
            _ => None,
        }
    }

    /// Move the player by `(dr, dc)`; a pilot walking hands the walk back first.
    pub(super) fn walk_step(&mut self, by: (i32, i32)) {
        let Some(walk) = self.live_walk() else {
            return;
        };
        let took_back = walk.pilot.take().is_some();
        if walk.reached() {
            self.status = Some("you reached E (p: walk again, v: the cheapest)".to_owned());
            return;
        }
        if !walk.step(by, Walker::You) {
            self.status = Some("a wall".to_owned());
        } else if walk.reached() {
            self.status = Some(walk.verdict().unwrap_or_else(|| {
                format!("E reached in {} moves, cost {}", walk.moves(), walk.cost())
            }));
        } else if took_back {
            self.status = Some(format!("you have the walk back from {}", walk.pilot_name()));
        }
    }

    /// `v` while walking: show or hide the cheapest route from where the player stands (as
    /// soon as it is worked out), and say its length against the par.
    pub(super) fn toggle_reveal(&mut self) {
        let par = self.par_moves();
        let Some(walk) = self.live_walk() else {
            return;
        };
        walk.reveal = !walk.reveal;
        walk.refresh_ahead();
        if walk.reveal {
            self.status = Some(reveal_note(walk, par));
        }
    }
}

/// What `v` says: the cheapest route from where the player stands, its length, and the
/// moves walked plus it against the par.
#[must_use]
pub fn reveal_note(walk: &Walk, par: Option<usize>) -> String {
    let par = par.map_or_else(String::new, |p| format!(", par {p}"));
    match walk.revealed().best() {
        None => "working out the cheapest route...".to_owned(),
        Some(None) if walk.player() == walk.grid.start() => "E cannot be reached from S".into(),
        Some(None) => "E cannot be reached from here".to_owned(),
        Some(Some(b)) if walk.player() == walk.grid.start() => {
            format!("the cheapest route: {} moves{par}", b.path.len() - 1)
        }
        Some(Some(b)) if walk.reached() => {
            format!("the cheapest route from S: {} moves{par}", b.path.len() - 1)
        }
        Some(Some(b)) => {
            let left = b.path.len() - 1;
            format!(
                "the cheapest route from here: {left} moves; {} walked + {left} = {}{par}",
                walk.moves(),
                walk.moves() + left
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_counts_moves_and_cost_and_stops_at_e() {
        let grid = Grid::parse("#####\n#S3E#\n# # #\n#   #\n#####\n").expect("valid");
        let mut walk = Walk::new(Arc::new(grid), Moves::Four);
        while walk.cheapest.advance(|| true) {}
        assert!(!walk.step((-1, 0), Walker::You), "a wall");
        assert!(!walk.step((1, 1), Walker::You), "no diagonal on foot");
        assert!(walk.step((0, 1), Walker::You));
        assert_eq!(walk.verdict(), None, "not on E yet");
        assert!(walk.step((0, 1), Walker::Pilot));
        assert!(walk.reached());
        assert_eq!(walk.moves(), 2);
        assert_eq!(walk.cost(), 30 + 10);
        // Through the 3 (30 + 10) beats six moves round the bottom (60).
        assert_eq!(walk.cheapest_cost(), Some(40));
        assert!(
            walk.verdict()
                .is_some_and(|v| v.ends_with("the cheapest route") && v.contains("1 by the AI"))
        );
        assert!(!walk.step((0, -1), Walker::You), "no moves after E");
        // The trail: S left by the player, the 3 by the pilot going east.
        assert_eq!(walk.trail_at(Pos::new(1, 1)), Trail::You);
        assert_eq!(walk.trail_at(Pos::new(1, 2)), Trail::Pilot(0, 1));
        assert_eq!(walk.trail_at(Pos::new(1, 3)), Trail::None);
    }

    #[test]
    fn v_away_from_s_shows_the_cheapest_route_from_the_tile_stood_on() {
        // From S the cheapest goes along the top (4 moves); from (3,2), along the bottom.
        let grid = Grid::parse("#######\n#S   E#\n# ### #\n#     #\n#######\n").expect("valid");
        let mut walk = Walk::new(Arc::new(grid), Moves::Four);
        walk.reveal = true;
        for by in [(1, 0), (1, 0), (0, 1)] {
            assert!(walk.step(by, Walker::You));
        }
        assert!(walk.ahead.is_none(), "no search per move");
        walk.refresh_ahead();
        let Some((from, ahead)) = &mut walk.ahead else {
            panic!("a search from (3,2)");
        };
        assert_eq!(*from, Pos::new(3, 2));
        while ahead.advance(|| true) {}
        assert_eq!(ahead.length(), Some(Some(5)));
        assert!(walk.is_revealed(Pos::new(3, 4)) && !walk.is_revealed(Pos::new(1, 3)));
        assert_eq!(
            reveal_note(&walk, Some(4)),
            "the cheapest route from here: 5 moves; 3 walked + 5 = 8, par 4"
        );
    }
}
