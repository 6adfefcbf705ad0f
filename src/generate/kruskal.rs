//! Kruskal (randomized): knock down random walls between cells of different sets.
//!
//! Source: Jamis Buck, *Mazes for Programmers*, ch. 11. Every cell starts in a set of its
//! own. The inner walls are taken in random order; a wall between two cells of different
//! sets is carved and the two sets are merged, a wall between two cells of the same set is
//! rejected (carving it would close a loop). After `cells − 1` carves there is one set: a
//! perfect maze, and a uniformly random order of walls makes it the minimum spanning tree
//! of random weights.
//!
//! Walls are compact `u32` ids, `cell × 2` for the wall east of `cell` and `cell × 2 + 1`
//! for the wall south of it. The random order is a Fisher–Yates shuffle done one position
//! per step (each step swaps a random not-yet-taken wall into place), which gives exactly
//! the order of shuffling once up front without drawing numbers for walls never reached.
//! Sets are a union-find forest (`u32` parents, path halving, union by rank).
//!
//! Cost: one step per wall taken, O(α(cells)) each. Memory: walls 4 bytes × ~2 per cell,
//! parent 4 + rank 1 + maze 1 byte per cell: ≤ 14 bytes per cell.

use get_size2::GetSize;

use crate::teach::{Entry, Pseudocode, Structure, Teach};
use rand::Rng as _;

use crate::Mark;
use crate::generate::{GenEvent, GenOptions, Generator, Rng, rng};
use crate::maze::{Dir, Maze, Pos};

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "each cell: a set of its own",
    "walls ← inner walls, shuffled",
    "for each wall w in walls:",
    "  a, b ← the cells beside w",
    "  if set(a) ≠ set(b):",
    "    carve w",
    "    merge the two sets",
    "  else: reject w (a loop)",
];

/// Kruskal's algorithm as a step machine: one wall considered per step.
#[derive(Clone, Debug, GetSize)]
pub struct Kruskal {
    width: u32,
    /// Every inner wall id; `walls[..taken]` were taken in this order, the rest are left.
    walls: Vec<u32>,
    /// How many walls were taken.
    taken: usize,
    /// Union-find parent of each cell (a root is its own parent).
    parent: Vec<u32>,
    /// Union-find rank of each root (an upper bound on its tree height).
    rank: Vec<u8>,
    /// Passages carved so far.
    carved: usize,
    /// The two cells of the wall taken last.
    current: Option<(Pos, Pos)>,
    /// Whether [`GenEvent::Done`] was returned.
    finished: bool,
    #[get_size(ignore)]
    rng: Rng,
}

impl Kruskal {
    /// A machine for `maze` (all walls standing) seeded with `seed`. O(cells).
    #[must_use]
    #[allow(clippy::cast_possible_truncation)] // indices < 2 × MAX_CELLS < 2³²
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        let (w, h) = (maze.width() as usize, maze.height() as usize);
        let cells = maze.cell_count();
        let mut walls = Vec::with_capacity((w - 1) * h + w * (h - 1));
        for row in 0..h {
            for col in 0..w {
                let cell = (row * w + col) as u32;
                if col + 1 < w {
                    walls.push(cell * 2);
                }
                if row + 1 < h {
                    walls.push(cell * 2 + 1);
                }
            }
        }
        Self {
            width: maze.width(),
            walls,
            taken: 0,
            parent: (0..cells as u32).collect(),
            rank: vec![0; cells],
            carved: 0,
            current: None,
            finished: false,
            rng: rng(seed),
        }
    }

    /// The root of `cell`'s set, leaving the forest as it is (for drawing). O(log cells):
    /// union by rank keeps the trees that shallow.
    fn root(&self, mut cell: u32) -> u32 {
        while self.parent[cell as usize] != cell {
            cell = self.parent[cell as usize];
        }
        cell
    }

    /// The root of `cell`'s set, halving the path on the way (each visited node is
    /// pointed at its grandparent).
    #[inline]
    fn find(&mut self, mut cell: u32) -> u32 {
        loop {
            let parent = self.parent[cell as usize];
            if parent == cell {
                return cell;
            }
            let grandparent = self.parent[parent as usize];
            self.parent[cell as usize] = grandparent;
            cell = grandparent;
        }
    }

    /// Merge two distinct roots: the lower-ranked tree goes under the other.
    #[inline]
    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.rank[a as usize], self.rank[b as usize]);
        if ra < rb {
            self.parent[a as usize] = b;
        } else {
            self.parent[b as usize] = a;
            if ra == rb {
                self.rank[a as usize] += 1;
            }
        }
    }

    #[inline]
    fn index(&self, cell: Pos) -> usize {
        cell.row as usize * self.width as usize + cell.col as usize
    }
}

impl Teach for Kruskal {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    /// A carve ran the merge; a rejected wall the same-set branch.
    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Carve { .. } => &[2, 3, 4, 5, 6],
            GenEvent::Skip { .. } => &[2, 3, 4, 7],
            _ => &[2],
        }
    }

    /// Both set-up lines run when the machine is built.
    fn setup_lines(&self) -> &'static [usize] {
        &[0, 1]
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Carve { from, to } => format!(
                "the next wall, between {from} and {to}, joins two different sets: carved it and merged the sets"
            ),
            GenEvent::Skip { cell, .. } => format!(
                "rejected the next wall beside {cell}: both cells are already in the same set, so carving it would close a loop"
            ),
            _ => "one set is left: every cell is connected, a perfect maze".to_owned(),
        }
    }

    /// Current: the two cells of the wall taken last; Visited: cells joined to at least
    /// one other; None: cells still alone in their set.
    fn mark(&self, cell: Pos) -> Mark {
        if let Some((a, b)) = self.current
            && (cell == a || cell == b)
        {
            return Mark::Current;
        }
        if self.finished {
            return Mark::Visited;
        }
        let i = self.index(cell);
        match (self.parent.get(i), self.rank.get(i)) {
            // A root gets its first child by a union, which raises its rank from 0 unless
            // it was already higher: so a cell is alone exactly when it is a rank-0 root.
            #[allow(clippy::cast_possible_truncation)] // cell indices < MAX_CELLS < 2³²
            (Some(&p), Some(&r)) if p as usize != i || r > 0 => Mark::Set(self.root(i as u32)),
            _ => Mark::None,
        }
    }

    /// The structure's name and size (its entries are not listed).
    /// The next `max` walls in the order the next steps take them (the same random draws
    /// on a copy of the generator), each by its west or north cell; a wall between cells
    /// already in one set will be skipped. O(max²).
    #[allow(clippy::cast_possible_truncation)] // cell indices < MAX_CELLS < 2³²
    fn structure(&self, max: usize) -> Structure {
        let mut rng = self.rng.clone();
        // The swaps the draws make, over the walls left (few: one per entry).
        let mut swapped: Vec<(usize, u32)> = Vec::new();
        let at = |swapped: &[(usize, u32)], i: usize| {
            swapped
                .iter()
                .rev()
                .find(|&&(j, _)| j == i)
                .map_or(self.walls[i], |&(_, w)| w)
        };
        let mut entries = Vec::new();
        for t in self.taken..self.walls.len().min(self.taken.saturating_add(max)) {
            let k = rng.random_range(t..self.walls.len());
            let (wall, other) = (at(&swapped, k), at(&swapped, t));
            swapped.push((k, other));
            swapped.push((t, wall));
            let a = wall >> 1;
            let (side, b) = if wall & 1 == 0 {
                ("east wall", a + 1)
            } else {
                ("south wall", a + self.width)
            };
            let same = if self.root(a) == self.root(b) {
                " · one set: skip"
            } else {
                ""
            };
            let cell = Pos::new(a / self.width, a % self.width);
            entries.push(Entry::new(cell, format!("{side}{same}")));
        }
        Structure::new(
            "walls left",
            "next taken first",
            self.structure_len(),
            entries,
        )
    }

    /// Walls not yet taken.
    fn structure_len(&self) -> usize {
        self.walls.len() - self.taken
    }

    fn current(&self) -> Option<Pos> {
        self.current.map(|(a, _)| a)
    }
}

impl Generator for Kruskal {
    /// Take the next wall in random order: cells of different sets are joined
    /// ([`GenEvent::Carve`]); cells of one set reject it ([`GenEvent::Skip`] with weight 0,
    /// on the west or north cell). After `cells − 1` carves, [`GenEvent::Done`].
    #[inline]
    #[allow(clippy::cast_possible_truncation)] // cell indices < MAX_CELLS < 2³²
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if self.finished {
            return None;
        }
        if self.carved + 1 >= self.parent.len() || self.taken == self.walls.len() {
            self.finished = true;
            self.current = None;
            return Some(GenEvent::Done);
        }
        // Fisher–Yates, one position: swap a random remaining wall into place.
        let k = self.rng.random_range(self.taken..self.walls.len());
        self.walls.swap(self.taken, k);
        let wall = self.walls[self.taken];
        self.taken += 1;
        let a = wall >> 1;
        let (dir, b) = if wall & 1 == 0 {
            (Dir::East, a + 1)
        } else {
            (Dir::South, a + self.width)
        };
        let cell = maze.pos(a as usize);
        let (root_a, root_b) = (self.find(a), self.find(b));
        if root_a == root_b {
            self.current = maze.neighbor(cell, dir).map(|other| (cell, other));
            return Some(GenEvent::Skip { cell, weight: 0 });
        }
        self.union(root_a, root_b);
        let to = maze.carve(cell, dir)?;
        self.carved += 1;
        self.current = Some((cell, to));
        Some(GenEvent::Carve { from: cell, to })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{GeneratorKind, run_to_end, testing};
    use crate::maze::stats;

    fn build(w: u32, h: u32, seed: u64) -> (Maze, Kruskal) {
        testing::build(GeneratorKind::Kruskal, w, h, seed, Kruskal::new)
    }

    #[test]
    fn mazes_are_perfect_for_all_shapes() {
        testing::assert_perfect_for_all_shapes(GeneratorKind::Kruskal);
    }

    #[test]
    fn same_seed_same_maze_and_different_seeds_differ() {
        testing::assert_seeded(GeneratorKind::Kruskal);
    }

    #[test]
    fn the_structure_lists_the_walls_the_next_steps_take_in_order() {
        let (mut maze, mut generator) = build(9, 7, 5);
        for _ in 0..40 {
            generator.step(&mut maze);
        }
        let listed = generator.structure(12);
        assert_eq!(listed.entries.len(), 12);
        for entry in &listed.entries {
            let (taken, skipped) = match generator.step(&mut maze) {
                Some(GenEvent::Carve { from, .. }) => (from, false),
                Some(GenEvent::Skip { cell, .. }) => (cell, true),
                other => panic!("a wall taken, not {other:?}"),
            };
            assert_eq!(entry.pos, taken);
            // A wall said to be inside one set is skipped (sets only ever grow).
            if entry.detail.contains("skip") {
                assert!(skipped, "{}", entry.detail);
            }
        }
    }

    #[test]
    fn carves_join_sets_and_skips_would_close_loops() {
        let (mut maze, mut generator) = build(14, 9, 3);
        let cells = 14 * 9;
        let (mut carves, mut skips) = (0, 0);
        let mut seen = std::collections::HashSet::new();
        while let Some(event) = generator.step(&mut maze) {
            match event {
                GenEvent::Carve { from, to } => {
                    carves += 1;
                    assert_eq!(from.manhattan(to), 1);
                    assert!(seen.insert((from, to)), "each wall taken once");
                }
                GenEvent::Skip { cell, weight } => {
                    skips += 1;
                    assert_eq!(weight, 0);
                    let (a, b) = generator.current.expect("the rejected wall");
                    assert_eq!(a, cell);
                    assert!(seen.insert((a, b)), "each wall taken once");
                    // Rejected because a path already joins the two cells.
                    let dir = if b.col > a.col { Dir::East } else { Dir::South };
                    assert!(!maze.has_passage(a, dir));
                    assert_ne!(stats::distances(&maze, a)[maze.index(b)], u32::MAX);
                }
                GenEvent::Done => assert_eq!(carves, cells - 1),
                other => panic!("unexpected event {other:?}"),
            }
        }
        assert_eq!(carves, cells - 1);
        assert!(skips > 0, "a 14x9 maze rejects some walls");
        assert!(maze.is_perfect());
    }

    #[test]
    fn fused_after_done() {
        let (mut maze, mut generator) = build(3, 3, 1);
        run_to_end(&mut generator, &mut maze);
        for _ in 0..3 {
            assert_eq!(generator.step(&mut maze), None);
        }
        assert_eq!(generator.current(), None);
        assert_eq!(generator.mark(Pos::new(2, 2)), Mark::Visited);
        let (mut one, mut single) = build(1, 1, 0);
        assert_eq!(single.step(&mut one), Some(GenEvent::Done));
        assert_eq!(single.step(&mut one), None);
    }

    #[test]
    fn mark_shows_joined_cells_and_the_wall_taken() {
        let (mut maze, mut generator) = build(10, 10, 5);
        assert_eq!(generator.structure_len(), 2 * 9 * 10);
        for _ in 0..30 {
            generator.step(&mut maze);
        }
        assert_eq!(generator.structure_len(), 180 - 30);
        let (a, b) = generator.current.expect("a wall was taken");
        assert_eq!(
            (generator.mark(a), generator.mark(b)),
            (Mark::Current, Mark::Current)
        );
        for i in 0..100 {
            let cell = maze.pos(i);
            let expected = if cell == a || cell == b {
                Mark::Current
            } else if maze.passages(cell).count() > 0 {
                #[allow(clippy::cast_possible_truncation)]
                Mark::Set(generator.root(i as u32))
            } else {
                Mark::None
            };
            assert_eq!(generator.mark(cell), expected, "{cell}");
        }
    }
}
