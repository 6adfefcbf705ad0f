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
//! 1985).
//!
//! On a maze the rounds are many (each raises the bound by one detour) and each re-walks
//! the maze, so IDA\* refuses grids of more than [`MAX_OPEN_TILES`] open tiles, saying so,
//! rather than run for hours. One step looks at one neighbour of the tile on top of the
//! stack (go deeper, prune, or back up), or starts a round, or adds a tile of the path.

use get_size2::GetSize;

use crate::Mark;
use crate::maze::{Grid, Pos};
use crate::solve::neighbours::neighbours;
use crate::solve::store::{Paged, Store};
use crate::solve::trace::{Progress, Trace};
use crate::solve::{GiveUp, Heuristic, Moves, Pushes, SolveEvent, SolveOptions, Solver};
use crate::teach::{Entry, Inspection, Pseudocode, Structure, Teach};

/// The largest grid IDA\* searches, in open tiles: beyond it the rounds would take
/// minutes (about 40 × 20 cells of maze).
pub const MAX_OPEN_TILES: usize = 4000;

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

/// One tile of the current route: its cost so far and which neighbour to try next.
#[derive(Clone, Copy, Debug, GetSize)]
struct Frame {
    tile: Pos,
    g: u32,
    next: u8,
}

/// IDA* as a step machine.
#[derive(Clone, Debug, GetSize)]
pub struct IdaStar<K: Store = Paged> {
    start: Pos,
    goal: Pos,
    cols: u32,
    moves: Moves,
    heuristic: Heuristic,
    scale: u32,
    /// The current round's bound on `f`.
    bound: u32,
    /// The least `f` pruned in this round (`u32::MAX`: none yet).
    next_bound: u32,
    round: u32,
    stack: Vec<Frame>,
    /// Per tile (row-major): on the stack.
    on_stack: Vec<bool>,
    /// Per tile: the last round that visited it (0: never).
    seen: Vec<u32>,
    /// Per tile: the least `g` it was entered with in round `seen` (a transposition
    /// table: entering it again no cheaper cannot lead anywhere new, so on a maze with
    /// loops a round stays linear in the tiles instead of walking every route).
    best_g: Vec<u32>,
    /// Tiles pushed over all rounds.
    visited: usize,
    /// Too large to search: refused at the first step.
    refused: bool,
    progress: Progress,
    #[get_size(ignore)]
    store: std::marker::PhantomData<K>,
}

impl<K: Store> IdaStar<K> {
    /// A machine for `grid` with `options.heuristic` and `options.moves`. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid, options: &SolveOptions) -> Self {
        let open = (0..grid.len())
            .filter(|&i| grid.is_open(grid.pos(i)))
            .count();
        let mut ida = Self {
            start: grid.start(),
            goal: grid.goal(),
            cols: grid.cols(),
            moves: options.moves,
            heuristic: options.heuristic,
            scale: grid.min_cost(),
            bound: 0,
            next_bound: u32::MAX,
            round: 0,
            stack: Vec::new(),
            on_stack: vec![false; grid.len()],
            seen: vec![0; grid.len()],
            best_g: vec![0; grid.len()],
            visited: 0,
            refused: open > MAX_OPEN_TILES,
            progress: Progress::Searching,
            store: std::marker::PhantomData,
        };
        if !grid.is_open(ida.start) || !grid.is_open(ida.goal) {
            ida.progress.fail();
        }
        ida.bound = ida.h(ida.start);
        ida
    }

    fn index(&self, tile: Pos) -> usize {
        tile.row as usize * self.cols as usize + tile.col as usize
    }

    fn h(&self, tile: Pos) -> u32 {
        self.heuristic.estimate(tile, self.goal) * self.scale
    }

    fn push(&mut self, tile: Pos, g: u32) {
        let i = self.index(tile);
        self.on_stack[i] = true;
        self.seen[i] = self.round;
        self.best_g[i] = g;
        self.visited += 1;
        self.stack.push(Frame { tile, g, next: 0 });
    }

    /// Start a round with `bound`: the stack holds only the start.
    fn start_round(&mut self) -> SolveEvent {
        self.round += 1;
        self.next_bound = u32::MAX;
        self.push(self.start, 0);
        SolveEvent::Round { bound: self.bound }
    }

    fn search(&mut self, grid: &Grid) -> SolveEvent {
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
            let path = self.stack.iter().map(|f| f.tile).collect();
            self.progress = Progress::Tracing(Trace::every_tile(path));
            return SolveEvent::Meet { tile: top.tile };
        }
        let next = neighbours(grid, top.tile, self.moves)
            .filter(|(n, _)| !self.on_stack[self.index(*n)])
            .nth(usize::from(top.next));
        let Some((n, cost)) = next else {
            // No neighbour left: back up.
            self.stack.pop();
            let i = self.index(top.tile);
            self.on_stack[i] = false;
            return SolveEvent::Backtrack { tile: top.tile };
        };
        if let Some(frame) = self.stack.last_mut() {
            frame.next += 1;
        }
        let g = top.g + cost;
        let i = self.index(n);
        if self.seen[i] == self.round && g >= self.best_g[i] {
            return SolveEvent::Skip {
                tile: n,
                priority: g,
            };
        }
        let h = self.h(n);
        let f = g.saturating_add(h);
        if f > self.bound {
            self.next_bound = self.next_bound.min(f);
            return SolveEvent::Prune { tile: n, f };
        }
        self.push(n, g);
        SolveEvent::Expand {
            tile: n,
            g,
            h,
            pushed: Pushes::default(),
        }
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
            SolveEvent::Meet { .. } | SolveEvent::Trace { .. } | SolveEvent::Found { .. } => &[3],
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
            SolveEvent::Meet { tile } => {
                format!("{tile} is the goal: the route on the stack is the path")
            }
            SolveEvent::Trace { tile } => format!("path: {tile}"),
            SolveEvent::Found { length, cost } => {
                format!("path found: {length} moves, cost {cost}")
            }
            SolveEvent::NoPath => "a round pruned nothing and missed the goal: no path".to_owned(),
            SolveEvent::GaveUp { .. } => format!(
                "refused: more than {MAX_OPEN_TILES} open tiles; IDA* would re-walk the maze once per bound for hours"
            ),
            _ => String::new(),
        }
    }

    fn mark(&self, tile: Pos) -> Mark {
        let Some(&on) = self.on_stack.get(self.index(tile)) else {
            return Mark::None;
        };
        if let Some(path) = self.progress.path()
            && path.contains(&tile)
        {
            return Mark::Path;
        }
        if self.stack.last().is_some_and(|f| f.tile == tile) {
            Mark::Current
        } else if on {
            Mark::Frontier
        } else if self.round > 0 && self.seen[self.index(tile)] == self.round {
            Mark::Closed
        } else {
            Mark::None
        }
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
            .map(|f| Entry::new(f.tile, format!("g={} f={}", f.g, f.g + self.h(f.tile))))
            .collect();
        Structure::new("stack", "top first", self.stack.len(), entries)
    }

    fn inspect(&self, tile: Pos) -> Inspection {
        let status = if self.on_stack[self.index(tile)] {
            "on the current route (stack)"
        } else if self.seen[self.index(tile)] == self.round && self.round > 0 {
            "visited this round"
        } else {
            "not visited this round"
        };
        Inspection::new(status)
            .with("h", self.h(tile))
            .with("bound", self.bound)
            .with("round", self.round)
    }

    fn current(&self) -> Option<Pos> {
        self.stack.last().map(|f| f.tile)
    }
}

impl<K: Store> Solver for IdaStar<K> {
    fn step(&mut self, grid: &Grid) -> Option<SolveEvent> {
        if self.progress.searching() && self.refused {
            self.progress.fail();
            return Some(SolveEvent::GaveUp {
                reason: GiveUp::TooLarge {
                    limit: MAX_OPEN_TILES,
                },
            });
        }
        if self.progress.searching() {
            return Some(self.search(grid));
        }
        self.progress.step(grid).map(|(event, _)| event)
    }

    fn visited(&self) -> usize {
        self.visited
    }

    fn path(&self) -> Option<&[Pos]> {
        self.progress.path()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Outcome, run_to_end};

    #[test]
    fn finds_the_cheapest_path_round_by_round() {
        // Two routes: 6 moves along the top, 10 round the bottom.
        let text = "#########\n#S     E#\n# ##### #\n#       #\n#########\n";
        let grid = Grid::parse(text).expect("valid");
        let mut ida = IdaStar::<Paged>::new(&grid, &SolveOptions::default());
        let solution = run_to_end(&mut ida, &grid);
        assert_eq!(solution.outcome, Outcome::Found);
        assert_eq!(solution.length, 6);
    }

    #[test]
    fn raises_the_bound_when_the_straight_line_is_walled() {
        let text = "#######\n#S# #E#\n# # # #\n#     #\n#######\n";
        let grid = Grid::parse(text).expect("valid");
        let mut ida = IdaStar::<Paged>::new(&grid, &SolveOptions::default());
        let mut bounds = Vec::new();
        while let Some(event) = ida.step(&grid) {
            if let SolveEvent::Round { bound } = event {
                bounds.push(bound);
            }
        }
        assert!(bounds.len() > 1, "more than one round: {bounds:?}");
        assert!(
            bounds.windows(2).all(|w| w[0] < w[1]),
            "bounds rise: {bounds:?}"
        );
        assert_eq!(ida.path().map(|p| p.len() - 1), Some(8));
    }

    #[test]
    fn refuses_large_grids_and_finds_no_path_when_walled_off() {
        let big = crate::generate::GeneratorKind::BinaryTree
            .generate(60, 60, 1, &Default::default())
            .expect("valid")
            .0
            .to_grid();
        let solution = run_to_end(
            &mut IdaStar::<Paged>::new(&big, &SolveOptions::default()),
            &big,
        );
        assert!(matches!(
            solution.outcome,
            Outcome::GaveUp(GiveUp::TooLarge { .. })
        ));
        let walled = Grid::parse("#####\n#S#E#\n#####\n").expect("valid");
        let solution = run_to_end(
            &mut IdaStar::<Paged>::new(&walled, &SolveOptions::default()),
            &walled,
        );
        assert_eq!(solution.outcome, Outcome::NoPath);
    }
}
