//! Dead-end filling: fill every dead end until only the corridors that matter remain.
//!
//! A dead end is an open, unfilled tile, neither start nor goal, with at most one open,
//! unfilled neighbour. Setting up finds them all; each step fills one
//! ([`SolveEvent::Fill`]), and its one remaining neighbour, if that has now become a dead
//! end, joins the queue — so a whole blind corridor fills back to its junction. Filling
//! never removes a tile of a simple route from start to goal. When no dead end is left the
//! unfilled tiles are the solution corridors (on a perfect maze exactly the path; on a
//! braided one the path plus the loops), and the last step traces a path of fewest moves
//! through them by a breadth-first search over unfilled tiles. 4-way moves only.
//!
//! Memory: one state byte per tile, the dead-end stack, and (for the trace only) one parent
//! per tile. Each fill step is O(1).

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::bfs::Bfs;
use crate::solve::store::{Flat, Nodes, Paged, Store};
use crate::solve::tiles::{Layout, Tile, WALL, newest_first};
use crate::solve::trace::{Progress, Trace};
use crate::solve::{SolveEvent, SolveOptions, Solver};
use crate::teach::{Pseudocode, Structure, Teach};

/// Filled in as a dead end.
const FILLED: u8 = 1;
/// Waiting on the dead-end stack.
const QUEUED: u8 = 2;
/// Start or goal: never filled.
const KEEP: u8 = 4;
/// On the found path.
const PATH: u8 = 8;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "dead ends ← open tiles with",
    "  one open neighbour (not S, E)",
    "while a dead end remains:",
    "  fill it",
    "  if its neighbour is now a",
    "    dead end: add it",
    "what is left unfilled holds",
    "  the path: trace it (BFS)",
];

/// Dead-end filling as a step machine: one tile filled per step.
#[derive(Clone, Debug, GetSize)]
pub struct DeadEndFilling<K: Store = Paged> {
    layout: Layout,
    state: K::Nodes<u8>,
    /// Dead ends waiting to be filled.
    queue: Vec<Tile>,
    current: Option<Tile>,
    visited: usize,
    progress: Progress,
}

impl<K: Store> DeadEndFilling<K> {
    /// A machine for `grid`, from its start to its goal: finds the initial dead ends.
    /// O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, _options: &SolveOptions) -> Self {
        let layout = Layout::new(grid);
        let mut me = Self {
            state: layout.walls(grid),
            queue: Vec::new(),
            current: None,
            visited: 0,
            progress: Progress::Searching,
            layout,
        };
        for end in [grid.start(), grid.goal()] {
            me.add(me.layout.at(end), KEEP);
        }
        #[allow(clippy::cast_possible_truncation)] // padded indices fit in u32
        for i in 0..me.layout.len() as Tile {
            if me.is_dead_end(i) {
                me.add(i, QUEUED);
                me.queue.push(i);
            }
        }
        me
    }

    fn state(&self, tile: Tile) -> u8 {
        self.state.get(tile as usize)
    }

    fn add(&mut self, tile: Tile, bits: u8) {
        let s = self.state(tile);
        self.state.set(tile as usize, s | bits);
    }

    /// Open, unfilled, not start or goal, with at most one open unfilled neighbour.
    fn is_dead_end(&self, tile: Tile) -> bool {
        if self.state(tile) & (WALL | FILLED | KEEP) != 0 {
            return false;
        }
        let ways = (0..4)
            .filter(|&d| self.state(self.layout.step(tile, d)) & (WALL | FILLED) == 0)
            .count();
        ways <= 1
    }

    /// Fill the next dead end, and queue its neighbour if that has become one.
    fn fill(&mut self, grid: &Grid) -> SolveEvent {
        let Some(tile) = self.queue.pop() else {
            self.current = None;
            return self.trace(grid);
        };
        let s = self.state(tile);
        self.state.set(tile as usize, (s & !QUEUED) | FILLED);
        self.visited += 1;
        self.current = Some(tile);
        for d in 0..4 {
            let n = self.layout.step(tile, d);
            if self.state(n) & QUEUED == 0 && self.is_dead_end(n) {
                self.add(n, QUEUED);
                self.queue.push(n);
            }
        }
        SolveEvent::Fill {
            tile: self.layout.pos(tile),
        }
    }

    /// No dead end is left: a path of fewest moves through the unfilled tiles (breadth-first
    /// search on the grid with the filled tiles walled), `Found` or `NoPath`.
    fn trace(&mut self, grid: &Grid) -> SolveEvent {
        let mut unfilled = grid.clone();
        for tile in (0..grid.len()).map(|i| grid.pos(i)) {
            if self.state(self.layout.at(tile)) & FILLED != 0 {
                unfilled.set_terrain(tile, None);
            }
        }
        let path = Bfs::<Flat>::new(&unfilled, &SolveOptions::default())
            .run(&unfilled)
            .path;
        let Some(path) = path else {
            self.progress.fail();
            return SolveEvent::NoPath;
        };
        self.progress = Progress::Tracing(Trace::at_once(path));
        self.step(grid).unwrap_or(SolveEvent::NoPath)
    }
}

impl<K: Store> Solver for DeadEndFilling<K> {
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        if self.progress.searching() {
            return Some(self.fill(grid));
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

impl<K: Store> Teach for DeadEndFilling<K> {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// The first dead ends are found when the machine is built.
    fn setup_lines(&self) -> &'static [usize] {
        &[0, 1]
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        match event {
            SolveEvent::Fill { .. } => &[2, 3, 4, 5],
            SolveEvent::Found { .. } | SolveEvent::NoPath => &[6, 7],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        match *event {
            SolveEvent::Fill { tile } => format!(
                "filled the dead end {tile}: no route from S to E can pass through it; its neighbour may now be a dead end too"
            ),
            SolveEvent::Found { length, .. } => {
                format!("no dead end is left: the unfilled corridors hold the path, {length} moves")
            }
            SolveEvent::NoPath => {
                "no dead end is left and S and E are not joined by unfilled tiles: no path"
                    .to_owned()
            }
            _ => String::new(),
        }
    }

    fn mark(&self, tile: Pos) -> Mark {
        let Some(i) = self.layout.index(tile) else {
            return Mark::None;
        };
        let s = self.state(i);
        if s & PATH != 0 {
            Mark::Path
        } else if self.current == Some(i) {
            Mark::Current
        } else if s & FILLED != 0 {
            Mark::DeadEnd
        } else if s & QUEUED != 0 {
            Mark::Frontier
        } else {
            Mark::None
        }
    }

    /// The dead ends waiting to be filled, the next one first.
    fn structure(&self, max: usize) -> Structure {
        let entries = newest_first(&self.layout, &self.queue, max);
        Structure::new("dead ends", "next first", self.queue.len(), entries)
    }

    fn structure_len(&self) -> usize {
        self.queue.len()
    }

    fn current(&self) -> Option<Pos> {
        self.current.map(|t| self.layout.pos(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::run_to_end;

    /// A perfect maze: the path S → E down the left column, three blind branches.
    const MAZE: &str = "\
#######
#S    #
# ### #
#   # #
# #####
#E    #
#######
";

    #[test]
    fn fills_the_blind_branches_back_to_their_junctions() {
        let g = Grid::parse(MAZE).expect("valid");
        let mut s = DeadEndFilling::<Paged>::new(&g, &SolveOptions::default());
        // Initial dead ends: (3,3), (3,5) and (5,5).
        assert_eq!(s.structure_len(), 3);
        assert_eq!(s.mark(Pos::new(3, 3)), Mark::Frontier);
        let mut filled = Vec::new();
        let mut last = None;
        while let Some(e) = s.step(&g) {
            match e {
                SolveEvent::Fill { tile } => filled.push(tile),
                other => last = Some(other),
            }
        }
        // (5,5) fills back to (5,2), (3,3) to (3,2), and the corridor (3,5) … (1,2)
        // hanging off S fills completely: only the path down the left column remains.
        assert_eq!(
            last,
            Some(SolveEvent::Found {
                length: 4,
                cost: 40
            })
        );
        assert_eq!(s.path(), Some(&[1, 2, 3, 4, 5].map(|r| Pos::new(r, 1))[..]));
        let open = (0..7)
            .flat_map(|r| (0..7).map(move |c| Pos::new(r, c)))
            .filter(|&p| g.is_open(p))
            .count();
        // Everything but the 5 path tiles is filled: 17 − 5.
        assert_eq!((open, filled.len()), (17, 12));
        assert_eq!(filled[0], Pos::new(5, 5));
        assert_eq!(s.visited(), open - 5);
        assert_eq!(s.mark(Pos::new(3, 3)), Mark::DeadEnd);
        assert_eq!(s.mark(Pos::new(4, 1)), Mark::Path);
        assert_eq!(s.step(&g), None);
    }

    #[test]
    fn loops_are_kept_and_the_shortest_route_through_them_is_taken() {
        // A loop round a pillar plus a spur; the spur is filled, the loop stays.
        let g = Grid::parse("S   \n # #\n   E\n").expect("valid");
        let mut s = DeadEndFilling::<Paged>::new(&g, &SolveOptions::default());
        let sol = run_to_end(&mut s, &g);
        // (0,3) is the only dead end (its one neighbour (0,2) keeps two others).
        assert_eq!(sol.visited, 1);
        assert_eq!((sol.length, sol.cost), (5, 50));
        assert_eq!(s.mark(Pos::new(0, 3)), Mark::DeadEnd);
    }

    #[test]
    fn unreachable_goal_gives_no_path() {
        let g = Grid::parse("S #\n  #\n##E\n").expect("valid");
        let sol = run_to_end(
            &mut DeadEndFilling::<Paged>::new(&g, &SolveOptions::default()),
            &g,
        );
        assert_eq!(sol.path, None);
    }
}
