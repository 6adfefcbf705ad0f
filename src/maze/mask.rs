//! [`Mask`]: which cells of a `width × height` rectangle belong to the maze.
//!
//! A mask turns the rectangle into any shape: a heart, a circle, a word, a school's logo.
//! Generators that can carve a spanning tree of any connected set of cells carve one over
//! the **on-cells** only; **off-cells** are outside the maze and drawn blank. Source: Jamis
//! Buck, *Mazes for Programmers*, ch. 4 ("Masking"), whose text masks mark an off-cell `X`.
//!
//! Where a mask comes from:
//!
//! * a text file ([`Mask::parse_text`]): one character a cell, `X` (or `x`) off, `.` or a
//!   space on, every line the same length;
//! * a PNG ([`Mask::from_png`]): one pixel a cell, a dark pixel (luminance below half) off;
//! * a built-in shape by name ([`Mask::builtin`]): `heart`, `circle`, `triangle`, drawn to
//!   fill the `width × height` the caller asks for;
//! * a word ([`Mask::text`]) in a built-in 5×7 bitmap font, each font pixel 2×2 cells,
//!   the letters joined by a bar along their feet (so the on-cells are connected).
//!
//! Every constructor checks what a maze needs ([`Mask::check`]): at least two on-cells,
//! all of them connected through on-neighbours (north, east, south, west).

use super::{MAX_CELLS, Pos};

#[path = "mask/font.rs"]
mod font;
#[path = "mask/pieces.rs"]
mod pieces;
use font::glyph;

/// A `width × height` rectangle of cells, each on (in the maze) or off (outside it).
/// Memory: one byte per cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mask {
    width: u32,
    height: u32,
    /// Row-major: whether the cell is on.
    on: Vec<bool>,
}

/// Why a mask cannot be used. Each message is one line naming the problem.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MaskError {
    /// The input had no lines, or no pixels.
    #[error("the mask is empty")]
    Empty,
    /// A line's length differs from the first line's.
    #[error("ragged mask: line {line} has {found} characters, line 1 has {expected}")]
    Ragged {
        /// 1-based line number.
        line: usize,
        /// Characters on the first line.
        expected: usize,
        /// Characters on this line.
        found: usize,
    },
    /// A character other than `X`, `x`, `.` or a space.
    #[error(
        "line {line}, column {column}: '{found}' is not a mask character ('X' off, '.' or space on)"
    )]
    BadChar {
        /// 1-based line number.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// The character found.
        found: char,
    },
    /// Fewer than two on-cells: no passage to carve.
    #[error("the mask has {0} on-cell(s); a maze needs at least 2")]
    TooFew(usize),
    /// The on-cells fall into more than one connected piece.
    #[error(
        "the mask's on-cells are not connected: {pieces} separate pieces (the cell at row {}, column {} cannot be reached from the first on-cell)",
        unreached.row, unreached.col
    )]
    Disconnected {
        /// How many connected pieces.
        pieces: usize,
        /// An on-cell outside the first piece (cells, row/col from 0).
        unreached: Pos,
    },
    /// Larger than [`MAX_CELLS`].
    #[error("the mask is too large: {width}x{height} cells; the limit is {MAX_CELLS}")]
    TooLarge {
        /// Columns.
        width: u64,
        /// Rows.
        height: u64,
    },
    /// A PNG that could not be decoded.
    #[error("not a readable PNG: {0}")]
    Png(String),
    /// A character [`Mask::text`]'s font does not have.
    #[error("the mask font has no '{0}' (letters A-Z, digits 0-9 and space)")]
    NoGlyph(char),
}

/// The built-in shapes of [`Mask::builtin`], by name.
pub const BUILTIN_SHAPES: [&str; 3] = ["heart", "circle", "triangle"];

impl Mask {
    /// A mask from its cells: `on` is row-major, `width × height` long. Checked as
    /// [`Mask::check`] says.
    ///
    /// # Errors
    /// [`MaskError::Empty`] for a zero side or a length that is not `width × height`,
    /// [`MaskError::TooLarge`], and [`Mask::check`]'s errors.
    pub fn from_cells(width: u32, height: u32, on: Vec<bool>) -> Result<Self, MaskError> {
        if width == 0 || height == 0 || on.len() as u64 != u64::from(width) * u64::from(height) {
            return Err(MaskError::Empty);
        }
        if u64::from(width) * u64::from(height) > MAX_CELLS {
            return Err(MaskError::TooLarge {
                width: width.into(),
                height: height.into(),
            });
        }
        let mask = Self { width, height, on };
        mask.check()?;
        Ok(mask)
    }

    /// Read a text mask: one character a cell, `X` or `x` off, `.` or a space on. A
    /// byte-order mark, `\r\n` line ends and trailing blank lines are accepted. O(characters).
    ///
    /// # Errors
    /// [`MaskError::Empty`], [`MaskError::Ragged`], [`MaskError::BadChar`] (the first
    /// problem found), then [`Mask::from_cells`]'s.
    pub fn parse_text(text: &str) -> Result<Self, MaskError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines: Vec<&str> = text
            .lines()
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        let Some(first) = lines.first() else {
            return Err(MaskError::Empty);
        };
        let width = first.chars().count();
        let too_large = || MaskError::TooLarge {
            width: width as u64,
            height: lines.len() as u64,
        };
        if width as u64 * lines.len() as u64 > MAX_CELLS {
            return Err(too_large());
        }
        let mut on = Vec::with_capacity(width * lines.len());
        for (r, line) in lines.iter().enumerate() {
            // An ASCII line (every mask this program writes) byte by byte: a character is
            // a byte, so the same checks and errors, without decoding.
            if line.is_ascii() && line.len() == width {
                // Every byte checked without stopping at the first bad one (a loop the
                // compiler vectorises); where one is bad, find it.
                let mask_byte = |b: u8| matches!(b, b'X' | b'x' | b'.' | b' ');
                let good = line.bytes().fold(true, |ok, b| ok & mask_byte(b));
                let bad = (!good).then(|| line.bytes().position(|b| !mask_byte(b)));
                if let Some(c) = bad.flatten() {
                    return Err(MaskError::BadChar {
                        line: r + 1,
                        column: c + 1,
                        found: char::from(line.as_bytes()[c]),
                    });
                }
                on.extend(line.bytes().map(|b| b == b'.' || b == b' '));
                continue;
            }
            let found = line.chars().count();
            if found != width {
                return Err(MaskError::Ragged {
                    line: r + 1,
                    expected: width,
                    found,
                });
            }
            for (c, ch) in line.chars().enumerate() {
                on.push(match ch {
                    'X' | 'x' => false,
                    '.' | ' ' => true,
                    found => {
                        return Err(MaskError::BadChar {
                            line: r + 1,
                            column: c + 1,
                            found,
                        });
                    }
                });
            }
        }
        let width = u32::try_from(width).map_err(|_| too_large())?;
        let height = u32::try_from(lines.len()).map_err(|_| too_large())?;
        Self::from_cells(width, height, on)
    }

    /// Read a PNG mask: one pixel a cell, a pixel darker than half brightness (luminance
    /// `0.299 R + 0.587 G + 0.114 B` below 128 of 255) off, any other pixel on; a pixel
    /// more than half transparent counts as light (on). Every PNG colour type and bit
    /// depth is read (palettes expanded, 16-bit samples cut to 8). The image size is
    /// checked against [`MAX_CELLS`] before its pixels are decoded.
    ///
    /// # Errors
    /// [`MaskError::Png`] for data that is not a PNG, [`MaskError::TooLarge`], then
    /// [`Mask::from_cells`]'s.
    pub fn from_png(bytes: &[u8]) -> Result<Self, MaskError> {
        let mut decoder = png::Decoder::new(bytes);
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder
            .read_info()
            .map_err(|e| MaskError::Png(e.to_string()))?;
        let (width, height) = {
            let info = reader.info();
            (info.width, info.height)
        };
        if u64::from(width) * u64::from(height) > MAX_CELLS {
            return Err(MaskError::TooLarge {
                width: width.into(),
                height: height.into(),
            });
        }
        let mut buf = vec![0; reader.output_buffer_size()];
        let frame = reader
            .next_frame(&mut buf)
            .map_err(|e| MaskError::Png(e.to_string()))?;
        let channels = frame.color_type.samples();
        let (w, h) = (width as usize, height as usize);
        let mut on = Vec::with_capacity(w * h);
        for row in buf.chunks(frame.line_size).take(h) {
            for px in row.chunks(channels).take(w) {
                let (luma, alpha) = match *px {
                    [g] => (u32::from(g) * 1000, 255),
                    [g, a] => (u32::from(g) * 1000, a),
                    [r, g, b] => (luma(r, g, b), 255),
                    [r, g, b, a, ..] => (luma(r, g, b), a),
                    [] => (255_000, 255),
                };
                on.push(alpha < 128 || luma >= 128 * 1000);
            }
        }
        if on.len() != w * h {
            return Err(MaskError::Png(
                "the image data is shorter than its size".into(),
            ));
        }
        Self::from_cells(width, height, on)
    }

    /// A built-in shape by name ([`BUILTIN_SHAPES`]) drawn to fill `width × height` cells,
    /// or `None` for another name. Each shape is a test per cell centre, so any size works;
    /// tiny sizes may leave too few on-cells (then the error says so).
    ///
    /// * `circle`: the ellipse touching all four sides.
    /// * `triangle`: apex at the top middle, base along the bottom row.
    /// * `heart`: two round lobes on top, a point at the bottom middle.
    ///
    /// # Errors
    /// As [`Mask::from_cells`].
    pub fn builtin(name: &str, width: u32, height: u32) -> Option<Result<Self, MaskError>> {
        let inside: fn(f64, f64) -> bool = match name {
            // Coordinates: x and y in [-1, 1], y down.
            "circle" => |x, y| x * x + y * y <= 1.0,
            "triangle" => |x, y| {
                let t = (y + 1.0) / 2.0; // 0 at the top, 1 at the bottom
                x.abs() <= t
            },
            "heart" => |x, y| {
                // Two circles of radius 0.5 centred at (±0.5, −0.4), and below their
                // centres a triangle as wide as both, narrowing to the bottom middle.
                let lobe = |cx: f64| (x - cx).powi(2) + (y + 0.4).powi(2) <= 0.25;
                let below = y >= -0.4 && x.abs() <= (1.0 - y) / 1.4;
                lobe(0.5) || lobe(-0.5) || below
            },
            _ => return None,
        };
        let (w, h) = (f64::from(width), f64::from(height));
        let mut on = Vec::with_capacity(width as usize * height as usize);
        if u64::from(width) * u64::from(height) <= MAX_CELLS {
            for r in 0..height {
                for c in 0..width {
                    let x = (f64::from(c) + 0.5) / w * 2.0 - 1.0;
                    let y = (f64::from(r) + 0.5) / h * 2.0 - 1.0;
                    on.push(inside(x, y));
                }
            }
        }
        Some(Self::from_cells(width, height, on))
    }

    /// `word` in the built-in 5×7 bitmap font (letters, case-insensitive; digits; space),
    /// each font pixel 2×2 cells, one blank font column between letters and a margin of
    /// one cell all round; the letters stand on a bar two cells high, which joins them,
    /// and where two pixels touch only at a corner one cell more joins them. The mask has
    /// the word's natural size, whatever size was asked for: `12·n` cells wide and 18
    /// high for `n` characters.
    ///
    /// # Errors
    /// [`MaskError::NoGlyph`] for a character outside the font, [`MaskError::Empty`] for
    /// an empty word, then [`Mask::from_cells`]'s.
    pub fn text(word: &str) -> Result<Self, MaskError> {
        const SCALE: usize = 2;
        let glyphs = word
            .chars()
            .map(|ch| glyph(ch.to_ascii_uppercase()).ok_or(MaskError::NoGlyph(ch)))
            .collect::<Result<Vec<_>, _>>()?;
        if glyphs.is_empty() {
            return Err(MaskError::Empty);
        }
        // Font columns: 5 per glyph and 1 between glyphs; rows: 7 of glyph, then the bar.
        let font_cols = glyphs.len() * 6 - 1;
        let width = font_cols * SCALE + 2;
        let height = 1 + 8 * SCALE + 1;
        let mut on = vec![false; width * height];
        for (g, rows) in glyphs.iter().enumerate() {
            let pixel = |fr: usize, fc: usize| rows[fr].as_bytes()[fc] == b'#';
            for fr in 0..7 {
                for fc in 0..5 {
                    if !pixel(fr, fc) {
                        continue;
                    }
                    let (top, left) = (1 + fr * SCALE, 1 + (g * 6 + fc) * SCALE);
                    for dr in 0..SCALE {
                        for dc in 0..SCALE {
                            on[(top + dr) * width + left + dc] = true;
                        }
                    }
                    // A diagonal neighbour below with no pixel beside either: blocks
                    // touching at a corner only, joined by the cell beside the corner.
                    let bottom = top + SCALE - 1;
                    if fr + 1 < 7 {
                        if fc + 1 < 5
                            && pixel(fr + 1, fc + 1)
                            && !pixel(fr, fc + 1)
                            && !pixel(fr + 1, fc)
                        {
                            on[bottom * width + left + SCALE] = true;
                        }
                        if fc > 0
                            && pixel(fr + 1, fc - 1)
                            && !pixel(fr, fc - 1)
                            && !pixel(fr + 1, fc)
                        {
                            on[bottom * width + left - 1] = true;
                        }
                    }
                }
            }
        }
        // The bar: directly under the glyphs' bottom row, the width of the word.
        for r in 1 + 7 * SCALE..1 + 8 * SCALE {
            for c in 1..width - 1 {
                on[r * width + c] = true;
            }
        }
        #[allow(clippy::cast_possible_truncation)] // a word's size is small
        Self::from_cells(width as u32, height as u32, on)
    }

    /// Check what a maze needs: at least two on-cells, all connected through
    /// on-neighbours. One pass over the rows' runs of on-cells, joining the runs that
    /// touch ([`pieces::pieces`]): O(cells) time, at most 4 bytes per cell.
    ///
    /// # Errors
    /// [`MaskError::TooFew`], [`MaskError::Disconnected`].
    pub fn check(&self) -> Result<(), MaskError> {
        let count = self.on_count();
        if count < 2 {
            return Err(MaskError::TooFew(count));
        }
        match pieces::pieces(&self.on, self.width as usize) {
            (_, None) => Ok(()),
            (pieces, Some(unreached)) => Err(MaskError::Disconnected {
                pieces,
                unreached: self.pos(unreached),
            }),
        }
    }

    #[allow(clippy::cast_possible_truncation)] // index < width × height, both u32
    fn pos(&self, index: usize) -> Pos {
        let w = self.width as usize;
        Pos::new((index / w) as u32, (index % w) as u32)
    }

    /// Width in cells.
    #[must_use]
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells.
    #[must_use]
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// Whether `cell` is on (in the maze). Outside the rectangle is off.
    #[must_use]
    pub fn is_on(&self, cell: Pos) -> bool {
        cell.row < self.height
            && cell.col < self.width
            && self.on[cell.row as usize * self.width as usize + cell.col as usize]
    }

    /// Every cell, row-major: whether it is on.
    #[must_use]
    pub fn cells(&self) -> &[bool] {
        &self.on
    }

    /// How many cells are on. O(cells).
    #[must_use]
    pub fn on_count(&self) -> usize {
        self.on.iter().filter(|&&o| o).count()
    }

    /// The mask in its text form: `X` off, `.` on, one line per row. O(cells).
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.on.len() + self.height as usize);
        for row in self.on.chunks(self.width as usize) {
            out.extend(row.iter().map(|&o| if o { '.' } else { 'X' }));
            out.push('\n');
        }
        out
    }
}

/// A maze's shape as asked for: a mask of fixed size (a file, a word), or a built-in shape
/// drawn at whatever size the maze takes (the explorer's fits the terminal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A mask whose size is the maze's.
    Fixed(Mask),
    /// One of [`BUILTIN_SHAPES`], by name.
    Builtin(&'static str),
}

impl Shape {
    /// The built-in shape named `name`, if there is one.
    #[must_use]
    pub fn builtin(name: &str) -> Option<Self> {
        BUILTIN_SHAPES
            .iter()
            .find(|&&n| n == name)
            .map(|&n| Self::Builtin(n))
    }

    /// The mask for a `width × height`-cell maze (a fixed mask keeps its own size).
    ///
    /// # Errors
    /// As [`Mask::builtin`] (a size too small for the shape).
    pub fn mask(&self, width: u32, height: u32) -> Result<Mask, MaskError> {
        match self {
            Self::Fixed(mask) => Ok(mask.clone()),
            Self::Builtin(name) => {
                Mask::builtin(name, width, height).unwrap_or(Err(MaskError::Empty))
            }
        }
    }
}

/// `0.299 R + 0.587 G + 0.114 B`, in thousandths of a level.
fn luma(r: u8, g: u8, b: u8) -> u32 {
    299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)
}

#[cfg(test)]
#[path = "mask/tests.rs"]
mod tests;
