//! Bidirectional BFS: two breadth-first searches, one from the start and one from the goal,
//! until their frontiers meet.
//!
//! Each step pops one tile from one side — the side with the smaller frontier, alternating
//! on ties — and labels its unlabelled neighbours with their distance (in moves) from that
//! side's root. Whenever a tile gets labelled by both sides, `d_start + d_goal` is a route
//! length; the best so far, `μ`, and its meeting tile are kept.
//!
//! The first contact is **not** always on a shortest route, so the search stops only when
//! `top_start + top_goal ≥ μ`, where `top` is the distance at the front of each queue (∞ if
//! empty): any shorter route would have to cross a tile one side has expanded and the other
//! has labelled, and all of those have been counted. (This is the stopping rule of
//! bidirectional Dijkstra, with unit weights.) Then the step reports
//! [`SolveEvent::Meet`], and the next one traces start → meeting tile → goal along the two
//! parent arrays: a path of fewest moves. 4-way moves only.
//!
//! Memory: one state byte, two distances and two parents per tile, two queues.

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::tiles::{Layout, NONE, Phase, WALL, found, search_mark};
use crate::solve::{STRAIGHT, SolveEvent, SolveOptions, Solver};
use crate::teach::Pseudocode;

/// Labelled by the search from the start / from the goal.
const SEEN: [u8; 2] = [1, 2];
/// Expanded by the search from the start / from the goal.
const CLOSED: [u8; 2] = [4, 8];
/// On the found path.
const PATH: u8 = 16;

/// One of the two breadth-first searches.
#[derive(Clone, Debug, GetSize)]
struct Side {
    /// Distance in moves from this side's root ([`NONE`] = unlabelled).
    dist: Vec<u32>,
    parent: Vec<u32>,
    /// Padded tiles; the live queue is `queue[head..]`.
    queue: Vec<u32>,
    head: usize,
}

impl Side {
    fn new(len: usize) -> Self {
        Self {
            dist: vec![NONE; len],
            parent: vec![NONE; len],
            queue: Vec::new(),
            head: 0,
        }
    }

    fn len(&self) -> usize {
        self.queue.len() - self.head
    }

    /// Distance of the next tile to pop, ∞ when empty.
    fn top(&self) -> u64 {
        self.queue
            .get(self.head)
            .map_or(u64::MAX / 2, |&t| u64::from(self.dist[t as usize]))
    }
}

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "two queues: from S, from E",
    "while both are not empty:",
    "  take the side whose turn it",
    "    is; current ← its front",
    "  for each neighbour n:",
    "    if this side never saw n:",
    "      came_from[n] ← current",
    "      add n to its queue",
    "      if the other side saw n:",
    "        a meeting: keep best",
    "  stop when no better meet",
    "a queue is empty: no path",
];

/// Bidirectional BFS as a step machine: one pop (and its pushes) from one side per step.
#[derive(Clone, Debug, GetSize)]
pub struct BidirectionalBfs {
    layout: Layout,
    state: Vec<u8>,
    /// `[from the start, from the goal]`.
    sides: [Side; 2],
    /// Length of the best route found so far (μ), [`NONE`] = none yet.
    best: u32,
    /// Its meeting tile.
    meet: usize,
    /// The side that popped last (ties go to the other one).
    last: usize,
    current: Option<usize>,
    visited: usize,
    phase: Phase,
    path: Option<Vec<Pos>>,
}

impl BidirectionalBfs {
    /// A machine for `grid`, from its start to its goal. O(tiles) to set up.
    #[must_use]
    pub fn new(grid: &Grid, _options: &SolveOptions) -> Self {
        let layout = Layout::new(grid);
        let mut state = layout.walls(grid);
        let mut sides = [Side::new(layout.len()), Side::new(layout.len())];
        let roots = [layout.at(grid.start()), layout.at(grid.goal())];
        let mut best = NONE;
        if state[roots[0]] & WALL == 0 && state[roots[1]] & WALL == 0 {
            for (k, &root) in roots.iter().enumerate() {
                state[root] |= SEEN[k];
                sides[k].dist[root] = 0;
                #[allow(clippy::cast_possible_truncation)] // padded indices fit in u32
                sides[k].queue.push(root as u32);
            }
            if roots[0] == roots[1] {
                best = 0;
            }
        }
        Self {
            layout,
            state,
            sides,
            best,
            meet: roots[0],
            last: 1,
            current: None,
            visited: 0,
            phase: Phase::Search,
            path: None,
        }
    }

    fn expand(&mut self) -> SolveEvent {
        let tops = self.sides[0].top() + self.sides[1].top();
        if tops >= u64::from(self.best) {
            self.current = None;
            if self.best == NONE {
                self.phase = Phase::Done;
                return SolveEvent::NoPath;
            }
            self.phase = Phase::Trace;
            return SolveEvent::Meet {
                tile: self.layout.pos(self.meet),
            };
        }
        // Both queues are non-empty here (an empty one has top ∞).
        let (a, b) = (self.sides[0].len(), self.sides[1].len());
        let k = if a == b {
            1 - self.last
        } else {
            usize::from(b < a)
        };
        self.last = k;
        let other = 1 - k;
        let [from_start, from_goal] = &mut self.sides;
        let (side, opposite) = if k == 0 {
            (from_start, &*from_goal)
        } else {
            (from_goal, &*from_start)
        };
        let tile = side.queue[side.head];
        side.head += 1;
        let i = tile as usize;
        let d = side.dist[i];
        self.state[i] |= CLOSED[k];
        if self.state[i] & CLOSED[other] == 0 {
            self.visited += 1;
        }
        self.current = Some(i);
        let mut pushed = crate::solve::Pushes::default();
        for m in self.layout.moves(false) {
            let n = i.wrapping_add_signed(m.offset);
            if self.state[n] & (WALL | SEEN[k]) != 0 {
                continue;
            }
            self.state[n] |= SEEN[k];
            side.dist[n] = d + 1;
            side.parent[n] = tile;
            #[allow(clippy::cast_possible_truncation)]
            side.queue.push(n as u32);
            pushed.push(crate::solve::Push {
                tile: self.layout.pos(n),
                g: (d + 1) * STRAIGHT,
                h: 0,
            });
            if self.state[n] & SEEN[other] != 0 {
                let route = d + 1 + opposite.dist[n];
                if route < self.best {
                    self.best = route;
                    self.meet = n;
                }
            }
        }
        SolveEvent::Expand {
            tile: self.layout.pos(i),
            g: d * STRAIGHT,
            h: 0,
            pushed,
        }
    }

    fn trace(&self) -> Vec<Pos> {
        let mut path = self.layout.trace(&self.sides[0].parent, self.meet);
        let mut i = self.sides[1].parent[self.meet];
        while i != NONE {
            path.push(self.layout.pos(i as usize));
            i = self.sides[1].parent[i as usize];
        }
        path
    }
}

impl Solver for BidirectionalBfs {
    fn step(&mut self, _grid: &Grid) -> Option<SolveEvent> {
        match self.phase {
            Phase::Done => None,
            Phase::Search => Some(self.expand()),
            Phase::Trace => {
                let path = self.trace();
                for &p in &path {
                    self.state[self.layout.at(p)] |= PATH;
                }
                self.phase = Phase::Done;
                let event = found(&path);
                self.path = Some(path);
                Some(event)
            }
        }
    }
    /// An expansion of one side, the meeting, or the end.
    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        match event {
            SolveEvent::Expand { .. } => &[2, 3, 4, 5, 6, 7, 8],
            SolveEvent::Meet { .. } => &[8, 9, 10],
            SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[10],
            SolveEvent::NoPath => &[11],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        match *event {
            SolveEvent::Expand {
                tile, g, pushed, ..
            } => format!(
                "took {tile} ({} moves from its end) from the front of one side's queue; {} new neighbours queued on that side",
                g / 10,
                pushed.len()
            ),
            SolveEvent::Meet { tile } => format!(
                "the two searches met at {tile}: the path runs from S to here and from here to E"
            ),
            SolveEvent::Found { length, .. } => {
                format!("path found: {length} moves, the fewest there are")
            }
            SolveEvent::NoPath => {
                "one side ran out of tiles before the two met: no path".to_owned()
            }
            _ => String::new(),
        }
    }

    fn mark(&self, tile: Pos) -> Mark {
        let Some(i) = self.layout.index(tile) else {
            return Mark::None;
        };
        search_mark(
            self.state[i],
            self.current == Some(i),
            PATH,
            CLOSED[0] | CLOSED[1],
            SEEN[0] | SEEN[1],
        )
    }

    fn structure_len(&self) -> usize {
        self.sides[0].len() + self.sides[1].len()
    }

    fn visited(&self) -> usize {
        self.visited
    }

    fn current(&self) -> Option<Pos> {
        self.current.map(|i| self.layout.pos(i))
    }

    fn path(&self) -> Option<&[Pos]> {
        self.path.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::run_to_end;

    #[test]
    fn the_searches_alternate_and_meet_in_the_middle_of_a_corridor() {
        let g = Grid::parse("S   E\n").expect("valid");
        let mut s = BidirectionalBfs::new(&g, &SolveOptions::default());
        let mut events = Vec::new();
        while let Some(e) = s.step(&g) {
            events.push(e);
        }
        // Each side pushes the one corridor tile ahead of it.
        let pop = |c, g| {
            let mut pushed = crate::solve::Pushes::default();
            let next = if c < 2 { c + 1 } else { c - 1 };
            pushed.push(crate::solve::Push {
                tile: Pos::new(0, next),
                g: g + 10,
                h: 0,
            });
            SolveEvent::Expand {
                tile: Pos::new(0, c),
                g,
                h: 0,
                pushed,
            }
        };
        assert_eq!(
            events,
            [
                pop(0, 0),
                pop(4, 0),
                pop(1, 10),
                pop(3, 10),
                SolveEvent::Meet {
                    tile: Pos::new(0, 2)
                },
                SolveEvent::Found {
                    length: 4,
                    cost: 40
                }
            ]
        );
        assert_eq!(s.visited(), 4);
        assert_eq!(s.path(), Some(&[0, 1, 2, 3, 4].map(|c| Pos::new(0, c))[..]));
        assert_eq!(s.step(&g), None);
    }

    #[test]
    fn the_short_corridor_wins_over_the_long_loop() {
        // Two routes: 6 moves along the top row, 10 round the bottom.
        let text = "\
#########
#S     E#
# ##### #
#       #
#########
";
        let g = Grid::parse(text).expect("valid");
        let sol = run_to_end(&mut BidirectionalBfs::new(&g, &SolveOptions::default()), &g);
        assert_eq!((sol.length, sol.cost), (6, 60));
        assert!(sol.path.expect("found").iter().all(|p| p.row == 1));
    }

    #[test]
    fn unreachable_goal() {
        let g = Grid::parse("S#E\n").expect("valid");
        let mut s = BidirectionalBfs::new(&g, &SolveOptions::default());
        assert!(matches!(
            s.step(&g),
            Some(SolveEvent::Expand { pushed, .. }) if pushed.is_empty()
        ));
        assert_eq!(s.step(&g), Some(SolveEvent::NoPath));
        assert_eq!(s.step(&g), None);
    }
}
