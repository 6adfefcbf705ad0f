//! What `maze-tui serve` is asked to do, and the checks made before it listens.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::auth::Access;
use crate::app::Config;

/// What a session tells the server about its terminal, from its pty and environment
/// requests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SessionEnv {
    /// `TERM` from the pty request (`xterm-256color`, …).
    pub term: String,
    /// `NO_COLOR` from an environment request, if the client sent it.
    pub no_color: Option<String>,
    /// `COLORFGBG` (`"15;0"`: foreground 15 on background 0), if the client sent it.
    pub colorfgbg: Option<String>,
}

/// Builds a session's explorer [`Config`] from what its terminal said: the server's
/// options with `NO_COLOR` and `COLORFGBG` applied, a seed of its own unless the server
/// fixed one.
pub type ConfigFor = Arc<dyn Fn(&SessionEnv) -> Config + Send + Sync>;

/// Everything `maze-tui serve` needs: the listening address, the host key, who may log in,
/// the limits, and how each session's explorer starts.
#[derive(Clone)]
pub struct Options {
    /// Address and port to listen on (`127.0.0.1:2222` by default).
    pub listen: SocketAddr,
    /// The host key file (OpenSSH private key format), created on first start if missing.
    pub host_key: PathBuf,
    /// Who may log in.
    pub access: Access,
    /// Most sessions at once; further connections are closed at once.
    pub max_sessions: usize,
    /// Most sessions at once from one IP address.
    pub max_per_ip: usize,
    /// Largest maze a session may hold, in cells; a terminal larger than that maze needs
    /// is drawn in its top-left corner only.
    pub max_cells: u64,
    /// A session without a key for this long is closed.
    pub idle_timeout: Duration,
    /// A client that takes none of the session's output for this long is dropped.
    pub stall_timeout: Duration,
    /// Where sessions may save (`w`, `x`), each in its own folder; `None`: saving is off.
    pub save_dir: Option<PathBuf>,
    /// Each session's explorer settings.
    pub config_for: ConfigFor,
    /// Present mode (`--present`): who teaches; `None`: every session explores alone.
    pub present: Option<Presenting>,
}

/// Who presents in present mode.
#[derive(Clone, Debug)]
pub enum Presenting {
    /// The terminal that started the server.
    Local,
    /// A session logged in with one of these keys (`--teacher-key FILE`).
    Keys(Vec<russh::keys::PublicKey>),
}

impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("listen", &self.listen)
            .field("host_key", &self.host_key)
            .field("access", &self.access)
            .field("max_sessions", &self.max_sessions)
            .field("max_per_ip", &self.max_per_ip)
            .field("max_cells", &self.max_cells)
            .field("idle_timeout", &self.idle_timeout)
            .field("save_dir", &self.save_dir)
            .field("present", &self.present)
            .finish_non_exhaustive()
    }
}

impl Options {
    /// Refuse what must not run: a non-loopback address with no way to authenticate, and
    /// limits of zero.
    ///
    /// # Errors
    /// [`crate::Error::Invalid`] (exit code 2), one line saying what to add.
    pub fn check(&self) -> Result<(), crate::Error> {
        if !self.listen.ip().is_loopback() && self.access.is_none() {
            return Err(crate::Error::Invalid(format!(
                "refusing to serve {} without authentication: add --authorized-keys FILE, \
                 --password-file FILE, or --open (anyone on the network gets in)",
                self.listen
            )));
        }
        if self.max_sessions == 0 || self.max_per_ip == 0 {
            return Err(crate::Error::Invalid(
                "--max-sessions and --max-per-ip must be at least 1".to_owned(),
            ));
        }
        if self.max_cells < MIN_CELLS {
            return Err(crate::Error::Invalid(format!(
                "--max-cells must be at least {MIN_CELLS} (the explorer's smallest maze, 20×10)"
            )));
        }
        Ok(())
    }
}

/// The smallest `--max-cells`: the maze the explorer makes on a terminal too small for
/// its panes, 20×10 cells.
pub const MIN_CELLS: u64 = 200;

/// The largest window side given to a session's explorer, in characters: far beyond any
/// screen, and below the sizes where the layout's arithmetic (in `u16`) would overflow.
pub const MAX_SIDE: u16 = 4096;

/// The largest terminal size, at most `size` and [`MAX_SIDE`], whose fitted maze
/// ([`crate::app::viewport::fit`]) has at most `max_cells` cells. O(log of the size).
#[must_use]
pub fn clamp_size(size: (u16, u16), max_cells: u64) -> (u16, u16) {
    let cells = |(w, h): (u16, u16)| {
        let (cw, ch) = crate::app::viewport::fit((w, h));
        u64::from(cw) * u64::from(ch)
    };
    let (mut w, mut h) = (size.0.min(MAX_SIDE), size.1.min(MAX_SIDE));
    // Shrink both sides by an eighth until the maze fits: a few dozen rounds at most.
    while cells((w, h)) > max_cells && (w > 1 || h > 1) {
        w = w.saturating_sub((w / 8).max(1)).max(1);
        h = h.saturating_sub((h / 8).max(1)).max(1);
    }
    (w, h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_terminal_is_clamped_to_the_cell_budget() {
        assert_eq!(clamp_size((80, 24), 1_000_000), (80, 24));
        let (w, h) = clamp_size((u16::MAX, u16::MAX), 1_000_000);
        let (cw, ch) = crate::app::viewport::fit((w, h));
        assert!(u64::from(cw) * u64::from(ch) <= 1_000_000, "{w}x{h}");
        assert!(w > 1000 && h > 1000, "not shrunk more than needed: {w}x{h}");
        assert_eq!(clamp_size((u16::MAX, 50), u64::MAX), (MAX_SIDE, 50));
        let (cw, ch) = crate::app::viewport::fit(clamp_size((300, 100), MIN_CELLS));
        assert!(u64::from(cw) * u64::from(ch) <= MIN_CELLS);
    }
}
