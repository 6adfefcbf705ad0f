//! IDA\* (iterative-deepening A\*): depth-first searches bounded by `f = g + h`, the bound
//! raised round by round.
//!
//! Each round is a depth-first search from the start that prunes every tile whose `f`
//! exceeds the bound; among the pruned `f`s it remembers the least, and when the round
//! ends without reaching the goal, that least pruned `f` is the next round's bound. With an
//! admissible heuristic the first path found is a cheapest one, and the search keeps only
//! the current route in memory (a stack as deep as the path) — the price is time, since
//! every round walks again what the last one walked (R. Korf, "Depth-first
//! iterative-deepening: an optimal admissible tree search", Artificial Intelligence 27,
//! 1985). A round remembers the least `g` it entered each tile with (a transposition
//! table, Reinefeld and Marsland, "Enhanced iterative-deepening search", IEEE PAMI 16(7),
//! 1994): entering a tile again no cheaper leads nowhere new, so a round on a maze with
//! loops stays linear in its tiles.
//!
//! On a large maze the rounds are many (each raises the bound past one more detour), so
//! IDA\* gives up after [`BUDGET`] expansions, saying so ([`GiveUp::Budget`]): it solves
//! perfect mazes of a few thousand cells in milliseconds. One step looks at one
//! neighbour of the tile on top of the stack (go deeper, prune, skip, or back up), or
//! starts a round, or adds a tile of the path.

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::store::{Nodes, Paged, Store};
use crate::solve::tiles::{Layout, Tile};
use crate::solve::trace::{Progress, Trace};
use crate::solve::{GiveUp, Heuristic, Moves, Pushes, SolveEvent, SolveOptions, Solver};
use crate::teach::{Entry, Inspection, Pseudocode, Question, Structure, Teach};

/// The most expansions (tiles entered, over all rounds) IDA\* makes before it gives up:
/// well under a second headless, and few enough steps that the explorer rewinds any point
/// of such a run at once. Every perfect maze of up to 70 × 50 cells that we tried is solved
/// within it (the hardest, long-corridored Recursive Backtracker mazes, in 1.8 million); a
/// 1000 × 1000-cell maze is not.
pub const BUDGET: u64 = 2_000_000;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "bound ← h(start)",
    "loop (one round per bound):",
    "  depth-first from start:",
    "    if top = goal: path = stack",
    "    n ← next neighbour of top",
    "      (not reached as cheaply)",
    "    if g + cost + h(n) > bound:",
    "      prune; next ← min(next, f)",
    "    else push n",
    "    no neighbour left: pop",
    "  bound ← next (∞: no path)",
];

/// One tile of the current route: its cost so far and how many neighbours it has tried.
#[derive(Clone, Copy, Debug, GetSize)]
struct Frame {
    tile: Tile,
    g: u32,
    tried: u8,
}

/// What IDA\* keeps per tile, in 8 bytes: the last round that entered it (0: none), the
/// least `g` that round entered it with, and whether it is on the stack (the stamp's top
/// bit); a wall is a stamp of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, GetSize)]
struct Visit {
    stamp: u32,
    g: u32,
}

/// The stamp's bit for "on the stack".
const ON_STACK: u32 = 1 << 31;

impl Visit {
    const WALL: Visit = Visit {
        stamp: u32::MAX,
        g: 0,
    };
    const NEVER: Visit = Visit { stamp: 0, g: 0 };

    fn is_wall(self) -> bool {
        self.stamp == u32::MAX
    }

    fn round(self) -> u32 {
        self.stamp & !ON_STACK
    }

    fn on_stack(self) -> bool {
        self.stamp & ON_STACK != 0 && !self.is_wall()
    }
}

/// IDA* as a step machine.
#[derive(Clone, Debug, GetSize)]
pub struct IdaStar<K: Store = Paged> {
    layout: Layout,
    visits: K::Nodes<Visit>,
    /// Terrain costs per padded tile, where the grid has any (read only, shared).
    #[get_size(ignore)]
    terrain: Option<std::rc::Rc<[u8]>>,
    start: Tile,
    goal: Tile,
    goal_pos: Pos,
    moves: Moves,
    heuristic: Heuristic,
    scale: u32,
    /// The current round's bound on `f`.
    bound: u32,
    /// The least `f` pruned in this round (`u32::MAX`: none yet).
    next_bound: u32,
    round: u32,
    stack: Vec<Frame>,
    /// Tiles entered over all rounds: the work done, held against [`BUDGET`].
    expansions: u64,
    progress: Progress,
}

impl<K: Store> IdaStar<K> {
    /// A machine for `grid` with `options.heuristic` and `options.moves`. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let layout = Layout::new(grid);
        let mut ida = Self {
            visits: layout.fill(grid, Visit::WALL, |_| Visit::NEVER),
            terrain: layout.terrain(grid),
            start: layout.at(grid.start()),
            goal: layout.at(grid.goal()),
            goal_pos: grid.goal(),
            moves: options.moves,
            heuristic: options.heuristic,
            scale: grid.min_cost(),
            bound: 0,
            next_bound: u32::MAX,
            round: 0,
            stack: Vec::new(),
            expansions: 0,
            progress: Progress::Searching,
            layout,
        };
        if !grid.is_open(grid.start()) || !grid.is_open(grid.goal()) {
            ida.progress.fail();
        }
        ida.bound = ida.h(ida.start);
        ida
    }

    fn h(&self, tile: Tile) -> u32 {
        self.heuristic
            .estimate(self.layout.pos(tile), self.goal_pos)
            * self.scale
    }

    fn visit(&self, tile: Tile) -> Visit {
        self.visits.get(tile as usize)
    }

    /// Push `tile`, entered with cost so far `g`, on the stack.
    fn push(&mut self, tile: Tile, g: u32) {
        let visit = Visit {
            stamp: self.round | ON_STACK,
            g,
        };
        self.visits.set(tile as usize, visit);
        self.expansions += 1;
        self.stack.push(Frame { tile, g, tried: 0 });
    }

    /// Start a round with `bound`: the stack holds only the start.
    fn start_round(&mut self) -> SolveEvent {
        self.round += 1;
        self.next_bound = u32::MAX;
        self.push(self.start, 0);
        SolveEvent::Round { bound: self.bound }
    }

    /// The search's step.
    fn search(&mut self) -> SolveEvent {
        let Some(&top) = self.stack.last() else {
            // The round is over (or none has begun).
            if self.round > 0 {
                if self.next_bound == u32::MAX {
                    self.progress.fail();
                    return SolveEvent::NoPath;
                }
                self.bound = self.next_bound;
            }
            return self.start_round();
        };
        if top.tile == self.goal {
            let path = self.stack.iter().map(|f| self.layout.pos(f.tile)).collect();
            self.progress = Progress::Tracing(Trace::every_tile(path));
            return SolveEvent::Goal {
                tile: self.layout.pos(top.tile),
            };
        }
        let visits = &self.visits;
        let next = self
            .layout
            .neighbours(
                |i| visits.get(i).is_wall(),
                self.terrain.as_deref(),
                top.tile,
                self.moves,
            )
            .into_iter()
            .filter(|n| !self.visit(n.tile).on_stack())
            .nth(usize::from(top.tried));
        let Some(n) = next else {
            // No neighbour left: back up.
            self.stack.pop();
            let visit = self.visit(top.tile);
            let left = Visit {
                stamp: visit.round(),
                ..visit
            };
            self.visits.set(top.tile as usize, left);
            return SolveEvent::Backtrack {
                tile: self.layout.pos(top.tile),
            };
        };
        if let Some(frame) = self.stack.last_mut() {
            frame.tried += 1;
        }
        let g = top.g + n.cost;
        let tile = self.layout.pos(n.tile);
        let seen = self.visit(n.tile);
        if seen.round() == self.round && g >= seen.g {
            return SolveEvent::Skip { tile, priority: g };
        }
        let h = self.h(n.tile);
        let f = g.saturating_add(h);
        if f > self.bound {
            self.next_bound = self.next_bound.min(f);
            return SolveEvent::Prune { tile, f };
        }
        self.push(n.tile, g);
        SolveEvent::Expand {
            tile,
            g,
            h,
            pushed: Pushes::default(),
        }
    }
}

impl<K: Store> Solver for IdaStar<K> {
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        if self.progress.searching() && self.expansions >= BUDGET {
            self.progress.fail();
            return Some(SolveEvent::GaveUp {
                reason: GiveUp::Budget {
                    expansions: self.expansions,
                },
            });
        }
        if self.progress.searching() {
            return Some(self.search());
        }
        self.progress.step(grid).map(|(event, _)| event.into())
    }

    fn visited(&self) -> usize {
        usize::try_from(self.expansions).unwrap_or(usize::MAX)
    }

    fn path(&self) -> Option<&[Pos]> {
        self.progress.path()
    }
}

impl<K: Store> Teach for IdaStar<K> {
    type Event = SolveEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn lines(&self, event: &SolveEvent) -> &'static [usize] {
        match event {
            SolveEvent::Round { .. } => &[1, 2, 10],
            SolveEvent::Expand { .. } => &[4, 5, 6, 8],
            SolveEvent::Prune { .. } => &[4, 5, 6, 7],
            SolveEvent::Skip { .. } => &[4, 5],
            SolveEvent::Backtrack { .. } => &[9],
            SolveEvent::Goal { .. } | SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[3],
            SolveEvent::NoPath => &[10],
            _ => &[0],
        }
    }

    fn explain(&self, event: &SolveEvent) -> String {
        match *event {
            SolveEvent::Round { bound } => format!(
                "round {}: depth-first again from S, pruning every tile whose f is over {bound}",
                self.round
            ),
            SolveEvent::Expand { tile, g, h, .. } => format!(
                "went deeper to {tile}: f = g {g} + h {h} = {} is within the bound {}",
                g + h,
                self.bound
            ),
            SolveEvent::Prune { tile, f } => format!(
                "pruned {tile}: f = {f} is over the bound {}; the next round's bound is at most {}",
                self.bound, self.next_bound
            ),
            SolveEvent::Skip { tile, priority } => format!(
                "skipped {tile}: this round already entered it with g ≤ {priority}, so nothing new lies that way"
            ),
            SolveEvent::Backtrack { tile } => {
                format!("{tile} has no neighbour left to try: popped, back up")
            }
            SolveEvent::Goal { tile } => {
                format!("{tile} is the goal: the route on the stack is the path")
            }
            SolveEvent::Trace { tile } => format!("path: {tile}"),
            SolveEvent::Found { length, cost } => {
                format!("path found: {length} moves, cost {cost}")
            }
            SolveEvent::NoPath => "a round pruned nothing and missed the goal: no path".to_owned(),
            SolveEvent::GaveUp { reason } => reason.describe(),
            _ => String::new(),
        }
    }

    fn mark(&self, tile: Pos) -> Mark {
        let Some(i) = self.layout.index(tile) else {
            return Mark::None;
        };
        let visit = self.visit(i);
        if let Some(path) = self.progress.drawn()
            && path.contains(&tile)
        {
            return Mark::Path;
        }
        if self.stack.last().is_some_and(|f| f.tile == i) {
            Mark::Current
        } else if visit.on_stack() {
            Mark::Frontier
        } else if self.round > 0 && visit.round() == self.round {
            Mark::Closed
        } else {
            Mark::None
        }
    }

    fn current(&self) -> Option<Pos> {
        self.stack.last().map(|f| self.layout.pos(f.tile))
    }

    fn structure_len(&self) -> usize {
        self.stack.len()
    }

    fn structure(&self, max: usize) -> Structure {
        let entries = self
            .stack
            .iter()
            .rev()
            .take(max)
            .map(|f| {
                let detail = format!("g={} f={}", f.g, f.g + self.h(f.tile));
                Entry::new(self.layout.pos(f.tile), detail)
            })
            .collect();
        Structure::new("stack", "top first", self.stack.len(), entries)
    }

    fn inspect(&self, tile: Pos) -> Inspection {
        let Some(i) = self.layout.index(tile) else {
            return Inspection::new("outside the maze");
        };
        let visit = self.visit(i);
        let status = if visit.on_stack() {
            "on the current route (stack)"
        } else if visit.round() == self.round && self.round > 0 {
            "visited this round"
        } else {
            "not visited this round"
        };
        Inspection::new(status)
            .with("h", self.h(i))
            .with("bound", self.bound)
            .with("round", self.round)
    }

    fn asks(&self) -> Option<&'static str> {
        Some("which tile does IDA* go deeper to next?")
    }

    fn question(&self) -> Option<Question> {
        self.next_question()
    }
}

mod question;
#[cfg(test)]
mod tests;
