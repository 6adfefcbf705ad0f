//! The maze pane: walls, floor and the running machine's overlays, in one of three views,
//! scrolled to the app's offset.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;

use super::layout::{self, tile_width};
use super::theme::Theme;
use crate::Mark;
use crate::app::{App, Focus, View};
use crate::maze::Pos;

/// What one tile shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tile {
    Wall,
    Floor,
    Marked(Mark),
    Start,
    Goal,
    Heat(usize),
}

/// Draw the maze pane into `area`.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let (rows, cols) = app.tile_size();
    let (cells_w, cells_h) = (cols / 2, rows / 2);
    let view = match app.view {
        View::Blocks => "blocks",
        View::Thin => "thin",
        View::HalfBlock => "half-blocks",
    };
    let mut title = vec![Span::styled(" Maze ", theme.title())];
    title.push(Span::raw(format!("{cells_w}{}{cells_h} ", theme.times())));
    title.push(Span::styled(format!("{view} "), theme.dim()));
    if app.heat && app.distances.is_some() {
        title.push(Span::styled("heat ", theme.dim()));
    }
    let block = Block::bordered()
        .border_set(theme.border())
        .border_style(theme.border_style(app.focus == Focus::Maze))
        .title(Line::from(title));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let buf = frame.buffer_mut();
    match app.view {
        View::Blocks | View::Thin => draw_tiles(app, theme, buf, inner),
        View::HalfBlock => draw_half(app, theme, buf, inner),
    }
}

/// What tile `tile` shows now.
fn classify(app: &App, tile: Pos, max_dist: u32) -> Tile {
    if !app.is_open(tile) {
        return Tile::Wall;
    }
    let mark = app.mark(tile);
    let (start, goal) = app.endpoints();
    // The current tile shows even on S or E; the path does not hide S and E.
    if mark == Mark::Current {
        return Tile::Marked(mark);
    }
    if tile == start {
        return Tile::Start;
    }
    if tile == goal {
        return Tile::Goal;
    }
    let solver = app.solve.is_some();
    if mark != Mark::None && (solver || mark != Mark::Visited) {
        return Tile::Marked(mark);
    }
    if app.heat
        && let (Some(dist), Some(grid)) = (app.distances.as_ref(), app.grid.as_ref())
    {
        let d = dist[grid.index(tile)];
        if d != u32::MAX && max_dist > 0 {
            return Tile::Heat(
                usize::try_from(u64::from(d) * 10 / (u64::from(max_dist) + 1)).unwrap_or(9),
            );
        }
    }
    Tile::Floor
}

fn max_distance(app: &App) -> u32 {
    if !app.heat {
        return 0;
    }
    app.distances.as_ref().map_or(0, |d| {
        d.iter()
            .copied()
            .filter(|&x| x != u32::MAX)
            .max()
            .unwrap_or(0)
    })
}

fn glyph(app: &App, theme: &Theme, tile: Tile) -> (&'static str, Style) {
    let solver = app.solve.is_some();
    match tile {
        Tile::Wall => theme.wall(),
        Tile::Floor => ("  ", Style::default()),
        Tile::Marked(m) => (theme.glyph(m, solver), theme.mark(m, solver)),
        Tile::Start => theme.endpoint(false),
        Tile::Goal => theme.endpoint(true),
        Tile::Heat(d) => theme.heat(d),
    }
}

/// Blocks (2 columns per tile) and thin (box-drawing walls, 1 / 3 columns).
fn draw_tiles(app: &App, theme: &Theme, buf: &mut Buffer, inner: Rect) {
    let (rows, cols) = app.tile_size();
    let (first_row, first_col) = app.scroll;
    let max_dist = max_distance(app);
    let thin = app.view == View::Thin;
    for y in 0..inner.height {
        let row = first_row + u32::from(y);
        if row >= rows {
            break;
        }
        let mut x = inner.x;
        let mut col = first_col;
        while col < cols {
            let w = tile_width(app.view, col);
            if x + w > inner.x + inner.width {
                break;
            }
            let tile = Pos::new(row, col);
            let kind = classify(app, tile, max_dist);
            let (text, style) = if thin {
                thin_glyph(app, theme, tile, kind, w)
            } else {
                let (g, s) = glyph(app, theme, kind);
                (g.to_owned(), s)
            };
            buf.set_stringn(x, inner.y + y, &text, usize::from(w), style);
            x += w;
            col += 1;
        }
    }
}

fn thin_glyph(app: &App, theme: &Theme, tile: Pos, kind: Tile, width: u16) -> (String, Style) {
    if kind == Tile::Wall {
        let wall = |dr: i64, dc: i64| {
            let r = i64::from(tile.row) + dr;
            let c = i64::from(tile.col) + dc;
            match (u32::try_from(r), u32::try_from(c)) {
                (Ok(r), Ok(c)) => {
                    let (rows, cols) = app.tile_size();
                    r < rows && c < cols && !app.is_open(Pos::new(r, c))
                }
                _ => false,
            }
        };
        let (up, right, down, left) = (wall(-1, 0), wall(0, 1), wall(1, 0), wall(0, -1));
        let joint = theme.joint(up, right, down, left);
        let style = theme.fg(Color::Gray);
        if width == 1 {
            return (joint.to_owned(), style);
        }
        let h = theme.horizontal();
        let l = if left { h } else { " " };
        let r = if right { h } else { " " };
        return (format!("{l}{joint}{r}"), style);
    }
    let (g, style) = glyph(app, theme, kind);
    let ch = &g[..g.char_indices().nth(1).map_or(g.len(), |(i, _)| i)];
    if width == 1 {
        (ch.to_owned(), style)
    } else {
        (format!(" {ch} "), style)
    }
}

/// The colour a tile gives a half-block (`None`: plain floor).
fn half_color(app: &App, tile: Tile) -> Option<Color> {
    match tile {
        Tile::Wall => Some(Color::Gray),
        Tile::Floor => None,
        Tile::Marked(m) => Theme::mark_color(m, app.solve.is_some()),
        Tile::Start => Some(Color::LightGreen),
        Tile::Goal => Some(Color::LightRed),
        Tile::Heat(d) => Some(Theme::heat_color(d)),
    }
}

/// Half-blocks: two tile rows per text row, one column per tile.
fn draw_half(app: &App, theme: &Theme, buf: &mut Buffer, inner: Rect) {
    let (rows, cols) = app.tile_size();
    let (first_row, first_col) = app.scroll;
    let max_dist = max_distance(app);
    for y in 0..inner.height {
        let top_row = first_row + 2 * u32::from(y);
        if top_row >= rows {
            break;
        }
        for x in 0..inner.width {
            let col = first_col + u32::from(x);
            if col >= cols {
                break;
            }
            let top = classify(app, Pos::new(top_row, col), max_dist);
            let bottom = if top_row + 1 < rows {
                Some(classify(app, Pos::new(top_row + 1, col), max_dist))
            } else {
                None
            };
            let (text, style) = half_cell(app, theme, top, bottom);
            buf.set_stringn(inner.x + x, inner.y + y, text, 1, style);
        }
    }
}

/// The one-character glyph of an overlay tile in the half-block view without colour, with
/// its rank (higher wins when the two tiles of a character differ); `None` for walls,
/// floor and heat.
fn half_glyph(app: &App, theme: &Theme, tile: Tile) -> Option<(u8, &'static str)> {
    let solver = app.solve.is_some();
    match tile {
        Tile::Start => Some((8, "S")),
        Tile::Goal => Some((8, "E")),
        Tile::Marked(Mark::Current) => Some((9, "@")),
        Tile::Marked(mark) if Theme::mark_color(mark, solver).is_some() => {
            let glyph = theme.glyph(mark, solver);
            let first = glyph.chars().next().map_or(0, char::len_utf8);
            let rank = match mark {
                Mark::Path => 7,
                Mark::Frontier => 6,
                _ => 5,
            };
            Some((rank, &glyph[..first]))
        }
        _ => None,
    }
}

fn half_cell(app: &App, theme: &Theme, top: Tile, bottom: Option<Tile>) -> (&'static str, Style) {
    let top_wall = top == Tile::Wall;
    let bottom_wall = bottom == Some(Tile::Wall);
    if !theme.color || theme.ascii {
        // Without colour, a character holding an overlay shows the overlay's glyph (the
        // more important of its two tiles), so overlays stay visible by shape alone.
        if let Some(glyph) = [Some(top), bottom]
            .into_iter()
            .flatten()
            .filter_map(|t| half_glyph(app, theme, t))
            .max_by_key(|&(rank, _)| rank)
            .map(|(_, g)| g)
        {
            return (glyph, theme.fg(Color::Gray));
        }
        let text = match (top_wall, bottom_wall, theme.ascii) {
            (true, true, false) => "█",
            (true, false, false) => "▀",
            (false, true, false) => "▄",
            (true, true, true) => "#",
            (true, false, true) => "\"",
            (false, true, true) => "_",
            (false, false, _) => " ",
        };
        return (text, theme.fg(Color::Gray));
    }
    let a = half_color(app, top);
    let b = bottom.and_then(|t| half_color(app, t));
    match (a, b) {
        (Some(a), Some(b)) if a == b => ("█", Style::default().fg(a)),
        (Some(a), Some(b)) => ("▀", Style::default().fg(a).bg(b)),
        (Some(a), None) => ("▀", Style::default().fg(a)),
        (None, Some(b)) => ("▄", Style::default().fg(b)),
        (None, None) => (" ", Style::default()),
    }
}

/// Terminal cells the whole maze would take in `view` (columns, rows), for tests and sizing.
#[must_use]
pub fn extent(view: View, rows: u32, cols: u32) -> (u32, u32) {
    let width = (0..cols).map(|c| u32::from(tile_width(view, c))).sum();
    (width, rows.div_ceil(layout::tiles_per_row(view)))
}
