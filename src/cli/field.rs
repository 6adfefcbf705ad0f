//! The path-finding field and Prim weight options (`--density`, `--weights`), shared by the
//! explorer (and its config file's keys of the same names), `generate`, `stats` and
//! `record`.

use clap::Args;
use serde::{Deserialize, Deserializer};

use crate::config::setting;
use crate::generate::GenOptions;
use crate::maze::Ends;

/// The largest `--weights`: weights and their push order share one 64-bit queue key.
pub const MAX_WEIGHTS: u32 = 1 << 26;

/// `--density` and `--weights`. `None`: not given, so the default (or, in the explorer,
/// the config file) decides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Args, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct FieldArgs {
    /// Obstacles only: the chance, 0.0-1.0, that an inner tile becomes a wall (S and E stay
    /// open; a field may have no path) [default: 0.3]
    #[arg(long, value_name = "P", value_parser = parse_density)]
    #[serde(default, deserialize_with = "density")]
    pub density: Option<f64>,
    /// Prim only: edge weights drawn uniformly from 0..N-1 with ties taken in push order
    /// (the seeds' rand() % 100 is 100) [default: 31-bit weights]
    #[arg(long, value_name = "N", value_parser = parse_weights)]
    #[serde(default, deserialize_with = "weights")]
    pub weights: Option<u32>,
    /// Where the entrance and exit are: inside (S and E where --ends puts them) or border
    /// (S and E opened in the outer wall, as the seeds' Prim game does; the same as --ends
    /// border) [default: inside]
    #[arg(long, value_name = "WHERE", value_enum)]
    #[serde(default, deserialize_with = "setting::choice")]
    pub entrance: Option<Entrance>,
}

/// `--entrance`: S and E inside the maze, or opened in its outer wall.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Entrance {
    /// Where `--ends` puts them.
    #[default]
    Inside,
    /// In the outer wall ([`Ends::Border`]).
    Border,
}

impl FieldArgs {
    /// These arguments over `below` (each setting given here wins).
    #[must_use]
    pub fn over(self, below: Self) -> Self {
        Self {
            density: self.density.or(below.density),
            weights: self.weights.or(below.weights),
            entrance: self.entrance.or(below.entrance),
        }
    }

    /// The ends rule once `--entrance` is applied to `rule`: `border` wins over any rule.
    #[must_use]
    pub fn ends(self, rule: Ends) -> Ends {
        match self.entrance {
            Some(Entrance::Border) => Ends::Border,
            _ => rule,
        }
    }

    /// `options` with these settings on them (those not given keep their value).
    #[must_use]
    pub fn apply(self, options: GenOptions) -> GenOptions {
        GenOptions {
            density: self.density.unwrap_or(options.density),
            weights: self.weights.or(options.weights),
            ..options
        }
    }
}

/// A density in 0.0–1.0 (NaN and infinities refused).
pub(crate) fn parse_density(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err("density must be a number from 0.0 to 1.0 (the share of wall tiles)".into()),
    }
}

/// A weight range N in 1..=[`MAX_WEIGHTS`].
pub(crate) fn parse_weights(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if (1..=MAX_WEIGHTS).contains(&n) => Ok(n),
        _ => Err(format!(
            "weights must be a whole number from 1 to {MAX_WEIGHTS} (weights are 0..N-1)"
        )),
    }
}

fn density<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    setting::parsed(d, parse_density)
}

fn weights<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    setting::parsed(d, parse_weights)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_out_of_range_are_refused_with_a_reason() {
        assert_eq!(parse_density("0.25"), Ok(0.25));
        assert!(
            parse_density("1.5")
                .expect_err("out of range")
                .contains("0.0 to 1.0")
        );
        assert!(parse_density("NaN").is_err());
        assert_eq!(parse_weights("100"), Ok(100));
        assert!(parse_weights("0").expect_err("zero").contains("1 to"));
    }
}
