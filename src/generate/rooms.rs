//! Rooms: an open field split by walls into rectangular rooms, one door in each wall, like
//! a game level.
//!
//! Recursive Division stopped early, as Jamis Buck leaves rooms in *Mazes for Programmers*
//! (ch. 12, "Adding Rooms"), on a field whose rooms are open floors (pillars included). The
//! field starts open inside its border ([`GeneratorKind::initial_maze`]). Each step takes a
//! chamber from the stack: if its longer side is more than [`MAX_ROOM`] cells it builds one
//! wall across that side at random, with a one-tile door ([`GenEvent::Divide`]), and pushes
//! both halves (each at least [`MIN_ROOM`] cells across the wall); otherwise the chamber is
//! a room and stays as it is ([`GenEvent::Room`]). Every room is reachable from every other
//! (each wall has a door), and there are loops only where doors line up, never inside a
//! wall.
//!
//! Cost: O(cells) time (each wall is as long as its chamber, and chambers halve); the stack
//! holds O(log cells) chambers.
//!
//! [`GeneratorKind::initial_maze`]: crate::generate::GeneratorKind::initial_maze

use get_size2::GetSize;
use rand::Rng as _;

use crate::Mark;
use crate::generate::{GenEvent, GenOptions, Generator, Rng, rng};
use crate::maze::{Maze, Pos};
use crate::teach::{Pseudocode, Structure, Teach};

/// A chamber whose sides are both at most this many cells is a room.
pub const MAX_ROOM: u32 = 6;
/// The fewest cells a room has across a wall that made it.
pub const MIN_ROOM: u32 = 3;

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &[
    "open the whole field",
    "chambers ← [the field]",
    "while chambers remain:",
    "  c ← pop a chamber",
    "  if c is small: it is a room",
    "  else: build a wall across",
    "    c's longer side at random",
    "    with one door in it",
    "    push both halves",
];

/// A rectangle of cells: rows `row..row + height`, columns `col..col + width`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, GetSize)]
struct Chamber {
    row: u32,
    col: u32,
    width: u32,
    height: u32,
}

impl Chamber {
    fn contains(self, cell: Pos) -> bool {
        (self.row..self.row + self.height).contains(&cell.row)
            && (self.col..self.col + self.width).contains(&cell.col)
    }
}

/// Rooms as a step machine. See the [module docs](self).
#[derive(Clone, Debug, GetSize)]
pub struct Rooms {
    /// Chambers still to look at, the next on top.
    stack: Vec<Chamber>,
    /// The chamber the last step looked at.
    current: Option<Chamber>,
    /// The cell beside the door of the last wall.
    door: Option<Pos>,
    /// Rooms found so far.
    rooms: usize,
    done: bool,
    #[get_size(ignore)]
    rng: Rng,
}

impl Rooms {
    /// A machine for `maze` (an open field) seeded with `seed`.
    #[must_use]
    pub fn new(maze: &Maze, seed: u64, _options: &GenOptions) -> Self {
        Self {
            stack: vec![Chamber {
                row: 0,
                col: 0,
                width: maze.width(),
                height: maze.height(),
            }],
            current: None,
            door: None,
            rooms: 0,
            done: false,
            rng: rng(seed),
        }
    }

    /// Build a wall across `c`'s longer side (either way if square) with one door, and
    /// push both halves, the north / west one on top.
    fn divide(&mut self, maze: &mut Maze, c: Chamber) -> GenEvent {
        let horizontal = match c.height.cmp(&c.width) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => self.rng.random(),
        };
        let (across, along) = if horizontal {
            (c.height, c.width)
        } else {
            (c.width, c.height)
        };
        // The wall follows the `offset`-th row / column of the chamber: at least MIN_ROOM
        // on each side of it.
        let offset = self.rng.random_range(MIN_ROOM - 1..=across - MIN_ROOM - 1);
        let door = self.rng.random_range(0..along);
        let (at, start) = if horizontal {
            (c.row + offset, c.col)
        } else {
            (c.col + offset, c.row)
        };
        for k in 0..along {
            // Tiles of the wall: the side of each cell, and the pillar after it.
            let (side, pillar) = if horizontal {
                let r = 2 * at + 2;
                (
                    Pos::new(r, 2 * (start + k) + 1),
                    Pos::new(r, 2 * (start + k) + 2),
                )
            } else {
                let col = 2 * at + 2;
                (
                    Pos::new(2 * (start + k) + 1, col),
                    Pos::new(2 * (start + k) + 2, col),
                )
            };
            maze.set_tile_open(side, k == door);
            maze.set_tile_open(pillar, false);
        }
        let near = offset + 1;
        let (first, second) = if horizontal {
            (
                Chamber { height: near, ..c },
                Chamber {
                    row: c.row + near,
                    height: c.height - near,
                    ..c
                },
            )
        } else {
            (
                Chamber { width: near, ..c },
                Chamber {
                    col: c.col + near,
                    width: c.width - near,
                    ..c
                },
            )
        };
        self.stack.push(second);
        self.stack.push(first);
        self.door = Some(if horizontal {
            Pos::new(at, start + door)
        } else {
            Pos::new(start + door, at)
        });
        GenEvent::Divide {
            horizontal,
            at,
            start,
            end: start + along - 1,
            gap: start + door,
        }
    }
}

impl Teach for Rooms {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn setup_lines(&self) -> &'static [usize] {
        &[0, 1]
    }

    fn lines(&self, event: &GenEvent) -> &'static [usize] {
        match event {
            GenEvent::Divide { .. } => &[2, 3, 5, 6, 7, 8],
            GenEvent::Room { .. } => &[2, 3, 4],
            _ => &[2],
        }
    }

    fn explain(&self, event: &GenEvent) -> String {
        match *event {
            GenEvent::Divide {
                horizontal: true,
                at,
                start,
                end,
                gap,
            } => format!(
                "built a wall south of row {at}, columns {start}–{end}, with a door at column {gap}"
            ),
            GenEvent::Divide {
                at,
                start,
                end,
                gap,
                ..
            } => format!(
                "built a wall east of column {at}, rows {start}–{end}, with a door at row {gap}"
            ),
            GenEvent::Room { top, bottom } => format!(
                "the chamber from {top} to {bottom} is at most {MAX_ROOM} cells a side: room {}",
                self.rooms
            ),
            _ => format!("no chamber left: {} rooms", self.rooms),
        }
    }

    /// Current: the cell beside the last door; Frontier: the chamber looked at last;
    /// Visited: the rest (the field is open from the start).
    fn mark(&self, cell: Pos) -> Mark {
        if self.door == Some(cell) {
            Mark::Current
        } else if self.current.is_some_and(|c| c.contains(cell)) {
            Mark::Frontier
        } else {
            Mark::Visited
        }
    }

    fn structure(&self, _max: usize) -> Structure {
        Structure::new(
            "chambers",
            "last in, first looked at",
            self.structure_len(),
            Vec::new(),
        )
    }

    fn structure_len(&self) -> usize {
        self.stack.len()
    }

    fn current(&self) -> Option<Pos> {
        self.door.or(self.current.map(|c| Pos::new(c.row, c.col)))
    }
}

impl Generator for Rooms {
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if self.done {
            return None;
        }
        let Some(c) = self.stack.pop() else {
            self.done = true;
            self.current = None;
            self.door = None;
            return Some(GenEvent::Done);
        };
        self.current = Some(c);
        if c.width.max(c.height) > MAX_ROOM {
            return Some(self.divide(maze, c));
        }
        self.door = None;
        self.rooms += 1;
        Some(GenEvent::Room {
            top: Pos::new(c.row, c.col),
            bottom: Pos::new(c.row + c.height - 1, c.col + c.width - 1),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::MAX_ROOM;
    use crate::generate::testing::{SHAPES, assert_seeded, generate};
    use crate::generate::{GenEvent, GenOptions, Generator, GeneratorKind};
    use crate::maze::stats::tile_distances;

    #[test]
    fn every_open_tile_is_reachable() {
        assert_seeded(GeneratorKind::Rooms);
        for (w, h) in SHAPES.into_iter().chain([(40, 25), (7, 30)]) {
            for seed in 0..4 {
                let maze = generate(GeneratorKind::Rooms, w, h, seed);
                let grid = maze.to_grid();
                let dist = tile_distances(&grid, grid.start());
                let reached = dist.iter().filter(|&&d| d != u32::MAX).count();
                assert_eq!(reached, maze.open_tile_count(), "{w}x{h} seed {seed}");
            }
        }
    }

    #[test]
    fn rooms_cover_the_field_and_are_small() {
        let (w, h) = (33, 21);
        let mut maze = GeneratorKind::Rooms.initial_maze(w, h).expect("valid");
        let mut machine = GeneratorKind::Rooms.build(&maze, 4, &GenOptions::default());
        let (mut area, mut rooms) = (0, 0);
        while let Some(event) = machine.step(&mut maze) {
            if let GenEvent::Room { top, bottom } = event {
                let (rw, rh) = (bottom.col - top.col + 1, bottom.row - top.row + 1);
                assert!(rw <= MAX_ROOM && rh <= MAX_ROOM, "{rw}x{rh}");
                area += rw * rh;
                rooms += 1;
            }
        }
        assert_eq!(area, w * h);
        assert!(rooms > 10);
    }
}
