//! `--reopen always|never`: whether A* reopens closed tiles (a key of the same name in the
//! config file). Part of the search options ([`super::SearchArgs`]).

use clap::{Args, ValueEnum};
use serde::Deserialize;

use crate::config::setting;
use crate::solve::Reopen;

/// `--reopen`. `None`: not given, so the default (or, in the explorer, the config file)
/// decides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Args, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct ReopenArgs {
    /// A*: whether a cheaper route reopens a closed tile; never is the seed's closed list
    /// (neighbours in the order E, W, S, N, NE, SW, SE, NW), which can keep a dearer path
    /// when the heuristic overestimates (manhattan with --diagonal) [default: always]
    #[arg(long, value_name = "WHEN", value_enum)]
    #[serde(default, deserialize_with = "setting::choice")]
    pub reopen: Option<Reopen>,
}

impl ReopenArgs {
    /// These arguments over `below` (each setting given here wins).
    #[must_use]
    pub fn over(self, below: Self) -> Self {
        Self {
            reopen: self.reopen.or(below.reopen),
        }
    }
}

impl ValueEnum for Reopen {
    fn value_variants<'a>() -> &'a [Self] {
        &Reopen::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}
