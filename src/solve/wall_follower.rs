//! The right-hand wall follower: a walker who keeps one hand on the wall (Jamis Buck,
//! *Mazes for Programmers*, ch. 1; the oldest maze-solving rule there is).
//!
//! The walker has a tile and a facing. Each step it turns right if the tile there is open,
//! else goes straight, else turns left, else turns back, and moves one tile
//! ([`SolveEvent::Move`]). On a perfect maze (and on any maze whose start and goal lie on
//! the same wall) this reaches the goal. When it arrives, the next step reports the route
//! walked with its loops erased (each return to a tile already on the route cuts the loop
//! off), a simple path.
//!
//! The walk is a function of `(tile, facing)`; if the walker is about to enter a state it
//! has been in before, it would circle forever (the start sits on an island of a braided
//! maze, or in an open room): it gives up ([`SolveEvent::GaveUp`]), which proves nothing
//! about whether a path exists. So the walk ends
//! after at most 4 moves per tile. Memory: one state byte per tile (four seen-facing bits,
//! walked, on-route, path) plus the route stack.

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::tiles::{Layout, Phase, WALL, found, newest_first};
use crate::solve::{SolveEvent, SolveOptions, Solver};
use crate::teach::{Pseudocode, Structure, Teach};

// Bits 0–3 of a tile's state: the walker has stood here facing N, E, S, W (`Dir::ALL`).
/// Walked at least once.
const WALKED: u8 = 0x10;
/// On the loop-erased route.
const ROUTE: u8 = 0x20;
/// On the found path.
const PATH: u8 = 0x40;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "face north at the start",
    "if no wall under right hand:",
    "  walk ahead to a wall, turn",
    "    left (wall on the right)",
    "loop:",
    "  turn right if open, else",
    "    straight, else left,",
    "    else turn back",
    "  move one tile",
    "  if at goal: path = the route",
    "  if here before, same way:",
    "    give up (a loop)",
];

/// The right-hand wall follower as a step machine: one move per step.
#[derive(Clone, Debug, GetSize)]
pub struct WallFollower {
    layout: Layout,
    state: Vec<u8>,
    /// The walker's padded tile.
    at: usize,
    /// Its facing, an index into `Dir::ALL` (0 = north, clockwise).
    facing: usize,
    /// The loop-erased route from the start to `at`.
    route: Vec<u32>,
    /// Still walking straight ahead to the first wall (the start has no wall on its right
    /// hand, as in an open room): only then does the hand go on the wall.
    to_wall: bool,
    goal: usize,
    visited: usize,
    phase: Phase,
    path: Option<Vec<Pos>>,
}

impl WallFollower {
    /// A walker on `grid`'s start, facing north. O(tiles) to set up.
    #[must_use]
    pub fn new(grid: &Grid, _options: &SolveOptions) -> Self {
        let layout = Layout::new(grid);
        let mut state = layout.walls(grid);
        let start = layout.at(grid.start());
        let goal = layout.at(grid.goal());
        let mut route = Vec::new();
        let mut phase = Phase::Search;
        let mut visited = 0;
        if state[start] & WALL == 0 {
            state[start] |= WALKED | ROUTE | 1;
            #[allow(clippy::cast_possible_truncation)] // padded indices fit in u32
            route.push(start as u32);
            visited = 1;
            if start == goal {
                phase = Phase::Trace;
            }
        }
        // Facing north, the right hand is east.
        let right = start.wrapping_add_signed(layout.moves(false)[1].offset);
        let to_wall = state[start] & WALL == 0 && state[right] & WALL == 0;
        if to_wall {
            state[start] &= !1;
        }
        Self {
            layout,
            state,
            at: start,
            facing: 0,
            route,
            to_wall,
            goal,
            visited,
            phase,
            path: None,
        }
    }

    fn walk(&mut self) -> SolveEvent {
        if self.route.is_empty() {
            // The start is a wall: there is nowhere to stand.
            self.phase = Phase::Done;
            return SolveEvent::NoPath;
        }
        let moves = self.layout.moves(false);
        if self.to_wall {
            let ahead = self.at.wrapping_add_signed(moves[self.facing].offset);
            let right = self
                .at
                .wrapping_add_signed(moves[(self.facing + 1) % 4].offset);
            if self.state[right] & WALL != 0 {
                self.to_wall = false;
            } else if self.state[ahead] & WALL != 0 {
                // At the wall: turn left, so that it is on the right hand.
                self.to_wall = false;
                self.facing = (self.facing + 3) % 4;
            } else {
                return self.enter(ahead, self.facing);
            }
            // Following starts here: this is the state a cycle would come back to.
            self.state[self.at] |= 1 << self.facing;
        }
        // Right, straight, left, back.
        let Some((dir, next)) = [1, 0, 3, 2].into_iter().find_map(|turn| {
            let dir = (self.facing + turn) % 4;
            let next = self.at.wrapping_add_signed(moves[dir].offset);
            (self.state[next] & WALL == 0).then_some((dir, next))
        }) else {
            // Walled in on all four sides.
            self.phase = Phase::Done;
            return SolveEvent::NoPath;
        };
        let seen = 1 << dir;
        if self.state[next] & seen != 0 {
            // Been here facing this way: the walk is a cycle that misses the goal. The
            // walk can be run backwards (the left-hand rule), so the first state to repeat
            // is the one it started in.
            self.phase = Phase::Done;
            return SolveEvent::GaveUp {
                reason: crate::solve::GiveUp::BackAtStart,
            };
        }
        self.state[next] |= seen;
        self.enter(next, dir)
    }

    /// Move onto `next`, facing `dir`: count it, extend the route or erase the loop just
    /// closed, and stop at the goal.
    fn enter(&mut self, next: usize, dir: usize) -> SolveEvent {
        self.at = next;
        self.facing = dir;
        let s = &mut self.state[next];
        if *s & WALKED == 0 {
            *s |= WALKED;
            self.visited += 1;
        }
        if *s & ROUTE == 0 {
            *s |= ROUTE;
            #[allow(clippy::cast_possible_truncation)]
            self.route.push(next as u32);
        } else {
            // Back on the route: erase the loop just walked.
            while let Some(&top) = self.route.last() {
                if top as usize == next {
                    break;
                }
                self.state[top as usize] &= !ROUTE;
                self.route.pop();
            }
        }
        if next == self.goal {
            self.phase = Phase::Trace;
        }
        SolveEvent::Move {
            tile: self.layout.pos(next),
        }
    }
}

impl Teach for WallFollower {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// A move ran the turn rule; the end lines say how the walk ended.
    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        match event {
            SolveEvent::Move { .. } if self.to_wall => &[1, 2, 3, 8],
            SolveEvent::Move { .. } => &[4, 5, 6, 7, 8],
            SolveEvent::Found { .. } => &[9],
            SolveEvent::GaveUp { .. } => &[10, 11],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        match *event {
            SolveEvent::Move { tile } if self.to_wall => {
                format!("no wall under the right hand yet: walked straight ahead to {tile}")
            }
            SolveEvent::Move { tile } => format!(
                "kept the right hand on the wall: turned right if it could, else straight, else left, else back, and moved to {tile}"
            ),
            SolveEvent::Found { length, .. } => format!(
                "reached the goal: the route walked, loops erased, is a path of {length} moves"
            ),
            SolveEvent::GaveUp { .. } => "back where it started, facing the same way: it would circle for ever, so it gives up (S is on a loop or E on an island); this proves nothing about a path".to_owned(),
            SolveEvent::NoPath => "the start is walled in on all sides: nowhere to walk".to_owned(),
            _ => String::new(),
        }
    }

    fn mark(&self, tile: Pos) -> Mark {
        let Some(i) = self.layout.index(tile) else {
            return Mark::None;
        };
        let s = self.state[i];
        if s & PATH != 0 {
            Mark::Path
        } else if i == self.at && s & WALL == 0 {
            Mark::Current
        } else if s & WALKED != 0 {
            Mark::Visited
        } else {
            Mark::None
        }
    }

    /// The route walked so far, newest tile first.
    fn structure(&self, max: usize) -> Structure {
        let entries = newest_first(&self.layout, &self.route, max);
        Structure::new("route", "newest first", self.route.len(), entries)
    }

    fn structure_len(&self) -> usize {
        self.route.len()
    }

    fn current(&self) -> Option<Pos> {
        (self.state[self.at] & WALL == 0).then(|| self.layout.pos(self.at))
    }
}

impl Solver for WallFollower {
    fn step(&mut self, _grid: &Grid) -> Option<SolveEvent> {
        match self.phase {
            Phase::Done => None,
            Phase::Search => Some(self.walk()),
            Phase::Trace => {
                let path = self.layout.route_path(&self.route, &mut self.state, PATH);
                self.phase = Phase::Done;
                let event = found(&path);
                self.path = Some(path);
                Some(event)
            }
        }
    }

    fn visited(&self) -> usize {
        self.visited
    }

    fn path(&self) -> Option<&[Pos]> {
        self.path.as_deref()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn in_an_open_room_it_walks_to_a_wall_first() {
        let grid = Grid::parse("#####\n#S  #\n#   #\n#  E#\n#####\n").expect("valid");
        let mut solver = WallFollower::new(&grid, &SolveOptions::default());
        let solution = crate::solve::run_to_end(&mut solver, &grid);
        assert_eq!(solution.outcome, crate::solve::Outcome::Found);
    }

    #[test]
    fn goal_on_an_island_gives_up_instead_of_saying_no_path() {
        let text = "#########\n#S      #\n# ##### #\n# #   # #\n# # E # #\n# #   # #\n# ## ## #\n#       #\n#########\n";
        let grid = Grid::parse(text).expect("valid");
        let mut solver = WallFollower::new(&grid, &SolveOptions::default());
        let solution = crate::solve::run_to_end(&mut solver, &grid);
        assert_eq!(
            solution.outcome,
            crate::solve::Outcome::GaveUp(crate::solve::GiveUp::BackAtStart)
        );
    }

    use super::*;
    use crate::solve::run_to_end;

    #[test]
    fn the_hand_goes_on_a_wall_before_it_follows() {
        // Facing north at S the right hand (east) touches no wall, so the walker turns to
        // put the north wall under its hand (west): its right-hand walk then leads south to
        // E without the dead end east of S.
        let text = "\
#####
#S  #
# ###
#E  #
#####
";
        let g = Grid::parse(text).expect("valid");
        let mut s = WallFollower::new(&g, &SolveOptions::default());
        let mut moves = Vec::new();
        while let Some(e) = s.step(&g) {
            moves.push(e);
        }
        let mv = |r, c| SolveEvent::Move {
            tile: Pos::new(r, c),
        };
        assert_eq!(
            moves,
            [
                mv(2, 1),
                mv(3, 1),
                SolveEvent::Found {
                    length: 2,
                    cost: 20
                }
            ]
        );
        assert_eq!(
            s.path(),
            Some(&[Pos::new(1, 1), Pos::new(2, 1), Pos::new(3, 1)][..])
        );
        assert_eq!(s.mark(Pos::new(2, 1)), Mark::Path);
        assert_eq!(s.mark(Pos::new(1, 3)), Mark::None);
        assert_eq!(s.step(&g), None);
    }

    #[test]
    fn a_dead_end_walked_into_is_erased_from_the_path() {
        // The hand follows the west wall down, then the south wall east, into the spur at
        // (4,2) and out again, then north to E; the spur is not on the path.
        let text = "#####\n#S#E#\n# # #\n#   #\n## ##\n#####\n";
        let g = Grid::parse(text).expect("valid");
        let sol = run_to_end(&mut WallFollower::new(&g, &SolveOptions::default()), &g);
        let path = sol.path.expect("found");
        assert!(!path.contains(&Pos::new(4, 2)), "the spur is erased");
        assert_eq!(sol.length, 6);
        assert_eq!(sol.visited, 8, "the spur was walked");
    }

    #[test]
    fn a_walled_in_start_gives_up_at_once() {
        let g = Grid::parse("#####\n#S#E#\n#####\n").expect("valid");
        let sol = run_to_end(&mut WallFollower::new(&g, &SolveOptions::default()), &g);
        assert_eq!((sol.path, sol.steps, sol.visited), (None, 1, 1));
    }
}
