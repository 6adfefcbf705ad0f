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
use crate::solve::store::{Nodes, Paged, Store};
use crate::solve::tiles::{Layout, Tile, WALL, newest_first};
use crate::solve::trace::{Progress, Trace};
use crate::solve::{GiveUp, SolveEvent, SolveOptions, Solver};
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
pub struct WallFollower<K: Store = Paged> {
    layout: Layout,
    state: K::Nodes<u8>,
    /// The walker's tile.
    at: Tile,
    /// Its facing: 0 north, 1 east, 2 south, 3 west (clockwise, as `Dir::ALL`).
    facing: usize,
    /// The loop-erased route from the start to `at`.
    route: Vec<Tile>,
    /// Still walking straight ahead to the first wall (the start has no wall on its right
    /// hand, as in an open room): only then does the hand go on the wall.
    to_wall: bool,
    goal: Tile,
    visited: usize,
    progress: Progress,
}

impl<K: Store> WallFollower<K> {
    /// A walker on `grid`'s start, facing north. O(tiles) to set up.
    #[must_use]
    pub fn new(grid: &Grid, _options: &SolveOptions) -> Self {
        let layout = Layout::new(grid);
        let start = layout.at(grid.start());
        let mut walker = Self {
            state: layout.walls(grid),
            at: start,
            facing: 0,
            route: Vec::new(),
            to_wall: false,
            goal: layout.at(grid.goal()),
            visited: 0,
            progress: Progress::Searching,
            layout,
        };
        if !walker.is_wall(start) {
            walker.mark_tile(start, WALKED | ROUTE | 1);
            walker.route.push(start);
            walker.visited = 1;
            if start == walker.goal {
                walker.arrived();
            }
            // Facing north, the right hand is east: no wall there, walk to one first.
            walker.to_wall = walker.open_towards(start, 1);
            if walker.to_wall {
                walker.unmark_tile(start, 1);
            }
        }
        walker
    }

    fn is_wall(&self, tile: Tile) -> bool {
        self.state.get(tile as usize) & WALL != 0
    }

    /// Whether the tile next to `tile` towards `dir` is open.
    fn open_towards(&self, tile: Tile, dir: usize) -> bool {
        !self.is_wall(self.layout.step(tile, dir))
    }

    fn mark_tile(&mut self, tile: Tile, bits: u8) {
        let s = self.state.get(tile as usize);
        self.state.set(tile as usize, s | bits);
    }

    fn unmark_tile(&mut self, tile: Tile, bits: u8) {
        let s = self.state.get(tile as usize);
        self.state.set(tile as usize, s & !bits);
    }

    /// One move of the walk.
    fn walk(&mut self) -> SolveEvent {
        if self.route.is_empty() {
            // The start is a wall: there is nowhere to stand.
            self.progress.fail();
            return SolveEvent::NoPath;
        }
        if self.to_wall
            && let Some(event) = self.walk_to_wall()
        {
            return event;
        }
        let (facing, at) = (self.facing, self.at);
        let (right, left, back) = ((facing + 1) % 4, (facing + 3) % 4, (facing + 2) % 4);
        // Turn right if you can, else go straight, else turn left, else turn back.
        let dir = if self.open_towards(at, right) {
            right
        } else if self.open_towards(at, facing) {
            facing
        } else if self.open_towards(at, left) {
            left
        } else if self.open_towards(at, back) {
            back
        } else {
            // Walled in on all four sides.
            self.progress.fail();
            return SolveEvent::NoPath;
        };
        let next = self.layout.step(at, dir);
        if self.state.get(next as usize) & (1 << dir) != 0 {
            // Been here facing this way: the walk is a cycle that misses the goal. The
            // walk can be run backwards (the left-hand rule), so the first state to repeat
            // is the one it started in.
            self.progress.fail();
            return SolveEvent::GaveUp {
                reason: GiveUp::BackAtStart,
            };
        }
        self.mark_tile(next, 1 << dir);
        self.enter(next, dir)
    }

    /// Before the hand is on a wall: step straight ahead, or (at a wall, or with one under
    /// the right hand) put the hand on it and say nothing.
    fn walk_to_wall(&mut self) -> Option<SolveEvent> {
        let (facing, at) = (self.facing, self.at);
        if !self.open_towards(at, (facing + 1) % 4) {
            self.to_wall = false;
        } else if !self.open_towards(at, facing) {
            // At the wall: turn left, so that it is on the right hand.
            self.to_wall = false;
            self.facing = (facing + 3) % 4;
        } else {
            return Some(self.enter(self.layout.step(at, facing), facing));
        }
        // Following starts here: this is the state a cycle would come back to.
        self.mark_tile(at, 1 << self.facing);
        None
    }

    /// Move onto `next`, facing `dir`: count it, extend the route or erase the loop just
    /// closed, and stop at the goal.
    fn enter(&mut self, next: Tile, dir: usize) -> SolveEvent {
        self.at = next;
        self.facing = dir;
        let s = self.state.get(next as usize);
        if s & WALKED == 0 {
            self.visited += 1;
        }
        self.mark_tile(next, WALKED);
        if s & ROUTE == 0 {
            self.mark_tile(next, ROUTE);
            self.route.push(next);
        } else {
            // Back on the route: erase the loop just walked.
            while let Some(&top) = self.route.last() {
                if top == next {
                    break;
                }
                self.unmark_tile(top, ROUTE);
                self.route.pop();
            }
        }
        if next == self.goal {
            self.arrived();
        }
        SolveEvent::Move {
            tile: self.layout.pos(next),
        }
    }

    /// At the goal: the route is the path, reported at the next step.
    fn arrived(&mut self) {
        let path = self.route.iter().map(|&t| self.layout.pos(t)).collect();
        self.progress = Progress::Tracing(Trace::at_once(path));
    }
}

impl<K: Store> Solver for WallFollower<K> {
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        if self.progress.searching() {
            return Some(self.walk());
        }
        let (event, added) = self.progress.step(grid)?;
        for &p in added {
            let t = self.layout.at(p);
            let s = self.state.get(t as usize);
            self.state.set(t as usize, s | PATH);
        }
        Some(event.into())
    }

    fn visited(&self) -> usize {
        self.visited
    }

    fn path(&self) -> Option<&[Pos]> {
        self.progress.path()
    }
}

impl<K: Store> Teach for WallFollower<K> {
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
        let s = self.state.get(i as usize);
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
        (!self.is_wall(self.at)).then(|| self.layout.pos(self.at))
    }
}

#[cfg(test)]
mod tests;
