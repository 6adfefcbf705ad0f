//! "Did you mean …?": the known name closest to a mistyped one.

/// How alike two names must be (Jaro similarity, 0–1) for one to be offered for the
/// other: clap's own threshold for mistyped flags and values, so a config file and the
/// command line suggest alike.
const ALIKE: f64 = 0.7;

/// The name among `known` most like `given`, if any is alike enough to be a likely typo.
/// O(names × length²).
#[must_use]
pub fn closest<'a>(given: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    known
        .into_iter()
        .map(|name| (strsim::jaro(given, name), name))
        .filter(|&(score, _)| score > ALIKE)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, name)| name)
}

/// `" (did you mean 'NAME'?)"` for the closest known name, or nothing.
#[must_use]
pub fn did_you_mean<'a>(given: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    closest(given, known).map_or_else(String::new, |name| format!(" (did you mean '{name}'?)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_the_nearest_name_and_nothing_for_nonsense() {
        let keys = ["generator", "solver", "heuristic", "height"];
        assert_eq!(closest("genrator", keys), Some("generator"));
        assert_eq!(closest("hueristic", keys), Some("heuristic"));
        assert_eq!(closest("solvr", keys), Some("solver"));
        assert_eq!(closest("zzzz", keys), None);
        assert_eq!(did_you_mean("zzzz", keys), "");
        assert_eq!(did_you_mean("heigth", keys), " (did you mean 'height'?)");
    }
}
