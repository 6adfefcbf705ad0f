//! [`Settled`]: the headless per-tile state of Dijkstra and A*, two bytes a tile instead of
//! the packed node's four, where the search's keys never fall.
//!
//! Dijkstra and A* compare `g' < g[n]` for every neighbour `n`, so they need `g` of every
//! reached tile, not only of the one they expand. But while their keys (`g` for Dijkstra,
//! `f = g + h` for A* with a consistent heuristic) never fall from one expansion to the
//! next, a closed tile is *settled*: its `g` is final and no route found later is cheaper
//! (the invariant the textbook proofs rest on; Dijkstra 1959; Hart, Nilsson and Raphael
//! 1968, for a consistent `h`). So `g' < g[n]` is false for every closed `n`, and only
//! the open tiles' `g` is ever needed. An open tile's key lies between the last key
//! expanded (`base`) and `base` plus twice the dearest move (it was pushed from a tile
//! expanded at or below `base`, one move away; `h` changes by at most a move's cost): at
//! most 2 · 14 · 9 = 252 above `base`. Its key modulo 2048 then gives it back exactly.
//!
//! A node is a `u16`: the key modulo 2048 (11 bits; 0 once closed), the came-from move (3
//! bits), reached, closed; a wall is a value no tile takes ([`Window`]). With 4-way moves
//! on a grid without terrain a move costs 10, so an open key is at most 20 above `base`,
//! and a node fits in a byte: open, the came-from move (2 bits) and the key modulo 32; or
//! closed and the move; or a wall; or nothing ([`Bytes`]). On the 1000×1000 perfect maze
//! that is 4 MB instead of 16 MB, as BFS's [`super::Marks`]: fewer pages mapped and
//! zeroed, a quarter of the lines through the caches. Measured: `benches/RESULTS.md`.
//!
//! A search whose keys may fall (weighted A*, a heuristic that is not consistent for the
//! moves) can reopen a closed tile and needs its `g`: [`Settled::Full`] keeps the packed
//! nodes for it, chosen before the search begins ([`Keys`]).

use get_size2::GetSize;

use super::TreeNodes;
use crate::maze::Grid;
use crate::solve::tiles::{INFINITY, Layout, Node};
use crate::solve::{DIAGONAL, Heuristic, Moves, SolveOptions};

/// What a search promises about the keys it expands in order, for a store that keeps `g`
/// only while a tile is open ([`Settled`]; the others keep every `g`
/// and need no promise). Without one, such a store takes the keys to be `g`, rising.
#[derive(Clone, Copy, Debug)]
pub enum Keys {
    /// Keys `g + h` (`h`: the heuristic's estimate to the goal times the scale; none: `g`)
    /// that never fall from one expansion to the next: Dijkstra, A* with a consistent
    /// heuristic and no weight. A closed tile is then never reached more cheaply.
    Rising(Option<(Heuristic, u32)>),
    /// Keys that may fall (weighted A*, a heuristic not consistent for the moves): a
    /// closed tile may be reopened, so every `g` is kept.
    MayFall,
}

impl Keys {
    /// A*'s keys `f = g + w·h` under `options`, `h` scaled by `scale` on `grid`: rising with
    /// no weight (`w` = 1) and a heuristic consistent for the moves
    /// ([`Heuristic::is_consistent`]), where no estimate on the grid is large enough for
    /// A*'s `w·h` in hundredths to wrap; they may fall otherwise.
    #[must_use]
    pub fn of_astar(grid: &Grid, options: &SolveOptions, scale: u32) -> Self {
        // No estimate is more than a diagonal move for every row and column.
        let largest = u64::from(grid.rows() + grid.cols()) * u64::from(DIAGONAL * scale);
        let wraps = largest * 100 >= u64::from(u32::MAX);
        if options.heuristic_weight <= 100
            && options.heuristic.is_consistent(options.diagonal())
            && !wraps
        {
            Keys::Rising(Some((options.heuristic, scale)))
        } else {
            Keys::MayFall
        }
    }
}

/// The key bits: a key modulo 2048.
const KEY: u16 = 0x07FF;
const FROM_SHIFT: u16 = 11;
const REACHED: u16 = 1 << 14;
const CLOSED: u16 = 1 << 15;
/// A wall: a came-from move on a tile never reached, which no open tile has.
const WALL: u16 = 1 << FROM_SHIFT;

/// Two bytes a tile, `g` kept only while a tile is open; see the module documentation.
#[derive(Clone, Debug, GetSize)]
pub struct Window {
    nodes: Vec<u16>,
    /// The last key expanded: every open tile's key is within [`KEY`] above it.
    base: u32,
    /// Whether any tile has been reached (the first key reached sets `base`).
    started: bool,
}

impl Window {
    /// The key of an open node `v`.
    #[inline]
    fn key(&self, v: u16) -> u32 {
        self.base + (u32::from(v).wrapping_sub(self.base) & u32::from(KEY))
    }
}

/// A byte a tile, `g` kept only while a tile is open, for 4-way moves of cost 10; see the
/// module documentation.
#[derive(Clone, Debug, GetSize)]
pub struct Bytes {
    nodes: Vec<u8>,
    /// The last key expanded: every open tile's key is within [`B_KEY`] above it.
    base: u32,
    /// Whether any tile has been reached (the first key reached sets `base`).
    started: bool,
}

/// [`Bytes`]: nothing is 0; a wall [`B_WALL`]; closed [`B_CLOSED`] and the move (2 bits);
/// open [`B_OPEN`], the move (bits 5 and 6) and the key modulo 32.
const B_KEY: u8 = 0x1F;
const B_WALL: u8 = 0x20;
const B_CLOSED: u8 = 0x40;
const B_OPEN: u8 = 0x80;

impl Bytes {
    /// The key of an open node `v`.
    #[inline]
    fn key(&self, v: u8) -> u32 {
        self.base + (u32::from(v).wrapping_sub(self.base) & u32::from(B_KEY))
    }

    #[inline]
    fn is_wall(&self, i: usize) -> bool {
        self.nodes[i] == B_WALL
    }

    #[inline]
    fn is_closed(&self, i: usize) -> bool {
        self.nodes[i] & (B_OPEN | B_CLOSED) == B_CLOSED
    }

    /// Nothing yet, or open: neither a wall nor closed.
    #[inline]
    fn may_enter(&self, i: usize) -> bool {
        let v = self.nodes[i];
        v == 0 || v & B_OPEN != 0
    }
}

impl Window {
    #[inline]
    fn is_wall(&self, i: usize) -> bool {
        self.nodes[i] == WALL
    }

    #[inline]
    fn is_closed(&self, i: usize) -> bool {
        self.nodes[i] & CLOSED != 0
    }

    /// Nothing yet (a wall has a came-from move and is not reached), or reached and not
    /// closed.
    #[inline]
    fn may_enter(&self, i: usize) -> bool {
        let v = self.nodes[i];
        v == 0 || v & (REACHED | CLOSED) == REACHED
    }
}

/// The headless nodes of Dijkstra and A*: [`Bytes`] or a [`Window`] while the keys never
/// fall, the packed nodes otherwise.
#[derive(Clone, Debug, GetSize)]
pub enum Settled {
    /// Keys that never fall, 4-way moves on a grid without terrain.
    Bytes(Bytes),
    /// Keys that never fall: `g` kept for open tiles alone, as keys.
    Window(Window),
    /// Keys that may fall: every reached tile's `g`.
    Full(Vec<Node>),
}

impl TreeNodes for Settled {
    fn new(layout: &Layout, grid: &Grid, moves: Moves) -> Self {
        if moves == Moves::Four && !grid.is_weighted() {
            return Settled::Bytes(Bytes {
                nodes: layout.fill(grid, B_WALL, |_| 0),
                base: 0,
                started: false,
            });
        }
        Settled::Window(Window {
            nodes: layout.fill(grid, WALL, |_| 0),
            base: 0,
            started: false,
        })
    }

    #[inline]
    fn is_wall(&self, i: usize) -> bool {
        match self {
            Settled::Bytes(b) => b.is_wall(i),
            Settled::Window(w) => w.is_wall(i),
            Settled::Full(n) => n[i].is_wall(),
        }
    }

    #[inline]
    fn is_reached(&self, i: usize) -> bool {
        match self {
            Settled::Bytes(b) => b.nodes[i] & (B_OPEN | B_CLOSED) != 0,
            Settled::Window(w) => w.nodes[i] & REACHED != 0,
            Settled::Full(n) => n[i].is_reached(),
        }
    }

    #[inline]
    fn is_closed(&self, i: usize) -> bool {
        match self {
            Settled::Bytes(b) => b.is_closed(i),
            Settled::Window(w) => w.is_closed(i),
            Settled::Full(n) => n[i].is_closed(),
        }
    }

    /// Open ground not closed while the keys never fall (a closed tile is settled, its
    /// `g`, 0 here, beats every route); every open tile when they may fall.
    #[inline]
    fn may_enter(&self, i: usize) -> bool {
        match self {
            Settled::Bytes(b) => b.may_enter(i),
            Settled::Window(w) => w.may_enter(i),
            Settled::Full(n) => !n[i].is_wall(),
        }
    }

    /// [`Settled::Window`]: the key of an open tile, 0 for a closed one (settled: no route
    /// found later is cheaper), [`INFINITY`] for one not reached.
    #[inline]
    fn g(&self, i: usize) -> u32 {
        match self {
            Settled::Bytes(b) => {
                let v = b.nodes[i];
                if v & B_OPEN != 0 {
                    b.key(v)
                } else if v & B_CLOSED != 0 {
                    0
                } else {
                    INFINITY
                }
            }
            Settled::Window(w) => {
                let v = w.nodes[i];
                if v & REACHED == 0 {
                    INFINITY
                } else if v & CLOSED != 0 {
                    0
                } else {
                    w.key(v)
                }
            }
            Settled::Full(n) => n[i].g(),
        }
    }

    #[inline]
    fn from(&self, i: usize) -> usize {
        match self {
            Settled::Bytes(b) => {
                let v = b.nodes[i];
                usize::from(if v & B_OPEN != 0 { v >> 5 } else { v } & 3)
            }
            Settled::Window(w) => usize::from((w.nodes[i] >> FROM_SHIFT) & 7),
            Settled::Full(n) => n[i].from(),
        }
    }

    /// [`Settled::Window`]: `g` is the key.
    #[inline]
    #[allow(clippy::cast_possible_truncation)] // from < 8, the key masked to 11 bits
    fn reach(&mut self, i: usize, g: u32, from: usize) {
        match self {
            Settled::Bytes(b) => {
                if !b.started {
                    (b.base, b.started) = (g, true);
                }
                b.nodes[i] = B_OPEN | ((from as u8 & 3) << 5) | (g as u8 & B_KEY);
            }
            Settled::Window(w) => {
                if !w.started {
                    (w.base, w.started) = (g, true);
                }
                w.nodes[i] = REACHED | ((from as u16 & 7) << FROM_SHIFT) | (g as u16 & KEY);
            }
            Settled::Full(n) => n[i] = Node::reached(g, from),
        }
    }

    #[inline]
    fn close(&mut self, i: usize) {
        match self {
            Settled::Bytes(b) => {
                let v = b.nodes[i];
                b.base = b.key(v);
                b.nodes[i] = B_CLOSED | ((v >> 5) & 3);
            }
            Settled::Window(w) => {
                let v = w.nodes[i];
                w.base = w.key(v);
                w.nodes[i] = (v & !KEY) | CLOSED;
            }
            Settled::Full(n) => n[i] = n[i].closed(),
        }
    }

    fn keyed(&self) -> bool {
        !matches!(self, Settled::Full(_))
    }

    fn keys_may_fall(&mut self) {
        let node = |wall| if wall { Node::WALL } else { Node::UNREACHED };
        *self = Settled::Full(match self {
            Settled::Bytes(b) => b.nodes.iter().map(|&v| node(v == B_WALL)).collect(),
            Settled::Window(w) => w.nodes.iter().map(|&v| node(v == WALL)).collect(),
            Settled::Full(_) => return,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maze::Pos;
    use crate::solve::Corners;

    /// Keys rising as Dijkstra's and A*'s do, past many turns of the window: every open
    /// tile reads back its exact key, closed ones read 0, the walls stay walls. `step`: the
    /// rise from one expansion to the next; `ahead`: the furthest an open key gets.
    fn keys_come_back(moves: Moves, weighted: bool, step: u32, ahead: u32) {
        let row = if weighted { "2" } else { " " }.repeat(299);
        let grid = Grid::parse(&format!("S{row}\n{row}E\n")).expect("valid");
        let layout = Layout::new(&grid);
        let mut nodes = Settled::new(&layout, &grid, moves);
        let at = |c| layout.at(Pos::new(0, c)) as usize;
        let below = |c| layout.at(Pos::new(1, c)) as usize;
        assert!(nodes.is_wall(0) && !nodes.is_wall(at(0)) && nodes.keyed());
        let start = 1_000_000;
        nodes.reach(at(0), start, 0);
        for c in 0..299 {
            let key = start + step * c;
            assert_eq!(nodes.g(at(c)), key);
            nodes.close(at(c));
            assert_eq!((nodes.g(at(c)), nodes.is_closed(at(c))), (0, true));
            assert_eq!(nodes.from(at(c)), usize::from(c > 0));
            // Two open tiles ahead: one as far as a key gets, one a move on.
            nodes.reach(below(c), key + ahead, 2);
            nodes.reach(at(c + 1), key + step, 1);
            assert_eq!(nodes.g(below(c)), key + ahead);
            assert_eq!((nodes.from(below(c)), nodes.from(at(c + 1))), (2, 1));
            assert!(nodes.is_reached(below(c)) && !nodes.is_closed(below(c)));
            nodes.reach(below(c), key + ahead / 2, 2);
            assert_eq!(
                nodes.g(below(c)),
                key + ahead / 2,
                "a cheaper route replaces it"
            );
        }
        assert!(nodes.is_wall(layout.len() - 1));
        assert_eq!(nodes.g(below(299)), INFINITY);
    }

    #[test]
    fn open_keys_come_back_exactly_across_the_window() {
        // A byte a tile: 4-way moves of 10, keys at most 20 ahead.
        keys_come_back(Moves::Four, false, 10, 20);
        let Settled::Bytes(_) = Settled::new(
            &Layout::new(&Grid::parse("S E\n").expect("valid")),
            &Grid::parse("S E\n").expect("valid"),
            Moves::Four,
        ) else {
            panic!("a byte a tile")
        };
        // Two bytes: diagonal moves, or terrain (a move of 14 · 9, keys 252 ahead).
        keys_come_back(Moves::Eight(Corners::default()), false, 14, 28);
        keys_come_back(Moves::Four, true, 90, 252);
    }

    /// Keys that may fall: the packed nodes, every `g` kept, closed ones too.
    #[test]
    fn keys_that_may_fall_keep_every_g() {
        let grid = Grid::parse("S#E\n").expect("valid");
        let layout = Layout::new(&grid);
        let mut nodes = Settled::new(&layout, &grid, Moves::Four);
        nodes.keys_may_fall();
        let at = |c| layout.at(Pos::new(0, c)) as usize;
        assert!(!nodes.keyed() && nodes.is_wall(at(1)) && !nodes.is_wall(at(2)));
        nodes.reach(at(0), 70_000, 0);
        nodes.close(at(0));
        assert_eq!((nodes.g(at(0)), nodes.is_closed(at(0))), (70_000, true));
    }
}
