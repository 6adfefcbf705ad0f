//! Binary Tree: every cell carves one passage, in one of two directions, at random.
//!
//! Source: Jamis Buck, *Mazes for Programmers*, ch. 2. Each cell carves toward one of the
//! two directions of its [`Bias`] with probability ½: south or east by default (the bias
//! this generator always had), or north/east (the book's), north/west, south/west. Cells
//! on the row of the vertical direction can only carve along it, and cells on the column
//! of the horizontal direction only along that, so that row and that column become open
//! corridors; the corner where they meet carves nothing. Nothing is ever carved through
//! the outer wall.
//!
//! Cells are visited row by row, starting from the corner opposite the bias (top-left for
//! south/east, bottom-left for north/east, top-right for south/west, bottom-right for
//! north/west), so the corner with no choice is always the last cell: every bias is the
//! default machine on a mirrored grid, and a seed gives the mirror image of the default
//! maze.
//!
//! The result is a perfect maze (every cell but the corner links to a neighbour that comes
//! later in the scan, so there are no loops, and following those links always reaches the
//! corner) with the algorithm's strong diagonal texture: every path towards the bias
//! corner is a monotone staircase.
//!
//! Cost: one step per cell, O(1) each; one random `u64` gives 64 coin flips.
//! Memory: O(1) besides the maze.

use get_size2::GetSize;

use crate::teach::{Pseudocode, Teach};
use rand::RngCore;

use crate::Mark;
use crate::generate::row_scan::{Coins, RowScan};
use crate::generate::{GenEvent, GenOptions, Generator, Rng, direction, rng};
use crate::maze::{Dir, Maze, Pos};

/// The pseudocode the Pseudocode pane shows for the default bias (south or east).
pub const PSEUDOCODE: Pseudocode = Bias::SouthEast.pseudocode();

/// Which two directions Binary Tree carves in. Every cell carves one of the two, so the
/// row and the column on those two sides of the maze become unbroken corridors, and every
/// path towards the corner where they meet is a staircase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, GetSize)]
pub enum Bias {
    /// North or east, as in *Mazes for Programmers*: corridors along the north row and the
    /// east column.
    NorthEast,
    /// North or west: corridors along the north row and the west column.
    NorthWest,
    /// South or east: corridors along the south row and the east column. The default,
    /// and what Binary Tree did before it had a bias to choose.
    #[default]
    SouthEast,
    /// South or west: corridors along the south row and the west column.
    SouthWest,
}

impl Bias {
    /// Every bias, in the order of their short names.
    pub const ALL: [Bias; 4] = [
        Bias::NorthEast,
        Bias::NorthWest,
        Bias::SouthEast,
        Bias::SouthWest,
    ];

    /// The short name used on the command line (`ne`, `nw`, `se`, `sw`).
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Bias::NorthEast => "ne",
            Bias::NorthWest => "nw",
            Bias::SouthEast => "se",
            Bias::SouthWest => "sw",
        }
    }

    /// The vertical direction of the two: north or south.
    #[must_use]
    pub const fn vertical(self) -> Dir {
        match self {
            Bias::NorthEast | Bias::NorthWest => Dir::North,
            Bias::SouthEast | Bias::SouthWest => Dir::South,
        }
    }

    /// The horizontal direction of the two: east or west.
    #[must_use]
    pub const fn horizontal(self) -> Dir {
        match self {
            Bias::NorthEast | Bias::SouthEast => Dir::East,
            Bias::NorthWest | Bias::SouthWest => Dir::West,
        }
    }

    /// Whether the scan runs up the rows (from the bottom) rather than down.
    const fn flips_rows(self) -> bool {
        matches!(self.vertical(), Dir::North)
    }

    /// Whether the scan runs along each row from the right rather than from the left.
    const fn flips_cols(self) -> bool {
        matches!(self.horizontal(), Dir::West)
    }

    /// The pseudocode the Pseudocode pane shows: the scan order and the two directions.
    #[must_use]
    pub const fn pseudocode(self) -> Pseudocode {
        match self {
            Bias::NorthEast => &[
                "for each cell, row by row",
                "    from the bottom:",
                "  choices ← north, east",
                "    (those inside the grid)",
                "  if no choice: done",
                "  pick one at random",
                "  carve a passage to it",
            ],
            Bias::NorthWest => &[
                "for each cell, row by row",
                "    from the bottom right:",
                "  choices ← north, west",
                "    (those inside the grid)",
                "  if no choice: done",
                "  pick one at random",
                "  carve a passage to it",
            ],
            Bias::SouthEast => &[
                "for each cell, row by row:",
                "  choices ← south, east",
                "    (those inside the grid)",
                "  if no choice: done",
                "  pick one at random",
                "  carve a passage to it",
            ],
            Bias::SouthWest => &[
                "for each cell, row by row",
                "    from the right:",
                "  choices ← south, west",
                "    (those inside the grid)",
                "  if no choice: done",
                "  pick one at random",
                "  carve a passage to it",
            ],
        }
    }

    /// Pseudocode lines run by a carve, and by the last cell (no choice).
    const fn lines(self) -> (&'static [usize], &'static [usize]) {
        match self {
            Bias::SouthEast => (&[0, 1, 2, 4, 5], &[3]),
            _ => (&[0, 1, 2, 3, 5, 6], &[4]),
        }
    }

    /// The row and the column where only one of the two directions is inside the grid.
    const fn edges(self) -> &'static str {
        match self {
            Bias::NorthEast => "the first row or the last column",
            Bias::NorthWest => "the first row or column",
            Bias::SouthEast => "the last row or column",
            Bias::SouthWest => "the last row or the first column",
        }
    }

    /// The two directions as words: (`"south"`, `"east"`), …
    const fn words(self) -> (&'static str, &'static str) {
        let vertical = match self.vertical() {
            Dir::North => "north",
            _ => "south",
        };
        let horizontal = match self.horizontal() {
            Dir::West => "west",
            _ => "east",
        };
        (vertical, horizontal)
    }

    /// The corner cell that has neither direction.
    const fn corner(self) -> &'static str {
        match self {
            Bias::NorthEast => "top-right",
            Bias::NorthWest => "top-left",
            Bias::SouthEast => "bottom-right",
            Bias::SouthWest => "bottom-left",
        }
    }
}

/// Binary Tree as a step machine: one step per cell, row by row from the corner opposite
/// the bias.
///
/// The state is a row-major cursor over the grid as the default (south/east) bias sees
/// it, mirrored onto the real grid for the other biases, and the coin flips; the step is a
/// handful of integer operations and one byte write, so headless runs go at memory speed.
#[derive(Clone, Debug, GetSize)]
pub struct BinaryTree {
    scan: RowScan,
    /// Boxed so that the refill call (which takes the RNG by reference) does not take
    /// the address of this struct: the step's other fields then stay in registers in
    /// headless runs (measured: 4 fewer instructions per cell).
    #[get_size(ignore)]
    rng: Box<Rng>,
    coins: Coins,
    bias: Bias,
}

impl BinaryTree {
    /// A machine for `maze` (all walls standing) seeded with `seed`, carving in the two
    /// directions of `options.bias`.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, options: &GenOptions) -> Self {
        Self {
            scan: RowScan::new(maze),
            rng: Box::new(rng(seed)),
            coins: Coins::default(),
            bias: options.bias,
        }
    }

    /// The bias it carves with.
    #[must_use]
    pub const fn bias(&self) -> Bias {
        self.bias
    }

    /// The step of the biases other than south/east: carve from the real cell at `cell` of
    /// the scan's grid toward the mirror image of south (`south`) or east, and move on.
    #[inline(never)]
    fn carve_mirrored(&mut self, maze: &mut Maze, cell: Pos, south: bool) -> GenEvent {
        let s = u32::from(south);
        let to = Pos::new(cell.row + s, cell.col + 1 - s);
        let (from, to) = (self.mirror(cell), self.mirror(to));
        let dir = if south {
            self.bias.vertical()
        } else {
            self.bias.horizontal()
        };
        maze.carve_index(maze.index(from), dir);
        self.scan.advance();
        GenEvent::Carve { from, to }
    }

    /// The cell of the real grid at `cell` of the scan's (south/east) grid, and back: the
    /// mirror image across the rows and/or columns the bias flips (its own inverse).
    #[inline]
    fn mirror(&self, cell: Pos) -> Pos {
        let row = if self.bias.flips_rows() {
            self.scan.height - 1 - cell.row
        } else {
            cell.row
        };
        let col = if self.bias.flips_cols() {
            self.scan.width - 1 - cell.col
        } else {
            cell.col
        };
        Pos::new(row, col)
    }
}

impl Teach for BinaryTree {
    type Event = GenEvent;

    /// The pseudocode of its bias.
    fn pseudocode(&self) -> Pseudocode {
        self.bias.pseudocode()
    }

    /// A carve ran the cell loop, the choice and the carve; the last cell has no choice.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        let (carve, done) = self.bias.lines();
        match event {
            GenEvent::Carve { .. } => carve,
            _ => done,
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        let (v, h) = self.bias.words();
        match *event {
            GenEvent::Carve { from, to } => format!(
                "visited {from} and carved {} to {to}: a coin picks {} or {}, and on {} only one is inside the grid",
                direction(from, to),
                v,
                h,
                self.bias.edges(),
            ),
            _ => format!(
                "the {} cell has neither {} nor {}: every cell is in the maze",
                self.bias.corner(),
                v,
                h,
            ),
        }
    }

    /// Current: the cell visited by the last step; Visited: cells before it; None: the rest.
    /// Once done, every cell is Visited.
    fn mark(&self, cell: Pos) -> Mark {
        if self.current() == Some(cell) {
            return Mark::Current;
        }
        // `Pos` orders by (row, col): row-major, the visiting order in the scan's grid.
        match self.scan.next() {
            Some(next) if self.mirror(cell) >= next => Mark::None,
            _ => Mark::Visited,
        }
    }

    /// Binary Tree keeps no structure: always 0.
    fn structure_len(&self) -> usize {
        0
    }

    fn current(&self) -> Option<Pos> {
        self.scan.current().map(|cell| self.mirror(cell))
    }
}

impl Generator for BinaryTree {
    /// Visit the next cell: carve toward one of the bias's two directions
    /// ([`GenEvent::Carve`]); at the corner with neither, [`GenEvent::Done`].
    #[inline(always)]
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if let Some(end) = self.scan.finish() {
            return end;
        }
        // In the scan's grid the choice is always south or east; other biases mirror it.
        let cell = Pos::new(self.scan.row, self.scan.col);
        let (last_row, last_col) = self.scan.at_edges();
        // Branch-free on the coin (a random branch would be mispredicted half the time).
        let south = !last_row && (last_col || self.coins.flip_with(|| self.rng.next_u64()));
        let s = u32::from(south);
        // The bias never changes during a run, so this branch is always predicted; the
        // mirrored carve is out of line, so the default's loop stays as lean as before.
        if self.bias != Bias::SouthEast {
            return Some(self.carve_mirrored(maze, cell, south));
        }
        maze.carve_forward(self.scan.index, south);
        self.scan.advance();
        Some(GenEvent::Carve {
            from: cell,
            to: Pos::new(cell.row + s, cell.col + 1 - s),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{GeneratorKind, run_to_end, testing};
    use crate::maze::Dir;

    fn build(w: u32, h: u32, seed: u64) -> (Maze, BinaryTree) {
        testing::build(GeneratorKind::BinaryTree, w, h, seed, BinaryTree::new)
    }

    fn generate(w: u32, h: u32, seed: u64) -> Maze {
        testing::generate(GeneratorKind::BinaryTree, w, h, seed)
    }

    #[test]
    fn mazes_are_perfect_for_all_shapes() {
        testing::assert_perfect_for_all_shapes(GeneratorKind::BinaryTree);
    }

    #[test]
    fn same_seed_same_maze_and_different_seeds_differ() {
        testing::assert_seeded(GeneratorKind::BinaryTree);
    }

    /// A machine with `bias` on a fresh `w × h` maze.
    fn build_with(bias: Bias, w: u32, h: u32, seed: u64) -> (Maze, BinaryTree) {
        let maze = Maze::new(w, h).expect("valid size");
        let options = GenOptions {
            bias,
            ..GenOptions::default()
        };
        let generator = BinaryTree::new(&maze, seed, &options);
        (maze, generator)
    }

    fn generate_with(bias: Bias, w: u32, h: u32, seed: u64) -> Maze {
        let (mut maze, mut generator) = build_with(bias, w, h, seed);
        run_to_end(&mut generator, &mut maze);
        maze
    }

    #[test]
    fn one_carve_per_cell_but_the_last_then_done() {
        for bias in Bias::ALL {
            let (mut maze, mut generator) = build_with(bias, 9, 5, 3);
            let mut carves = 0;
            let mut last = None;
            while let Some(event) = generator.step(&mut maze) {
                match event {
                    GenEvent::Carve { from, to } => {
                        carves += 1;
                        assert!(
                            maze.neighbor(from, bias.vertical()) == Some(to)
                                || maze.neighbor(from, bias.horizontal()) == Some(to),
                            "{bias:?}: carves only {:?} or {:?}",
                            bias.vertical(),
                            bias.horizontal()
                        );
                        assert_eq!(generator.current(), Some(from));
                    }
                    GenEvent::Done => {}
                    other => panic!("unexpected event {other:?}"),
                }
                last = Some(event);
            }
            assert_eq!(carves, 9 * 5 - 1);
            assert_eq!(last, Some(GenEvent::Done));
        }
    }

    #[test]
    fn last_row_and_last_column_are_open_corridors() {
        for seed in 0..5 {
            let maze = generate(12, 8, seed);
            for col in 0..11 {
                assert!(maze.has_passage(Pos::new(7, col), Dir::East));
            }
            for row in 0..7 {
                assert!(maze.has_passage(Pos::new(row, 11), Dir::South));
            }
        }
    }

    #[test]
    fn each_bias_opens_the_row_and_column_on_its_sides() {
        for bias in Bias::ALL {
            for seed in 0..5 {
                let maze = generate_with(bias, 12, 8, seed);
                assert!(maze.is_perfect(), "{bias:?} seed {seed}");
                let row = if bias.vertical() == Dir::North { 0 } else { 7 };
                let col = if bias.horizontal() == Dir::West {
                    0
                } else {
                    11
                };
                for c in 0..11 {
                    assert!(maze.has_passage(Pos::new(row, c), Dir::East), "{bias:?}");
                }
                for r in 0..7 {
                    assert!(maze.has_passage(Pos::new(r, col), Dir::South), "{bias:?}");
                }
            }
        }
    }

    #[test]
    fn the_default_is_south_east_and_every_bias_mirrors_it() {
        assert_eq!(GenOptions::default().bias, Bias::SouthEast);
        assert_eq!(PSEUDOCODE, Bias::SouthEast.pseudocode());
        let (w, h) = (11, 7);
        for seed in 0..4 {
            let default = generate(w, h, seed);
            assert_eq!(generate_with(Bias::SouthEast, w, h, seed), default);
            for bias in Bias::ALL {
                let maze = generate_with(bias, w, h, seed);
                let flip = |p: Pos| {
                    Pos::new(
                        if bias.vertical() == Dir::North {
                            h - 1 - p.row
                        } else {
                            p.row
                        },
                        if bias.horizontal() == Dir::West {
                            w - 1 - p.col
                        } else {
                            p.col
                        },
                    )
                };
                for row in 0..h {
                    for col in 0..w {
                        let p = Pos::new(row, col);
                        for dir in Dir::ALL {
                            let mirrored = match dir {
                                Dir::North | Dir::South if bias.vertical() == Dir::North => {
                                    dir.opposite()
                                }
                                Dir::East | Dir::West if bias.horizontal() == Dir::West => {
                                    dir.opposite()
                                }
                                _ => dir,
                            };
                            assert_eq!(
                                maze.has_passage(flip(p), mirrored),
                                default.has_passage(p, dir),
                                "{bias:?} seed {seed} at {p} {dir:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn pseudocode_and_sentences_name_the_two_directions() {
        use crate::teach::{MAX_PSEUDOCODE_LINES, MAX_PSEUDOCODE_WIDTH, Teach};
        for bias in Bias::ALL {
            let code = bias.pseudocode();
            assert!(code.len() <= MAX_PSEUDOCODE_LINES);
            assert!(
                code.iter()
                    .all(|l| l.chars().count() <= MAX_PSEUDOCODE_WIDTH)
            );
            let (v, h) = bias.words();
            let choices = format!("choices ← {v}, {h}");
            assert!(code.iter().any(|l| l.contains(&choices)), "{bias:?}");
            let (mut maze, mut generator) = build_with(bias, 4, 3, 2);
            assert_eq!(generator.pseudocode(), code);
            while let Some(event) = generator.step(&mut maze) {
                let lines = generator.lines(&event);
                assert!(!lines.is_empty() && lines.iter().all(|&l| l < code.len()));
                let text = generator.explain(&event);
                assert!(
                    text.contains(&format!("{v} or {h}"))
                        || text.contains(&format!("neither {v} nor {h}")),
                    "{text}"
                );
                if let GenEvent::Carve { from, to } = event {
                    assert!(text.contains(direction(from, to)), "{text}");
                    assert!(lines.iter().any(|&l| code[l].contains("choices")));
                    assert!(lines.iter().any(|&l| code[l].contains("carve")));
                } else {
                    assert!(lines.iter().all(|&l| code[l].contains("no choice")));
                }
            }
        }
        let (_, generator) = build_with(Bias::SouthWest, 4, 3, 2);
        assert!(generator.explain(&GenEvent::Done).contains("bottom-left"));
    }

    #[test]
    fn fused_after_done() {
        let (mut maze, mut generator) = build(3, 3, 1);
        assert_eq!(run_to_end(&mut generator, &mut maze), 9);
        for _ in 0..3 {
            assert_eq!(generator.step(&mut maze), None);
        }
        assert_eq!(generator.current(), None);
        assert_eq!(generator.mark(Pos::new(2, 2)), Mark::Visited);
    }

    #[test]
    fn one_by_one_is_done_at_once() {
        let (mut maze, mut generator) = build(1, 1, 0);
        assert_eq!(generator.step(&mut maze), Some(GenEvent::Done));
        assert_eq!(generator.step(&mut maze), None);
    }

    #[test]
    fn mark_shows_progress_mid_run() {
        let (mut maze, mut generator) = build(4, 3, 5);
        assert_eq!(generator.mark(Pos::new(0, 0)), Mark::None);
        for _ in 0..6 {
            generator.step(&mut maze);
        }
        // Six cells visited: row 0 and (1,0), (1,1); the last is current.
        assert_eq!(generator.current(), Some(Pos::new(1, 1)));
        assert_eq!(generator.mark(Pos::new(1, 1)), Mark::Current);
        assert_eq!(generator.mark(Pos::new(0, 3)), Mark::Visited);
        assert_eq!(generator.mark(Pos::new(1, 0)), Mark::Visited);
        assert_eq!(generator.mark(Pos::new(1, 2)), Mark::None);
        assert_eq!(generator.mark(Pos::new(2, 0)), Mark::None);
        assert_eq!(generator.structure_len(), 0);
    }

    #[test]
    fn mark_follows_the_mirrored_scan() {
        // North/west: rows from the bottom, each from the right.
        let (mut maze, mut generator) = build_with(Bias::NorthWest, 4, 3, 5);
        for _ in 0..6 {
            generator.step(&mut maze);
        }
        assert_eq!(generator.current(), Some(Pos::new(1, 2)));
        assert_eq!(generator.mark(Pos::new(1, 2)), Mark::Current);
        assert_eq!(generator.mark(Pos::new(2, 0)), Mark::Visited);
        assert_eq!(generator.mark(Pos::new(1, 3)), Mark::Visited);
        assert_eq!(generator.mark(Pos::new(1, 1)), Mark::None);
        assert_eq!(generator.mark(Pos::new(0, 3)), Mark::None);
        run_to_end(&mut generator, &mut maze);
        assert_eq!(generator.mark(Pos::new(0, 0)), Mark::Visited);
        assert!(maze.is_perfect());
    }
}
