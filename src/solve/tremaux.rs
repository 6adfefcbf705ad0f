//! Trémaux's algorithm: a walker who marks where it has been and never walks a passage a
//! third time (as told in *Mazes for Programmers* and by Édouard Lucas).
//!
//! Marks, kept per tile: a tile is marked **once** when the walker first enters it, and
//! **twice** when it backs out of it for good; each tile also remembers which of its four
//! passages have been taken. Each step is one move:
//!
//! * at a tile with untaken passages leading to tiles not marked twice, take one at random
//!   (seeded); entering an unmarked tile marks it once;
//! * entering an already-marked tile by a new passage (a loop closed), turn straight back
//!   ([`SolveEvent::Backtrack`] on the next step) — Trémaux's rule, which keeps the walk
//!   finite on mazes with loops;
//! * with nothing left to take (a dead end, or a junction fully explored), back out one tile
//!   to where this one was first entered from, marking it twice.
//!
//! The once-marked tiles always form the route from the start to the walker, so on reaching
//! the goal the next step reports them as the path. Backing out of the start means every
//! tile reachable from it was explored: [`SolveEvent::NoPath`]. Each passage is taken at
//! most twice, so the walk is O(tiles) moves on any maze, and it always reaches the goal
//! when the goal is reachable. 4-way moves only.
//!
//! Memory: one state byte per tile (two marks, four taken-passage bits; path shown through
//! the route), the route stack and the RNG.

use get_size2::GetSize;
use rand::Rng as _;

use crate::Mark;
use crate::generate::{Rng, rng};
use crate::maze::{Grid, Pos};
use crate::solve::store::{Nodes, Paged, Store};
use crate::solve::tiles::{Layout, Tile, WALL, newest_first};
use crate::solve::trace::{Progress, Trace};
use crate::solve::{SolveEvent, SolveOptions, Solver};
use crate::teach::{Pseudocode, Structure, Teach};

// Bits 0–3 of a tile's state: its passage north, east, south, west has been taken.
/// Marked once: on the route from the start.
const ONCE: u8 = 0x10;
/// Marked twice: backed out of.
const TWICE: u8 = 0x20;
/// On the found path.
const PATH: u8 = 0x40;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "mark the start once",
    "loop:",
    "  if at goal: path = tiles",
    "    marked once",
    "  if a passage is untaken:",
    "    take one at random",
    "    if its tile is marked:",
    "      turn back (a loop)",
    "    else mark it once",
    "  else: mark here twice,",
    "    back out the way you came",
    "  back out of the start: none",
];

/// Trémaux's algorithm as a step machine: one move per step.
#[derive(Clone, Debug, GetSize)]
pub struct Tremaux<K: Store = Paged> {
    layout: Layout,
    state: K::Nodes<u8>,
    /// The once-marked tiles, start first: the route to the walker.
    route: Vec<Tile>,
    /// Where the walker stands (the route's top, or a marked tile it is about to leave).
    at: Tile,
    /// Set when the walker entered a marked tile by a new passage: the tile to go back to.
    bounce: Option<Tile>,
    /// Whether the last step turned back out of a loop (the bounce).
    turned_back: bool,
    #[get_size(ignore)]
    rng: Rng,
    goal: Tile,
    visited: usize,
    progress: Progress,
}

impl<K: Store> Tremaux<K> {
    /// A walker on `grid`'s start; `options.seed` drives its choices. O(tiles) to set up.
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let layout = Layout::new(grid);
        let start = layout.at(grid.start());
        let mut walker = Self {
            state: layout.walls(grid),
            route: Vec::new(),
            at: start,
            bounce: None,
            turned_back: false,
            rng: rng(options.seed),
            goal: layout.at(grid.goal()),
            visited: 0,
            progress: Progress::Searching,
            layout,
        };
        if walker.state(start) & WALL == 0 {
            walker.add(start, ONCE);
            walker.route.push(start);
            walker.visited = 1;
            if start == walker.goal {
                walker.arrived();
            }
        }
        walker
    }

    fn state(&self, tile: Tile) -> u8 {
        self.state.get(tile as usize)
    }

    fn add(&mut self, tile: Tile, bits: u8) {
        let s = self.state(tile);
        self.state.set(tile as usize, s | bits);
    }

    /// One move of the walk.
    fn walk(&mut self) -> SolveEvent {
        self.turned_back = self.bounce.is_some();
        if let Some(back) = self.bounce.take() {
            let left = self.at;
            self.at = back;
            return SolveEvent::Backtrack {
                tile: self.layout.pos(left),
            };
        }
        let Some(&here) = self.route.last() else {
            self.progress.fail();
            return SolveEvent::NoPath;
        };
        // The untaken passages to tiles not marked twice.
        let mut choices = [0usize; 4];
        let mut count = 0;
        for d in 0..4 {
            let n = self.layout.step(here, d);
            if self.state(here) & (1 << d) == 0 && self.state(n) & (WALL | TWICE) == 0 {
                choices[count] = d;
                count += 1;
            }
        }
        if count == 0 {
            // Nothing left here: back out, marking this tile twice.
            self.route.pop();
            let s = self.state(here);
            self.state.set(here as usize, (s & !ONCE) | TWICE);
            let Some(&prev) = self.route.last() else {
                self.progress.fail();
                return SolveEvent::NoPath;
            };
            self.at = prev;
            return SolveEvent::Backtrack {
                tile: self.layout.pos(here),
            };
        }
        let d = choices[self.rng.random_range(0..count)];
        let next = self.layout.step(here, d);
        self.add(here, 1 << d);
        self.add(next, 1 << ((d + 2) % 4));
        self.at = next;
        if self.state(next) & ONCE != 0 {
            // A loop: this tile is already on the route. Turn back next step.
            self.bounce = Some(here);
        } else {
            self.add(next, ONCE);
            self.visited += 1;
            self.route.push(next);
            if next == self.goal {
                self.arrived();
            }
        }
        SolveEvent::Move {
            tile: self.layout.pos(next),
        }
    }

    /// At the goal: the once-marked route is the path, reported at the next step.
    fn arrived(&mut self) {
        let path = self.route.iter().map(|&t| self.layout.pos(t)).collect();
        self.progress = Progress::Tracing(Trace::at_once(path));
    }
}

impl<K: Store> Solver for Tremaux<K> {
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

impl<K: Store> Teach for Tremaux<K> {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// A move forward or a step back.
    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        match event {
            SolveEvent::Move { .. } if self.bounce.is_some() => &[1, 4, 5, 6, 7],
            SolveEvent::Move { .. } => &[1, 4, 5, 6, 8],
            SolveEvent::Backtrack { .. } if self.turned_back => &[1, 7],
            SolveEvent::Backtrack { .. } => &[1, 9, 10],
            SolveEvent::Found { .. } => &[2, 3],
            SolveEvent::NoPath => &[11],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        match *event {
            SolveEvent::Move { tile } if self.bounce.is_some() => format!(
                "took an untaken passage, chosen at random, to {tile}: it is already marked, so this closed a loop; the walk turns back next"
            ),
            SolveEvent::Move { tile } => format!(
                "took an untaken passage, chosen at random, to {tile} and marked the passage"
            ),
            SolveEvent::Backtrack { tile } if self.turned_back => format!(
                "turned back out of the loop at {tile}, to the tile it came from"
            ),
            SolveEvent::Backtrack { tile } => format!(
                "nothing left to take at {tile} (a dead end, an explored junction, or a loop closed): marked it twice and backed out"
            ),
            SolveEvent::Found { length, .. } => format!(
                "at the goal: the tiles marked once form the route back to the start, a path of {length} moves"
            ),
            SolveEvent::NoPath => {
                "backed out of the start: every reachable tile was explored, the goal is not among them".to_owned()
            }
            _ => String::new(),
        }
    }

    fn mark(&self, tile: Pos) -> Mark {
        let Some(i) = self.layout.index(tile) else {
            return Mark::None;
        };
        let s = self.state(i);
        let done = matches!(self.progress, Progress::Done(_));
        if s & PATH != 0 {
            Mark::Path
        } else if i == self.at && s & WALL == 0 && !done {
            Mark::Current
        } else if s & TWICE != 0 {
            Mark::DeadEnd
        } else if s & ONCE != 0 {
            Mark::Visited
        } else {
            Mark::None
        }
    }

    /// The route: the tiles marked once, from the start, newest tile first.
    fn structure(&self, max: usize) -> Structure {
        let entries = newest_first(&self.layout, &self.route, max);
        Structure::new("route", "newest first", self.route.len(), entries)
    }

    fn structure_len(&self) -> usize {
        self.route.len()
    }

    fn current(&self) -> Option<Pos> {
        (self.state(self.at) & WALL == 0).then(|| self.layout.pos(self.at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::run_to_end;

    fn seeded(seed: u64) -> SolveOptions {
        SolveOptions {
            seed,
            ..SolveOptions::default()
        }
    }

    #[test]
    fn backs_out_of_a_dead_end_marking_it_twice() {
        // From S the only ways are east (a blind corridor) and south (to E).
        let text = "\
#####
#S  #
# ###
#E###
#####
";
        let g = Grid::parse(text).expect("valid");
        let mut saw_dead_end = false;
        for seed in 0..8 {
            let mut s = Tremaux::<Paged>::new(&g, &seeded(seed));
            let mut events = Vec::new();
            while let Some(e) = s.step(&g) {
                events.push(e);
            }
            let mv = |r, c| SolveEvent::Move {
                tile: Pos::new(r, c),
            };
            let bt = |r, c| SolveEvent::Backtrack {
                tile: Pos::new(r, c),
            };
            let found = SolveEvent::Found {
                length: 2,
                cost: 20,
            };
            let east_first = [mv(1, 2), mv(1, 3), bt(1, 3), bt(1, 2), mv(2, 1), mv(3, 1)];
            let south_first = [mv(2, 1), mv(3, 1)];
            if events.len() == 7 {
                assert_eq!(events[..6], east_first);
                saw_dead_end = true;
                assert_eq!(s.mark(Pos::new(1, 3)), Mark::DeadEnd);
                assert_eq!(s.visited(), 5);
            } else {
                assert_eq!(events[..2], south_first);
                assert_eq!(s.visited(), 3);
            }
            assert_eq!(events.last(), Some(&found));
            assert_eq!(
                s.path(),
                Some(&[Pos::new(1, 1), Pos::new(2, 1), Pos::new(3, 1)][..])
            );
            assert_eq!(s.mark(Pos::new(2, 1)), Mark::Path);
            assert_eq!(s.step(&g), None);
        }
        assert!(saw_dead_end, "some seed goes east first");
    }

    #[test]
    fn turns_back_when_a_loop_closes_and_still_finds_the_goal() {
        // A ring of 8 tiles round a pillar, E hanging below it.
        let text = "\
#####
#S  #
# # #
#   #
## ##
##E##
#####
";
        let g = Grid::parse(text).expect("valid");
        let mut bounced = false;
        for seed in 0..16 {
            let mut s = Tremaux::<Paged>::new(&g, &seeded(seed));
            let mut prev = None;
            while let Some(e) = s.step(&g) {
                // A bounce: a move immediately undone by a backtrack from the same tile.
                if let (Some(SolveEvent::Move { tile: a }), SolveEvent::Backtrack { tile: b }) =
                    (prev, e)
                {
                    bounced |= a == b && s.mark(a) == Mark::Visited;
                }
                prev = Some(e);
            }
            let path = s.path().expect("reachable");
            assert_eq!(path.first(), Some(&g.start()));
            assert_eq!(path.last(), Some(&g.goal()));
            assert!(path.windows(2).all(|w| w[0].manhattan(w[1]) == 1));
            // Down the west side of the ring (5 moves) or round the east side (7).
            assert!(path.len() == 6 || path.len() == 8, "{path:?}");
        }
        assert!(bounced, "some seed closes the loop and turns back");
    }

    #[test]
    fn explores_everything_then_gives_up_when_unreachable() {
        let g = Grid::parse("S  #\n # #\n   #\n###E\n").expect("valid");
        let mut s = Tremaux::<Paged>::new(&g, &seeded(3));
        let sol = run_to_end(&mut s, &g);
        assert_eq!(sol.path, None);
        // All 8 open tiles round S were marked, and all end marked twice.
        assert_eq!(sol.visited, 8);
        assert_eq!(s.mark(Pos::new(0, 0)), Mark::DeadEnd);
        assert_eq!(s.step(&g), None);
    }
}
