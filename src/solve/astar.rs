//! A* search: expand the open tile of least `f = g + h`.
//!
//! `g` is the cost of the best route found so far from the start, `h` the [`Heuristic`]'s
//! estimate of the cost left to the goal; A* always expands the open tile whose route
//! *through* it looks cheapest. With an admissible heuristic (one that never overestimates)
//! the first time the goal is taken from the open set, its route is a cheapest one.
//!
//! Sources: Hart, Nilsson and Raphael, "A Formal Basis for the Heuristic Determination of
//! Minimum Cost Paths", IEEE Trans. SSC 4(2), 1968; Amit Patel, *Introduction to A\**
//! (Red Blob Games). Here the open set is a priority queue of `f` that may hold a tile more than
//! once, a closed list makes the later, stale entries skip, and the path is traced back
//! along the recorded came-from links.
//!
//! Options: the heuristic ([`Heuristic`], scaled by the cheapest terrain so it stays
//! admissible on weighted ground), 4- or 8-way moves ([`crate::solve::Moves`]), a
//! heuristic weight `w` (weighted A*, `f = g + w·h`: fewer tiles expanded, a path at most `w`
//! times the cheapest; Pohl, "Heuristic search viewed as path finding in a graph", 1970)
//! and how ties on `f` are broken ([`TieBreak`]), and whether a closed tile is reopened
//! ([`Reopen`]). `never` is the closed list of the seed's A* (a C++ blog post, 8 moves at
//! 10/14 with `h = 10·Manhattan`): a closed neighbour is skipped even when the route through
//! the current tile is cheaper, and a neighbour is pushed only when its new `f` is below the
//! best `f` pushed for it (the same test as `g' < g[n]`, since `h(n)` does not change);
//! neighbours are taken in the seed's order E, W, S, N, NE, SW, SE, NW, so with
//! `--tie-break fifo` the seed's paths come out. With a consistent heuristic both settings
//! find the same cost; with an inconsistent one `never` can return a dearer path.
//!
//! One step is one pop of the open set. Memory: a [`Tree`] (1 to 4 bytes a tile) plus the
//! open set, a bucket queue ([`Open::buckets`]): about O(1) a pop and a push.

use get_size2::GetSize;

use crate::maze::{Grid, Pos};
use crate::solve::queue::{Entry, Open};
use crate::solve::store::{Paged, Store};
use crate::solve::tiles::Tile;
use crate::solve::tiles::{Neighbour, Neighbours};
use crate::solve::tree::{Keys, Tree};
use crate::solve::{Heuristic, Pushes, Reopen, SolveEvent, SolveOptions, Solver, TieBreak};
use crate::teach::{self, Pseudocode, Question, Record, Structure, Teach};

/// The pseudocode the Pseudocode pane shows; [`Teach::lines`] says which lines a step ran.
pub const PSEUDOCODE: Pseudocode = &[
    "open ← {start}, g[start] ← 0",
    "while open is not empty:",
    "  current ← pop lowest f",
    "  if current closed: skip it",
    "  close current",
    "  if current = goal: trace back",
    "  for each neighbour n:",
    "    g' ← g[current] + cost(n)",
    "    if g' < g[n]: g[n] ← g'",
    "      came_from[n] ← current",
    "      push n with f = g' + h(n)",
    "open is empty: no path",
];

/// The pseudocode with a closed list that is never reopened (`--reopen never`).
pub const PSEUDOCODE_CLOSED: Pseudocode = &[
    "open ← {start}, g[start] ← 0",
    "while open is not empty:",
    "  current ← pop lowest f",
    "  skip it if closed, else close",
    "  if current = goal: trace back",
    "  for each neighbour n:",
    "    if n is closed: skip n",
    "    g' ← g[current] + cost(n)",
    "    if g' < g[n]: g[n] ← g'",
    "      came_from[n] ← current",
    "      push n with f = g' + h(n)",
    "open is empty: no path",
];

/// Where each move (by its index in the searches' order N, E, S, W, NE, SE, SW, NW) comes
/// in the seed's order E, W, S, N, NE, SW, SE, NW.
const SEED_RANK: [u8; 8] = [3, 0, 2, 1, 4, 6, 5, 7];

/// A* as a step machine: one pop of the open set per step, then one step per path tile.
#[derive(Clone, Debug, GetSize)]
pub struct AStar<K: Store = Paged> {
    goal: Pos,
    heuristic: Heuristic,
    /// The heuristic's estimates are multiplied by this: the cheapest terrain cost.
    scale: u32,
    /// Weighted A*'s `w`, in hundredths.
    weight: u32,
    tie_break: TieBreak,
    /// The open set, least `f` first, then the tie-break, then the lowest tile; it may hold
    /// stale entries for closed tiles. Costs are small integers: a bucket queue.
    open: Open,
    /// Pushes made so far (the first-in / last-in tie-breaks count them).
    pushes: u32,
    reopen: Reopen,
    /// `never`: closed neighbours the last expansion skipped, and how many of them it could
    /// have reached more cheaply than their closed route.
    skipped: u8,
    missed: u8,
    /// `g` and came-from links (headless, with a consistent heuristic and no weight, `g`
    /// only while a tile is open: a closed tile is settled, [`Store::Settled`]).
    tree: Tree<K, K::Settled>,
}

impl<K: Store> AStar<K> {
    /// A machine searching `grid` from its start to its goal with `options`. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let scale = grid.min_cost();
        let mut astar = Self {
            goal: grid.goal(),
            heuristic: options.heuristic,
            scale,
            weight: options.heuristic_weight.max(100),
            tie_break: options.tie_break,
            open: Open::buckets(),
            pushes: 0,
            reopen: options.reopen,
            skipped: 0,
            missed: 0,
            tree: Tree::new(grid, options.moves)
                .with_estimate(options.heuristic, scale)
                .with_keys(Keys::of_astar(grid, options, scale)),
        };
        if let Some(start) = astar.tree.start() {
            astar.tree.reach_start(start);
            let h = astar.h(astar.tree.pos(start));
            astar.push(start, 0, h);
        }
        astar
    }

    /// `h(tile)`: the heuristic's estimate to the goal, scaled by the cheapest terrain.
    fn h(&self, tile: Pos) -> u32 {
        self.heuristic.estimate(tile, self.goal) * self.scale
    }

    /// `f = g + w·h` (`w` in hundredths; on a long enough grid `w·h` passes `u32`, and
    /// `f` then stays at the largest key rather than wrapping round to a small one).
    fn f(&self, g: u32, h: u32) -> u32 {
        if self.weight == 100 {
            // Plain A* (w = 1): no multiplication and division a push.
            return g.saturating_add(h);
        }
        let weighted = u64::from(h) * u64::from(self.weight) / 100;
        g.saturating_add(u32::try_from(weighted).unwrap_or(u32::MAX))
    }

    fn is_goal(&self, tile: Pos) -> bool {
        tile == self.goal
    }

    /// Put `tile` into the open set with cost so far `g` and estimate `h`.
    #[inline(always)]
    fn push(&mut self, tile: Tile, g: u32, h: u32) {
        let tie = self.tie_break.key(g, h, self.pushes);
        self.pushes += 1;
        let key = self.f(g, h);
        self.open.push(Entry { key, tie, tile, g });
    }

    /// The neighbour step from a tile of cost `g`: if the route to `n` through it is
    /// cheaper than any found, record it and push `n`.
    #[inline(always)]
    fn relax(&mut self, n: Neighbour, g: u32, pushed: &mut Pushes) {
        let new_g = g + n.cost;
        if new_g < self.tree.g(n.tile) {
            let h = self.h(n.pos);
            self.tree.reach_estimated(n, new_g, h);
            self.push(n.tile, new_g, h);
            self.tree.note(pushed, n.tile, new_g, h);
        }
    }

    /// `--reopen never`: the neighbour steps with the seed's closed list, in the seed's
    /// neighbour order; a closed neighbour is skipped (and counted, with whether this
    /// route would have been cheaper).
    #[inline(never)]
    fn relax_with_closed_list(&mut self, neighbours: Neighbours, g: u32, pushed: &mut Pushes) {
        let mut order = [Neighbour::default(); 8];
        let mut len = 0;
        for n in neighbours {
            order[len] = n;
            len += 1;
        }
        order[..len].sort_unstable_by_key(|n| SEED_RANK[usize::from(n.dir)]);
        for &n in &order[..len] {
            if self.tree.is_closed(n.tile) {
                self.skipped += 1;
                self.missed += u8::from(g + n.cost < self.tree.g(n.tile));
                continue;
            }
            self.relax(n, g, pushed);
        }
    }

    /// The search's step: pop the open tile of least `f` and expand it.
    #[inline(always)]
    fn expand(&mut self) -> SolveEvent {
        let Some(Entry {
            key: f,
            tile: current,
            g,
            ..
        }) = self.open.pop()
        else {
            return self.tree.no_path();
        };
        if self.tree.is_closed(current) {
            let tile = self.tree.pos(current);
            return SolveEvent::Skip { tile, priority: f };
        }
        self.tree.close(current);
        let mut pushed = Pushes::default();
        (self.skipped, self.missed) = (0, 0);
        if self.tree.is_goal(current) {
            self.tree.trace_from(current);
        } else {
            let neighbours = self.tree.neighbours(current);
            if self.reopen == Reopen::Always {
                for n in neighbours {
                    self.relax(n, g, &mut pushed);
                }
            } else {
                self.relax_with_closed_list(neighbours, g, &mut pushed);
            }
        }
        let h = || self.h(self.tree.pos(current));
        self.tree.expanded_with(current, g, h, pushed)
    }
}

impl<K: Store> Solver for AStar<K> {
    #[inline(always)]
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        if self.tree.searching() {
            Some(self.expand())
        } else {
            self.tree.trace(grid)
        }
    }
}

impl<K: Store> Teach for AStar<K> {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        match self.reopen {
            Reopen::Always => PSEUDOCODE,
            Reopen::Never => PSEUDOCODE_CLOSED,
        }
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        if self.reopen == Reopen::Never {
            let skipped = self.skipped > 0;
            return match event {
                SolveEvent::Expand { tile, .. } if self.is_goal(*tile) => &[2, 3, 4],
                SolveEvent::Expand { pushed, .. } => match (pushed.is_empty(), skipped) {
                    (true, false) => &[2, 3, 5, 7, 8],
                    (true, true) => &[2, 3, 5, 6, 7, 8],
                    (false, false) => &[2, 3, 5, 7, 8, 9, 10],
                    (false, true) => &[2, 3, 5, 6, 7, 8, 9, 10],
                },
                SolveEvent::Skip { .. } => &[2, 3],
                SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[4],
                SolveEvent::NoPath => &[1, 11],
                _ => &[],
            };
        }
        match event {
            SolveEvent::Expand { tile, .. } if self.is_goal(*tile) => &[2, 4, 5],
            SolveEvent::Expand { pushed, .. } if pushed.is_empty() => &[2, 4, 6, 7, 8],
            SolveEvent::Expand { .. } => &[2, 4, 6, 7, 8, 9, 10],
            SolveEvent::Skip { .. } => &[2, 3],
            SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[5],
            SolveEvent::NoPath => &[1, 11],
            _ => &[],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        let weighted = if self.weight == 100 {
            String::new()
        } else {
            format!(" (h weighted ×{:.2})", f64::from(self.weight) / 100.0)
        };
        match *event {
            SolveEvent::Expand { tile, g, .. } if self.is_goal(tile) => format!(
                "popped the goal {tile} with g = {g}: no open route can be cheaper, so trace the path back"
            ),
            SolveEvent::Expand { tile, g, h, pushed } => {
                let f = self.f(g, h);
                let n = pushed.len();
                let s = if n == 1 { "" } else { "s" };
                let closed = match (self.skipped, self.missed) {
                    (0, _) => String::new(),
                    (k, 0) => format!("; {k} closed neighbour{} skipped", plural(k)),
                    (k, m) => format!(
                        "; {k} closed neighbour{} skipped, {m} of them cheaper by this route but never reopened",
                        plural(k)
                    ),
                };
                format!(
                    "popped {tile}: lowest f = {f} = g {g} + h {h}{weighted} in the open set; {n} neighbour{s} pushed{closed}"
                )
            }
            SolveEvent::Skip { tile, priority } => format!(
                "popped {tile} (f = {priority}) but it is already closed: a stale entry, skipped"
            ),
            SolveEvent::Trace { tile } => self.tree.explain_trace(tile),
            SolveEvent::Found { length, cost } => {
                format!("path found: {length} moves, cost {cost}")
            }
            SolveEvent::NoPath => {
                "the open set is empty: every reachable tile is closed and the goal is not among them".to_owned()
            }
            _ => String::new(),
        }
    }

    fn structure_len(&self) -> usize {
        self.open.len()
    }

    fn structure(&self, max: usize) -> Structure {
        let entries = self
            .open
            .least(max)
            .into_iter()
            .map(|e| {
                let tile = self.tree.pos(e.tile);
                let h = self.h(tile);
                let stale = if self.tree.is_closed(e.tile) {
                    " (stale)"
                } else {
                    ""
                };
                teach::Entry::new(tile, format!("f={} g={} h={h}{stale}", e.key, e.g))
            })
            .collect();
        Structure::new("open set", "lowest f first", self.open.len(), entries)
    }

    fn record(&self) -> Option<&dyn Record> {
        Some(&self.tree)
    }

    fn asks(&self) -> Option<&'static str> {
        Some("which tile does A* pop next?")
    }

    fn question(&self) -> Option<Question> {
        let rule = if self.weight == 100 {
            "A* pops the lowest f = g + h".to_owned()
        } else {
            format!(
                "A* pops the lowest f = g + {:.2}·h",
                f64::from(self.weight) / 100.0
            )
        };
        let show = |e: &Entry| {
            let tile = self.tree.pos(e.tile);
            (tile, format!("f={} g={} h={}", e.key, e.g, self.h(tile)))
        };
        let open = self.tree.searching().then_some(&self.open)?;
        open.question(self.asks()?, rule, |t| !self.tree.is_closed(t), show)
    }
}

/// `"s"` unless `n` is 1.
fn plural(n: u8) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests;
