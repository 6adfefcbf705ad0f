//! D* Lite: LPA* searching backwards, from the goal to a start that moves.
//!
//! A robot walking to the goal keeps finding that the map was wrong. D* Lite searches from
//! the goal, so `g(s)` is the believed cost from `s` *to the goal* and stays valid when the
//! robot (the start) moves; `rhs(s)` is the least `c(s, s') + g(s')` over its successors.
//! Inconsistent tiles wait in `U` with key `[min(g, rhs) + h(start, s) + km; min(g, rhs)]`.
//! When the robot moves, keys already in `U` were computed from the old start: rather than
//! re-key them all, `km` grows by `h(last, start)`, and a popped tile whose key is out of
//! date is put back with its new key. The search stops once the start is consistent (or
//! overconsistent) and no key in `U` is below the start's; the path follows, from the
//! start, the successor of least `c + g`.
//!
//! Source: S. Koenig and M. Likhachev, "D* Lite", AAAI 2002, figure 3 (the optimized
//! version: `k_old < k_new`, lowering `rhs` by `min` and recomputing it only when it came
//! from the changed tile). Here `h` is the chosen [`Heuristic`] at terrain cost 1, so it
//! stays admissible whatever terrain an edit paints.
//!
//! One step is one pop of `U` (a re-key counts); then one step per path tile. Moving the
//! goal restarts the search (every `g` is about the goal). Memory: 8 bytes per tile
//! ([`Field`]) plus `U`.

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
    "U ← {goal}; rhs(goal), km ← 0",
    "while U.TopKey() < key(start)",
    "    or rhs(start) > g(start):",
    "  u ← U.Top(); k_new ← key(u)",
    "  if k_old < k_new: update key",
    "  elif g(u) > rhs(u): g ← rhs",
    "    lower rhs(Pred(u)) via u",
    "  else: g(u) ← ∞",
    "    recompute rhs(Pred(u), u)",
    "follow min c(s,s')+g(s')",
    "moved: km += h(last, start)",
    "cost changed: recompute rhs(u)",
];

/// D* Lite as a step machine; see the module documentation.
#[derive(Clone, Debug, GetSize)]
pub struct DStarLite<K: Store = Paged> {
    start: Pos,
    /// Where the start was when `km` last grew.
    last: Pos,
    goal: Pos,
    km: u32,
    heuristic: Heuristic,
    field: Field<K>,
    u: Queue,
    progress: Progress,
    current: Option<Pos>,
    /// Vertex expansions (pops that lowered or raised a `g`), over every repair.
    expanded: u64,
}

impl<K: Store> DStarLite<K> {
    /// `Initialize()` on `grid` with `options` (its heuristic and moves). O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let mut d = Self {
            start: grid.start(),
            last: grid.start(),
            goal: grid.goal(),
            km: 0,
            heuristic: options.heuristic,
            field: Field::new(grid, options.moves),
            u: Queue::new(),
            progress: Progress::Searching,
            current: None,
            expanded: 0,
        };
        d.initialize();
        d
    }

    /// `km ← 0; rhs(goal) ← 0; U.Insert(goal, [h(start, goal); 0])`.
    fn initialize(&mut self) {
        self.km = 0;
        self.field.set_rhs(self.goal, 0);
        let key = self.calculate_key(self.goal);
        self.u.insert(self.field.index(self.goal), key);
    }

    /// `h(a, b)`.
    fn h(&self, a: Pos, b: Pos) -> u32 {
        self.heuristic.estimate(a, b)
    }

    /// `CalculateKey(s) = [min(g(s), rhs(s)) + h(start, s) + km; min(g(s), rhs(s))]`.
    fn calculate_key(&self, s: Pos) -> Key {
        let least = self.field.least(s);
        Key(add(add(least, self.h(self.start, s)), self.km), least)
    }

    /// `UpdateVertex(u)`: `u` is in `U` exactly when inconsistent, with its key.
    fn update_vertex(&mut self, u: Pos) {
        let i = self.field.index(u);
        if self.field.consistent(u) {
            self.u.remove(i);
        } else {
            self.u.insert(i, self.calculate_key(u));
        }
    }

    /// `rhs(s) ← min over s' ∈ Succ(s) of c(s, s') + g(s')` (the goal keeps 0).
    fn recompute_rhs(&mut self, grid: &Grid, s: Pos) {
        if s != self.goal {
            let rhs = self
                .field
                .succ(grid, s)
                .map(|(n, c)| add(c, self.field.g(n)))
                .min()
                .unwrap_or(INF);
            self.field.set_rhs(s, rhs);
        }
    }

    /// One turn of `ComputeShortestPath()`'s loop, or its end.
    fn compute_shortest_path(&mut self, grid: &Grid) -> SolveEvent {
        let start_done = self.u.top_key() >= self.calculate_key(self.start)
            && self.field.rhs(self.start) <= self.field.g(self.start);
        let top = self.u.top().filter(|_| !start_done);
        let Some((k_old, i)) = top else {
            return self.finish(grid);
        };
        let u = self.field.pos(i);
        self.current = Some(u);
        let k_new = self.calculate_key(u);
        if k_old < k_new {
            self.u.insert(i, k_new);
            return SolveEvent::Rekey {
                tile: u,
                old: k_old.pair(),
                new: k_new.pair(),
            };
        }
        self.expanded += 1;
        if self.field.g(u) > self.field.rhs(u) {
            let g = self.field.rhs(u);
            self.field.set_g(u, g);
            self.u.remove(i);
            for (s, c) in self.field.pred(grid, u) {
                if s != self.goal {
                    let rhs = self.field.rhs(s).min(add(c, g));
                    self.field.set_rhs(s, rhs);
                }
                self.update_vertex(s);
            }
            SolveEvent::Settle {
                tile: u,
                key: k_old.pair(),
                g,
            }
        } else {
            let g_old = self.field.g(u);
            self.field.set_g(u, INF);
            for (s, c) in self.field.pred(grid, u) {
                if self.field.rhs(s) == add(c, g_old) {
                    self.recompute_rhs(grid, s);
                }
                self.update_vertex(s);
            }
            self.recompute_rhs(grid, u);
            self.update_vertex(u);
            SolveEvent::Raise {
                tile: u,
                key: k_old.pair(),
                g: g_old,
            }
        }
    }

    /// The search is over: follow the successors of least `c + g` from the start, or
    /// report no path.
    fn finish(&mut self, grid: &Grid) -> SolveEvent {
        self.current = None;
        let path = follow(grid, self.start, self.goal, |s| {
            self.field
                .succ(grid, s)
                .map(|(n, c)| (add(c, self.field.g(n)), n))
                .filter(|&(cost, _)| cost != INF)
                .min()
                .map(|(_, n)| n)
        });
        let Some(path) = path.filter(|_| self.field.rhs(self.start) != INF) else {
            self.progress.fail();
            return SolveEvent::NoPath;
        };
        self.progress = Progress::Tracing(Trace::every_tile(path));
        match self.progress.step(grid) {
            Some((event, _)) => event.into(),
            None => SolveEvent::NoPath,
        }
    }

    /// `km`: how much the keys in `U` may lag behind, after the start moved.
    #[must_use]
    pub const fn km(&self) -> u32 {
        self.km
    }
}

impl<K: Store> Replan for DStarLite<K> {
    fn repair(&mut self, grid: &Grid, changed: &[Pos]) -> Repair {
        self.progress = Progress::Searching;
        self.current = None;
        if grid.goal() != self.goal {
            self.goal = grid.goal();
            self.start = grid.start();
            self.last = self.start;
            self.field.reset(grid);
            self.u.clear();
            self.initialize();
            return Repair::Restarted;
        }
        if grid.start() != self.start {
            self.start = grid.start();
            self.km = add(self.km, self.h(self.last, self.start));
            self.last = self.start;
        }
        for &t in changed {
            for s in field::around(grid, t) {
                self.recompute_rhs(grid, s);
                self.update_vertex(s);
            }
        }
        Repair::Incremental
    }

    fn expansions(&self) -> u64 {
        self.expanded
    }
}

impl<K: Store> Solver for DStarLite<K> {
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

impl<K: Store> Teach for DStarLite<K> {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        match event {
            SolveEvent::Rekey { .. } => &[1, 2, 3, 4],
            SolveEvent::Settle { .. } => &[1, 2, 3, 5, 6],
            SolveEvent::Raise { .. } => &[1, 2, 3, 7, 8],
            SolveEvent::Trace { .. } | SolveEvent::Found { .. } | SolveEvent::NoPath => &[9],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        match *event {
            SolveEvent::Rekey { tile, old, new } => format!(
                "{tile} was on top with key {}, but the start has moved (km = {}): its key is now {}, so it goes back into U",
                Key::from(old),
                self.km,
                Key::from(new)
            ),
            SolveEvent::Settle { tile, key, g } => format!(
                "popped {tile} with the least key {}: overconsistent, so g ← rhs = {g} (cost to the goal); its predecessors' rhs may drop",
                Key::from(key)
            ),
            SolveEvent::Raise { tile, key, g } => format!(
                "popped {tile} with key {}: underconsistent (its route of cost {g} to the goal is gone or dearer), so g ← ∞; rhs that used it are recomputed",
                Key::from(key)
            ),
            SolveEvent::Trace { tile } => {
                format!("path: {tile}, on the way of least c + g to the goal")
            }
            SolveEvent::Found { length, cost } => format!(
                "the start is consistent and no key in U is below it: path of {length} moves, cost {cost}"
            ),
            SolveEvent::NoPath => {
                "rhs(start) = ∞ once U holds nothing below the start's key: no path".to_owned()
            }
            _ => String::new(),
        }
    }

    fn edit_lines(&self) -> &'static [usize] {
        &[10, 11]
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
        field::inspect(
            &self.field,
            &self.u,
            at,
            self.calculate_key(at),
            self.h(self.start, at),
        )
    }
}

#[cfg(test)]
mod tests;
