//! What a step machine tells a student besides the maze: the [`Teach`] trait every generator
//! and solver implements (its pseudocode, the lines a step ran, a sentence for the step, its
//! live data structure, a cell's or tile's record, the milestones), and the shapes those
//! answers take.
//!
//! The UI only draws what these return. Nothing here knows about the terminal.
//!
//! The vocabulary follows the field: Jamis Buck, *Mazes for Programmers* (Pragmatic
//! Bookshelf, 2015) for generators — passage, carve, frontier, run, set, walk, dead end —
//! and Amit Patel, *Introduction to A\** (Red Blob Games, redblobgames.com) for solvers —
//! frontier / open set, reached / closed set, came-from, g, h, f.

use std::fmt::Debug;

use crate::Mark;
use crate::maze::Pos;
use crate::run::Milestone;

pub mod guess;
mod question;
pub use question::{Answer, Choice, HINT_LETTERS, MAX_CHOICES, MIN_CHOICES, Question};

/// One observable operation of a step machine: small, `Copy`, formatted only when asked.
pub trait Event: Copy + Debug + PartialEq {
    /// The milestone this event marks on the timeline, if it marks one.
    fn milestone(&self) -> Option<Milestone> {
        None
    }
}

/// What every step machine, generator or solver, tells a student. The step itself is in
/// [`crate::generate::Generator`] and [`crate::solve::Solver`]; this is the teaching side.
///
/// A new algorithm implements `pseudocode`, `lines`, `explain`, `structure_len` and (unless
/// it keeps a [`Record`]) `mark` and `current`; the rest have defaults.
pub trait Teach {
    /// What one step did.
    type Event: Event;

    /// Its pseudocode, as the Pseudocode pane shows it (at most [`MAX_PSEUDOCODE_LINES`]
    /// lines of at most [`MAX_PSEUDOCODE_WIDTH`] characters).
    fn pseudocode(&self) -> Pseudocode;

    /// The pseudocode lines the machine ran when it was built (its set-up, e.g. "open ←
    /// {start}"), marked before its first step. Most pseudocode opens with its set-up line.
    fn setup_lines(&self) -> &'static [usize] {
        &[0]
    }

    /// The lines of the pseudocode (0-based) that the step which returned `event` ran;
    /// `self` is the machine after that step.
    fn lines(&self, event: &Self::Event) -> &'static [usize];

    /// The lines an edit of the grid runs in a machine that repairs itself after edits
    /// (LPA*, D* Lite); none in the others, which start over.
    fn edit_lines(&self) -> &'static [usize] {
        &[]
    }

    /// One sentence saying what the step which returned `event` did and why.
    fn explain(&self, event: &Self::Event) -> String;

    /// Entries in the live structure (stack, queue, open set, run, sets), for the stats
    /// pane. O(1).
    fn structure_len(&self) -> usize;

    /// The live structure as a list: its first `max` entries in the order the algorithm
    /// will take them.
    fn structure(&self, max: usize) -> Structure {
        let _ = max;
        Structure::new("", "", self.structure_len(), Vec::new())
    }

    /// What the machine keeps per cell or tile, where it keeps a [`Record`] (the searches'
    /// trees): the defaults of `mark`, `current` and `inspect` read it.
    fn record(&self) -> Option<&dyn Record> {
        None
    }

    /// How to show `at` (a cell for generators, a tile for solvers) now: current, in the
    /// live structure, done with, on the path, untouched. Called only for what is on screen.
    fn mark(&self, at: Pos) -> Mark {
        self.record().map_or(Mark::None, |r| r.mark(at))
    }

    /// The cell or tile being worked on, if any (the view keeps it on screen).
    fn current(&self) -> Option<Pos> {
        self.record().and_then(Record::current)
    }

    /// What the machine knows of `at`, for the inspector.
    fn inspect(&self, at: Pos) -> Inspection {
        match self.record() {
            Some(r) => r.inspect(at),
            None => Inspection::new(format!("{:?}", self.mark(at)).to_lowercase()),
        }
    }

    /// The milestone the step which returned `event` marks on the timeline, if any.
    fn milestone(&self, event: &Self::Event) -> Option<Milestone> {
        event.milestone()
    }

    /// The question this algorithm's steps answer (`which tile does A* take next?`), or
    /// `None` when it has none (the quiz then lets its steps pass unasked).
    fn asks(&self) -> Option<&'static str> {
        None
    }

    /// The question the next step answers, with its choices and the accepted ones (ties
    /// included); `None` when the next step answers none (a stale entry skipped, the path
    /// traced, an algorithm without a question). Called once per frame while the quiz is
    /// on: at most O(structure · log [`MAX_CHOICES`]).
    fn question(&self) -> Option<Question> {
        None
    }
}

/// What a search keeps per tile (its tree: g, came-from link, status), read by the default
/// answers of [`Teach`] and [`crate::solve::Solver`].
pub trait Record {
    /// How to show `tile`.
    fn mark(&self, tile: Pos) -> Mark;
    /// The tile being worked on.
    fn current(&self) -> Option<Pos>;
    /// What is known of `tile`.
    fn inspect(&self, tile: Pos) -> Inspection;
    /// The tile `tile` was reached from.
    fn came_from(&self, tile: Pos) -> Option<Pos>;
    /// Tiles visited (expanded) so far.
    fn visited(&self) -> usize;
    /// The path, start first, once traced.
    fn path(&self) -> Option<&[Pos]>;
}

/// The pseudocode of one algorithm: at most [`MAX_PSEUDOCODE_LINES`] short lines, indented
/// with two spaces per level. Each step reports which of these lines it ran.
pub type Pseudocode = &'static [&'static str];

/// The most lines any algorithm's pseudocode has (it must fit a small pane).
pub const MAX_PSEUDOCODE_LINES: usize = 12;

/// The most characters in a line of pseudocode, indentation included (the narrowest side
/// pane shows this many after the two-column marker).
pub const MAX_PSEUDOCODE_WIDTH: usize = 32;

/// The live data structure of a machine, as a list a student can read: named as the
/// algorithm names it, the first entries in the order the algorithm will take them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Structure {
    /// What the algorithm calls it: `stack`, `queue`, `open set`, `frontier`, `sets`,
    /// `run`, `walk`, `chambers`, `active list`. Empty for a machine with none.
    pub name: &'static str,
    /// How the entries are listed, e.g. `top first`, `lowest f first`, `head first`.
    pub order: &'static str,
    /// Entries in the whole structure (the list below may show only the first few).
    pub len: usize,
    /// The first entries, in the order the algorithm will take them.
    pub entries: Vec<Entry>,
}

impl Structure {
    /// A structure called `name`, listed in `order`, with `len` entries of which `entries`
    /// are the first.
    #[must_use]
    pub fn new(name: &'static str, order: &'static str, len: usize, entries: Vec<Entry>) -> Self {
        Self {
            name,
            order,
            len,
            entries,
        }
    }
}

/// One entry of a [`Structure`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The cell (generators) or tile (solvers) the entry is about.
    pub pos: Pos,
    /// What the algorithm knows of it, in its own terms, e.g. `f=24 g=10 h=14`,
    /// `w=31`, `set 4 · 12 cells`, `→ east`, `rows 0-9 × cols 3-7`. May be empty.
    pub detail: String,
}

impl Entry {
    /// An entry about `pos` with `detail`.
    #[must_use]
    pub fn new(pos: Pos, detail: impl Into<String>) -> Self {
        Self {
            pos,
            detail: detail.into(),
        }
    }
}

/// What the inspector shows for one cell or tile: its status in the machine's own words and
/// the values it keeps for it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inspection {
    /// One or two words: `open set`, `closed`, `on the stack`, `in set 4`, `not reached`.
    pub status: String,
    /// Named values, e.g. `("g", "24")`, `("came from", "(3,6)")`.
    pub fields: Vec<(&'static str, String)>,
}

impl Inspection {
    /// An inspection with `status` and no values yet.
    #[must_use]
    pub fn new(status: impl Into<String>) -> Self {
        Self {
            status: status.into(),
            fields: Vec::new(),
        }
    }

    /// Add the value `name = value`.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl ToString) -> Self {
        self.fields.push((name, value.to_string()));
        self
    }
}

/// The `n` least items of `items` by `key`, least first (equal keys in the order met):
/// how a machine lists the next entries of a binary heap (which keeps no order beyond its
/// top) without emptying it. Keeps only the `n` best while reading, so the structure pane
/// costs O(len · log n) and no copy of the whole structure; `n == 0` reads nothing.
#[must_use]
pub fn least<T, K: Ord>(items: impl Iterator<Item = T>, n: usize, key: impl Fn(&T) -> K) -> Vec<T> {
    let mut best: Vec<(K, T)> = Vec::with_capacity(n);
    if n == 0 {
        return Vec::new();
    }
    for item in items {
        let k = key(&item);
        if best.len() == n && best.last().is_some_and(|(last, _)| k >= *last) {
            continue;
        }
        let at = best.partition_point(|(b, _)| *b <= k);
        if best.len() == n {
            best.pop();
        }
        best.insert(at, (k, item));
    }
    best.into_iter().map(|(_, item)| item).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_lists_the_smallest_in_order() {
        let items = [9, 3, 7, 1, 8, 2];
        assert_eq!(least(items.into_iter(), 3, |&x| x), [1, 2, 3]);
        assert_eq!(least(items.into_iter(), 10, |&x| x), [1, 2, 3, 7, 8, 9]);
        assert!(least(items.into_iter(), 0, |&x| x).is_empty());
    }

    #[test]
    fn every_pseudocode_fits_the_pane() {
        let all = crate::generate::GeneratorKind::ALL
            .iter()
            .map(|k| (k.name(), k.pseudocode()))
            .chain(
                crate::solve::SolverKind::ALL
                    .iter()
                    .map(|k| (k.name(), k.pseudocode())),
            );
        for (name, code) in all {
            assert!(
                code.len() <= MAX_PSEUDOCODE_LINES,
                "{name}: {} lines",
                code.len()
            );
            for line in code {
                let width = line.chars().count();
                assert!(
                    width <= MAX_PSEUDOCODE_WIDTH,
                    "{name}: {line:?} is {width} wide"
                );
            }
        }
    }

    #[test]
    fn an_inspection_collects_its_fields() {
        let i = Inspection::new("closed")
            .with("g", 24)
            .with("came from", Pos::new(3, 6));
        assert_eq!(i.status, "closed");
        assert_eq!(
            i.fields,
            [("g", "24".to_owned()), ("came from", "(3,6)".to_owned())]
        );
    }
}
