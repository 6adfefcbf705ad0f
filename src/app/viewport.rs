//! Screen geometry shared by the app (fitting the maze, scrolling, mouse clicks) and the
//! UI (drawing): where each pane goes for a terminal size and a maze, and how maze tiles
//! map to terminal columns and rows in each view.
//!
//! The layout gives the maze the room it needs and the rest to the teaching panes: a side
//! panel that grows with the terminal (one column of panes, or two side by side when wide),
//! the space under a short maze to the log, and on small terminals one side pane at a time
//! under a tab bar.

use ratatui::layout::{Constraint, Layout, Margin, Rect};

use super::View;

/// Smallest usable terminal: columns.
pub const MIN_COLS: u16 = 40;
/// Smallest usable terminal: rows.
pub const MIN_ROWS: u16 = 12;

/// Side panel widths: at least this (small terminals)…
const SIDE_MIN: u16 = 36;
/// …growing with the terminal up to this (two columns of 48).
const SIDE_MAX: u16 = 96;
/// A side panel this wide holds two columns of panes.
const TWO_COLUMNS: u16 = 72;
/// Rows under a short maze worth giving to the log.
const BELOW_MIN: u16 = 7;

/// The panes of the side panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pane {
    /// The algorithm list.
    List,
    /// Step, timeline, counters, path, options.
    Stats,
    /// The pseudocode with the line just run, and what the step did.
    Code,
    /// The live data structure (or the inspector's record of a tile).
    Structure,
    /// Events in words.
    Log,
}

impl Pane {
    /// Tab order on small terminals.
    pub const TABS: [Pane; 5] = [
        Pane::Stats,
        Pane::Code,
        Pane::Structure,
        Pane::Log,
        Pane::List,
    ];

    /// The tab's name.
    #[must_use]
    pub const fn tab(self) -> &'static str {
        match self {
            Pane::List => "List",
            Pane::Stats => "Stats",
            Pane::Code => "Code",
            Pane::Structure => "Data",
            Pane::Log => "Log",
        }
    }
}

/// Where each pane goes (outer rectangles, borders included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Areas {
    /// The maze pane.
    pub maze: Rect,
    /// The side panes that have an area of their own, with it.
    pub panes: Vec<(Pane, Rect)>,
    /// On small terminals: the tab bar (one row) and the area of the tab shown.
    pub tabs: Option<(Rect, Rect)>,
    /// The key bar at the bottom (one row).
    pub keys: Rect,
}

impl Areas {
    /// The area of `pane`, if it has one of its own.
    #[must_use]
    pub fn pane(&self, pane: Pane) -> Option<Rect> {
        self.panes.iter().find(|(p, _)| *p == pane).map(|&(_, r)| r)
    }

    /// The panes shown one at a time under the tab bar (those without an area of their
    /// own), in tab order; empty when there is no tab bar.
    #[must_use]
    pub fn tabbed(&self) -> Vec<Pane> {
        if self.tabs.is_none() {
            return Vec::new();
        }
        Pane::TABS
            .into_iter()
            .filter(|&p| self.pane(p).is_none())
            .collect()
    }

    /// The pane the tab body shows when `wanted` is chosen: `wanted` if it is a tab,
    /// else the first tab.
    #[must_use]
    pub fn tab_shown(&self, wanted: Pane) -> Option<Pane> {
        let tabs = self.tabbed();
        tabs.iter()
            .copied()
            .find(|&p| p == wanted)
            .or(tabs.first().copied())
    }
}

/// The panes for a terminal of `area` showing a maze of `tiles` `(rows, cols)` in `view`,
/// with `list_rows` rows in the algorithm list and `code_rows` pseudocode lines; `None`
/// below [`MIN_COLS`]×[`MIN_ROWS`].
///
/// The maze pane gets the room the whole maze needs if the side panel can keep
/// [`SIDE_MIN`] columns, else the room left of a side panel of its preferred width (and
/// the maze scrolls). Rows under a short maze go to the log (and the structure, when
/// wide). The side panel holds two columns of panes when wide, one when narrow, and one
/// pane at a time under a tab bar when even one column does not fit.
#[must_use]
pub fn areas(
    area: Rect,
    view: View,
    tiles: (u32, u32),
    list_rows: u16,
    code_rows: u16,
) -> Option<Areas> {
    if area.width < MIN_COLS || area.height < MIN_ROWS {
        return None;
    }
    let [main, keys] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    let (cols_needed, rows_needed) = maze_extent(view, tiles);
    let side_pref = (area.width * 2 / 5).clamp(SIDE_MIN, SIDE_MAX);
    let whole = cols_needed.saturating_add(2);
    let maze_w = if whole <= area.width - SIDE_MIN {
        whole.max(area.width.saturating_sub(SIDE_MAX))
    } else {
        area.width - side_pref
    };
    let [maze_col, side] =
        Layout::horizontal([Constraint::Length(maze_w), Constraint::Fill(1)]).areas(main);
    let maze_h = rows_needed.saturating_add(2);
    let (maze, below) = if maze_col.height >= maze_h + BELOW_MIN {
        let [maze, below] =
            Layout::vertical([Constraint::Length(maze_h), Constraint::Fill(1)]).areas(maze_col);
        (maze, Some(below))
    } else {
        (maze_col, None)
    };
    let mut panes = Vec::new();
    match below {
        Some(below) if below.width >= 2 * 30 => {
            let [structure, log] =
                Layout::horizontal([Constraint::Fill(2), Constraint::Fill(3)]).areas(below);
            panes.extend([(Pane::Structure, structure), (Pane::Log, log)]);
        }
        Some(below) => panes.push((Pane::Log, below)),
        None => {}
    }
    let placed = |panes: &Vec<(Pane, Rect)>, p: Pane| panes.iter().any(|(q, _)| *q == p);
    let stats_h = 9;
    // Borders, a blank line and four lines for the explanation of the step.
    let code_h = code_rows + 7;
    let list_h = list_rows + 2;
    if side.width >= TWO_COLUMNS {
        let [a, b] = Layout::horizontal([Constraint::Fill(1), Constraint::Fill(1)]).areas(side);
        let mut left = vec![
            (Pane::List, Constraint::Max(list_h)),
            (Pane::Stats, Constraint::Length(stats_h)),
        ];
        if !placed(&panes, Pane::Structure) {
            left.push((Pane::Structure, Constraint::Min(5)));
        }
        let mut right = vec![(Pane::Code, Constraint::Max(code_h))];
        if !placed(&panes, Pane::Log) {
            right.push((Pane::Log, Constraint::Min(5)));
        }
        for (column, list) in [(a, left), (b, right)] {
            let rects = Layout::vertical(list.iter().map(|(_, c)| *c)).split(column);
            panes.extend(list.iter().map(|(p, _)| *p).zip(rects.iter().copied()));
        }
        return Some(Areas {
            maze,
            panes,
            tabs: None,
            keys,
        });
    }
    // One column: stats, code, the structure and the log unless placed under the maze,
    // and the list in what is left.
    let mut column = vec![
        (Pane::Stats, stats_h, stats_h),
        (Pane::Code, code_h.min(code_rows + 4), code_h),
    ];
    // Each pane at least a border and two lines; what is left goes to them in order.
    if !placed(&panes, Pane::Structure) {
        column.push((Pane::Structure, 4, 8));
    }
    column.push((Pane::List, 4, list_h));
    if !placed(&panes, Pane::Log) {
        column.push((Pane::Log, 4, u16::MAX));
    }
    let least: u16 = column.iter().map(|&(_, min, _)| min).sum();
    if side.height >= least {
        // Grow each pane from its least height towards its wish, in order.
        let mut spare = side.height - least;
        let mut heights: Vec<u16> = column.iter().map(|&(_, min, _)| min).collect();
        for (h, &(_, min, want)) in heights.iter_mut().zip(&column) {
            let more = want.saturating_sub(min).min(spare);
            *h += more;
            spare -= more;
        }
        if let Some(last) = heights.last_mut() {
            *last += spare;
        }
        let rects = Layout::vertical(heights.iter().map(|&h| Constraint::Length(h))).split(side);
        panes.extend(column.iter().map(|(p, _, _)| *p).zip(rects.iter().copied()));
        return Some(Areas {
            maze,
            panes,
            tabs: None,
            keys,
        });
    }
    // Small: the other side panes one at a time under a tab bar.
    let [bar, body] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(side);
    Some(Areas {
        maze,
        panes,
        tabs: Some((bar, body)),
        keys,
    })
}

/// Terminal cells `(columns, rows)` the whole maze of `tiles` `(rows, cols)` takes in
/// `view`, borders not included (saturating at `u16::MAX`).
#[must_use]
pub fn maze_extent(view: View, (rows, cols): (u32, u32)) -> (u16, u16) {
    let width: u64 = match view {
        View::Blocks => 2 * u64::from(cols),
        View::HalfBlock => u64::from(cols),
        View::Thin => u64::from(cols / 2) * 3 + u64::from(cols.div_ceil(2)),
    };
    let height = u64::from(rows.div_ceil(tiles_per_row(view)));
    let clamp = |v: u64| u16::try_from(v).unwrap_or(u16::MAX);
    (clamp(width), clamp(height))
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

/// The first tile of the page that shows tile `at` in a window of `visible` tiles: pages
/// step by `visible − 2·margin` (margin = a quarter of the window, at most 2), rounded down
/// to even when `even`. Pure: depends on `at` and the window alone, so stepping back and
/// forward again shows the same frame.
#[must_use]
pub fn page_start(at: u32, visible: u32, even: bool) -> u32 {
    if visible == 0 {
        return 0;
    }
    let margin = (visible / 4).min(2);
    let mut page = visible.saturating_sub(2 * margin).max(1);
    if even && page > 1 {
        page &= !1;
    }
    (at.saturating_sub(margin) / page) * page
}

/// Maze size in cells that fills the maze room of a `size` terminal in the blocks view
/// (the side panel at its preferred width): at least 1×1.
#[must_use]
pub fn fit(size: (u16, u16)) -> (u32, u32) {
    let (w, h) = size;
    if w < MIN_COLS || h < MIN_ROWS {
        return (20, 10);
    }
    let side = (w * 2 / 5).clamp(SIDE_MIN, SIDE_MAX);
    let inner_w = (w - side).saturating_sub(2);
    let inner_h = h.saturating_sub(3);
    let cells_w = (u32::from(inner_w / 2).saturating_sub(1) / 2).max(1);
    let cells_h = (u32::from(inner_h).saturating_sub(1) / 2).max(1);
    (cells_w, cells_h)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(w: u16, h: u16, tiles: (u32, u32)) -> Areas {
        areas(Rect::new(0, 0, w, h), View::Blocks, tiles, 30, 12).expect("large enough")
    }

    #[test]
    fn a_fitted_maze_fills_its_room_and_every_pane_has_a_place() {
        for (w, h) in [(120, 40), (200, 60), (100, 30)] {
            let (cw, ch) = fit((w, h));
            let tiles = (2 * ch + 1, 2 * cw + 1);
            let a = layout(w, h, tiles);
            let (need_w, need_h) = maze_extent(View::Blocks, tiles);
            assert!(inner(a.maze).width >= need_w, "{w}x{h}: maze fits its pane");
            assert!(inner(a.maze).height >= need_h.min(h - 3), "{w}x{h}");
            for pane in [
                Pane::Stats,
                Pane::Code,
                Pane::Log,
                Pane::Structure,
                Pane::List,
            ] {
                assert!(
                    a.pane(pane).is_some() || a.tabs.is_some(),
                    "{w}x{h}: {pane:?}"
                );
            }
        }
    }

    #[test]
    fn a_small_maze_leaves_its_room_to_the_panes() {
        // 20×10 cells at 200×60: the maze keeps 84 columns (more than the least side
        // panel leaves it), the side panel gets two columns, and the rows under the maze
        // go to the structure and the log.
        let a = layout(200, 60, (21, 41));
        assert_eq!(a.maze.width, 104);
        assert_eq!(a.maze.height, 23);
        let log = a.pane(Pane::Log).expect("log below the maze");
        assert_eq!(log.y, 23);
        assert_eq!(a.pane(Pane::Structure).map(|r| r.y), Some(23));
        let (code, list) = (
            a.pane(Pane::Code).expect("code"),
            a.pane(Pane::List).expect("list"),
        );
        assert!(code.x > list.x, "two columns side by side");
        // At 120×40 the same maze keeps its room and the side panel is one column.
        let a = layout(120, 40, (21, 41));
        assert_eq!(a.maze.width, 84);
        assert!(a.tabs.is_none());
        let (code, list) = (
            a.pane(Pane::Code).expect("code"),
            a.pane(Pane::List).expect("list"),
        );
        assert_eq!(code.x, list.x, "one column");
    }

    #[test]
    fn small_terminals_show_the_side_panes_as_tabs() {
        let a = layout(80, 24, (21, 41));
        assert!(a.tabs.is_some());
        assert!(a.maze.width >= 40);
    }
}
