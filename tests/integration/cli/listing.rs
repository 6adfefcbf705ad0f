//! Help, version and the algorithm list.

use super::*;

// ---------------------------------------------------------------------------------------
// Help, version, listing.

#[test]
fn help_and_version_exit_zero() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["generate", "--help"],
        &["solve", "--help"],
        &["stats", "--help"],
        &["help"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(stdout(&out).contains("Usage"), "{args:?}");
        assert!(out.stderr.is_empty());
    }
    let top = stdout(&run(&["--help"]));
    for word in [
        "generate",
        "solve",
        "algorithms",
        "stats",
        "--width",
        "--load",
        "--braid",
    ] {
        assert!(top.contains(word), "--help mentions {word}");
    }
    let out = run(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out).trim(),
        format!("maze-tui {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn algorithms_lists_every_registry_name_once_per_line() {
    let out = run(&["algorithms"]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
    let text = stdout(&out);
    let first_words: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let expected: Vec<&str> = GeneratorKind::ALL
        .iter()
        .map(|k| k.name())
        .chain(SolverKind::ALL.iter().map(|k| k.name()))
        .collect();
    assert_eq!(GeneratorKind::ALL.len(), 17);
    assert_eq!(SolverKind::ALL.len(), 15);
    assert_eq!(
        first_words, expected,
        "generators first, then solvers, in menu order"
    );
    // Each line also carries the title and the summary.
    for kind in GeneratorKind::ALL {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(kind.name()))
            .unwrap();
        assert!(line.contains(kind.title()) && line.contains(kind.summary()));
    }
    // Aligned: every summary starts in the same column.
    let columns: Vec<usize> = text
        .lines()
        .filter(|l| l.starts_with("  "))
        .map(|l| {
            let kind_summary = GeneratorKind::ALL
                .iter()
                .map(|k| k.summary())
                .chain(SolverKind::ALL.iter().map(|k| k.summary()))
                .find(|s| l.ends_with(s))
                .unwrap();
            l.chars().count() - kind_summary.chars().count()
        })
        .collect();
    assert!(columns.windows(2).all(|w| w[0] == w[1]), "{columns:?}");
}
