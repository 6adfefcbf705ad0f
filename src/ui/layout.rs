//! Screen geometry shared by drawing and by the app (mouse clicks, scrolling, fitting the
//! maze): where each pane goes and how maze tiles map to terminal columns and rows.

use ratatui::layout::{Constraint, Layout, Margin, Rect};

use crate::app::View;

/// Smallest usable terminal: columns.
pub const MIN_COLS: u16 = 40;
/// Smallest usable terminal: rows.
pub const MIN_ROWS: u16 = 12;

/// Where each pane goes (outer rectangles, borders included; `keys` is one row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    /// The maze pane.
    pub maze: Rect,
    /// The algorithm list.
    pub list: Rect,
    /// The stats pane.
    pub stats: Rect,
    /// The log pane.
    pub log: Rect,
    /// The key bar at the bottom.
    pub keys: Rect,
}

/// The panes for a terminal of `area`, or `None` below [`MIN_COLS`]×[`MIN_ROWS`].
#[must_use]
pub fn areas(area: Rect) -> Option<Areas> {
    if area.width < MIN_COLS || area.height < MIN_ROWS {
        return None;
    }
    let [main, keys] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    let side_width = (area.width * 3 / 10).clamp(22, 36);
    let [maze, side] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(side_width)]).areas(main);
    // The list gets what it needs (all rows + borders) while the log keeps at least 5 lines.
    let stats_height = if side.height >= 24 {
        10
    } else {
        side.height / 3
    };
    let list_rows =
        crate::generate::GeneratorKind::ALL.len() + crate::solve::SolverKind::ALL.len() + 4;
    let list_height = side
        .height
        .saturating_sub(stats_height + 7)
        .min(u16::try_from(list_rows).unwrap_or(u16::MAX))
        .max(side.height / 3);
    let [list, stats, log] = Layout::vertical([
        Constraint::Length(list_height),
        Constraint::Length(stats_height),
        Constraint::Fill(1),
    ])
    .areas(side);
    Some(Areas {
        maze,
        list,
        stats,
        log,
        keys,
    })
}

/// Inside a bordered pane.
#[must_use]
pub fn inner(area: Rect) -> Rect {
    area.inner(Margin::new(1, 1))
}

/// Terminal columns one tile takes in `view`, by tile column: blocks 2; thin 1 for wall
/// columns (even) and 3 for cell columns (odd); half-blocks 1.
#[must_use]
pub const fn tile_width(view: View, col: u32) -> u16 {
    match view {
        View::Blocks => 2,
        View::Thin => {
            if col.is_multiple_of(2) {
                1
            } else {
                3
            }
        }
        View::HalfBlock => 1,
    }
}

/// Tile rows per terminal row: 2 for half-blocks, else 1.
#[must_use]
pub const fn tiles_per_row(view: View) -> u32 {
    match view {
        View::HalfBlock => 2,
        _ => 1,
    }
}

/// Tile columns that fit in `width` terminal columns starting at tile column `first`.
#[must_use]
pub fn visible_cols(view: View, width: u16, first: u32) -> u32 {
    match view {
        View::Blocks => u32::from(width / 2),
        View::HalfBlock => u32::from(width),
        View::Thin => {
            let mut used = 0u16;
            let mut col = first;
            loop {
                let w = tile_width(view, col);
                if used + w > width {
                    return col - first;
                }
                used += w;
                col += 1;
            }
        }
    }
}

/// Tile rows that fit in `height` terminal rows.
#[must_use]
pub fn visible_rows(view: View, height: u16) -> u32 {
    u32::from(height) * tiles_per_row(view)
}

/// The tile under terminal cell `(x, y)` in the maze pane's inner area, given the scroll
/// offset `(row, col)` in tiles; `None` outside.
#[must_use]
pub fn tile_at(view: View, inner: Rect, scroll: (u32, u32), x: u16, y: u16) -> Option<(u32, u32)> {
    if !inner.contains(ratatui::layout::Position::new(x, y)) {
        return None;
    }
    let row = scroll.0 + u32::from(y - inner.y) * tiles_per_row(view);
    let mut left = x - inner.x;
    let mut col = scroll.1;
    loop {
        let w = tile_width(view, col);
        if left < w {
            return Some((row, col));
        }
        left -= w;
        col += 1;
    }
}

/// The largest first tile column that still fills `width` terminal columns of a maze
/// `cols` tiles wide (0 when it all fits).
#[must_use]
pub fn max_first_col(view: View, width: u16, cols: u32) -> u32 {
    let mut used = 0u16;
    let mut first = cols;
    while first > 0 {
        let w = tile_width(view, first - 1);
        if used + w > width {
            break;
        }
        used += w;
        first -= 1;
    }
    first
}
