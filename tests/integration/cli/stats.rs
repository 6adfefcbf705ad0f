//! `stats`: one row per generator, the figures of perfect mazes.

use super::*;

// ---------------------------------------------------------------------------------------
// stats.

fn stats_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .skip(2)
        .map(|l| l.split_whitespace().map(str::to_owned).collect())
        .collect()
}

#[test]
fn stats_prints_one_row_per_generator_with_the_columns() {
    let out = run(&["stats", "--width", "6", "--height", "5", "--runs", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let header: Vec<&str> = text.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(
        header,
        [
            "generator",
            "dead-ends%",
            "solution",
            "longest",
            "longest-max",
            "ms/maze"
        ]
    );
    assert!(text.lines().next().unwrap().contains("6x5 cells, 2 runs"));
    let rows = stats_rows(&text);
    assert_eq!(rows.len(), GeneratorKind::ALL.len());
    for (row, kind) in rows.iter().zip(GeneratorKind::ALL) {
        assert_eq!(row.len(), 6, "{row:?}");
        assert_eq!(row[0], kind.name());
        let dead: f64 = row[1].parse().unwrap();
        assert!((0.0..=100.0).contains(&dead));
        let ms: f64 = row[5].parse().unwrap();
        assert!(ms >= 0.0);
    }
    let one = stdout(&run(&[
        "stats", "--width", "4", "--height", "4", "--runs", "1", "-a", "eller",
    ]));
    let rows = stats_rows(&one);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0][0], "eller");
}

// Needs the real generators.
#[test]
fn stats_figures_are_those_of_perfect_mazes() {
    let text = stdout(&run(&[
        "stats", "--width", "10", "--height", "10", "--runs", "5", "--seed", "3",
    ]));
    let fields = ["open", "obstacles", "rooms"];
    for row in stats_rows(&text)
        .into_iter()
        .filter(|r| !fields.contains(&r[0].as_str()))
    {
        let num = |i: usize| row[i].parse::<f64>().unwrap_or_else(|_| panic!("{row:?}"));
        let (dead, solution, longest, longest_max) = (num(1), num(2), num(3), num(4));
        // A perfect 10x10 maze has some dead ends (a tree has ≥ 2 leaves).
        assert!((2.0..100.0).contains(&dead), "{row:?}");
        // Top-left to bottom-right needs at least 18 moves; the diameter is at least that.
        assert!(solution >= 18.0, "{row:?}");
        assert!(longest >= solution && longest_max >= longest, "{row:?}");
        assert!(longest_max <= 99.0, "{row:?}");
    }
}
