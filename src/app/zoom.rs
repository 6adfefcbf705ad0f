//! The whole-maze view's geometry and when it is shown: a maze of any size drawn into any
//! pane with several tiles per character (braille: 2 columns × 4 rows of dots a
//! character; ASCII: one dot a character), one uniform scale for both axes, centred.
//!
//! The view is shown when the user zooms out (`z`), and on its own when the whole maze
//! does not fit the pane in the view asked for and no cursor needs single tiles (edit,
//! inspect and walk keep the tile views and scroll). `Z` zooms back in to the tiles.

use ratatui::layout::Rect;

use super::{App, Mode, View};

/// What the maze pane shows: the tiles, the whole maze, or whichever fits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Zoom {
    /// The tile view when the whole maze fits it (or a cursor is out), else the whole maze.
    #[default]
    Auto,
    /// The whole maze, always (`z`).
    Out,
    /// The tile view, scrolled, always (`Z`).
    In,
}

/// Where a maze of `tiles` sits in a pane drawn with several tiles per character: dots
/// per character, the scale in dots per tile (below 1: several tiles per dot), and the
/// top-left character of the picture (centred in the pane).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// The maze's size in tiles `(rows, cols)`.
    pub tiles: (u32, u32),
    /// Dots per character `(columns, rows)`: `(2, 4)` for braille, `(1, 1)` for ASCII.
    pub dots: (u16, u16),
    /// Dots per tile, the same across and down (0.5: two tiles per dot).
    pub scale: f64,
    /// Terminal cell of the picture's top-left character.
    pub origin: (u16, u16),
    /// The picture's size in characters `(columns, rows)`.
    pub size: (u16, u16),
}

impl Fit {
    /// Dots per character: braille cells unless only ASCII may be drawn.
    #[must_use]
    pub const fn dots(ascii: bool) -> (u16, u16) {
        if ascii { (1, 1) } else { (2, 4) }
    }

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

    /// The picture of a maze of `tiles` at `scale` (dots per tile) centred in `inner`.
    /// O(1).
    #[must_use]
    pub fn new(tiles: (u32, u32), dots: (u16, u16), scale: f64, inner: Rect) -> Self {
        let (rows, cols) = tiles;
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
            dots,
            scale,
            origin,
            size,
        }
    }

    /// The maze fitted to `inner` at the largest scale.
    #[must_use]
    pub fn whole(tiles: (u32, u32), ascii: bool, inner: Rect) -> Self {
        let dots = Self::dots(ascii);
        Self::new(tiles, dots, Self::largest_scale(tiles, dots, inner), inner)
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

    /// How the scale reads in a title: `1 tile/dot`, `1.6 dots/tile`, `2.5 tiles/dot`.
    #[must_use]
    pub fn describe(&self) -> String {
        if (self.scale - 1.0).abs() < 0.05 {
            "1 tile/dot".to_owned()
        } else if self.scale > 1.0 {
            format!("{:.1} dots/tile", self.scale)
        } else {
            format!("{:.1} tiles/dot", 1.0 / self.scale)
        }
    }
}

impl App {
    /// Whether the maze pane's `inner` area shows the whole maze (see [`Zoom`]).
    #[must_use]
    pub fn shows_whole(&self, inner: Rect) -> bool {
        let cursor = self.mode.cursor().is_some() || matches!(self.mode, Mode::Walk(_));
        match self.zoom {
            Zoom::Out => true,
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
        let inner = self.maze_inner()?;
        self.shows_whole(inner)
            .then(|| Fit::whole(self.stage.tile_size(), self.config.ascii, inner))
    }

    /// Zoom out to the whole maze (`out`) or in to the tiles, saying what changed.
    pub(super) fn zoom(&mut self, out: bool) {
        let whole = self
            .maze_inner()
            .is_some_and(|inner| self.shows_whole(inner));
        self.zoom = if out { Zoom::Out } else { Zoom::In };
        let now = self
            .maze_inner()
            .is_some_and(|inner| self.shows_whole(inner));
        self.status = Some(
            match (whole, now) {
                (true, true) => "zoom: the whole maze is shown already (Z: the tiles)",
                (false, false) => "zoom: the tiles are shown already (z: the whole maze)",
                (false, true) => "zoom: the whole maze, several tiles a character (Z: tiles)",
                (true, false) => "zoom: the tiles (z: the whole maze)",
            }
            .to_owned(),
        );
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
        let fit = Fit::whole((61, 61), false, inner);
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
        let fit = Fit::new((61, 61), (2, 4), 36.0 / 61.0, Rect::new(0, 0, 18, 14));
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
        let fit = Fit::whole((21, 41), true, Rect::new(0, 0, 41, 21));
        assert!((fit.scale - 1.0).abs() < 1e-9);
        assert_eq!(fit.tile_at(0, 0), Some((0, 0)));
        assert_eq!(fit.tile_at(40, 20), Some((20, 40)));
        assert_eq!(fit.tile_at(41, 0), None);
    }
}
