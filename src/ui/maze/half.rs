//! The half-block view: two tiles a character, the upper one in the foreground colour of
//! `▀`, the lower one in its background; S, E and the current tile stay glyphs.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The colour a tile gives a half-block (`None`: plain floor).
pub(in crate::ui) fn half_color(scene: &Scene, tile: Tile) -> Option<Color> {
    let p = scene.theme.palette;
    match tile {
        Tile::Wall => Some(p.wall),
        Tile::Floor => None,
        Tile::Marked(m) | Tile::MarkedTerrain(m, _) => scene.theme.mark_color(m, scene.solver),
        Tile::Start => Some(p.start.bg),
        Tile::Goal => Some(p.goal.bg),
        Tile::Heat(d) => Some(scene.theme.heat_color(d)),
        Tile::Terrain(cost) => Some(scene.theme.terrain_color(cost)),
        Tile::Cursor(_) => Some(p.cursor.bg),
        Tile::Arrow(..) => Some(p.arrow),
        Tile::Fog(wall) => wall.then_some(p.dim),
    }
}

/// Half-blocks: two tile rows per text row, one column per tile.
pub(super) fn draw_half(scene: &Scene, scroll: (u32, u32), buf: &mut Buffer, inner: Rect) {
    let (rows, cols) = scene.app.stage.tile_size();
    let (first_row, first_col) = scroll;
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
            let top = scene.classify(Pos::new(top_row, col));
            let bottom = if top_row + 1 < rows {
                Some(scene.classify(Pos::new(top_row + 1, col)))
            } else {
                None
            };
            let (text, style) = half_cell(scene, top, bottom);
            put(buf, inner.x + x, inner.y + y, text, style);
        }
    }
}

/// The one-character glyph of an overlay tile in the half-block view without colour, with
/// its rank (higher wins when the two tiles of a character differ); `None` for walls,
/// floor and heat.
fn half_glyph(scene: &Scene, tile: Tile) -> Option<(u8, &'static str)> {
    let solver = scene.solver;
    match tile {
        Tile::Start => Some((8, "S")),
        Tile::Goal => Some((8, "E")),
        Tile::Cursor(_) => Some((10, "+")),
        Tile::Marked(Mark::Current) => Some((9, "@")),
        Tile::Arrow(dr, dc) => {
            let g = scene.theme.arrow(dr, dc).0;
            let first = g.chars().next().map_or(0, char::len_utf8);
            Some((5, &g[..first]))
        }
        Tile::Terrain(cost) => {
            let g = scene.theme.terrain(cost).0;
            Some((4, &g[..1]))
        }
        Tile::Marked(mark) | Tile::MarkedTerrain(mark, _)
            if scene.theme.mark_color(mark, solver).is_some() =>
        {
            let glyph = scene.theme.glyph(mark, solver);
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

/// One half-block character: tiles `top` and `bottom` (none below the last row).
///
/// S, E, the current tile and a cursor are always drawn as their glyphs, whatever the
/// other half holds. Without colour, any other overlay shows its glyph only where neither
/// half is a wall, and otherwise keeps the wall's half block, underlined, so corridors
/// stay drawn in the explored part of the maze.
fn half_cell(scene: &Scene, top: Tile, bottom: Option<Tile>) -> (&'static str, Style) {
    let theme = scene.theme;
    let top_wall = top == Tile::Wall;
    let bottom_wall = bottom == Some(Tile::Wall);
    let best = [Some(top), bottom]
        .into_iter()
        .flatten()
        .filter_map(|t| half_glyph(scene, t).map(|(rank, g)| (rank, g, t)))
        .max_by_key(|&(rank, _, _)| rank);
    if let Some((8.., glyph, tile)) = best {
        let style = match tile {
            Tile::Start => theme.endpoint(false).1,
            Tile::Goal => theme.endpoint(true).1,
            Tile::Cursor(open) => theme.cursor(open).1,
            _ => theme.mark(Mark::Current, scene.solver),
        };
        return (glyph, style);
    }
    if !theme.color || theme.ascii {
        let walls = top_wall || bottom_wall;
        if let Some((_, glyph, _)) = best
            && !walls
        {
            return (glyph, theme.fg(theme.palette.wall));
        }
        let fog = [Some(top), bottom].contains(&Some(Tile::Fog(true)));
        if fog && !walls && best.is_none() {
            return (
                &theme.fog(true).0[..if theme.ascii { 1 } else { 3 }],
                theme.dim(),
            );
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
        let mut style = theme.fg(theme.palette.wall);
        if best.is_some() {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        return (text, style);
    }
    let a = half_color(scene, top);
    let b = bottom.and_then(|t| half_color(scene, t));
    match (a, b) {
        (Some(a), Some(b)) if a == b => ("█", Style::default().fg(a)),
        (Some(a), Some(b)) => ("▀", Style::default().fg(a).bg(b)),
        (Some(a), None) => ("▀", Style::default().fg(a)),
        (None, Some(b)) => ("▄", Style::default().fg(b)),
        (None, None) => (" ", Style::default()),
    }
}
