//! Lifelong Planning A* (LPA*): A* that repairs its search when the grid changes.
//!
//! Every tile keeps `g`, the cost from the start the search believes, and `rhs`, the
//! least `g(s') + c(s', s)` over its predecessors: what `g` *should* be given its
//! neighbours. A tile whose two differ is *inconsistent* and waits in the priority queue
//! `U` with the key `[min(g, rhs) + h; min(g, rhs)]`. Popping the least key either lowers
//! `g` to `rhs` (overconsistent: a cheaper route) or raises it to `∞` (underconsistent: its
//! route got dearer), and tells its successors. The search stops once the goal is
//! consistent and no key in `U` is below the goal's. The first search expands what A*
//! would; after an edit only the tiles the edit made inconsistent, and those their change
//! reaches, are expanded again.
//!
//! Source: S. Koenig, M. Likhachev and D. Furcy, "Lifelong Planning A*", *Artificial
//! Intelligence* 155(1–2), 2004, figure 3 (the names g, rhs, U, CalculateKey,
//! UpdateVertex, ComputeShortestPath are theirs). Here `h` is the chosen [`Heuristic`] at
//! terrain cost 1, so it stays admissible whatever terrain an edit paints.
//!
//! One step is one pop of `U`; then one step per path tile. Moving the goal re-keys `U`
//! (`g` is about the start, so it stays valid); moving the start restarts the search.
//! Memory: 8 bytes per tile ([`Field`]) plus `U`.

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::replan::field::{self, add};
use crate::solve::replan::{Field, INF, Key, Queue, Repair, Replan, follow};
use crate::solve::store::{Paged, Store};
use crate::solve::trace::{Progress, Trace};
use crate::solve::{Heuristic, SolveEvent, SolveOptions, Solver};
use crate::teach::{Inspection, Pseudocode, Structure, Teach};

/// The pseudocode the Pseudocode pane shows; [`Teach::lines`] says which lines a step ran.
pub const PSEUDOCODE: Pseudocode = &[
    "U ← {start}; rhs(start) ← 0",
    "while U.TopKey() < key(goal)",
    "    or rhs(goal) ≠ g(goal):",
    "  u ← U.Pop()",
    "  if g(u) > rhs(u):",
    "    g(u) ← rhs(u)",
    "    UpdateVertex(Succ(u))",
    "  else: g(u) ← ∞",
    "    UpdateVertex(Succ(u) ∪ {u})",
    "g(goal) = ∞: no path",
    "trace back: min g(s')+c(s',s)",
    "cost changed: UpdateVertex(v)",
];

/// LPA* as a step machine; see the module documentation.
#[derive(Clone, Debug, GetSize)]
pub struct LpaStar<K: Store = Paged> {
    start: Pos,
    goal: Pos,
    heuristic: Heuristic,
    field: Field<K>,
    u: Queue,
    progress: Progress,
    current: Option<Pos>,
    /// Vertex expansions, over every repair.
    expanded: u64,
}

impl<K: Store> LpaStar<K> {
    /// `Initialize()` on `grid` with `options` (its heuristic and moves). O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let mut lpa = Self {
            start: grid.start(),
            goal: grid.goal(),
            heuristic: options.heuristic,
            field: Field::new(grid, options.moves),
            u: Queue::new(),
            progress: Progress::Searching,
            current: None,
            expanded: 0,
        };
        lpa.initialize();
        lpa
    }

    /// `rhs(start) ← 0; U.Insert(start, [h(start); 0])`.
    fn initialize(&mut self) {
        self.field.set_rhs(self.start, 0);
        let key = self.calculate_key(self.start);
        self.u.insert(self.field.index(self.start), key);
    }

    /// `h(s)`: the estimate from `s` to the goal.
    fn h(&self, s: Pos) -> u32 {
        self.heuristic.estimate(s, self.goal)
    }

    /// `CalculateKey(s) = [min(g(s), rhs(s)) + h(s); min(g(s), rhs(s))]`.
    fn calculate_key(&self, s: Pos) -> Key {
        let least = self.field.least(s);
        Key(add(least, self.h(s)), least)
    }

    /// `UpdateVertex(u)`: `rhs(u) ← min over s' ∈ Pred(u) of g(s') + c(s', u)` (not for the
    /// start), then `u` is in `U` exactly when inconsistent, with its key.
    fn update_vertex(&mut self, grid: &Grid, u: Pos) {
        if u != self.start {
            let rhs = self
                .field
                .pred(grid, u)
                .map(|(s, c)| add(self.field.g(s), c))
                .min()
                .unwrap_or(INF);
            self.field.set_rhs(u, rhs);
        }
        let i = self.field.index(u);
        if self.field.consistent(u) {
            self.u.remove(i);
        } else {
            self.u.insert(i, self.calculate_key(u));
        }
    }

    /// One turn of `ComputeShortestPath()`'s loop, or its end.
    fn compute_shortest_path(&mut self, grid: &Grid) -> SolveEvent {
        let goal_done = self.u.top_key() >= self.calculate_key(self.goal)
            && self.field.rhs(self.goal) == self.field.g(self.goal);
        if goal_done {
            return self.finish(grid);
        }
        let Some((key, i)) = self.u.pop() else {
            return self.finish(grid);
        };
        let u = self.field.pos(i);
        self.current = Some(u);
        self.expanded += 1;
        if self.field.g(u) > self.field.rhs(u) {
            let g = self.field.rhs(u);
            self.field.set_g(u, g);
            for (s, _) in self.field.succ(grid, u) {
                self.update_vertex(grid, s);
            }
            SolveEvent::Settle {
                tile: u,
                key: key.pair(),
                g,
            }
        } else {
            let g = self.field.g(u);
            self.field.set_g(u, INF);
            for (s, _) in self.field.succ(grid, u) {
                self.update_vertex(grid, s);
            }
            self.update_vertex(grid, u);
            SolveEvent::Raise {
                tile: u,
                key: key.pair(),
                g,
            }
        }
    }

    /// The search is over: trace the path back from the goal, or report none.
    fn finish(&mut self, grid: &Grid) -> SolveEvent {
        self.current = None;
        let back = follow(grid, self.goal, self.start, |s| {
            self.field
                .pred(grid, s)
                .map(|(p, c)| (add(self.field.g(p), c), p))
                .filter(|&(cost, _)| cost != INF)
                .min()
                .map(|(_, p)| p)
        });
        let Some(mut path) = back.filter(|_| self.field.g(self.goal) != INF) else {
            self.progress.fail();
            return SolveEvent::NoPath;
        };
        path.reverse();
        self.progress = Progress::Tracing(Trace::every_tile(path));
        match self.progress.step(grid) {
            Some((event, _)) => event.into(),
            None => SolveEvent::NoPath,
        }
    }
}

impl<K: Store> Replan for LpaStar<K> {
    fn repair(&mut self, grid: &Grid, changed: &[Pos]) -> Repair {
        self.progress = Progress::Searching;
        self.current = None;
        if grid.start() != self.start {
            let expanded = self.expanded;
            *self = Self::new(
                grid,
                &SolveOptions {
                    heuristic: self.heuristic,
                    moves: self.field.moves(),
                    ..SolveOptions::default()
                },
            );
            self.expanded = expanded;
            return Repair::Restarted;
        }
        if grid.goal() != self.goal {
            // h changed: every key in U is re-computed.
            self.goal = grid.goal();
            let held: Vec<u32> = self.u.tiles().collect();
            for i in held {
                let key = self.calculate_key(self.field.pos(i));
                self.u.insert(i, key);
            }
        }
        for &t in changed {
            for v in field::around(grid, t) {
                self.update_vertex(grid, v);
            }
        }
        Repair::Incremental
    }

    fn expansions(&self) -> u64 {
        self.expanded
    }
}

impl<K: Store> Solver for LpaStar<K> {
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        if self.progress.searching() {
            Some(self.compute_shortest_path(grid))
        } else {
            self.progress.step(grid).map(|(event, _)| event.into())
        }
    }

    fn replan(&mut self, grid: &Grid, changed: &[Pos]) -> Option<Repair> {
        Some(self.repair(grid, changed))
    }

    fn visited(&self) -> usize {
        usize::try_from(self.expanded).unwrap_or(usize::MAX)
    }

    fn path(&self) -> Option<&[Pos]> {
        self.progress.path()
    }
}

impl<K: Store> Teach for LpaStar<K> {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        match event {
            SolveEvent::Settle { .. } => &[1, 2, 3, 4, 5, 6],
            SolveEvent::Raise { .. } => &[1, 2, 3, 4, 7, 8],
            SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[10],
            SolveEvent::NoPath => &[9],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        match *event {
            SolveEvent::Settle { tile, key, g } => format!(
                "popped {tile} with the least key {}: overconsistent, so g ← rhs = {g}; its successors' rhs are updated",
                Key::from(key)
            ),
            SolveEvent::Raise { tile, key, g } => format!(
                "popped {tile} with key {}: underconsistent (its route of cost {g} is gone or dearer), so g ← ∞; it and its successors are updated",
                Key::from(key)
            ),
            SolveEvent::Trace { tile } => {
                format!("path: {tile}, reached from its predecessor of least g + c")
            }
            SolveEvent::Found { length, cost } => {
                format!(
                    "the goal is consistent and no key in U is below it: path of {length} moves, cost {cost}"
                )
            }
            SolveEvent::NoPath => {
                "g(goal) = ∞ once U holds nothing below the goal's key: no path".to_owned()
            }
            _ => String::new(),
        }
    }

    fn edit_lines(&self) -> &'static [usize] {
        &[11]
    }

    fn structure_len(&self) -> usize {
        self.u.len()
    }

    fn structure(&self, max: usize) -> Structure {
        field::structure(&self.field, &self.u, max)
    }

    fn mark(&self, at: Pos) -> Mark {
        field::mark(
            &self.field,
            &self.u,
            at,
            self.current,
            self.progress.drawn(),
        )
    }

    fn current(&self) -> Option<Pos> {
        self.current
    }

    fn inspect(&self, at: Pos) -> Inspection {
        if !self.field.contains(at) {
            return Inspection::new("outside");
        }
        field::inspect(&self.field, &self.u, at, self.calculate_key(at), self.h(at))
    }
}

#[cfg(test)]
mod tests;
