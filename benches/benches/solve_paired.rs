//! Paired comparison of solving alone (no generation peer, so it builds without knossos):
//! ours against the `pathfinding` crate's `bfs`, `dijkstra` and `astar` on the 2001×2001-tile
//! grids of a 1000×1000-cell perfect maze and the same maze braided, timed alternately in
//! CPU time (see `common/pairs.rs`).
//!
//! Run: `cargo bench --manifest-path benches/Cargo.toml --no-default-features --bench
//! solve-paired [-- FILTER]` (FILTER: a substring of the row names, e.g. `braided`).
//! Prints a Markdown table.

#[path = "common/pairs.rs"]
mod pairs;
#[path = "common/solve_cases.rs"]
mod solve_cases;

fn main() {
    // `cargo bench` passes `--bench`; anything else is a filter on the row names.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let wanted = move |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    pairs::header();
    pairs::solve_rows(&wanted);
}
