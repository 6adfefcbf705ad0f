//! The generator settings a user chooses: Growing Tree's cell choice, Binary Tree's bias.

use get_size2::GetSize;

use crate::generate::Bias;

/// Which cell Growing Tree takes from its active list.
#[derive(Clone, Copy, Debug, PartialEq, Default, GetSize)]
pub enum CellChoice {
    /// The most recently added (behaves like the Recursive Backtracker).
    #[default]
    Newest,
    /// A random one (behaves like Simplified Prim).
    Random,
    /// The oldest (long straight corridors radiating from the start).
    Oldest,
    /// Newest with this probability (0.0–1.0), otherwise random.
    Mix(f64),
}

impl CellChoice {
    /// Parse `newest`, `random`, `oldest` or `mix` / `mix:P` (P in 0.0–1.0; `mix` = 0.5).
    ///
    /// # Errors
    /// [`crate::Error::Invalid`] naming the bad value.
    pub fn parse(text: &str) -> Result<Self, crate::Error> {
        match text {
            "newest" => Ok(Self::Newest),
            "random" => Ok(Self::Random),
            "oldest" => Ok(Self::Oldest),
            "mix" => Ok(Self::Mix(0.5)),
            _ => text
                .strip_prefix("mix:")
                .and_then(|p| p.parse::<f64>().ok())
                .filter(|p| (0.0..=1.0).contains(p))
                .map(Self::Mix)
                .ok_or_else(|| {
                    crate::Error::Invalid(format!(
                        "cell choice '{text}': expected newest, random, oldest, mix or mix:P with P in 0..1"
                    ))
                }),
        }
    }

    /// Short name for display (`newest`, `random`, `oldest`, `mix:0.5`).
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Self::Newest => "newest".into(),
            Self::Random => "random".into(),
            Self::Oldest => "oldest".into(),
            Self::Mix(p) => format!("mix:{p}"),
        }
    }
}

/// Settings some generators read. `Default` is what the TUI and CLI start with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GenOptions {
    /// Growing Tree's cell choice.
    pub cell_choice: CellChoice,
    /// Binary Tree's two carving directions.
    pub bias: Bias,
    /// Obstacles: the chance (0.0–1.0) that an inner tile becomes a wall.
    pub density: f64,
    /// Prim's edge weights: `Some(n)` draws each uniformly from `0..n` (ties taken in the
    /// order the edges were pushed); `None` draws 31-bit weights.
    pub weights: Option<u32>,
}

/// Obstacles' density when none is given: three tiles in ten are walls.
pub const DEFAULT_DENSITY: f64 = 0.3;

impl Default for GenOptions {
    fn default() -> Self {
        Self {
            cell_choice: CellChoice::default(),
            bias: Bias::default(),
            density: DEFAULT_DENSITY,
            weights: None,
        }
    }
}
