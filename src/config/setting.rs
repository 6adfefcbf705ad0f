//! How a config file's values become explorer settings: through the command line's own
//! parsers, so a value means the same in the file as after its flag and is refused for the
//! same reason. A number in the file stands for its text (`width = 40` is `--width 40`).
//!
//! Each function here is a serde `deserialize_with` for one field of
//! [`crate::cli::TuiArgs`]: it reads the value and returns `Some(setting)`, or an error
//! whose message names the problem and, for a mistyped name, the nearest valid one.

use std::fmt;

use clap::ValueEnum;
use serde::de::{self, Deserializer, SeqAccess, Visitor};

use super::suggest::did_you_mean;
use crate::cli::{self, Racer};
use crate::generate::CellChoice;

/// A string or number of the file, as the text a flag would be given.
struct Text;

impl<'de> Visitor<'de> for Text {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string or a number")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        Ok(v.to_owned())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
        Ok(v.to_string())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
        Ok(v.to_string())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<String, E> {
        Ok(v.to_string())
    }
}

/// An array of strings, or one string of comma-separated names (as after `--race`).
struct Names;

impl<'de> Visitor<'de> for Names {
    type Value = Vec<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of names")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Vec<String>, E> {
        Ok(v.split(',').map(|s| s.trim().to_owned()).collect())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
        let mut names = Vec::new();
        while let Some(name) = seq.next_element::<String>()? {
            names.push(name);
        }
        Ok(names)
    }
}

/// The value read as text and given to `parse`.
pub(crate) fn parsed<'de, D: Deserializer<'de>, T>(
    d: D,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<Option<T>, D::Error> {
    let text = d.deserialize_any(Text)?;
    parse(&text).map(Some).map_err(de::Error::custom)
}

/// One of the names of a clap value enum (generator, solver, view, colour, …).
///
/// # Errors
/// The unknown name, with the nearest valid one or, when none is near, all of them.
pub fn choose<T: ValueEnum>(text: &str) -> Result<T, String> {
    T::from_str(text, false).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value())
            .map(|v| v.get_name().to_owned())
            .collect();
        match did_you_mean(text, names.iter().map(String::as_str)) {
            hint if hint.is_empty() => {
                format!(
                    "unknown value '{text}'; expected one of: {}",
                    names.join(", ")
                )
            }
            hint => format!("unknown value '{text}'{hint}"),
        }
    })
}

/// A name of a clap value enum ([`choose`]).
///
/// # Errors
/// As [`choose`].
pub fn choice<'de, D: Deserializer<'de>, T: ValueEnum>(d: D) -> Result<Option<T>, D::Error> {
    parsed(d, choose::<T>)
}

/// A maze side in cells, at most [`cli::MAX_SIDE`] (the area is checked with both).
///
/// # Errors
/// As `--width`.
pub fn size<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    parsed(d, |text| {
        let n = cli::parse_size(text)?;
        cli::check_size(n, 1).map_err(|e| e.to_string())?;
        Ok(n)
    })
}

/// A seed.
///
/// # Errors
/// As `--seed`.
pub fn seed<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    parsed(d, cli::parse_seed)
}

/// A braid share.
///
/// # Errors
/// As `--braid`.
pub fn braid<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    parsed(d, cli::parse_braid)
}

/// A heuristic weight, in hundredths.
///
/// # Errors
/// As `--heuristic-weight`.
pub fn weight<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    parsed(d, cli::parse_weight)
}

/// Growing Tree's cell choice.
///
/// # Errors
/// As `--cell-choice`.
pub fn cell_choice<'de, D: Deserializer<'de>>(d: D) -> Result<Option<CellChoice>, D::Error> {
    parsed(d, cli::parse_cell_choice)
}

/// A play speed, as an index into [`crate::app::SPEEDS`].
///
/// # Errors
/// As `--speed`.
pub fn speed<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    parsed(d, cli::parse_speed)
}

/// The names of a race: 2 to 4 solvers, or 2 to 4 generators.
///
/// # Errors
/// An unknown name (with the nearest), a mix of kinds, or too few or many.
pub fn race<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<Racer>>, D::Error> {
    let names = d.deserialize_any(Names)?;
    let racers = names
        .iter()
        .map(|name| choose::<Racer>(name))
        .collect::<Result<Vec<_>, _>>()
        .map_err(de::Error::custom)?;
    cli::entrants(&racers).map_err(|e| de::Error::custom(cli::strip_invalid(&e)))?;
    Ok(Some(racers))
}

/// The robot's sight in tiles.
///
/// # Errors
/// As `--fog`.
pub fn fog<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    parsed(d, cli::parse_fog)
}
