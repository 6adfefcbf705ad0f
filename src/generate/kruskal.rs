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
//! parent 4 + rank 1 + set label 4 ([`labels`]) + maze 1 byte per cell: ≤ 18 bytes per
//! cell.

use get_size2::GetSize;

use crate::teach::{Entry, Pseudocode, Question, Structure, Teach};
use rand::Rng as _;

use crate::Mark;
use crate::generate::{GenEvent, GenOptions, Generator, Rng, rng};
use crate::maze::{Dir, Maze, Pos};

mod labels;
use labels::SetLabels;

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
    /// A label for each set of more than one cell, unique among the live sets (drawing).
    labels: SetLabels,
    /// Passages carved so far.
    carved: usize,
    /// Cells in the maze: done after `cells − 1` carves.
    cells: usize,
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
                // Only walls between two cells of the maze (a mask may leave some out).
                let on = |i: usize| maze.is_on_index(i);
                if !on(row * w + col) {
                    continue;
                }
                if col + 1 < w && on(row * w + col + 1) {
                    walls.push(cell * 2);
                }
                if row + 1 < h && on((row + 1) * w + col) {
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
            labels: SetLabels::new(cells),
            carved: 0,
            cells: maze.on_cell_count(),
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

    /// Merge two distinct roots: the lower-ranked tree goes under the other (the merged
    /// set keeps one label).
    #[inline]
    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.rank[a as usize], self.rank[b as usize]);
        if ra < rb {
            self.parent[a as usize] = b;
            self.labels.merge(b, a);
        } else {
            self.parent[b as usize] = a;
            if ra == rb {
                self.rank[a as usize] += 1;
            }
            self.labels.merge(a, b);
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

    /// Current: the two cells of the wall taken last; Set: cells joined to at least one
    /// other, by their set's label (unique among the live sets); None: cells still alone
    /// in their set.
    fn mark(&self, cell: Pos) -> Mark {
        if let Some((a, b)) = self.current
            && (cell == a || cell == b)
        {
            return Mark::Current;
        }
        if self.finished {
            return Mark::Visited;
        }
        #[allow(clippy::cast_possible_truncation)] // cell indices < MAX_CELLS < 2³²
        let i = self.index(cell) as u32;
        if i as usize >= self.parent.len() {
            return Mark::None;
        }
        // A lone cell is a root without a label.
        self.labels.of(self.root(i)).map_or(Mark::None, Mark::Set)
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

    fn asks(&self) -> Option<&'static str> {
        Some("does the next wall join two sets?")
    }

    /// The wall the next step takes is drawn from a copy of the machine's generator, so
    /// the question names the very wall the step will look at.
    fn question(&self) -> Option<Question> {
        if self.finished || self.carved + 1 >= self.parent.len() || self.taken == self.walls.len() {
            return None;
        }
        let k = self.rng.clone().random_range(self.taken..self.walls.len());
        let a = self.walls[k] >> 1;
        let b = if self.walls[k] & 1 == 0 {
            a + 1
        } else {
            a + self.width
        };
        let cell = |i: u32| Pos::new(i / self.width, i % self.width);
        let ask = format!(
            "does the wall between {} and {} join two sets?",
            cell(a),
            cell(b)
        );
        let rule = "Kruskal removes a wall only when its two cells are in different sets";
        let joins = self.root(a) != self.root(b);
        Some(Question::yes_no(ask, rule.to_owned(), joins))
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
        if self.carved + 1 >= self.cells || self.taken == self.walls.len() {
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
mod tests;
