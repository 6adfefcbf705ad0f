//! Jump point search (JPS): A* over *jump points* only, the tiles where an optimal path may
//! have to turn.
//!
//! On a grid where every move of a kind costs the same, many paths of equal cost are
//! symmetric (the same moves in another order). JPS keeps one of them, the *canonical* one,
//! by pruning: arriving at `x` from its parent `p`, a neighbour of `x` that `p` reaches at
//! least as cheaply without passing `x` is dropped. The neighbours left are *natural* (the
//! way straight on, and for a diagonal its two straight parts) or *forced* (a wall next to
//! `x` makes the way through `x` the only short one). Instead of pushing neighbours, JPS
//! *jumps*: from `x` in a direction `d` it steps along `d` and stops at the first tile that
//! is the goal, has a forced neighbour, or (moving diagonally) from which a straight jump
//! along one of `d`'s two parts stops somewhere; that tile is a jump point, pushed into the
//! open set. A wall or the grid's edge ends a jump with nothing. The tiles passed on the way
//! are never pushed; they are shown as *scanned* ([`Mark::Visited`]).
//!
//! Source: D. Harabor and A. Grastien, "Online Graph Pruning for Pathfinding on Grid Maps",
//! AAAI 2011 (pruning, forced neighbours, `jump`: Algorithms 1 and 2); Amit Patel, *Amit's
//! A\* Pages*. The paper proves the path optimal for its move model; `tests/solvers.rs`
//! checks it against an independent Dijkstra under every move rule here, including the
//! two the paper does not treat (`no-cut` and 4-way). The forced neighbours of each move
//! model (8-way under three corner rules, 4-way), and which come from which paper, are in
//! [`super::jump_rules`].
//!
//! `g`, `h` and `f` are in cost units, 10 a straight and 14 a diagonal move; `h` is JPS's
//! own (Manhattan 4-way, octile 8-way). Uniform cost only: a grid with terrain is refused at
//! the first step ([`GiveUp::UniformCostOnly`]), since a jump assumes equal costs.
//!
//! One step is one pop: the jump point of least `f` is closed and each of its pruned
//! directions jumped along in full; then the path is traced back one jump per step. Time a
//! step: O(log open) plus the tiles scanned. Memory: the jump points' tree and parents,
//! a byte per tile for the scanned and path marks ([`super::jump_rules::Jumps`]), the heap.

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::queue::{self, Open};
use crate::solve::store::{Paged, Store};
use crate::solve::trace::{Progress, Trace};
use crate::solve::{GiveUp, Heuristic, Push, Pushes, SolveEvent, SolveOptions, Solver, TieBreak};
use crate::teach::{Entry, Inspection, Pseudocode, Question, Structure, Teach};

use super::jump_rules::{DIR_NAMES, DIRS, Jumps, Rules, bit, direction};

/// The pseudocode the Pseudocode pane shows; [`JumpPointSearch::lines`] says which lines a
/// step ran.
pub const PSEUDOCODE: Pseudocode = &[
    "open ← {start}, g[start] ← 0",
    "while open is not empty:",
    "  x ← pop lowest f",
    "  if x closed: skip it",
    "  close x; if x = goal: trace",
    "  for d in natural+forced of x:",
    "    y ← jump(x, d)",
    "    if y and g[x]+|xy| < g[y]:",
    "      parent[y] ← x; push y",
    "jump(x,d): n ← x+d till a wall",
    "  stop at goal or forced nbr",
    "  diagonal: stop if jump(n,dᵢ)",
];

/// What the last expansion did, for its explanation.
#[derive(Clone, Copy, Debug, Default, GetSize)]
struct LastStep {
    /// The direction the popped jump point was entered along (`None`: the start).
    entered: Option<(i32, i32)>,
    /// Natural directions jumped along.
    natural: u8,
    /// Forced directions jumped along.
    forced: u8,
    /// Jump points found (pushed or not).
    found: u8,
    /// Tiles the jumps stepped on.
    scanned: u32,
}

/// Jump point search as a step machine: one pop of the open set (with all its jumps) per
/// step, then one jump segment of the path per step.
#[derive(Clone, Debug, GetSize)]
pub struct JumpPointSearch<K: Store = Paged> {
    rules: Rules,
    heuristic: Heuristic,
    tie_break: TieBreak,
    /// The grid has terrain costs above 1: refused at the first step.
    weighted: bool,
    /// The open set of jump points, least `f` first (then the tie-break, then the lowest
    /// tile); it may hold stale entries. Jumps make `f` leap: a binary heap.
    open: Open,
    pushes: u32,
    /// `g`, parent (the previous jump point) and status of every jump point.
    tree: Jumps<K>,
    current: Option<Pos>,
    last: LastStep,
    progress: Progress,
}

impl<K: Store> JumpPointSearch<K> {
    /// A machine searching `grid` from its start to its goal with `options.moves` and
    /// `options.tie_break`. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let heuristic = if options.diagonal() {
            Heuristic::Octile
        } else {
            Heuristic::Manhattan
        };
        let mut jps = Self {
            rules: Rules {
                moves: options.moves,
                goal: grid.goal(),
            },
            heuristic,
            tie_break: options.tie_break,
            weighted: grid.is_weighted(),
            open: Open::heap(),
            pushes: 0,
            tree: Jumps::new(grid, options.moves),
            current: None,
            last: LastStep::default(),
            progress: Progress::Searching,
        };
        let start = grid.start();
        if grid.is_open(start) && grid.is_open(jps.rules.goal) {
            jps.tree.reach(start, 0, None);
            jps.push(start, 0);
        }
        jps
    }

    /// `h(tile)`: Manhattan (4-way) or octile (8-way) distance to the goal.
    fn h(&self, tile: Pos) -> u32 {
        self.heuristic.estimate(tile, self.rules.goal)
    }

    /// Put jump point `tile` into the open set with cost so far `g`; returns its `h`.
    fn push(&mut self, tile: Pos, g: u32) -> u32 {
        let h = self.h(tile);
        let tie = self.tie_break.key(g, h, self.pushes);
        self.pushes += 1;
        let tile = self.tree.tree.tile(tile).unwrap_or_default();
        let key = g.saturating_add(h);
        self.open.push(queue::Entry { key, tie, tile, g });
        h
    }

    /// The search's step: pop the jump point of least `f`, jump along each of its pruned
    /// directions, push the jump points found.
    fn expand(&mut self, grid: &Grid) -> SolveEvent {
        let Some(queue::Entry {
            key: f, tile, g, ..
        }) = self.open.pop()
        else {
            self.current = None;
            self.progress.fail();
            return SolveEvent::NoPath;
        };
        let x = self.tree.tree.pos(tile);
        if self.tree.is_closed(x) {
            return SolveEvent::Skip {
                tile: x,
                priority: f,
            };
        }
        self.tree.close(x);
        self.current = Some(x);
        let entered = self.tree.came_from(x).map(|p| direction(p, x));
        self.last = LastStep {
            entered,
            ..LastStep::default()
        };
        let mut pushed = Pushes::default();
        if x == self.rules.goal {
            let (path, stops) = self.tree.path_to(grid, x);
            self.progress = Progress::Tracing(Trace::at(path, stops));
        } else {
            let natural = self.rules.natural(grid, x, entered);
            let forced = self.rules.forced(grid, x, entered);
            self.last.natural = natural;
            self.last.forced = forced;
            let mut scanned = 0;
            for (i, &d) in DIRS.iter().enumerate() {
                if (natural | forced) & (1 << i) == 0 {
                    continue;
                }
                let Some(y) = self.rules.jump(grid, x, d, self.tree.flags(), &mut scanned) else {
                    continue;
                };
                self.last.found += 1;
                let new_g = g.saturating_add(Heuristic::Octile.estimate(x, y));
                if new_g < self.tree.g(y) {
                    self.tree.reach(y, new_g, Some(x));
                    let h = self.push(y, new_g);
                    pushed.push(Push {
                        tile: y,
                        g: new_g,
                        h,
                    });
                }
            }
            self.last.scanned = scanned;
        }
        SolveEvent::Expand {
            tile: x,
            g,
            h: self.h(x),
            pushed,
        }
    }

    /// The directions of `mask`, named, joined by commas.
    fn names(mask: u8) -> String {
        (0..8)
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| DIR_NAMES[i])
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl<K: Store> Teach for JumpPointSearch<K> {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        let jumped = self.last.natural | self.last.forced;
        let scanning = (0..8).any(|i| jumped & (1 << i) != 0 && self.rules.scans(DIRS[i]));
        match event {
            SolveEvent::Expand { tile, .. } if *tile == self.rules.goal => &[2, 4],
            SolveEvent::Expand { .. } if jumped == 0 => &[2, 4, 5],
            SolveEvent::Expand { pushed, .. } => {
                // Line 7 when a jump found a jump point, line 8 when one was pushed, line
                // 11 when a jump scanned sideways (diagonal, or vertical with 4-way moves).
                let found = self.last.found > 0;
                match (found, !pushed.is_empty(), scanning) {
                    (false, _, false) => &[2, 4, 5, 6, 9, 10],
                    (false, _, true) => &[2, 4, 5, 6, 9, 10, 11],
                    (true, false, false) => &[2, 4, 5, 6, 7, 9, 10],
                    (true, false, true) => &[2, 4, 5, 6, 7, 9, 10, 11],
                    (true, true, false) => &[2, 4, 5, 6, 7, 8, 9, 10],
                    (true, true, true) => &[2, 4, 5, 6, 7, 8, 9, 10, 11],
                }
            }
            SolveEvent::Skip { .. } => &[2, 3],
            SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[4],
            SolveEvent::NoPath => &[1],
            _ => &[0],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        match *event {
            SolveEvent::Expand { tile, g, .. } if tile == self.rules.goal => format!(
                "popped the goal {tile} with g = {g}: no open jump point can lead to it more cheaply, so trace the path back"
            ),
            SolveEvent::Expand { tile, g, h, pushed } => {
                let last = self.last;
                let jumped = (0..8)
                    .filter(|&i| (last.natural | last.forced) & (1 << i) != 0)
                    .map(|i| {
                        let forced = if last.forced & (1 << i) != 0 { " (forced)" } else { "" };
                        format!("{}{forced}", DIR_NAMES[i])
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                let how = match (last.entered, jumped.is_empty()) {
                    (None, _) => format!("the start, jumped every way ({jumped})"),
                    (Some(d), true) => {
                        format!("came going {}, nothing to jump along", Self::names(bit(d)))
                    }
                    (Some(d), false) => {
                        format!("came going {}, jumped {jumped}", Self::names(bit(d)))
                    }
                };
                let t = if last.scanned == 1 { "" } else { "s" };
                format!(
                    "popped jump point {tile}, f = {} = g {g} + h {h}; {how}: {} tile{t} scanned, {} pushed",
                    g.saturating_add(h),
                    last.scanned,
                    pushed.len()
                )
            }
            SolveEvent::Skip { tile, priority } => format!(
                "popped {tile} (f = {priority}) but it is already closed: a stale entry, skipped"
            ),
            SolveEvent::Trace { tile } => match self.tree.came_from(tile) {
                Some(from) => {
                    let between = tile
                        .row
                        .abs_diff(from.row)
                        .max(tile.col.abs_diff(from.col))
                        .saturating_sub(1);
                    let passed = match between {
                        0 => "they are neighbours".to_owned(),
                        1 => "the 1 tile the jump passed joins the path".to_owned(),
                        k => format!("the {k} tiles the jump passed join the path"),
                    };
                    format!("path: jump point {tile} came from jump point {from}; {passed}")
                }
                None => format!("path: {tile} is the start; the path is complete"),
            },
            SolveEvent::Found { length, cost } => {
                format!("path found: {length} moves, cost {cost}")
            }
            SolveEvent::NoPath => {
                "the open set is empty: every jump point reachable is closed and the goal is not among them".to_owned()
            }
            SolveEvent::GaveUp { reason } => format!("refused: {}", reason.describe()),
            _ => String::new(),
        }
    }

    fn mark(&self, tile: Pos) -> Mark {
        self.tree.mark(tile)
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
                let tile = self.tree.tree.pos(e.tile);
                let stale = if self.tree.is_closed(tile) {
                    " (stale)"
                } else {
                    ""
                };
                let h = self.h(tile);
                Entry::new(tile, format!("f={} g={} h={h}{stale}", e.key, e.g))
            })
            .collect();
        Structure::new(
            "open jump points",
            "lowest f first",
            self.open.len(),
            entries,
        )
    }

    fn inspect(&self, tile: Pos) -> Inspection {
        self.tree.inspect(tile, self.h(tile))
    }

    fn current(&self) -> Option<Pos> {
        self.current
    }

    fn asks(&self) -> Option<&'static str> {
        Some("which jump point does JPS pop next?")
    }

    fn question(&self) -> Option<Question> {
        let rule = "JPS pops the jump point of lowest f = g + h".to_owned();
        let pos = |t| self.tree.tree.pos(t);
        let show = |e: &queue::Entry| (pos(e.tile), format!("f={} g={}", e.key, e.g));
        let open = (self.progress.searching() && !self.weighted).then_some(&self.open)?;
        open.question(self.asks()?, rule, |t| !self.tree.is_closed(pos(t)), show)
    }
}

impl<K: Store> Solver for JumpPointSearch<K> {
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        if self.progress.searching() && self.weighted {
            self.progress.fail();
            return Some(SolveEvent::GaveUp {
                reason: GiveUp::UniformCostOnly,
            });
        }
        if self.progress.searching() {
            return Some(self.expand(grid));
        }
        let (event, added) = self.progress.step(grid)?;
        for &p in added {
            self.tree.mark_path(p);
        }
        Some(event.into())
    }

    fn came_from(&self, tile: Pos) -> Option<Pos> {
        self.tree.came_from(tile)
    }

    fn visited(&self) -> usize {
        self.tree.tree.closed_count()
    }

    fn path(&self) -> Option<&[Pos]> {
        self.progress.path()
    }
}

#[cfg(test)]
mod tests;
