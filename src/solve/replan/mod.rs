//! What the incremental searches (LPA*, D* Lite) share, kept out of their algorithm files:
//! the queue `U` and its keys ([`queue`]), `g` and `rhs` per tile and what a student is
//! shown of them ([`field`]), and edits of the grid ([`Edit`]) that a search repairs
//! instead of starting over ([`Replan`]).
//!
//! Sources: S. Koenig, M. Likhachev and D. Furcy, "Lifelong Planning A*", *Artificial
//! Intelligence* 155(1–2), 2004 (figure 3); S. Koenig and M. Likhachev, "D* Lite", AAAI
//! 2002 (figure 3, the optimized version).

use std::fmt;

use crate::maze::{Grid, Pos};

pub mod field;
pub mod queue;
pub mod replay;
pub mod robot;

pub use field::Field;
pub use queue::{INF, Key, Queue};

/// One change of the grid, as an edit file writes it (tiles are 0-based `row col`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// `wall R C`: the tile becomes a wall.
    Wall(Pos),
    /// `open R C`: the tile becomes open ground of cost 1.
    Open(Pos),
    /// `cost R C K`: the tile becomes open ground of cost `K` (1–9).
    Cost(Pos, u8),
    /// `start R C`: the start moves there (the tile becomes ground of cost 1).
    Start(Pos),
    /// `goal R C`: the goal moves there (the tile becomes ground of cost 1).
    Goal(Pos),
}

impl fmt::Display for Edit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Edit::Wall(p) => write!(f, "wall {} {}", p.row, p.col),
            Edit::Open(p) => write!(f, "open {} {}", p.row, p.col),
            Edit::Cost(p, k) => write!(f, "cost {} {} {k}", p.row, p.col),
            Edit::Start(p) => write!(f, "start {} {}", p.row, p.col),
            Edit::Goal(p) => write!(f, "goal {} {}", p.row, p.col),
        }
    }
}

/// Why an edit line could not be read or applied: one line of text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct EditError(pub String);

impl Edit {
    /// The tile the edit is about.
    #[must_use]
    pub const fn tile(self) -> Pos {
        match self {
            Edit::Wall(p) | Edit::Open(p) | Edit::Cost(p, _) | Edit::Start(p) | Edit::Goal(p) => p,
        }
    }

    /// Read one line: `wall R C`, `open R C`, `cost R C K` (K in 1–9), `start R C` or
    /// `goal R C`, words separated by blanks; `None` for a blank line or a `#` comment.
    ///
    /// # Errors
    /// [`EditError`] saying what is wrong with the line.
    pub fn parse(line: &str) -> Result<Option<Edit>, EditError> {
        let line = line.split('#').next().unwrap_or("").trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&verb, args)) = words.split_first() else {
            return Ok(None);
        };
        let number = |word: &str, what: &str| {
            word.parse::<u32>()
                .map_err(|_| EditError(format!("{what} '{word}' is not a number")))
        };
        let want = if verb == "cost" { 3 } else { 2 };
        if !matches!(verb, "wall" | "open" | "cost" | "start" | "goal") {
            return Err(EditError(format!(
                "unknown edit '{verb}': expected wall, open, cost, start or goal"
            )));
        }
        if args.len() != want {
            let usage = if verb == "cost" { "cost R C K" } else { "R C" };
            return Err(EditError(format!(
                "'{verb}' takes {want} numbers ({usage}), found {}",
                args.len()
            )));
        }
        let p = Pos::new(number(args[0], "row")?, number(args[1], "column")?);
        Ok(Some(match verb {
            "wall" => Edit::Wall(p),
            "open" => Edit::Open(p),
            "start" => Edit::Start(p),
            "goal" => Edit::Goal(p),
            _ => {
                let k = number(args[2], "cost")?;
                let k = u8::try_from(k)
                    .ok()
                    .filter(|k| (1..=9).contains(k))
                    .ok_or_else(|| EditError(format!("cost {k} is not in 1-9")))?;
                Edit::Cost(p, k)
            }
        }))
    }

    /// Apply the edit to `grid`; returns the tiles whose terrain changed (walls included).
    ///
    /// # Errors
    /// [`EditError`] when the tile is outside the grid, a wall would cover the start or
    /// goal, or the start and goal would share a tile. The grid is then unchanged.
    pub fn apply(self, grid: &mut Grid) -> Result<Vec<Pos>, EditError> {
        let p = self.tile();
        if !grid.contains(p) {
            return Err(EditError(format!(
                "tile ({}, {}) is outside the {}×{}-tile grid",
                p.row,
                p.col,
                grid.rows(),
                grid.cols()
            )));
        }
        let before = grid.cost(p);
        match self {
            Edit::Wall(_) if p == grid.start() || p == grid.goal() => {
                return Err(EditError(
                    "a wall cannot cover the start or the goal".to_owned(),
                ));
            }
            Edit::Start(_) if p == grid.goal() => {
                return Err(EditError("the start cannot move onto the goal".to_owned()));
            }
            Edit::Goal(_) if p == grid.start() => {
                return Err(EditError("the goal cannot move onto the start".to_owned()));
            }
            Edit::Wall(_) => {
                grid.set_terrain(p, None);
            }
            Edit::Open(_) => {
                grid.set_terrain(p, Some(1));
            }
            Edit::Cost(_, k) => {
                grid.set_terrain(p, Some(k));
            }
            Edit::Start(_) => grid.set_start(p),
            Edit::Goal(_) => grid.set_goal(p),
        }
        Ok(if grid.cost(p) == before {
            Vec::new()
        } else {
            vec![p]
        })
    }
}

/// Read an edit file: one [`Edit`] a line, blank lines and `#` comments allowed.
///
/// # Errors
/// [`EditError`] naming the first bad line (from 1).
pub fn parse_edits(text: &str) -> Result<Vec<(usize, Edit)>, EditError> {
    let mut edits = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match Edit::parse(line) {
            Ok(Some(edit)) => edits.push((i + 1, edit)),
            Ok(None) => {}
            Err(EditError(why)) => return Err(EditError(format!("line {}: {why}", i + 1))),
        }
    }
    Ok(edits)
}

/// How a search took an edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repair {
    /// It updated the tiles the edit touched and goes on from its old state.
    Incremental,
    /// The edit moved the root of its search (LPA*'s start, D* Lite's goal): every `g`
    /// is void, and it starts over.
    Restarted,
}

/// A search that repairs itself after the grid changes (LPA*, D* Lite).
pub trait Replan {
    /// The grid is now `grid`: the terrain of `changed` tiles changed, and the start or
    /// goal may have moved. The search updates the tiles affected as its algorithm
    /// prescribes and continues (its next steps repair the path). O(changed · log |U|),
    /// or O(tiles) when it restarts.
    fn repair(&mut self, grid: &Grid, changed: &[Pos]) -> Repair;

    /// Vertex expansions so far (pops that lowered or raised a `g`), over every repair.
    fn expansions(&self) -> u64;
}

/// The path found by following, from `from`, the neighbour `next` picks, until `to`;
/// `None` when `next` finds none or the walk does not end within the tile count (a `g`
/// field that has no path).
pub fn follow(
    grid: &Grid,
    from: Pos,
    to: Pos,
    mut next: impl FnMut(Pos) -> Option<Pos>,
) -> Option<Vec<Pos>> {
    let mut path = vec![from];
    let mut at = from;
    while at != to {
        at = next(at)?;
        path.push(at);
        if path.len() > grid.len() {
            return None;
        }
    }
    Some(path)
}
