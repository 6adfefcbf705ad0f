//! The explorer's mazes in a shape: the mask for the maze about to be generated.

use super::App;
use crate::maze::Mask;

impl App {
    /// The mask of the configured shape for a `width × height`-cell maze (a built-in shape
    /// fills that size; a file's or a word's mask has its own), or `None` without one.
    ///
    /// # Errors
    /// [`crate::Error::Mask`] when a built-in shape is too small to draw at that size.
    pub(super) fn mask_for(&self, width: u32, height: u32) -> Result<Option<Mask>, crate::Error> {
        self.config
            .shape
            .as_ref()
            .map(|shape| {
                shape
                    .mask(width, height)
                    .map_err(|error| crate::Error::Mask {
                        source_name: format!("{width}x{height}"),
                        error,
                    })
            })
            .transpose()
    }
}
