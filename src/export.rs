//! Pictures of a maze to take away: SVG and PNG.
//!
//! A picture is a list of filled rectangles in pixels, built once from the tile grid and
//! then written as SVG (one `<rect>` per run of same-coloured tiles in a row) or
//! rasterised to PNG (the `png` crate encodes it). Cell tiles (odd row and column) are
//! [`Style::cell`] pixels wide, wall tiles between them [`Style::wall`] pixels, so a maze
//! made of cells comes out with thin walls, and any other grid still draws true to its tiles.

use std::fmt::Write as _;

use crate::maze::{Grid, Pos};

/// Sizes in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Width and height of a cell tile (odd row, odd column).
    pub cell: u32,
    /// Thickness of a wall tile (even row or column).
    pub wall: u32,
    /// Blank border round the maze.
    pub margin: u32,
}

impl Default for Style {
    fn default() -> Self {
        Self {
            cell: 16,
            wall: 2,
            margin: 8,
        }
    }
}

/// What to draw over the maze.
#[derive(Clone, Copy, Debug, Default)]
pub struct Layers<'a> {
    /// The path, start first (tiles).
    pub path: Option<&'a [Pos]>,
    /// Per tile, row-major as the grid: the search expanded or reached it.
    pub explored: Option<&'a [bool]>,
    /// Per tile, row-major: moves from the start (`u32::MAX`: unreachable), drawn as a
    /// heat map.
    pub heat: Option<&'a [u32]>,
}

/// An sRGB colour.
pub type Rgb = [u8; 3];

// The overlays take hues of Okabe and Ito's colour-blind-safe palette ("Color Universal
// Design", 2002; jfly.uni-koeln.de/color), one hue each, so the path, the ends, the
// explored tiles and the heat map never share one: vermillion, bluish green, reddish
// purple, a tint of sky blue, and yellow for the heat.
const BACKGROUND: Rgb = [0xff, 0xff, 0xff];
const WALL: Rgb = [0x22, 0x22, 0x22];
const PATH: Rgb = [0xd5, 0x5e, 0x00];
const EXPLORED: Rgb = [0xcf, 0xe8, 0xf7];
const START: Rgb = [0x00, 0x9e, 0x73];
const GOAL: Rgb = [0xcc, 0x79, 0xa7];

/// The largest PNG written, in pixels (width × height). Encoding holds the picture as RGB
/// pixels (3 bytes each) and the encoded file at once: at this size about 300 MB of
/// pixels, so a PNG never needs more than about 600 MB.
pub const MAX_PNG_PIXELS: u64 = 100_000_000;

/// The size in pixels (width, height) of the picture of a grid of `tile_rows` ×
/// `tile_cols` tiles in `style`, computed without building it. O(1).
#[must_use]
pub fn picture_size(tile_rows: u64, tile_cols: u64, style: Style) -> (u64, u64) {
    let side = |tiles: u64| {
        let walls = tiles.div_ceil(2);
        let cells = tiles / 2;
        2 * u64::from(style.margin) + walls * u64::from(style.wall) + cells * u64::from(style.cell)
    };
    (side(tile_cols), side(tile_rows))
}

/// Whether a PNG of a grid of `tile_rows` × `tile_cols` tiles in `style` is within
/// [`MAX_PNG_PIXELS`]. O(1).
///
/// # Errors
/// [`crate::Error::Invalid`] (exit status 2) saying the picture's size and the budget.
pub fn check_png(tile_rows: u64, tile_cols: u64, style: Style) -> Result<(), crate::Error> {
    let (width, height) = picture_size(tile_rows, tile_cols, style);
    let pixels = u128::from(width) * u128::from(height);
    if pixels > u128::from(MAX_PNG_PIXELS) {
        return Err(crate::Error::Invalid(format!(
            "a {width}x{height}-pixel PNG is over the budget of {MAX_PNG_PIXELS} pixels; use a smaller --cell-size, a smaller maze or -f svg"
        )));
    }
    Ok(())
}

/// A filled rectangle in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
    /// Fill.
    pub fill: Rgb,
}

/// A picture: its size and its rectangles, drawn in order over a white background.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The rectangles, later ones over earlier ones.
    pub rects: Vec<Rect>,
}

/// Pixel offset and size of tile index `t` along one axis.
fn span(t: u32, style: Style) -> (u32, u32) {
    let walls = t.div_ceil(2);
    let cells = t / 2;
    let start = style.margin + walls * style.wall + cells * style.cell;
    let size = if t % 2 == 1 { style.cell } else { style.wall };
    (start, size)
}

/// The colour of terrain cost `cost` (2–9): darker sand for dearer ground.
fn terrain(cost: u32) -> Rgb {
    let k = u8::try_from(cost.min(9)).unwrap_or(9);
    [0xf4 - 8 * k, 0xe4 - 12 * k, 0xc0 - 14 * k]
}

/// Heat colour of a distance `d` out of `max`: pale yellow near the start to dark yellow
/// (one hue, lighter is nearer, so no step of it looks like the path or an end).
fn heat(d: u32, max: u32) -> Rgb {
    const NEAR: Rgb = [0xff, 0xfb, 0xd0];
    const FAR: Rgb = [0xa8, 0x98, 0x00];
    let t = i64::from(d.min(max)) * 255 / i64::from(max.max(1));
    let mix = |a: u8, b: u8| {
        let v = i64::from(a) + (i64::from(b) - i64::from(a)) * t / 255;
        u8::try_from(v).unwrap_or(b)
    };
    [
        mix(NEAR[0], FAR[0]),
        mix(NEAR[1], FAR[1]),
        mix(NEAR[2], FAR[2]),
    ]
}

impl Picture {
    /// The picture of `grid` with `layers` in `style`. O(tiles).
    #[must_use]
    pub fn of(grid: &Grid, layers: Layers<'_>, style: Style) -> Self {
        let (rows, cols) = (grid.rows(), grid.cols());
        let (x_end, _) = span(cols, style);
        let (y_end, _) = span(rows, style);
        let mut picture = Picture {
            width: x_end + style.margin,
            height: y_end + style.margin,
            rects: Vec::new(),
        };
        let max_heat = layers.heat.map(|h| {
            h.iter()
                .copied()
                .filter(|&d| d != u32::MAX)
                .max()
                .unwrap_or(0)
        });
        let mut on_path = vec![false; grid.len()];
        for &tile in layers.path.unwrap_or(&[]) {
            if grid.contains(tile) {
                on_path[grid.index(tile)] = true;
            }
        }
        for row in 0..rows {
            let (y, h) = span(row, style);
            // One rectangle per run of tiles of one colour along the row.
            let mut run: Option<(u32, u32, Rgb)> = None;
            for col in 0..=cols {
                let fill = (col < cols).then(|| {
                    let tile = Pos::new(row, col);
                    let i = grid.index(tile);
                    if tile == grid.start() {
                        Some(START)
                    } else if tile == grid.goal() {
                        Some(GOAL)
                    } else if grid.is_outside(tile) {
                        // Outside a masked maze's shape: the background, no wall.
                        None
                    } else if !grid.is_open(tile) {
                        Some(WALL)
                    } else if on_path[i] {
                        Some(PATH)
                    } else if let (Some(dist), Some(max)) = (layers.heat, max_heat)
                        && dist[i] != u32::MAX
                    {
                        Some(heat(dist[i], max))
                    } else if layers.explored.is_some_and(|e| e[i]) {
                        Some(EXPLORED)
                    } else {
                        grid.cost(tile).filter(|&c| c > 1).map(terrain)
                    }
                });
                let fill = fill.flatten();
                match (run, fill) {
                    (Some((_, _, colour)), Some(f)) if colour == f => {}
                    _ => {
                        if let Some((first, last, colour)) = run.take() {
                            let (x, _) = span(first, style);
                            let (x_last, w_last) = span(last, style);
                            picture.rects.push(Rect {
                                x,
                                y,
                                w: x_last + w_last - x,
                                h,
                                fill: colour,
                            });
                        }
                        run = fill.map(|f| (col, col, f));
                    }
                }
                if let (Some((_, last, _)), Some(_)) = (&mut run, fill) {
                    *last = col;
                }
            }
        }
        picture
    }

    /// The picture as an SVG document.
    #[must_use]
    pub fn svg(&self) -> String {
        let mut out = String::with_capacity(64 * self.rects.len() + 256);
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" shape-rendering=\"crispEdges\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n",
            w = self.width,
            h = self.height
        );
        for r in &self.rects {
            let [red, green, blue] = r.fill;
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#{red:02x}{green:02x}{blue:02x}\"/>",
                r.x, r.y, r.w, r.h
            );
        }
        out.push_str("</svg>\n");
        out
    }

    /// The picture as RGB pixels, row-major, 3 bytes a pixel.
    #[must_use]
    pub fn pixels(&self) -> Vec<u8> {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut pixels = BACKGROUND.repeat(w * h);
        for r in &self.rects {
            for y in r.y as usize..(r.y + r.h) as usize {
                let row =
                    &mut pixels[3 * (y * w + r.x as usize)..3 * (y * w + (r.x + r.w) as usize)];
                for pixel in row.chunks_exact_mut(3) {
                    pixel.copy_from_slice(&r.fill);
                }
            }
        }
        pixels
    }

    /// The picture as a PNG file.
    ///
    /// # Errors
    /// The encoder's error (a picture too large for PNG's 2³¹ pixel side).
    pub fn png(&self) -> Result<Vec<u8>, png::EncodingError> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, self.width, self.height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&self.pixels())?;
        writer.finish()?;
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Grid {
        Grid::parse("#####\n#S  #\n### #\n#E  #\n#####\n").expect("valid")
    }

    /// Hue in degrees of an sRGB colour (the HSV hexcone formula), computed here.
    fn hue([r, g, b]: Rgb) -> f64 {
        let (r, g, b) = (f64::from(r), f64::from(g), f64::from(b));
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        let d = max - min;
        let h = if d == 0.0 {
            0.0
        } else if max == r {
            60.0 * ((g - b) / d).rem_euclid(6.0)
        } else if max == g {
            60.0 * ((b - r) / d + 2.0)
        } else {
            60.0 * ((r - g) / d + 4.0)
        };
        h.rem_euclid(360.0)
    }

    #[test]
    fn path_ends_explored_and_heat_never_share_a_hue() {
        let heat_steps: Vec<Rgb> = (0..=10).map(|d| heat(d, 10)).collect();
        let mut named = vec![
            ("path", PATH),
            ("start", START),
            ("goal", GOAL),
            ("explored", EXPLORED),
        ];
        named.extend(heat_steps.iter().map(|&c| ("heat", c)));
        for (i, &(a, ca)) in named.iter().enumerate() {
            for &(b, cb) in &named[i + 1..] {
                if a == b {
                    continue;
                }
                let apart = (hue(ca) - hue(cb)).abs();
                let apart = apart.min(360.0 - apart);
                assert!(
                    apart >= 25.0,
                    "{a} {ca:?} and {b} {cb:?}: {apart:.0}° apart"
                );
            }
        }
    }

    #[test]
    fn heat_runs_from_pale_to_deep_without_overflow() {
        assert_eq!(heat(0, 100), [0xff, 0xfb, 0xd0]);
        assert_eq!(heat(100, 100), [0xa8, 0x98, 0x00]);
        for d in 0..=300 {
            let _ = heat(d, 255);
        }
    }

    #[test]
    fn size_counts_thin_walls_and_cells() {
        let style = Style {
            cell: 10,
            wall: 2,
            margin: 4,
        };
        let p = Picture::of(&grid(), Layers::default(), style);
        // 3 wall tiles (2 px) and 2 cell tiles (10 px) a side, plus two margins.
        assert_eq!(
            (p.width, p.height),
            (4 + 3 * 2 + 2 * 10 + 4, 4 + 3 * 2 + 2 * 10 + 4)
        );
        assert_eq!(
            picture_size(5, 5, style),
            (u64::from(p.width), u64::from(p.height))
        );
    }

    #[test]
    fn pixels_show_walls_start_goal_and_path() {
        let g = grid();
        let path = [
            Pos::new(1, 1),
            Pos::new(1, 2),
            Pos::new(1, 3),
            Pos::new(2, 3),
        ];
        let style = Style::default();
        let p = Picture::of(
            &g,
            Layers {
                path: Some(&path),
                ..Layers::default()
            },
            style,
        );
        let px = p.pixels();
        let at = |tile: Pos| {
            let (x, w) = span(tile.col, style);
            let (y, h) = span(tile.row, style);
            let i = 3 * ((y + h / 2) as usize * p.width as usize + (x + w / 2) as usize);
            [px[i], px[i + 1], px[i + 2]]
        };
        assert_eq!(at(Pos::new(0, 0)), WALL);
        assert_eq!(at(Pos::new(1, 1)), START);
        assert_eq!(at(Pos::new(3, 1)), GOAL);
        assert_eq!(at(Pos::new(1, 3)), PATH);
        assert_eq!(at(Pos::new(3, 3)), BACKGROUND);
        assert_eq!(px[0..3], BACKGROUND, "the margin is blank");
    }

    #[test]
    fn runs_of_one_colour_are_one_rect() {
        let p = Picture::of(&grid(), Layers::default(), Style::default());
        // Row 0 is one wall run; row 2 is "###" then " " then "#": two wall runs.
        let row_y = |r: u32| span(r, Style::default()).0;
        assert_eq!(p.rects.iter().filter(|r| r.y == row_y(0)).count(), 1);
        assert_eq!(p.rects.iter().filter(|r| r.y == row_y(2)).count(), 2);
    }

    #[test]
    fn svg_has_a_rect_per_run_and_png_decodes_to_the_same_size() {
        let p = Picture::of(&grid(), Layers::default(), Style::default());
        let svg = p.svg();
        assert!(svg.starts_with("<svg "));
        assert_eq!(svg.matches("<rect ").count(), p.rects.len() + 1);
        let bytes = p.png().expect("encodes");
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let reader = decoder.read_info().expect("decodes");
        let info = reader.info();
        assert_eq!((info.width, info.height), (p.width, p.height));
    }
}
