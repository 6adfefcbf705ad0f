//! The whole-maze view: any maze in any pane, several tiles per character.
//!
//! Each character is a block of dots (the [`Fit`]'s [`Cells`]: quadrants 2 across × 2
//! down, sextants 2 × 3, braille 2 × 4; ASCII one), each dot a sample of the maze at the
//! fit's scale: a dot is lit when the tile under its centre is a wall (see [`super::dots`]
//! for the characters). The overlays of every tile a character covers are read too, and
//! the most telling one (path, then frontier, then the rest) colours the character's
//! background, so the path and the frontier survive any scale. Without colour, a character
//! with no wall dots shows the overlay's glyph and one with walls keeps them under a text
//! attribute (reversed: path; underlined: frontier; dim: the rest). S, E, the current tile
//! and a cursor are drawn on top as their glyphs.

use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};

use super::maze::{Scene, Tile};
use crate::Mark;
use crate::app::{Cells, Fit};
use crate::maze::Pos;

/// At most this many tiles a dot are read for overlays along each axis (evenly spaced),
/// so a frame of a huge maze costs about as much as a frame of one that fills the pane.
const READ: u32 = 4;

/// How telling an overlay is: the higher wins a character (0: nothing to show).
fn rank(tile: Tile) -> u8 {
    match tile {
        Tile::Cursor(_) => 10,
        Tile::Marked(Mark::Current) => 9,
        Tile::Marked(Mark::Path) | Tile::MarkedTerrain(Mark::Path, _) => 7,
        Tile::Marked(Mark::Frontier) | Tile::MarkedTerrain(Mark::Frontier, _) => 6,
        Tile::Marked(_) | Tile::MarkedTerrain(..) => 5,
        Tile::Arrow(..) => 4,
        Tile::Terrain(_) => 3,
        Tile::Heat(_) => 2,
        Tile::Wall | Tile::Floor | Tile::Start | Tile::Goal | Tile::Fog(_) => 0,
    }
}

/// Up to [`READ`] tiles of `first..end`, evenly spaced, the first always among them.
fn read(first: u32, end: u32) -> impl Iterator<Item = u32> {
    let n = end - first;
    let step = n.div_ceil(READ).max(1);
    (first..end).step_by(step as usize)
}

/// Draw the scene's maze as `fit` places it; `current` is the tile the algorithm works
/// on, if any. O(characters × dots × [`READ`]²).
pub(super) fn draw(scene: &Scene, fit: &Fit, current: Option<Pos>, buf: &mut Buffer) {
    let (rows, cols) = fit.tiles;
    let (dx, dy) = fit.dots;
    // The fit's cells are ASCII whenever the theme is (see `App::whole_in`).
    let cells = fit.cells;
    for cy in 0..fit.size.1 {
        for cx in 0..fit.size.0 {
            let mut bits = 0u8;
            let mut wall = false;
            // A wall dot the robot in fog has seen (the others are drawn dimmed).
            let mut seen = false;
            let mut best: Option<(u8, Tile)> = None;
            for j in 0..dy {
                for i in 0..dx {
                    let dot = (
                        u32::from(cy) * u32::from(dy) + u32::from(j),
                        u32::from(cx) * u32::from(dx) + u32::from(i),
                    );
                    let Some((r, c)) = fit.sample(dot) else {
                        continue;
                    };
                    let kind = scene.classify(Pos::new(r, c));
                    if matches!(kind, Tile::Wall | Tile::Fog(true)) {
                        wall = true;
                        seen |= kind == Tile::Wall;
                        bits |= super::dots::bit(cells, i, j);
                    }
                    let (r0, r1) = fit.span(dot.0, rows);
                    let (c0, c1) = fit.span(dot.1, cols);
                    for r in read(r0, r1) {
                        for c in read(c0, c1) {
                            let tile = scene.classify(Pos::new(r, c));
                            let k = rank(tile);
                            if k > 0 && best.is_none_or(|(b, _)| k > b) {
                                best = Some((k, tile));
                            }
                        }
                    }
                }
            }
            let (x, y) = (fit.origin.0 + cx, fit.origin.1 + cy);
            let mut text = [0u8; 4];
            let fogged = wall && !seen;
            let (glyph, style) = character(scene, cells, bits, (wall, fogged), best, &mut text);
            super::maze::put(buf, x, y, glyph, style);
        }
    }
    on_top(scene, fit, current, buf);
}

/// One character: its text (written into `text` when it is a block of dots) and style;
/// `(wall, fogged)`: whether it has wall dots, and whether they are all walls the robot in
/// fog has not seen (drawn dimmed).
fn character<'t>(
    scene: &Scene,
    cells: Cells,
    bits: u8,
    (wall, fogged): (bool, bool),
    best: Option<(u8, Tile)>,
    text: &'t mut [u8; 4],
) -> (&'t str, Style) {
    let theme = scene.theme;
    let wall_style = if fogged {
        theme.fog(true).1.add_modifier(Modifier::DIM)
    } else {
        theme.fg(theme.palette.wall)
    };
    let over = best.map(|(_, t)| t);
    let glyph = over.and_then(|t| overlay_glyph(scene, t));
    let ascii = cells == Cells::Ascii || theme.ascii;
    if fogged && over.is_none() && (ascii || !theme.color) {
        // Without colour the fog needs a glyph of its own: shade (`%` in ASCII).
        return (if ascii { "%" } else { "░" }, wall_style);
    }
    if ascii {
        // One dot a character: the path and the frontier beat a wall sampled under them.
        return match (best, glyph) {
            (Some((k, tile)), Some(g)) if k >= 6 || !wall => (g, overlay_style(scene, tile)),
            _ if wall => (if fogged { "%" } else { "#" }, wall_style),
            _ => (" ", Style::default()),
        };
    }
    let pattern: &'t str = super::dots::glyph(cells, bits).encode_utf8(text);
    let Some(tile) = over else {
        return (
            pattern,
            if bits == 0 {
                Style::default()
            } else {
                wall_style
            },
        );
    };
    if theme.color {
        let bg = super::maze::half_color(scene, tile);
        let mut style = wall_style;
        if let Some(bg) = bg {
            style = style.bg(bg);
        }
        return (pattern, style);
    }
    if bits == 0
        && let Some(g) = glyph
    {
        return (g, Style::default());
    }
    let attribute = match tile {
        Tile::Marked(Mark::Path) | Tile::MarkedTerrain(Mark::Path, _) => Modifier::REVERSED,
        Tile::Marked(Mark::Frontier) | Tile::MarkedTerrain(Mark::Frontier, _) => {
            Modifier::UNDERLINED
        }
        _ => Modifier::DIM,
    };
    (pattern, Style::default().add_modifier(attribute))
}

/// The one-character glyph of an overlay tile (`None`: nothing to write).
fn overlay_glyph(scene: &Scene, tile: Tile) -> Option<&'static str> {
    let theme = scene.theme;
    let two = match tile {
        Tile::Marked(m) | Tile::MarkedTerrain(m, _) => theme.glyph(m, scene.solver),
        Tile::Heat(d) => theme.heat(d).0,
        Tile::Terrain(cost) => theme.terrain(cost).0,
        Tile::Arrow(dr, dc) => theme.arrow(dr, dc).0,
        Tile::Cursor(open) => theme.cursor(open).0,
        Tile::Wall | Tile::Floor | Tile::Start | Tile::Goal | Tile::Fog(_) => return None,
    };
    let first = two.chars().next().map_or(0, char::len_utf8);
    let g = &two[..first];
    (!g.trim().is_empty()).then_some(g)
}

/// The style of an overlay's glyph in the ASCII picture.
fn overlay_style(scene: &Scene, tile: Tile) -> Style {
    let theme = scene.theme;
    match tile {
        Tile::Marked(m) | Tile::MarkedTerrain(m, _) => theme.mark(m, scene.solver),
        Tile::Heat(d) => theme.heat(d).1,
        Tile::Terrain(cost) => theme.terrain(cost).1,
        Tile::Arrow(dr, dc) => theme.arrow(dr, dc).1,
        Tile::Cursor(open) => theme.cursor(open).1,
        Tile::Wall | Tile::Floor | Tile::Start | Tile::Goal | Tile::Fog(_) => Style::default(),
    }
}

/// S, E, the current tile and the cursor, each as its glyph over its character.
fn on_top(scene: &Scene, fit: &Fit, current: Option<Pos>, buf: &mut Buffer) {
    let theme = scene.theme;
    let first = |g: &'static str| &g[..g.chars().next().map_or(0, char::len_utf8)];
    let mut marks = vec![
        (scene.start, theme.endpoint(false)),
        (scene.goal, theme.endpoint(true)),
    ];
    // Only while the overlay shows it: a finished search's current tile is its path.
    if let Some(at) = current.filter(|&at| scene.classify(at) == Tile::Marked(Mark::Current)) {
        marks.push((
            at,
            (
                theme.glyph(Mark::Current, true),
                theme.mark(Mark::Current, true),
            ),
        ));
    }
    if let Some(at) = scene.cursor {
        marks.push((at, theme.cursor(scene.is_open(at))));
    }
    for (at, (glyph, style)) in marks {
        if let Some((x, y)) = fit.cell_of((at.row, at.col)) {
            super::maze::put(buf, x, y, first(glyph), style);
        }
    }
}
