//! `bench-report`: read criterion's results and print the comparison as a Markdown table.
//!
//! Usage: `bench-report [CRITERION_DIR]`. Without an argument it looks in
//! `$CARGO_TARGET_DIR/criterion`, then `target/criterion`, then `benches/target/criterion`.
//!
//! Each benchmark writes `<dir>/<group>/<function>/<size>/new/{benchmark,estimates,sample}.json`.
//! Ours is the function `ours` or `ours-<variant>`; the peer of the same group, variant and
//! size is any other function named `<peer>` or `<peer>-<variant>`. A row shows both
//! medians, the speed-up (peer median ÷ ours), the speed-up of the fastest samples (each
//! side's quickest sample, in time per iteration: on a shared machine a burst of other work
//! slows some samples of one side, never speeds any up) and our throughput (elements are
//! cells for generation, tiles for solving). Below the table: the geometric means of both
//! speed-ups over the generators at 1000×1000 cells.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::Value;

/// One measured benchmark.
#[derive(Debug)]
struct Measure {
    group: String,
    function: String,
    size: String,
    median_ns: f64,
    /// The quickest sample's time per iteration.
    fastest_ns: f64,
    elements: Option<u64>,
}

/// Generation rows left out of the geometric mean: a second row for an algorithm already
/// compared (knossos's one Prim is set against both of our Prims).
const NOT_IN_MEAN: &[&str] = &["gen-simplified-prim"];

fn criterion_dir() -> Option<PathBuf> {
    if let Some(arg) = std::env::args().nth(1) {
        return Some(PathBuf::from(arg));
    }
    let mut candidates = Vec::new();
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        candidates.push(PathBuf::from(dir).join("criterion"));
    }
    candidates.push(PathBuf::from("target/criterion"));
    candidates.push(PathBuf::from("benches/target/criterion"));
    candidates.into_iter().find(|p| p.is_dir())
}

fn read_json(path: &Path) -> Option<Value> {
    let text = fs::read_to_string(path).ok()?;
    serde_json::from_str(&text).ok()
}

/// Every `*/new/` directory below `dir` holding both JSON files.
fn collect(dir: &Path, out: &mut Vec<Measure>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        if path.file_name().is_some_and(|n| n == "new") {
            if let Some(m) = measure(&path) {
                out.push(m);
            }
        } else {
            collect(&path, out);
        }
    }
}

fn measure(new_dir: &Path) -> Option<Measure> {
    let bench = read_json(&new_dir.join("benchmark.json"))?;
    let estimates = read_json(&new_dir.join("estimates.json"))?;
    let sample = read_json(&new_dir.join("sample.json"))?;
    let numbers = |key: &str| -> Option<Vec<f64>> {
        sample
            .get(key)?
            .as_array()?
            .iter()
            .map(Value::as_f64)
            .collect()
    };
    let fastest_ns = numbers("times")?
        .iter()
        .zip(numbers("iters")?)
        .map(|(time, iters)| time / iters)
        .fold(f64::INFINITY, f64::min);
    Some(Measure {
        group: bench.get("group_id")?.as_str()?.to_owned(),
        function: bench.get("function_id")?.as_str()?.to_owned(),
        size: bench.get("value_str")?.as_str()?.to_owned(),
        median_ns: estimates.get("median")?.get("point_estimate")?.as_f64()?,
        fastest_ns,
        elements: bench
            .get("throughput")
            .and_then(|t| t.get("Elements"))
            .and_then(Value::as_u64),
    })
}

/// `(side, name)`: the side length of a `WxH` size, for ordering.
fn side(size: &str) -> u64 {
    size.split('x')
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// `ours-bfs` → (`ours`, `bfs`); `knossos` → (`knossos`, ``).
fn split_function(function: &str) -> (&str, &str) {
    function.split_once('-').unwrap_or((function, ""))
}

fn human_time(ns: f64) -> String {
    if ns >= 1e9 {
        format!("{:.2} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.1} µs", ns / 1e3)
    } else {
        format!("{ns:.0} ns")
    }
}

#[allow(clippy::cast_precision_loss)]
fn human_rate(elements: u64, ns: f64) -> String {
    let per_s = elements as f64 / (ns / 1e9);
    if per_s >= 1e9 {
        format!("{:.2} G/s", per_s / 1e9)
    } else if per_s >= 1e6 {
        format!("{:.1} M/s", per_s / 1e6)
    } else {
        format!("{:.1} k/s", per_s / 1e3)
    }
}

fn table(measures: &[Measure]) -> String {
    // (is solve, group, variant, side, size) → (ours, [(peer name, peer)])
    type Key<'a> = (bool, &'a str, &'a str, u64, &'a str);
    type Row<'a> = (Option<&'a Measure>, Vec<(&'a str, &'a Measure)>);
    let mut rows: BTreeMap<Key<'_>, Row<'_>> = BTreeMap::new();
    for m in measures {
        let (who, variant) = split_function(&m.function);
        let key = (
            m.group.starts_with("solve-"),
            m.group.as_str(),
            variant,
            side(&m.size),
            m.size.as_str(),
        );
        let row = rows.entry(key).or_default();
        if who == "ours" {
            row.0 = Some(m);
        } else {
            row.1.push((who, m));
        }
    }

    let mut out = String::new();
    out.push_str(
        "| Benchmark | Size | Ours (median) | Peer | Peer (median) | Speed-up | Speed-up, fastest samples | Ours throughput |\n",
    );
    out.push_str("|---|---|--:|---|--:|--:|--:|--:|\n");
    let mut log_sum = 0.0;
    let mut log_sum_fastest = 0.0;
    let mut count = 0_i32;
    for ((_, group, variant, _, size), (ours, peers)) in &rows {
        let Some(ours) = ours else { continue };
        let name = if variant.is_empty() {
            (*group).to_owned()
        } else {
            format!("{group} {variant}")
        };
        let rate = ours
            .elements
            .map_or_else(String::new, |e| human_rate(e, ours.median_ns));
        if peers.is_empty() {
            let _ = writeln!(
                out,
                "| {name} | {size} | {} | — | — | — | — | {rate} |",
                human_time(ours.median_ns)
            );
        }
        for (peer, m) in peers {
            let ratio = m.median_ns / ours.median_ns;
            let fastest = m.fastest_ns / ours.fastest_ns;
            let _ = writeln!(
                out,
                "| {name} | {size} | {} | {peer} | {} | {ratio:.1}× | {fastest:.1}× | {rate} |",
                human_time(ours.median_ns),
                human_time(m.median_ns),
            );
            if group.starts_with("gen-") && *size == "1000x1000" && !NOT_IN_MEAN.contains(group) {
                log_sum += ratio.ln();
                log_sum_fastest += fastest.ln();
                count += 1;
            }
        }
    }
    if count > 0 {
        let _ = writeln!(
            out,
            "\nGeometric mean of the generation speed-ups at 1000x1000 ({count} algorithms): {:.1}× \
             (medians), {:.1}× (fastest samples)",
            (log_sum / f64::from(count)).exp(),
            (log_sum_fastest / f64::from(count)).exp()
        );
    }
    out
}

fn main() -> ExitCode {
    let Some(dir) = criterion_dir() else {
        eprintln!("bench-report: no criterion directory found; run the benches first");
        return ExitCode::FAILURE;
    };
    let mut measures = Vec::new();
    collect(&dir, &mut measures);
    if measures.is_empty() {
        eprintln!(
            "bench-report: no results under {}; run the benches first",
            dir.display()
        );
        return ExitCode::FAILURE;
    }
    print!("{}", table(&measures));
    ExitCode::SUCCESS
}
