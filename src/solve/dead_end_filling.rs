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
use crate::solve::tiles::{Layout, NONE, Phase, WALL, found, newest_first};
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
pub struct DeadEndFilling {
    layout: Layout,
    state: Vec<u8>,
    /// Dead ends waiting to be filled.
    queue: Vec<u32>,
    start: usize,
    goal: usize,
    current: Option<usize>,
    visited: usize,
    phase: Phase,
    path: Option<Vec<Pos>>,
}

impl DeadEndFilling {
    /// A machine for `grid`, from its start to its goal: finds the initial dead ends.
    /// O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, _options: &SolveOptions) -> Self {
        let layout = Layout::new(grid);
        let mut state = layout.walls(grid);
        let start = layout.at(grid.start());
        let goal = layout.at(grid.goal());
        state[start] |= KEEP;
        state[goal] |= KEEP;
        let mut me = Self {
            layout,
            state,
            queue: Vec::new(),
            start,
            goal,
            current: None,
            visited: 0,
            phase: Phase::Search,
            path: None,
        };
        for i in 0..me.state.len() {
            if me.is_dead_end(i) {
                me.state[i] |= QUEUED;
                #[allow(clippy::cast_possible_truncation)] // padded indices fit in u32
                me.queue.push(i as u32);
            }
        }
        me
    }

    /// Open, unfilled, not start or goal, with at most one open unfilled neighbour.
    fn is_dead_end(&self, i: usize) -> bool {
        if self.state[i] & (WALL | FILLED | KEEP) != 0 {
            return false;
        }
        let ways = self
            .layout
            .moves(false)
            .iter()
            .filter(|m| self.state[i.wrapping_add_signed(m.offset)] & (WALL | FILLED) == 0)
            .count();
        ways <= 1
    }

    fn fill(&mut self) -> SolveEvent {
        let Some(tile) = self.queue.pop() else {
            self.phase = Phase::Trace;
            self.current = None;
            return self.trace();
        };
        let i = tile as usize;
        self.state[i] = (self.state[i] & !QUEUED) | FILLED;
        self.visited += 1;
        self.current = Some(i);
        for m in self.layout.moves(false) {
            let n = i.wrapping_add_signed(m.offset);
            if self.state[n] & QUEUED == 0 && self.is_dead_end(n) {
                self.state[n] |= QUEUED;
                #[allow(clippy::cast_possible_truncation)]
                self.queue.push(n as u32);
            }
        }
        SolveEvent::Fill {
            tile: self.layout.pos(i),
        }
    }

    /// Breadth-first search from the start through unfilled tiles; `Found` or `NoPath`.
    fn trace(&mut self) -> SolveEvent {
        self.phase = Phase::Done;
        if self.state[self.start] & WALL != 0 || self.state[self.goal] & WALL != 0 {
            return SolveEvent::NoPath;
        }
        let mut parent = vec![NONE; self.layout.len()];
        let mut seen = vec![false; self.layout.len()];
        #[allow(clippy::cast_possible_truncation)]
        let mut queue = vec![self.start as u32];
        seen[self.start] = true;
        let mut head = 0;
        while let Some(&t) = queue.get(head) {
            head += 1;
            let i = t as usize;
            if i == self.goal {
                let path = self.layout.trace(&parent, i);
                for &p in &path {
                    self.state[self.layout.at(p)] |= PATH;
                }
                let event = found(&path);
                self.path = Some(path);
                return event;
            }
            for m in self.layout.moves(false) {
                let n = i.wrapping_add_signed(m.offset);
                if self.state[n] & (WALL | FILLED) == 0 && !seen[n] {
                    seen[n] = true;
                    parent[n] = t;
                    #[allow(clippy::cast_possible_truncation)]
                    queue.push(n as u32);
                }
            }
        }
        SolveEvent::NoPath
    }
}

impl Teach for DeadEndFilling {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// A fill, or the trace at the end.
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
        let s = self.state[i];
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
        self.current.map(|i| self.layout.pos(i))
    }
}

impl Solver for DeadEndFilling {
    fn step(&mut self, _grid: &Grid) -> Option<SolveEvent> {
        match self.phase {
            Phase::Done => None,
            Phase::Search => Some(self.fill()),
            Phase::Trace => Some(self.trace()),
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
        let mut s = DeadEndFilling::new(&g, &SolveOptions::default());
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
        let mut s = DeadEndFilling::new(&g, &SolveOptions::default());
        let sol = run_to_end(&mut s, &g);
        // (0,3) is the only dead end (its one neighbour (0,2) keeps two others).
        assert_eq!(sol.visited, 1);
        assert_eq!((sol.length, sol.cost), (5, 50));
        assert_eq!(s.mark(Pos::new(0, 3)), Mark::DeadEnd);
    }

    #[test]
    fn unreachable_goal_gives_no_path() {
        let g = Grid::parse("S #\n  #\n##E\n").expect("valid");
        let sol = run_to_end(&mut DeadEndFilling::new(&g, &SolveOptions::default()), &g);
        assert_eq!(sol.path, None);
    }
}
