//! Maze generators as resumable step machines, one file per algorithm, and their registry.
//!
//! Each generator owns its state (stack, frontier, sets, RNG) and carves into a [`Maze`]
//! passed to every [`Generator::step`] call, so the caller can look at (or draw) the maze
//! between steps. One step is one observable operation and returns a typed [`GenEvent`];
//! the last step returns [`GenEvent::Done`] and every call after that returns `None`.
//! The TUI calls `step` once per key press; headless commands and tests call
//! [`GeneratorKind::generate`], which runs the very same machines to the end.
//!
//! Randomness comes from [`Rng`] (ChaCha8) seeded from a `u64`, so a seed gives the same
//! maze on every platform and every run.

use get_size2::GetSize;
use rand::SeedableRng;

use crate::Mark;
use crate::maze::{Dir, Maze, Pos};
use crate::teach::{Inspection, Pseudocode, Structure};

pub mod aldous_broder;
pub mod binary_tree;
pub mod braid;
pub mod eller;
mod generation;
pub mod growing_tree;
pub mod houston;
pub mod hunt_and_kill;
pub mod kruskal;
mod options;
pub mod origin_shift;
pub mod prim;
pub mod recursive_backtracker;
pub mod recursive_division;
mod row_scan;
pub mod sidewinder;
pub mod simplified_prim;
pub mod wilson;
mod words;

pub use binary_tree::Bias;
pub use generation::Generation;
pub use options::{CellChoice, GenOptions};

/// The random number generator every generator uses: ChaCha8, portable and seedable.
pub type Rng = rand_chacha::ChaCha8Rng;

/// The generator RNG for `seed`.
#[must_use]
pub fn rng(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// One observable operation of a generator. Positions are **cells**. Small and `Copy`:
/// returning one costs nothing, and nothing is formatted unless the log asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenEvent {
    /// A passage was carved from cell `from` into its neighbour `to`.
    Carve {
        /// The cell carved from.
        from: Pos,
        /// The neighbour carved into.
        to: Pos,
    },
    /// A cell was added to the frontier / stack / active list, with its priority (a random
    /// weight for Prim; 0 where the structure has none).
    Push {
        /// The cell added.
        cell: Pos,
        /// Its priority.
        weight: u32,
    },
    /// A priority-queue pop that carved: cell `cell` joined the maze through `from`.
    Pop {
        /// The cell popped and joined to the maze.
        cell: Pos,
        /// The maze cell it was joined to.
        from: Pos,
        /// The popped priority (edge weight).
        weight: u32,
    },
    /// A stale entry was taken from the frontier and dropped (its cell was already in the
    /// maze), or a candidate wall was rejected because it would close a loop (Kruskal).
    Skip {
        /// The cell of the stale entry (Kruskal: one side of the rejected wall).
        cell: Pos,
        /// Its priority, where the structure has one.
        weight: u32,
    },
    /// A dead end: the cell has no unvisited neighbour and leaves the stack / active list.
    Backtrack {
        /// The cell removed.
        cell: Pos,
    },
    /// A hunt phase looked at one cell for an unvisited cell next to the maze.
    Scan {
        /// The cell scanned.
        cell: Pos,
    },
    /// A random walk moved without carving (Aldous-Broder over visited cells, Wilson's walk).
    Walk {
        /// Where the walk was.
        from: Pos,
        /// Where it went.
        to: Pos,
    },
    /// Wilson's walk ran into itself: the loop back to `cell` was erased.
    Erase {
        /// Where the walk resumes.
        cell: Pos,
    },
    /// Recursive Division built a wall with one gap. `horizontal`: the wall runs along the
    /// south side of cell row `at`, over columns `start..=end`, the gap at column `gap`;
    /// otherwise along the east side of column `at`, over rows `start..=end`, gap at row `gap`.
    Divide {
        /// Whether the wall runs east–west.
        horizontal: bool,
        /// The row (horizontal) or column (vertical) the wall borders.
        at: u32,
        /// First column (row) of the wall.
        start: u32,
        /// Last column (row) of the wall.
        end: u32,
        /// Where the passage through the wall is left.
        gap: u32,
    },
    /// Origin Shift moved its origin from `from` to the neighbour `to`: the passage between
    /// them was carved and `to`'s old passage, to `removed`, walled up (`None` when it led
    /// to `from`, so the same passage only turned round).
    Shift {
        /// The old origin.
        from: Pos,
        /// The new origin.
        to: Pos,
        /// The cell `to` pointed to before, now walled off from it.
        removed: Option<Pos>,
    },
    /// The maze is complete.
    Done,
}

/// A maze generator as a resumable state machine.
///
/// Contract: `step` performs exactly one observable operation on `maze` (which must be the
/// maze this generator was created for and started as [`GeneratorKind::initial_maze`]) and
/// returns its event; after [`GenEvent::Done`] it returns `None` forever (fused). `Clone`
/// copies the whole state, so a run can keep checkpoints of it and rewind.
///
/// Besides stepping, a generator answers what a student asks: which lines of its
/// pseudocode ([`GeneratorKind::pseudocode`]) a step ran and why, what is in its live
/// structure, and what it knows of one cell.
pub trait Generator: Clone + std::fmt::Debug + GetSize {
    /// Do one operation and say what it was; `None` once done.
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent>;

    /// The lines of the pseudocode (0-based) that the step which returned `event` ran;
    /// `self` is the machine after that step.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        let _ = event;
        &[]
    }

    /// One sentence saying what the step which returned `event` did and why.
    fn explain(&self, event: &GenEvent) -> String {
        describe(event)
    }

    /// The pseudocode lines the machine ran when it was built (its set-up, e.g. "pick a
    /// random cell, push it"), marked before its first step. Most pseudocode opens with
    /// its set-up line.
    fn setup_lines(&self) -> &'static [usize] {
        &[0]
    }

    /// How to show `cell` now: current, in the live structure, in the maze, untouched.
    /// Called only for cells on screen.
    fn mark(&self, cell: Pos) -> Mark;

    /// Entries in the live structure (stack, frontier, active list, walk, run, sets), for
    /// the stats pane. O(1).
    fn structure_len(&self) -> usize;

    /// The live structure as a list: its first `max` entries in the order the algorithm
    /// will take them.
    fn structure(&self, max: usize) -> Structure {
        let _ = max;
        Structure::new("", "", self.structure_len(), Vec::new())
    }

    /// What the machine knows of `cell`, for the inspector.
    fn inspect(&self, cell: Pos) -> Inspection {
        Inspection::new(format!("{:?}", self.mark(cell)).to_lowercase())
    }

    /// The cell being worked on, if any (the view keeps it on screen).
    fn current(&self) -> Option<Pos>;
}

/// The compass word for the move from `from` to the adjacent cell `to` (`"east"`, …).
#[must_use]
pub fn direction(from: Pos, to: Pos) -> &'static str {
    match (to.row.cmp(&from.row), to.col.cmp(&from.col)) {
        (std::cmp::Ordering::Less, _) => "north",
        (std::cmp::Ordering::Greater, _) => "south",
        (_, std::cmp::Ordering::Less) => "west",
        _ => "east",
    }
}

/// A random 31-bit edge weight on a scale a reader can compare by eye: thousandths of the
/// largest weight (`.036`).
#[must_use]
pub fn per_mille(weight: u32) -> String {
    format!(".{:03}", (u64::from(weight) * 1000) >> 31)
}

/// One sentence for `event` that needs nothing but the event: what every generator says
/// unless it knows more (the generators override [`Generator::explain`] to add why).
#[must_use]
pub fn describe(event: &GenEvent) -> String {
    match *event {
        GenEvent::Carve { from, to } => {
            format!(
                "carved a passage {} from {from} to {to}",
                direction(from, to)
            )
        }
        GenEvent::Push { cell, .. } => format!("added {cell} to the frontier"),
        GenEvent::Pop { cell, from, weight } => format!(
            "took the lightest edge (weight {}) from the queue: carved {from} to {cell}",
            per_mille(weight)
        ),
        GenEvent::Skip { cell, .. } => {
            format!("took {cell} from the frontier, but it is already in the maze: skipped")
        }
        GenEvent::Backtrack { cell } => {
            format!("{cell} has no unvisited neighbour: a dead end, so go back")
        }
        GenEvent::Scan { cell } => {
            format!("hunting: looked at {cell} for an unvisited cell next to the maze")
        }
        GenEvent::Walk { from, to } => format!(
            "walked {} from {from} to {to}, a cell already in the maze: nothing carved",
            direction(from, to)
        ),
        GenEvent::Erase { cell } => {
            format!("the walk ran into itself at {cell}: the loop it closed was erased")
        }
        GenEvent::Divide {
            horizontal,
            at,
            start,
            end,
            gap,
        } => {
            if horizontal {
                format!(
                    "built a wall south of row {at}, columns {start}–{end}, leaving a gap at column {gap}"
                )
            } else {
                format!(
                    "built a wall east of column {at}, rows {start}–{end}, leaving a gap at row {gap}"
                )
            }
        }
        GenEvent::Shift { from, to, .. } => {
            format!(
                "moved the origin {} from {from} to {to}",
                direction(from, to)
            )
        }
        GenEvent::Done => "every cell is in the maze: done".to_owned(),
    }
}

/// Run a generator to its end on `maze`; returns the number of steps taken (including the
/// final [`GenEvent::Done`]). Generic, so headless runs inline the step machine.
pub fn run_to_end<G: Generator>(generator: &mut G, maze: &mut Maze) -> u64 {
    let mut steps = 0;
    while generator.step(maze).is_some() {
        steps += 1;
    }
    steps
}

macro_rules! generators {
    ($( $variant:ident => $module:ident :: $ty:ident, $name:literal, $title:literal, $summary:literal; )*) => {
        /// Every generator, by stable kebab-case name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GeneratorKind {
            $( #[doc = $summary] $variant, )*
        }

        /// Any generator's step machine: the registry's closed set of algorithms as one
        /// `Clone` type, so a run can hold (and checkpoint) whichever the user picked.
        #[derive(Clone, Debug, GetSize)]
        pub enum AnyGenerator {
            $( #[doc = $summary] $variant($module::$ty), )*
        }

        impl GeneratorKind {
            /// All generators, in menu order.
            pub const ALL: &'static [GeneratorKind] = &[$(GeneratorKind::$variant,)*];

            /// The stable kebab-case name used on the command line (`binary-tree`, …).
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self { $(GeneratorKind::$variant => $name,)* }
            }

            /// The display title (`Binary Tree`, …).
            #[must_use]
            pub const fn title(self) -> &'static str {
                match self { $(GeneratorKind::$variant => $title,)* }
            }

            /// One line saying what it does and what its mazes look like.
            #[must_use]
            pub const fn summary(self) -> &'static str {
                match self { $(GeneratorKind::$variant => $summary,)* }
            }

            /// Its pseudocode, as the Pseudocode pane shows it (at most
            /// [`crate::teach::MAX_PSEUDOCODE_LINES`] lines).
            #[must_use]
            pub const fn pseudocode(self) -> Pseudocode {
                match self { $(GeneratorKind::$variant => $module::PSEUDOCODE,)* }
            }

            /// A fresh step machine for `maze` (which must be [`GeneratorKind::initial_maze`]).
            #[must_use]
            pub fn build(self, maze: &Maze, seed: u64, options: &GenOptions) -> AnyGenerator {
                match self {
                    $(GeneratorKind::$variant => AnyGenerator::$variant($module::$ty::new(maze, seed, options)),)*
                }
            }

            /// Generate a whole `width × height`-cell maze: the same step machine as
            /// [`GeneratorKind::build`], run to the end without dynamic dispatch.
            /// Returns the maze and the number of steps.
            ///
            /// # Errors
            /// [`crate::Error::Size`] / [`crate::Error::TooLarge`] from [`Maze::new`].
            pub fn generate(self, width: u32, height: u32, seed: u64, options: &GenOptions) -> Result<(Maze, u64), crate::Error> {
                let mut maze = self.initial_maze(width, height)?;
                let steps = match self {
                    $(GeneratorKind::$variant => run_to_end(&mut $module::$ty::new(&maze, seed, options), &mut maze),)*
                };
                Ok((maze, steps))
            }
        }

        impl AnyGenerator {
            /// The pseudocode this machine runs: its kind's, except that Binary Tree's names
            /// the two directions of its bias.
            #[must_use]
            pub const fn pseudocode(&self) -> Pseudocode {
                match self {
                    AnyGenerator::BinaryTree(g) => g.pseudocode(),
                    _ => self.kind().pseudocode(),
                }
            }

            /// Which generator this is.
            #[must_use]
            pub const fn kind(&self) -> GeneratorKind {
                match self { $(AnyGenerator::$variant(_) => GeneratorKind::$variant,)* }
            }
        }

        impl Generator for AnyGenerator {
            fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
                match self { $(AnyGenerator::$variant(g) => g.step(maze),)* }
            }
            fn lines(&self, event: &GenEvent) -> &'static [usize] {
                match self { $(AnyGenerator::$variant(g) => g.lines(event),)* }
            }
            fn setup_lines(&self) -> &'static [usize] {
                match self { $(AnyGenerator::$variant(g) => g.setup_lines(),)* }
            }
            fn explain(&self, event: &GenEvent) -> String {
                match self { $(AnyGenerator::$variant(g) => g.explain(event),)* }
            }
            fn mark(&self, cell: Pos) -> Mark {
                match self { $(AnyGenerator::$variant(g) => g.mark(cell),)* }
            }
            fn structure_len(&self) -> usize {
                match self { $(AnyGenerator::$variant(g) => g.structure_len(),)* }
            }
            fn structure(&self, max: usize) -> Structure {
                match self { $(AnyGenerator::$variant(g) => g.structure(max),)* }
            }
            fn inspect(&self, cell: Pos) -> Inspection {
                match self { $(AnyGenerator::$variant(g) => g.inspect(cell),)* }
            }
            fn current(&self) -> Option<Pos> {
                match self { $(AnyGenerator::$variant(g) => g.current(),)* }
            }
        }
    };
}

generators! {
    BinaryTree => binary_tree::BinaryTree, "binary-tree", "Binary Tree",
        "each cell carves south or east at random (--bias: any two); diagonal texture, open last row and column";
    Sidewinder => sidewinder::Sidewinder, "sidewinder", "Sidewinder",
        "row runs carved east, each closed by one passage south from a random run cell";
    RecursiveBacktracker => recursive_backtracker::RecursiveBacktracker, "recursive-backtracker", "Recursive Backtracker",
        "depth-first random walk with an explicit stack; long winding corridors";
    Prim => prim::Prim, "prim", "Prim (weighted)",
        "minimum spanning tree over random edge weights with a priority queue";
    SimplifiedPrim => simplified_prim::SimplifiedPrim, "simplified-prim", "Simplified Prim",
        "grows from a random frontier cell each step; many short dead ends";
    HuntAndKill => hunt_and_kill::HuntAndKill, "hunt-and-kill", "Hunt-and-Kill",
        "random walk until stuck, then scan for an unvisited cell beside the maze";
    Kruskal => kruskal::Kruskal, "kruskal", "Kruskal",
        "joins random walls between different sets (union-find) until one set remains";
    AldousBroder => aldous_broder::AldousBroder, "aldous-broder", "Aldous-Broder",
        "random walk carving into unvisited cells; a uniform spanning tree, slowly";
    Wilson => wilson::Wilson, "wilson", "Wilson",
        "loop-erased random walks added to the maze; a uniform spanning tree";
    GrowingTree => growing_tree::GrowingTree, "growing-tree", "Growing Tree",
        "grows from an active list; newest / random / oldest / mix cell choice";
    Eller => eller::Eller, "eller", "Eller",
        "row by row with sets: random joins east, at least one passage south per set";
    RecursiveDivision => recursive_division::RecursiveDivision, "recursive-division", "Recursive Division",
        "adds walls with one gap to an open field, halving each chamber";
    OriginShift => origin_shift::OriginShift, "origin-shift", "Origin Shift",
        "a tree pointing at an origin that walks at random, re-pointing one passage a step";
    Houston => houston::Houston, "houston", "Houston",
        "Aldous-Broder's walk for the first third of the cells, then Wilson's walks";
}

impl GeneratorKind {
    /// The generator named `name` (kebab-case, as [`GeneratorKind::name`]).
    ///
    /// # Errors
    /// [`crate::Error::UnknownAlgorithm`].
    pub fn from_name(name: &str) -> Result<Self, crate::Error> {
        Self::ALL
            .iter()
            .copied()
            .find(|k| k.name() == name)
            .ok_or_else(|| crate::Error::UnknownAlgorithm {
                kind: "generator",
                name: name.to_owned(),
            })
    }

    /// The maze this generator starts from: all walls, or (Recursive Division) an open field.
    ///
    /// # Errors
    /// As [`Maze::new`].
    pub fn initial_maze(self, width: u32, height: u32) -> Result<Maze, crate::Error> {
        let mut maze = Maze::new(width, height)?;
        if self == GeneratorKind::RecursiveDivision {
            maze.open_all();
        }
        Ok(maze)
    }
}

/// The unvisited neighbours of `cell`, those for which `visited` is false, written into
/// `out` (no allocation); returns how many.
#[inline]
pub fn unvisited_neighbors(
    maze: &Maze,
    cell: Pos,
    visited: impl Fn(Pos) -> bool,
    out: &mut [(Dir, Pos); 4],
) -> usize {
    let mut n = 0;
    for dir in Dir::ALL {
        if let Some(next) = maze.neighbor(cell, dir).filter(|&next| !visited(next)) {
            out[n] = (dir, next);
            n += 1;
        }
    }
    n
}

/// Shared scaffolding for the generators' unit tests: one machine built the registry's way,
/// and the checks every generator must pass.
#[cfg(test)]
pub(crate) mod testing {
    use super::{GenOptions, Generator, GeneratorKind};
    use crate::maze::Maze;

    /// Shapes every generator is checked on, corridors and 1×1 included (cells).
    pub const SHAPES: [(u32, u32); 6] = [(1, 1), (1, 7), (7, 1), (2, 2), (10, 6), (31, 17)];

    /// The starting maze of `kind` and a machine made by `new` for it, default options.
    pub fn build<G: Generator>(
        kind: GeneratorKind,
        w: u32,
        h: u32,
        seed: u64,
        new: fn(&Maze, u64, &GenOptions) -> G,
    ) -> (Maze, G) {
        let maze = kind.initial_maze(w, h).expect("valid size");
        let generator = new(&maze, seed, &GenOptions::default());
        (maze, generator)
    }

    /// A finished `w × h` maze of `kind` (the registry's own run to the end).
    pub fn generate(kind: GeneratorKind, w: u32, h: u32, seed: u64) -> Maze {
        kind.generate(w, h, seed, &GenOptions::default())
            .expect("valid size")
            .0
    }

    /// Every shape in [`SHAPES`], seeds 0–4, gives a perfect maze.
    pub fn assert_perfect_for_all_shapes(kind: GeneratorKind) {
        for (w, h) in SHAPES {
            for seed in 0..5 {
                assert!(
                    generate(kind, w, h, seed).is_perfect(),
                    "{w}x{h} seed {seed}"
                );
            }
        }
    }

    /// The same seed gives the same maze; seeds 7 and 8 give different ones (20×12).
    pub fn assert_seeded(kind: GeneratorKind) {
        assert_eq!(generate(kind, 20, 12, 7), generate(kind, 20, 12, 7));
        assert_ne!(generate(kind, 20, 12, 7), generate(kind, 20, 12, 8));
    }
}

#[cfg(test)]
mod teaching {
    use super::{GenOptions, Generator, GeneratorKind};

    /// Every step of every generator names lines that exist in its pseudocode and explains
    /// itself in a sentence without debug formatting.
    #[test]
    fn every_step_names_its_pseudocode_lines_and_explains_itself() {
        for kind in GeneratorKind::ALL {
            let pseudocode = kind.pseudocode();
            assert!(!pseudocode.is_empty(), "{} has pseudocode", kind.name());
            let mut maze = kind.initial_maze(7, 5).expect("valid size");
            let mut generator = kind.build(&maze, 3, &GenOptions::default());
            while let Some(event) = generator.step(&mut maze) {
                let lines = generator.lines(&event);
                assert!(
                    !lines.is_empty(),
                    "{}: {event:?} names no line",
                    kind.name()
                );
                assert!(
                    lines.iter().all(|&l| l < pseudocode.len()),
                    "{}: {event:?} names a line past the pseudocode",
                    kind.name()
                );
                let text = generator.explain(&event);
                assert!(
                    !text.contains("Pos") && !text.contains('{') && text.len() > 10,
                    "{}: {text}",
                    kind.name()
                );
            }
        }
    }
}
