//! Obstacles: an open field with random wall tiles, the classic path-finding playground.
//!
//! The field starts open inside its border ([`GeneratorKind::initial_maze`]); then every
//! inner tile, row by row, becomes a wall with probability `density` (`--density`, default
//! 0.3), as PathFinding.js and Red Blob Games scatter obstacles. The start (cell (0,0),
//! tile (1,1)) and the goal (the last cell) stay open and draw nothing. Nothing is checked:
//! a field may have no path from S to E, and the solvers say so.
//!
//! One step per wall ([`GenEvent::Wall`]); the tiles a step passes over without a wall
//! are part of that step. Cost: O(tiles) time and one random word per inner tile; no
//! memory beyond the maze.
//!
//! [`GeneratorKind::initial_maze`]: crate::generate::GeneratorKind::initial_maze

use get_size2::GetSize;

use crate::Mark;
use crate::generate::words::Words;
use crate::generate::{GenEvent, GenOptions, Generator};
use crate::maze::{Maze, Pos};
use crate::teach::{Pseudocode, Structure, Teach};

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "open every inner tile",
    "for each inner tile t in rows:",
    "  if t is S or E: keep it open",
    "  else if random() < density:",
    "    t ← wall",
];

/// Obstacles as a step machine. See the [module docs](self).
#[derive(Clone, Debug, GetSize)]
pub struct Obstacles {
    /// A random word below this makes a wall: `density × 2³²`.
    threshold: u64,
    /// The next tile to draw for (tile coordinates, inside the border).
    next: Pos,
    /// Tile rows and columns of the picture.
    rows: u32,
    cols: u32,
    /// S and E, which draw nothing.
    start: Pos,
    goal: Pos,
    /// The tile walled by the last step.
    last: Option<Pos>,
    /// Walls built so far.
    walls: u64,
    /// Whether the last step passed S or E.
    kept: bool,
    done: bool,
    /// The RNG's words, and the position of the next one.
    #[get_size(ignore)]
    words: Box<Words>,
    pos: usize,
}

impl Obstacles {
    /// A machine for `maze` (an open field) seeded with `seed`, walling tiles with
    /// probability `options.density` (clamped to 0–1).
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, options: &GenOptions) -> Self {
        let density = if options.density.is_nan() {
            0.0
        } else {
            options.density.clamp(0.0, 1.0)
        };
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // 0 ≤ d·2³² ≤ 2³²
        let threshold = (density * 4_294_967_296.0) as u64;
        Self {
            threshold,
            next: Pos::new(1, 1),
            rows: maze.tile_rows(),
            cols: maze.tile_cols(),
            start: Pos::new(1, 1),
            goal: Pos::new(maze.tile_rows() - 2, maze.tile_cols() - 2),
            last: None,
            walls: 0,
            kept: false,
            done: false,
            words: Words::new(seed),
            pos: 0,
        }
    }

    /// `random() < density` for tile `tile`, or `false` without a draw for S and E.
    #[inline]
    fn draw(&mut self, tile: Pos) -> bool {
        if tile == self.start || tile == self.goal {
            return false;
        }
        self.pos = self.words.ensure(self.pos, 1);
        let word = self.words.word(self.pos);
        self.pos += 1;
        u64::from(word) < self.threshold
    }

    /// The cell a tile belongs to for the cell-level marks: its own, or the one north-west
    /// of a passage or pillar.
    fn cell_of(tile: Pos) -> Pos {
        Pos::new((tile.row - 1) / 2, (tile.col - 1) / 2)
    }
}

impl Teach for Obstacles {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match (event, self.kept) {
            (GenEvent::Wall { .. }, false) => &[1, 3, 4],
            (GenEvent::Wall { .. }, true) => &[1, 2, 3, 4],
            (_, false) => &[1],
            (_, true) => &[1, 2],
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        match event {
            GenEvent::Wall { tile } => format!(
                "tile {tile} drew below the density: a wall ({} so far)",
                self.walls
            ),
            _ => format!(
                "every inner tile has drawn: {} walls, S and E open",
                self.walls
            ),
        }
    }

    /// Current: the cell of the last wall; Visited: cells the scan has passed.
    fn mark(&self, cell: Pos) -> Mark {
        let tile = cell.cell_to_tile();
        if self.last.is_some_and(|t| Self::cell_of(t) == cell) {
            Mark::Current
        } else if self.done || (tile.row, tile.col) < (self.next.row, self.next.col) {
            Mark::Visited
        } else {
            Mark::None
        }
    }

    fn structure(&self, _max: usize) -> Structure {
        Structure::new(
            "tiles to draw",
            "row by row",
            self.structure_len(),
            Vec::new(),
        )
    }

    /// Inner tiles not drawn for yet.
    fn structure_len(&self) -> usize {
        if self.done || self.next.row + 1 >= self.rows {
            return 0;
        }
        let inner = (self.cols - 2) as usize;
        (self.rows - 1 - self.next.row) as usize * inner - (self.next.col - 1) as usize
    }

    fn current(&self) -> Option<Pos> {
        self.last.map(Self::cell_of)
    }
}

impl Generator for Obstacles {
    #[inline]
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if self.done {
            return None;
        }
        let (last_row, last_col) = (self.rows - 2, self.cols - 2);
        let Pos { mut row, mut col } = self.next;
        self.kept = false;
        while row <= last_row {
            let tile = Pos::new(row, col);
            self.kept |= tile == self.start || tile == self.goal;
            let wall = self.draw(tile);
            if col == last_col {
                (row, col) = (row + 1, 1);
            } else {
                col += 1;
            }
            if wall {
                maze.set_tile_open(tile, false);
                self.next = Pos::new(row, col);
                self.last = Some(tile);
                self.walls += 1;
                return Some(GenEvent::Wall { tile });
            }
        }
        self.next = Pos::new(row, col);
        self.last = None;
        self.done = true;
        Some(GenEvent::Done)
    }

    /// The same walls as stepping to the end, a row of tiles at a time
    /// ([`Maze::wall_row`]) instead of one step per wall.
    fn run(&mut self, maze: &mut Maze) -> u64 {
        if self.done {
            return 0;
        }
        let mut walls = 0;
        for row in self.next.row..self.rows - 1 {
            let from = if row == self.next.row {
                self.next.col
            } else {
                1
            };
            walls += maze.wall_row(row, from, |col| self.draw(Pos::new(row, col)));
        }
        self.walls += walls;
        self.next = Pos::new(self.rows - 1, 1);
        self.last = None;
        self.kept = false;
        self.done = true;
        walls + 1
    }
}

#[cfg(test)]
mod tests;
