//! The text format of a masked maze, written straight from its cells as the unmasked one
//! is ([`super::write_maze_text`]): no tile grid is built, and the outside is marked row
//! by row.

use std::io::{self, Write};

use crate::maze::cells::{BLOCKED, EAST, OFF, PILLAR, SOUTH};
use crate::maze::{Maze, OUTSIDE};

/// Write a masked maze in the text format, one line at a time: what
/// [`Maze::to_grid`]`().write_text(w, None)` writes, byte for byte, without the grid.
/// `#` wall, space open, [`OUTSIDE`] on every tile no on-cell touches (an off-cell, a
/// wall with off-cells or the edge on both sides, a pillar with off-cells or the edge at
/// its four corners), `S` and `E` on the two far ends ([`Maze::far_ends`]; S wins where
/// they are one cell). Memory O(width) beside the far ends' search (a byte per cell and
/// its stack); time O(tiles).
///
/// # Errors
/// Any I/O error from `w`.
pub(super) fn write_masked_text<W: Write>(maze: &Maze, w: &mut W) -> io::Result<()> {
    let (start, goal) = maze.far_ends();
    let cols = maze.tile_cols() as usize;
    let width = maze.width() as usize;
    // The cell line and the wall line below it, as in the unmasked writer; and which
    // cells are off in this row, and in both this row and the next (a row past the edge
    // is all off).
    let mut cells = vec![b' '; cols + 1];
    cells[cols] = b'\n';
    let mut walls = vec![b'#'; cols + 1];
    walls[cols] = b'\n';
    let mut off = vec![false; width];
    let mut both = vec![false; width];
    // The row below the last: all off.
    let past = vec![OFF; width];
    // The outer wall along the top: the row above it is past the edge.
    for (b, &cell) in both.iter_mut().zip(maze.row_bytes(0)) {
        *b = cell & OFF != 0;
    }
    mark_outside(&mut walls, &both, true);
    w.write_all(&walls)?;
    for row in 0..maze.height() {
        let bytes = maze.row_bytes(row);
        let below = if row + 1 < maze.height() {
            maze.row_bytes(row + 1)
        } else {
            &past
        };
        // The same tiles as the unmasked writer's (a test holds them to the grid's).
        for (i, &b) in bytes.iter().enumerate() {
            cells[1 + 2 * i] = if b & BLOCKED != 0 { b'#' } else { b' ' };
            cells[2 + 2 * i] = if b & EAST != 0 { b' ' } else { b'#' };
            walls[1 + 2 * i] = if b & SOUTH != 0 { b' ' } else { b'#' };
            walls[2 + 2 * i] = if b & PILLAR != 0 { b' ' } else { b'#' };
        }
        // Which cells are off, and whether any is: a row with none (every row of a mask
        // with only a few cells off) skips the marking loop.
        let (mut any_off, mut any_both) = (0, 0);
        for (((o, b), &cell), &under) in off.iter_mut().zip(&mut both).zip(bytes).zip(below) {
            *o = cell & OFF != 0;
            *b = cell & under & OFF != 0;
            any_off |= cell;
            any_both |= cell & under;
        }
        mark_outside(&mut cells, &off, any_off & OFF != 0);
        mark_outside(&mut walls, &both, any_both & OFF != 0);
        // E, then S over it: the grid's order.
        for (end, symbol) in [(goal, b'E'), (start, b'S')] {
            if end.row == row {
                cells[1 + 2 * end.col as usize] = symbol;
            }
        }
        w.write_all(&cells)?;
        w.write_all(&walls)?;
    }
    Ok(())
}

/// Mark the outside tiles of one line of tiles (`2W+1` of them and a newline), given which
/// of the `W` cells it runs through or beside are off (`off`; for a wall line, off on
/// both sides). Tile 0 (the west wall) and a cell's tile are outside with their cell off,
/// the tile east of cell `c` with cells `c` and `c + 1` (or the east edge) off. Tile 0 is
/// set either way: it is a wall, and nothing else writes it. With `any` false no cell
/// is off, and only tile 0 is looked at.
fn mark_outside(line: &mut [u8], off: &[bool], any: bool) {
    line[0] = if off.first() == Some(&true) {
        OUTSIDE
    } else {
        b'#'
    };
    if !any {
        return;
    }
    for (c, &o) in off.iter().enumerate() {
        if o {
            line[1 + 2 * c] = OUTSIDE;
            if off.get(c + 1).is_none_or(|&next| next) {
                line[2 + 2 * c] = OUTSIDE;
            }
        }
    }
}
