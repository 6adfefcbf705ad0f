//! The search settings shared by `solve`, `compare` and the explorer (`--heuristic`,
//! `--diagonal`, `--corners`, `--heuristic-weight`, `--tie-break`, `--reopen`), as flags
//! and as config-file keys.

#[allow(clippy::wildcard_imports)]
use super::*;

/// Search options shared by `solve`, `compare` and the explorer. `None`: not given, so the
/// default (or, in the explorer, the config file) decides.
#[derive(Clone, Debug, Default, PartialEq, Args, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct SearchArgs {
    /// A* and greedy best-first heuristic [default: manhattan]
    #[arg(long, value_name = "NAME", value_enum)]
    #[serde(default, deserialize_with = "setting::choice")]
    pub heuristic: Option<Heuristic>,
    /// Allow diagonal moves (cost 14) in BFS, Dijkstra, A*, greedy best-first and jump
    /// point search (--diagonal=false turns them off)
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    #[serde(default)]
    pub diagonal: Option<bool>,
    /// With --diagonal: whether a diagonal move may cut a wall's corner [default: allow]
    #[arg(long, value_enum)]
    #[serde(default, deserialize_with = "setting::choice")]
    pub corners: Option<CornersArg>,
    /// Weighted A*: f = g + W*h (W >= 1; the path costs at most W times the cheapest)
    /// [default: 1]
    #[arg(long, value_name = "W", value_parser = parse_weight)]
    #[serde(default, deserialize_with = "setting::weight")]
    pub heuristic_weight: Option<u32>,
    /// How A* breaks ties among open tiles of equal f [default: high-g]
    #[arg(long, value_enum)]
    #[serde(default, deserialize_with = "setting::choice")]
    pub tie_break: Option<TieBreakArg>,
    #[command(flatten)]
    #[serde(flatten)]
    pub reopen: ReopenArgs,
}

impl SearchArgs {
    /// These arguments over `below` (each setting given here wins).
    #[must_use]
    pub fn over(self, below: Self) -> Self {
        Self {
            heuristic: self.heuristic.or(below.heuristic),
            diagonal: self.diagonal.or(below.diagonal),
            corners: self.corners.or(below.corners),
            heuristic_weight: self.heuristic_weight.or(below.heuristic_weight),
            tie_break: self.tie_break.or(below.tie_break),
            reopen: self.reopen.over(below.reopen),
        }
    }

    /// The solver options these arguments ask for, with `seed`; defaults for the others.
    pub(super) fn options(&self, seed: u64) -> SolveOptions {
        use crate::solve::{Corners, Moves, TieBreak};
        let corners = match self.corners.unwrap_or_default() {
            CornersArg::Allow => Corners::Allow,
            CornersArg::NoCut => Corners::NoCut,
            CornersArg::Never => Corners::Never,
        };
        SolveOptions {
            heuristic: self.heuristic.unwrap_or_default(),
            moves: if self.diagonal.unwrap_or(false) {
                Moves::Eight(corners)
            } else {
                Moves::Four
            },
            heuristic_weight: self.heuristic_weight.unwrap_or(100),
            tie_break: match self.tie_break.unwrap_or_default() {
                TieBreakArg::LowH => TieBreak::LowH,
                TieBreakArg::HighG => TieBreak::HighG,
                TieBreakArg::Fifo => TieBreak::Fifo,
                TieBreakArg::Lifo => TieBreak::Lifo,
            },
            reopen: self.reopen.reopen.unwrap_or_default(),
            seed,
        }
    }
}

/// `--heuristic-weight W` (a decimal, 1 to 10) in hundredths.
pub(crate) fn parse_weight(text: &str) -> Result<u32, String> {
    match text.parse::<f64>() {
        Ok(w) if (1.0..=10.0).contains(&w) => {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // 100..=1000
            Ok((w * 100.0).round() as u32)
        }
        _ => Err(format!("'{text}' is not a weight from 1 to 10")),
    }
}
