//! The whole-maze view's geometry and when it is shown: a maze of any size drawn into any
//! pane with several tiles per character, one uniform scale for both axes, centred. A
//! character is a block of dots ([`Cells`]): quadrants (2 × 2), sextants (2 × 3) or
//! braille (2 × 4); ASCII has one dot a character.
//!
//! The view is shown when the user zooms out (`z`), and on its own when the whole maze
//! does not fit the pane in the view asked for and no cursor needs single tiles (edit,
//! inspect and walk keep the tile views and scroll). `Z` zooms back in to the tiles.
//! The cells are the coarsest that give every tile a dot (blocks read more plainly than
//! braille dots), braille when none does; `z` again takes the next denser ones.

use ratatui::layout::Rect;

use super::{App, Mode, View};

/// What the maze pane shows: the tiles, the whole maze, or whichever fits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Zoom {
    /// The tile view when the whole maze fits it (or a cursor is out), else the whole maze.
    #[default]
    Auto,
    /// The whole maze, always (`z`), in these cells (`None`: the ones that fit, see
    /// [`Cells::fitting`]).
    Out(Option<Cells>),
    /// The tile view, scrolled, always (`Z`).
    In,
}

/// The characters of the whole-maze view: blocks of dots, a dot lit where a wall is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cells {
    /// One dot a character, `#` for a wall (`--ascii`).
    Ascii,
    /// 2 × 2 dots: the quadrant blocks (U+2596–U+259F), the half blocks and the full block.
    Quadrant,
    /// 2 × 3 dots: the sextants (U+1FB00–U+1FB3B, Unicode 13's Symbols for Legacy
    /// Computing), the left and right half blocks and the full block.
    Sextant,
    /// 2 × 4 dots: the braille patterns (U+2800–U+28FF).
    Braille,
}

impl Cells {
    /// The Unicode cells from the coarsest to the densest.
    pub const ALL: [Self; 3] = [Self::Quadrant, Self::Sextant, Self::Braille];

    /// Dots per character `(columns, rows)`.
    #[must_use]
    pub const fn dots(self) -> (u16, u16) {
        match self {
            Self::Ascii => (1, 1),
            Self::Quadrant => (2, 2),
            Self::Sextant => (2, 3),
            Self::Braille => (2, 4),
        }
    }

    /// The name a title shows.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Ascii => "ASCII",
            Self::Quadrant => "quadrants",
            Self::Sextant => "sextants",
            Self::Braille => "braille",
        }
    }

    /// The next denser cells (`None`: these are the densest).
    #[must_use]
    pub const fn denser(self) -> Option<Self> {
        match self {
            Self::Quadrant => Some(Self::Sextant),
            Self::Sextant => Some(Self::Braille),
            Self::Ascii | Self::Braille => None,
        }
    }

    /// The cells a maze of `tiles` `(rows, cols)` is drawn with in `inner`: ASCII when
    /// only ASCII may be drawn, else the coarsest that give every tile at least one dot
    /// (so no wall is lost), braille when none does. O(1).
    #[must_use]
    pub fn fitting(tiles: (u32, u32), inner: Rect, ascii: bool) -> Self {
        if ascii {
            return Self::Ascii;
        }
        Self::ALL
            .into_iter()
            .find(|c| Fit::largest_scale(tiles, c.dots(), inner) >= 1.0)
            .unwrap_or(Self::Braille)
    }
}

/// Where a maze of `tiles` sits in a pane drawn with several tiles per character: the
/// cells, the scale in dots per tile (below 1: several tiles per dot), and the top-left
/// character of the picture (centred in the pane).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// The maze's size in tiles `(rows, cols)`.
    pub tiles: (u32, u32),
    /// The characters the picture is drawn with.
    pub cells: Cells,
    /// Dots per character `(columns, rows)`: the cells' [`Cells::dots`].
    pub dots: (u16, u16),
    /// Dots per tile, the same across and down (0.5: two tiles per dot).
    pub scale: f64,
    /// Terminal cell of the picture's top-left character.
    pub origin: (u16, u16),
    /// The picture's size in characters `(columns, rows)`.
    pub size: (u16, u16),
}

impl Fit {
    /// The largest scale at which a maze of `tiles` `(rows, cols)` fits `inner` with
    /// `dots` per character (dots per tile; `0.0` for an empty pane or maze).
    #[must_use]
    pub fn largest_scale(tiles: (u32, u32), dots: (u16, u16), inner: Rect) -> f64 {
        let (rows, cols) = tiles;
        if rows == 0 || cols == 0 {
            return 0.0;
        }
        let across = f64::from(inner.width) * f64::from(dots.0) / f64::from(cols);
        let down = f64::from(inner.height) * f64::from(dots.1) / f64::from(rows);
        across.min(down)
    }

    /// The picture of a maze of `tiles` in `cells` at `scale` (dots per tile) centred in
    /// `inner`. O(1).
    #[must_use]
    pub fn new(tiles: (u32, u32), cells: Cells, scale: f64, inner: Rect) -> Self {
        let (rows, cols) = tiles;
        let dots = cells.dots();
        let chars = |n: u32, per: u16| {
            let dots = (f64::from(n) * scale).ceil();
            let chars = (dots / f64::from(per.max(1))).ceil();
            // Saturating float-to-int: a pane is at most u16::MAX characters.
            chars as u16
        };
        let size = (
            chars(cols, dots.0).min(inner.width),
            chars(rows, dots.1).min(inner.height),
        );
        let origin = (
            inner.x + (inner.width - size.0) / 2,
            inner.y + (inner.height - size.1) / 2,
        );
        Self {
            tiles,
            cells,
            dots,
            scale,
            origin,
            size,
        }
    }

    /// The maze fitted to `inner` in `cells` at the largest [`Self::crisp`] scale.
    #[must_use]
    pub fn whole(tiles: (u32, u32), cells: Cells, inner: Rect) -> Self {
        let scale = Self::crisp(Self::largest_scale(tiles, cells.dots(), inner));
        Self::new(tiles, cells, scale, inner)
    }

    /// `scale` rounded down to whole dots per tile when it is at least one: every tile is
    /// then the same number of dots, so every corridor and wall is as wide as the next
    /// (at 1.4 dots a tile some corridors would be one dot wide and some two). Below one
    /// it is kept: several tiles share a dot whatever the scale.
    #[must_use]
    pub fn crisp(scale: f64) -> f64 {
        if scale >= 1.0 { scale.floor() } else { scale }
    }

    /// The tiles `dot` `(row, col)` covers along one axis: `[first, end)`, never empty,
    /// within `0..n`.
    #[must_use]
    pub fn span(&self, dot: u32, n: u32) -> (u32, u32) {
        if n == 0 || self.scale <= 0.0 {
            return (0, 0);
        }
        let at = |d: f64| ((d / self.scale).floor() as u32).min(n - 1);
        let first = at(f64::from(dot));
        let end = ((f64::from(dot + 1) / self.scale).ceil() as u32).clamp(first + 1, n);
        (first, end)
    }

    /// The tile a dot shows for walls: the one under the dot's centre, `None` past the
    /// maze. Sampling the centre keeps walls one dot thick when a tile is more than a dot.
    #[must_use]
    pub fn sample(&self, dot: (u32, u32)) -> Option<(u32, u32)> {
        let (rows, cols) = self.tiles;
        if self.scale <= 0.0 {
            return None;
        }
        let at = |d: u32| ((f64::from(d) + 0.5) / self.scale).floor() as u32;
        let (r, c) = (at(dot.0), at(dot.1));
        (r < rows && c < cols).then_some((r, c))
    }

    /// The terminal cell holding tile `(row, col)`, `None` if it is outside the picture.
    #[must_use]
    pub fn cell_of(&self, (row, col): (u32, u32)) -> Option<(u16, u16)> {
        let (rows, cols) = self.tiles;
        if row >= rows || col >= cols {
            return None;
        }
        let dot = |t: u32| ((f64::from(t) + 0.5) * self.scale).floor() as u32;
        let x = dot(col) / u32::from(self.dots.0.max(1));
        let y = dot(row) / u32::from(self.dots.1.max(1));
        let (x, y) = (u16::try_from(x).ok()?, u16::try_from(y).ok()?);
        (x < self.size.0 && y < self.size.1).then(|| (self.origin.0 + x, self.origin.1 + y))
    }

    /// The tile under terminal cell `(x, y)` (the middle of what the character covers),
    /// `None` outside the picture.
    #[must_use]
    pub fn tile_at(&self, x: u16, y: u16) -> Option<(u32, u32)> {
        let (dx, dy) = (x.checked_sub(self.origin.0)?, y.checked_sub(self.origin.1)?);
        if dx >= self.size.0 || dy >= self.size.1 || self.scale <= 0.0 {
            return None;
        }
        let mid = |c: u16, per: u16| (f64::from(c) + 0.5) * f64::from(per) / self.scale;
        let (row, col) = (mid(dy, self.dots.1) as u32, mid(dx, self.dots.0) as u32);
        (row < self.tiles.0 && col < self.tiles.1).then_some((row, col))
    }

    /// How the cells and the scale read in a title: `quadrants 1 tile/dot`,
    /// `sextants 1.6 dots/tile`, `braille 2.5 tiles/dot`.
    #[must_use]
    pub fn describe(&self) -> String {
        let name = self.cells.name();
        if (self.scale - 1.0).abs() < 0.05 {
            format!("{name} 1 tile/dot")
        } else if self.scale > 1.0 {
            format!("{name} {:.1} dots/tile", self.scale)
        } else {
            format!("{name} {:.1} tiles/dot", 1.0 / self.scale)
        }
    }
}

impl App {
    /// Whether the maze pane's `inner` area shows the whole maze (see [`Zoom`]).
    #[must_use]
    pub fn shows_whole(&self, inner: Rect) -> bool {
        let cursor = self.mode.cursor().is_some() || matches!(self.mode, Mode::Walk(_));
        match self.zoom {
            Zoom::Out(_) => true,
            Zoom::In => false,
            Zoom::Auto if cursor => false,
            Zoom::Auto => {
                let (w, h) = super::viewport::maze_extent(self.view, self.stage.tile_size());
                w > inner.width || h > inner.height
            }
        }
    }

    /// The whole-maze picture of the maze pane, when it shows one.
    #[must_use]
    pub fn whole_fit(&self) -> Option<Fit> {
        self.whole_in(self.maze_inner()?)
    }

    /// The whole-maze picture in the maze pane's `inner` area, when it shows one: in the
    /// cells zoomed to, or else the ones that fit ([`Cells::fitting`]).
    #[must_use]
    pub fn whole_in(&self, inner: Rect) -> Option<Fit> {
        if !self.shows_whole(inner) {
            return None;
        }
        let tiles = self.stage.tile_size();
        let cells = match self.zoom {
            _ if self.config.ascii => Cells::Ascii,
            Zoom::Out(Some(cells)) => cells,
            _ => Cells::fitting(tiles, inner, false),
        };
        Some(Fit::whole(tiles, cells, inner))
    }

    /// Zoom out (`out`: to the whole maze, or to denser cells when it is shown already) or
    /// in to the tiles, saying what changed.
    pub(super) fn zoom(&mut self, out: bool) {
        let before = self.whole_fit();
        self.zoom = match (out, before) {
            (false, _) => Zoom::In,
            (true, None) => Zoom::Out(None),
            (true, Some(fit)) => Zoom::Out(Some(fit.cells.denser().unwrap_or(fit.cells))),
        };
        let now = self.whole_fit();
        let status = match (before, now) {
            (Some(a), Some(b)) if a.cells == b.cells => format!(
                "zoom: the whole maze is shown already, in {} (Z: the tiles)",
                b.describe()
            ),
            (Some(_), Some(b)) => format!(
                "zoom: the whole maze in {} ({}Z: the tiles)",
                b.describe(),
                if b.cells.denser().is_some() {
                    "z: denser, "
                } else {
                    "the densest; "
                }
            ),
            (None, None) => "zoom: the tiles are shown already (z: the whole maze)".to_owned(),
            (None, Some(b)) => format!(
                "zoom: the whole maze in {}, several tiles a character (z: denser, Z: tiles)",
                b.cells.name()
            ),
            (Some(_), None) => "zoom: the tiles (z: the whole maze)".to_owned(),
        };
        self.status = Some(status);
        self.follow();
    }

    /// The view a race pane draws in: the first of blocks and half-blocks that shows the
    /// whole maze in `inner`, else `None` for the whole-maze view.
    #[must_use]
    pub fn race_view(tiles: (u32, u32), inner: Rect) -> Option<View> {
        [View::Blocks, View::HalfBlock].into_iter().find(|&v| {
            let (w, h) = super::viewport::maze_extent(v, tiles);
            w <= inner.width && h <= inner.height
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_maze_fits_any_pane_at_one_scale_centred() {
        // 30×30 cells = 61×61 tiles into 18×14 characters of braille: 36×56 dots.
        let inner = Rect::new(1, 1, 18, 14);
        let fit = Fit::whole((61, 61), Cells::Braille, inner);
        assert!((fit.scale - 36.0 / 61.0).abs() < 1e-9);
        assert_eq!(fit.size.0, 18, "the width is filled");
        assert!(fit.size.1 <= 14);
        assert_eq!(fit.origin.1, 1 + (14 - fit.size.1) / 2, "centred down");
        // Every tile lands in the picture, the corners in its corners.
        assert_eq!(fit.cell_of((0, 0)), Some(fit.origin));
        let last = fit.cell_of((60, 60)).expect("in the picture");
        assert_eq!(last.0, fit.origin.0 + fit.size.0 - 1);
        assert_eq!(last.1, fit.origin.1 + fit.size.1 - 1);
    }

    #[test]
    fn spans_cover_every_tile_once_in_order() {
        let fit = Fit::new(
            (61, 61),
            Cells::Braille,
            36.0 / 61.0,
            Rect::new(0, 0, 18, 14),
        );
        let mut next = 0;
        for dot in 0..36 {
            let (first, end) = fit.span(dot, 61);
            assert!(first <= next && end > first, "dot {dot}: {first}..{end}");
            next = end;
        }
        assert_eq!(next, 61, "the last dot reaches the last tile");
    }

    #[test]
    fn a_click_finds_the_tile_drawn_there() {
        let fit = Fit::whole((21, 41), Cells::Ascii, Rect::new(0, 0, 41, 21));
        assert!((fit.scale - 1.0).abs() < 1e-9);
        assert_eq!(fit.tile_at(0, 0), Some((0, 0)));
        assert_eq!(fit.tile_at(40, 20), Some((20, 40)));
        assert_eq!(fit.tile_at(41, 0), None);
    }

    #[test]
    fn the_coarsest_cells_that_give_every_tile_a_dot_are_chosen() {
        // 42×22 characters: 84 dots across in every cells; 44, 66 or 88 down.
        let inner = Rect::new(1, 1, 42, 22);
        let cells = |rows| Cells::fitting((rows, 61), inner, false);
        assert_eq!(cells(41), Cells::Quadrant, "41 ≤ 44 rows of quadrants");
        assert_eq!(cells(61), Cells::Sextant, "61 > 44, ≤ 66 rows of sextants");
        assert_eq!(cells(81), Cells::Braille, "81 > 66, ≤ 88 rows of braille");
        assert_eq!(cells(401), Cells::Braille, "none fits: the densest");
        assert_eq!(Cells::fitting((41, 61), inner, true), Cells::Ascii);
        for rows in [41, 61, 81] {
            let c = cells(rows);
            assert!(Fit::largest_scale((rows, 61), c.dots(), inner) >= 1.0);
        }
    }
}
