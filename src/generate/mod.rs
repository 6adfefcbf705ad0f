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

use crate::maze::{Dir, Mask, Maze, Pos};
use crate::run::Milestone;
use crate::teach::{Event, Teach};

pub mod aldous_broder;
pub mod binary_tree;
pub mod braid;
pub mod eller;
mod generation;
pub mod growing_tree;
pub mod houston;
pub mod hunt_and_kill;
mod hunt_rows;
pub mod kruskal;
pub mod obstacles;
pub mod open;
mod options;
pub mod origin_shift;
pub mod prim;
pub mod recursive_backtracker;
pub mod recursive_division;
pub mod rooms;
mod row_scan;
pub mod shape;
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
    /// A path-finding field opened a rectangle of cells as one room: every tile from cell
    /// `top` to cell `bottom` (its top-left and bottom-right cells), pillars included.
    Room {
        /// The room's top-left cell.
        top: Pos,
        /// The room's bottom-right cell.
        bottom: Pos,
    },
    /// A path-finding field turned one open tile into a wall. `tile` counts **tiles**.
    Wall {
        /// The tile walled.
        tile: Pos,
    },
    /// The maze is complete.
    Done,
}

/// A maze generator as a resumable state machine; what it teaches is its [`Teach`] side.
///
/// Contract: `step` performs exactly one observable operation on `maze` (which must be the
/// maze this generator was created for and started as [`GeneratorKind::initial_maze`]) and
/// returns its event; after [`GenEvent::Done`] it returns `None` forever (fused). `Clone`
/// copies the whole state, so a run can keep checkpoints of it and rewind.
///
/// A new generator: a file with its `PSEUDOCODE`, a struct with
/// `new(maze: &Maze, seed: u64, options: &GenOptions) -> Self`, `impl Teach` and
/// `impl Generator`, and one line in the registry below.
pub trait Generator: Teach<Event = GenEvent> + Clone + std::fmt::Debug + GetSize {
    /// Do one operation and say what it was; `None` once done.
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent>;

    /// Step to the end on `maze`; returns the steps taken (including the final
    /// [`GenEvent::Done`]). The registry hands this to the machine held, so a headless run
    /// loops without dispatch.
    fn run(&mut self, maze: &mut Maze) -> u64 {
        let mut steps = 0;
        while self.step(maze).is_some() {
            steps += 1;
        }
        steps
    }
}

impl Event for GenEvent {
    fn milestone(&self) -> Option<Milestone> {
        match self {
            GenEvent::Backtrack { .. } => Some(Milestone::DeadEnd),
            GenEvent::Done => Some(Milestone::Complete),
            _ => None,
        }
    }
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
        GenEvent::Room { top, bottom } => {
            format!("opened a room from cell {top} to cell {bottom}, pillars and all")
        }
        GenEvent::Wall { tile } => format!("put a wall on tile {tile}"),
        GenEvent::Done => "every cell is in the maze: done".to_owned(),
    }
}

/// Run a generator to its end on `maze`; returns the number of steps taken (including the
/// final [`GenEvent::Done`]). Generic, so headless runs inline the step machine.
pub fn run_to_end<G: Generator>(generator: &mut G, maze: &mut Maze) -> u64 {
    generator.run(maze)
}

crate::registry::registry! {
    /// Every generator, by stable kebab-case name.
    kind GeneratorKind, what "generator";
    /// Any generator's step machine: the registry's closed set of algorithms as one
    /// `Clone` type, so a run can hold (and checkpoint) whichever the user picked.
    any AnyGenerator;
    event GenEvent;
    Generator {
        mut {
            fn step(&mut self, maze: &mut Maze) -> Option<GenEvent>;
            fn run(&mut self, maze: &mut Maze) -> u64;
        }
    }
    new (self, maze: &Maze, seed: u64, options: &GenOptions) (maze, seed, options);
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
    Open => open::Open, "open", "Open field",
        "a path-finding field: one room, walls only on the border";
    Obstacles => obstacles::Obstacles, "obstacles", "Obstacles",
        "a path-finding field: each inner tile a wall with probability --density (S, E kept)";
    Rooms => rooms::Rooms, "rooms", "Rooms",
        "a path-finding field: open rooms split by walls, one door in each wall";
}

impl GeneratorKind {
    /// Generate a whole `width × height`-cell maze: the same step machine as
    /// [`GeneratorKind::build`], run to the end without dynamic dispatch.
    /// Returns the maze and the number of steps.
    ///
    /// # Errors
    /// [`crate::Error::Size`] / [`crate::Error::TooLarge`] from [`Maze::new`].
    pub fn generate(
        self,
        width: u32,
        height: u32,
        seed: u64,
        options: &GenOptions,
    ) -> Result<(Maze, u64), crate::Error> {
        let mut maze = self.initial_maze(width, height)?;
        let steps = self.build(&maze, seed, options).run(&mut maze);
        Ok((maze, steps))
    }

    /// Whether this generator carves a spanning tree of any connected set of cells, so it
    /// can fill a masked maze's shape. Binary Tree, Sidewinder and Eller carve along whole
    /// rows and columns, and Recursive Division splits whole rectangles: they need the
    /// full rectangle; the path-finding fields (open, obstacles, rooms) fill a rectangle
    /// room.
    #[must_use]
    pub const fn carves_any_shape(self) -> bool {
        !matches!(
            self,
            GeneratorKind::BinaryTree
                | GeneratorKind::Sidewinder
                | GeneratorKind::Eller
                | GeneratorKind::RecursiveDivision
                | GeneratorKind::Open
                | GeneratorKind::Obstacles
                | GeneratorKind::Rooms
        )
    }

    /// Refuse a mask (`masked`) this generator cannot carve.
    ///
    /// # Errors
    /// [`crate::Error::Invalid`]: one line naming the generators that can.
    pub fn check_shape(self, masked: bool) -> Result<(), crate::Error> {
        if !masked || self.carves_any_shape() {
            return Ok(());
        }
        let able: Vec<&str> = GeneratorKind::ALL
            .iter()
            .filter(|k| k.carves_any_shape())
            .map(|k| k.name())
            .collect();
        Err(crate::Error::Invalid(format!(
            "{} needs the full rectangle and cannot carve a mask; these can: {}",
            self.name(),
            able.join(", ")
        )))
    }

    /// Generate a whole maze in the shape of `mask` (its size, its on-cells), or without
    /// one a `width × height`-cell maze as [`GeneratorKind::generate`] does.
    ///
    /// # Errors
    /// [`GeneratorKind::check_shape`]'s refusal, and as [`GeneratorKind::generate`].
    pub fn generate_in(
        self,
        mask: Option<&Mask>,
        width: u32,
        height: u32,
        seed: u64,
        options: &GenOptions,
    ) -> Result<(Maze, u64), crate::Error> {
        let mut maze = self.initial_maze_in(mask, width, height)?;
        let steps = self.build(&maze, seed, options).run(&mut maze);
        Ok((maze, steps))
    }

    /// The maze this generator starts from in the shape of `mask` (all walls, off-cells
    /// outside), or without one as [`GeneratorKind::initial_maze`].
    ///
    /// # Errors
    /// [`GeneratorKind::check_shape`]'s refusal, and as [`Maze::new`].
    pub fn initial_maze_in(
        self,
        mask: Option<&Mask>,
        width: u32,
        height: u32,
    ) -> Result<Maze, crate::Error> {
        self.check_shape(mask.is_some())?;
        match mask {
            Some(mask) => Maze::with_mask(mask),
            None => self.initial_maze(width, height),
        }
    }

    /// The maze this generator starts from: all walls, or (Recursive Division) an open
    /// field, or (Obstacles, Rooms) a room with walls only on the border.
    ///
    /// # Errors
    /// As [`Maze::new`].
    pub fn initial_maze(self, width: u32, height: u32) -> Result<Maze, crate::Error> {
        let mut maze = Maze::new(width, height)?;
        match self {
            GeneratorKind::RecursiveDivision => maze.open_all(),
            GeneratorKind::Obstacles | GeneratorKind::Rooms => maze.open_field(),
            _ => {}
        }
        Ok(maze)
    }

    /// Whether this generator makes a path-finding field (tiles rather than a perfect maze:
    /// loops, open pillars, walled cells, maybe no path at all).
    #[must_use]
    pub const fn is_field(self) -> bool {
        matches!(
            self,
            GeneratorKind::Open | GeneratorKind::Obstacles | GeneratorKind::Rooms
        )
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
    use crate::teach::Teach;

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
