//! Bad input: one line, the problem named, a non-zero exit, nothing on stdout.

use super::*;

// ---------------------------------------------------------------------------------------
// Bad input: one line, the problem named, a non-zero exit, nothing on stdout.

#[test]
fn bad_sizes_are_rejected_in_one_line() {
    for flag in ["--width", "--height"] {
        for (value, needle) in [
            ("0", "at least 1"),
            ("-3", "negative"),
            ("abc", "whole number"),
            ("1.5", "whole number"),
            ("", "whole number"),
        ] {
            for prefix in [&[][..], &["generate"], &["stats"]] {
                let mut args = prefix.to_vec();
                args.extend([flag, value]);
                assert_fails(&run(&args), 2, &[flag, needle]);
            }
        }
    }
    assert_fails(&run(&["--width"]), 2, &["--width", "value is required"]);
}

#[test]
fn too_large_sizes_say_so_before_allocating() {
    for args in [
        &["generate", "--width", "100000", "--height", "100000"][..],
        &["--width", "100000", "--height", "100000"],
        &["generate", "--width", "200000", "--height", "1"],
        &[
            "generate",
            "--width",
            "99999999999999999999999",
            "--height",
            "2",
        ],
        &[
            "stats", "--width", "50000", "--height", "50000", "--runs", "1",
        ],
    ] {
        assert_fails(&run(args), 1, &["maze too large"]);
    }
}

#[test]
fn unknown_names_are_rejected_with_the_choices() {
    for (args, needles) in [
        (
            &["--generator", "nope"][..],
            &["expected one of", "'nope'", "recursive-backtracker"][..],
        ),
        (
            &["--solver", "nope"],
            &["expected one of", "'nope'", "bidirectional-bfs"],
        ),
        (
            &["generate", "--algorithm", "astar"],
            &["expected one of", "'astar'", "wilson"],
        ),
        (
            &["solve", "--algorithm", "prim", "-"],
            &["expected one of", "'prim'", "tremaux"],
        ),
        (
            &["stats", "--algorithm", "nope"],
            &["expected one of", "eller"],
        ),
        (&["--heuristic", "nope"], &["heuristic", "octile"]),
        (
            &["solve", "--heuristic", "nope"],
            &["heuristic", "manhattan"],
        ),
        (&["--cell-choice", "sometimes"], &["cell choice", "newest"]),
        (
            &["generate", "--cell-choice", "mix:2"],
            &["cell choice", "mix:P"],
        ),
        (&["--color", "purple"], &["--color", "auto, always, never"]),
        (&["frobnicate"], &["frobnicate"]),
        (&["--frobnicate"], &["--frobnicate"]),
    ] {
        assert_fails(&run(args), 2, needles);
    }
}

#[test]
fn bad_braid_is_rejected() {
    for value in ["1.5", "-0.1", "NaN", "inf", "abc"] {
        assert_fails(
            &run(&["generate", "--braid", value]),
            2,
            &["--braid", "0.0 to 1.0"],
        );
        assert_fails(&run(&["--braid", value]), 2, &["--braid", "0.0 to 1.0"]);
    }
}

#[test]
fn bad_format_is_rejected() {
    assert_fails(
        &run(&["generate", "--format", "xml"]),
        2,
        &["--format", "'xml'", "text, json"],
    );
    assert_fails(
        &run_stdin(&["solve", "--format", "yaml"], SMALL),
        2,
        &["--format", "text, json"],
    );
}

#[test]
fn bad_seeds_and_runs_are_rejected() {
    assert_fails(
        &run(&["generate", "--seed", "-1"]),
        2,
        &["--seed", "whole number"],
    );
    assert_fails(&run(&["--seed", "x"]), 2, &["--seed"]);
    assert_fails(
        &run(&["generate", "--seed", "18446744073709551616"]),
        2,
        &["--seed"],
    );
    assert_fails(
        &run(&["stats", "--runs", "0"]),
        2,
        &["--runs", "at least 1"],
    );
    assert_fails(&run(&["stats", "--runs", "-2"]), 2, &["--runs"]);
}

/// Every broken maze file, and what its error must name.
fn broken_mazes() -> Vec<(&'static str, &'static [u8], &'static str)> {
    vec![
        ("empty", b"", "empty"),
        ("blank-lines", b"\n\n", "empty"),
        ("ragged", b"#####\n#S E#\n###\n", "ragged"),
        ("no-s", b"#####\n#  E#\n#####\n", "no start"),
        ("no-e", b"#####\n#S  #\n#####\n", "no end"),
        ("two-s", b"#####\n#SSE#\n#####\n", "2 'S'"),
        ("two-e", b"#####\n#SEE#\n#####\n", "2 'E'"),
        ("binary", b"#S\xff\xfeE#\n", "not UTF-8"),
    ]
}

#[test]
fn broken_maze_files_are_rejected_naming_file_and_problem() {
    for (name, contents, problem) in broken_mazes() {
        let file = temp_file(&format!("broken-{name}.txt"), contents);
        let path = file.to_str().unwrap();
        let file_name = file.file_name().unwrap().to_str().unwrap();
        assert_fails(&run(&["solve", path]), 1, &[file_name, problem]);
        assert_fails(&run(&["--load", path]), 1, &[file_name, problem]);
        assert_fails(
            &run_stdin(&["solve", "-"], contents),
            1,
            &["stdin", problem],
        );
    }
    // stdin gets the same checks.
    assert_fails(
        &run_stdin(&["solve", "-"], "#####\n#S  #\n#####\n"),
        1,
        &["stdin", "no end"],
    );
}

#[test]
fn unreadable_maze_files_are_rejected() {
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-does-not-exist.txt");
    let missing = missing.to_str().unwrap();
    assert_fails(
        &run(&["solve", missing]),
        1,
        &["cannot read maze", "cli-does-not-exist.txt"],
    );
    assert_fails(
        &run(&["--load", missing]),
        1,
        &["cannot read maze", "cli-does-not-exist.txt"],
    );
    // A directory is not a maze.
    let dir = env!("CARGO_TARGET_TMPDIR");
    assert_fails(&run(&["solve", dir]), 1, &["cannot read maze"]);
}
