//! Terminal setup and restore, the event loop, frame pacing (to be written).

use crate::app::Config;

/// Run the interactive explorer until the user quits; the terminal is restored on every
/// exit path.
///
/// # Errors
/// [`crate::Error::NoTerminal`] when stdin or stdout is not a TTY; [`crate::Error::Io`]
/// when the terminal fails.
pub fn run(_config: Config) -> Result<(), crate::Error> {
    Err(crate::Error::NoTerminal)
}
