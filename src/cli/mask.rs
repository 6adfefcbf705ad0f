//! `--mask` and `--mask-text`: the shape of the maze, for `generate`, `stats`, `record` and
//! the explorer (also the config file keys `mask` and `mask-text`).

#[allow(clippy::wildcard_imports)]
use super::*;

use crate::maze::mask::BUILTIN_SHAPES;
use crate::maze::{Mask, MaskError, Shape};

/// The largest mask file read: a text mask of [`MAX_CELLS`] cells with its newlines, or a
/// PNG of as many pixels, fits well within it.
const MAX_MASK_BYTES: u64 = 64 << 20;

/// The maze's shape. A mask's size is the maze's: `--width` and `--height` only size the
/// built-in shapes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Args, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct MaskArgs {
    /// Carve the maze in a shape: a text file (X off, '.' or space on, a character a
    /// cell), a PNG (dark pixels off, a pixel a cell), or heart, circle, triangle (sized by
    /// --width and --height)
    #[arg(long, value_name = "FILE|SHAPE", conflicts_with = "mask_text")]
    #[serde(default)]
    pub mask: Option<String>,
    /// Carve the maze in the shape of a word (letters, digits, spaces; 12 cells wide a
    /// character, 18 high)
    #[arg(long, value_name = "WORD")]
    #[serde(default)]
    pub mask_text: Option<String>,
}

impl MaskArgs {
    /// These options over `below`: a shape given here (either flag) wins whole.
    #[must_use]
    pub fn over(self, below: Self) -> Self {
        if self.mask.is_some() || self.mask_text.is_some() {
            self
        } else {
            below
        }
    }

    /// The shape asked for, `None` without one: a built-in shape's name (unless a file
    /// has that name) stays a name, sized when the maze's size is known; anything else is
    /// read as [`MaskArgs::load`] says.
    ///
    /// # Errors
    /// As [`MaskArgs::load`].
    pub fn shape(&self) -> Result<Option<Shape>, Error> {
        if self.mask_text.is_none()
            && let Some(name) = &self.mask
            && !Path::new(name).exists()
            && let Some(shape) = Shape::builtin(name)
        {
            return Ok(Some(shape));
        }
        Ok(self.load(1, 1)?.map(Shape::Fixed))
    }

    /// The mask asked for, `None` without one. A `--mask` naming an existing file reads
    /// it (a PNG by its signature, else text); otherwise a built-in shape's name draws it
    /// at `width × height` cells.
    ///
    /// # Errors
    /// [`Error::Mask`] (exit 1) for an unreadable file or a mask that cannot shape a
    /// maze (ragged lines, a bad character, fewer than 2 on-cells, on-cells not
    /// connected, not a PNG); [`Error::Invalid`] (exit 2) for a word with a character
    /// outside the font.
    pub fn load(&self, width: u32, height: u32) -> Result<Option<Mask>, Error> {
        if let Some(word) = &self.mask_text {
            return match Mask::text(word) {
                Err(MaskError::NoGlyph(ch)) => Err(Error::Invalid(format!(
                    "--mask-text '{word}': {}",
                    MaskError::NoGlyph(ch)
                ))),
                result => result.map(Some).map_err(|error| Error::Mask {
                    source_name: format!("'{word}'"),
                    error,
                }),
            };
        }
        let Some(name) = &self.mask else {
            return Ok(None);
        };
        let path = Path::new(name);
        let mask_error = |error| Error::Mask {
            source_name: name.clone(),
            error,
        };
        if !path.exists()
            && let Some(shape) = Mask::builtin(name, width, height)
        {
            return shape.map(Some).map_err(mask_error);
        }
        let unreadable = |why: String| {
            Error::Io(format!(
                "cannot read mask {name}: {why} (a mask is a text or PNG file, or one of {})",
                BUILTIN_SHAPES.join(", ")
            ))
        };
        let file = std::fs::File::open(path).map_err(|e| unreadable(io_reason(&e)))?;
        // Room for the whole file at once (no regrowing and copying while reading).
        let size = file.metadata().map_or(0, |m| m.len().min(MAX_MASK_BYTES));
        let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0) + 1);
        file.take(MAX_MASK_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| unreadable(io_reason(&e)))?;
        if bytes.len() as u64 > MAX_MASK_BYTES {
            return Err(unreadable(format!(
                "more than {} MiB",
                MAX_MASK_BYTES >> 20
            )));
        }
        if bytes.starts_with(b"\x89PNG") {
            return Mask::from_png(&bytes).map(Some).map_err(mask_error);
        }
        let text = String::from_utf8(bytes).map_err(|_| unreadable("not UTF-8 text".into()))?;
        Mask::parse_text(&text).map(Some).map_err(mask_error)
    }
}
