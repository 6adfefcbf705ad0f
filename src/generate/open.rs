//! Open field: a path-finding field with walls only on the border.
//!
//! Path-finding demos start from an empty grid (Red Blob Games' *Introduction to A\**,
//! PathFinding.js; the board of a Board/Player course): with no corridors to follow, A*,
//! Dijkstra, greedy best-first and jump point search differ most visibly. The field keeps
//! the maze's tile layout (cell `(r, c)` is tile `(2r+1, 2c+1)`), with every inner tile open,
//! pillars included, so S on cell (0,0) and E on the last cell are as on a maze.
//!
//! One step opens the whole room ([`GenEvent::Room`]); the next is [`GenEvent::Done`].
//! Cost: O(cells) time, no memory beyond the maze.

use get_size2::GetSize;

use crate::Mark;
use crate::generate::{GenEvent, GenOptions, Generator};
use crate::maze::{Maze, Pos};
use crate::teach::{Pseudocode, Teach};

/// The pseudocode the Pseudocode pane shows.
pub const PSEUDOCODE: Pseudocode = &["every tile is a wall", "open every inner tile"];

/// The open field as a step machine. See the [module docs](self).
#[derive(Clone, Debug, GetSize)]
pub struct Open {
    /// The room's bottom-right cell.
    last: Pos,
    /// Whether the room is open.
    opened: bool,
    done: bool,
}

impl Open {
    /// A machine for `maze` (all walls standing); the seed and options change nothing.
    #[must_use]
    pub fn new(maze: &Maze, _seed: u64, _options: &GenOptions) -> Self {
        Self {
            last: Pos::new(maze.height() - 1, maze.width() - 1),
            opened: false,
            done: false,
        }
    }
}

impl Teach for Open {
    type Event = GenEvent;

    fn pseudocode(&self) -> Pseudocode {
        PSEUDOCODE
    }

    fn lines(&self, _event: &GenEvent) -> &'static [usize] {
        &[1]
    }

    fn explain(&self, event: &GenEvent) -> String {
        match event {
            GenEvent::Room { .. } => {
                "opened every tile inside the border, pillars too: one room, the field to search"
                    .to_owned()
            }
            _ => "the field is open: done".to_owned(),
        }
    }

    /// Every cell is open once the room is.
    fn mark(&self, _cell: Pos) -> Mark {
        if self.opened {
            Mark::Visited
        } else {
            Mark::None
        }
    }

    fn structure_len(&self) -> usize {
        0
    }
}

impl Generator for Open {
    fn step(&mut self, maze: &mut Maze) -> Option<GenEvent> {
        if self.done {
            return None;
        }
        if !self.opened {
            maze.open_field();
            self.opened = true;
            return Some(GenEvent::Room {
                top: Pos::new(0, 0),
                bottom: self.last,
            });
        }
        self.done = true;
        Some(GenEvent::Done)
    }
}

#[cfg(test)]
mod tests {
    use crate::generate::GeneratorKind;
    use crate::generate::testing::generate;
    use crate::maze::Pos;

    #[test]
    fn the_field_is_open_inside_the_border_in_two_steps() {
        let (maze, steps) = GeneratorKind::Open
            .generate(4, 3, 1, &crate::generate::GenOptions::default())
            .expect("valid");
        assert_eq!(steps, 2);
        assert_eq!(maze.open_tile_count(), 7 * 5);
        assert!(maze.is_open_tile(Pos::new(2, 2)), "a pillar");
        assert_eq!(
            generate(GeneratorKind::Open, 4, 3, 9),
            maze,
            "no randomness"
        );
    }
}
