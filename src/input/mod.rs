//! Terminal input: raw bytes to crossterm events ([`Decoder`]), shared by every front end
//! that reads a terminal's bytes itself.

mod decode;

pub use decode::{Decoder, MAX_SEQUENCE, PASTE_LIMIT, PASTE_PATIENCE};
