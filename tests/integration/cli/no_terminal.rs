//! The explorer without a terminal (issue 6).

use super::*;

// ---------------------------------------------------------------------------------------
// The TUI without a terminal (issue 6).

#[test]
fn tui_without_a_terminal_exits_two_with_one_line_and_no_escape_codes() {
    let maze = temp_file("tui-load.txt", SMALL.as_bytes());
    for args in [
        &[][..],
        &[
            "--width",
            "10",
            "--height",
            "5",
            "--seed",
            "3",
            "--generator",
            "prim",
        ],
        &[
            "--solver",
            "astar",
            "--diagonal",
            "--heuristic",
            "octile",
            "--braid",
            "0.3",
        ],
        &["--color", "never", "--ascii", "--cell-choice", "mix:0.3"],
        &["--load", maze.to_str().unwrap()],
    ] {
        let out = run(args);
        assert_fails(&out, 2, &["no terminal", "maze-tui generate"]);
        assert!(!out.stderr.contains(&0x1b), "no escape codes on stderr");
    }
}

#[test]
fn tui_flags_do_not_mix_with_subcommands() {
    assert_fails(&run(&["--width", "5", "generate"]), 2, &["generate"]);
}

#[test]
fn output_flag_writes_the_same_bytes_as_stdout() {
    let path = temp_file("out-generate.txt", b"old contents, longer than nothing");
    let out = run_ok(&[
        "generate",
        "-a",
        "sidewinder",
        "--width",
        "9",
        "--height",
        "4",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(out.stdout.is_empty(), "nothing on stdout with --output");
    let written = std::fs::read_to_string(&path).expect("file written");
    assert_eq!(
        written,
        generate_text("sidewinder", 9, 4, 1),
        "truncated, then the maze"
    );

    // Over a longer file: the file is cut to the new length.
    let long = "x".repeat(10_000);
    std::fs::write(&path, &long).unwrap();
    run_ok(&[
        "generate",
        "--width",
        "3",
        "--height",
        "2",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        generate_text("recursive-backtracker", 3, 2, 1)
    );
    // A device is not a regular file: refused (only regular files or new names).
    #[cfg(unix)]
    assert_eq!(run(&["generate", "-o", "/dev/null"]).status.code(), Some(2));

    let solved = temp_file("out-solve.txt", b"");
    run_ok(&[
        "solve",
        "--output",
        solved.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    let on_stdout = run_ok(&["solve", path.to_str().unwrap()]);
    assert_eq!(
        std::fs::read(&solved).expect("file written"),
        on_stdout.stdout
    );
    assert!(
        std::fs::read_to_string(&solved).unwrap().contains('.'),
        "the path is marked"
    );
}

#[test]
fn output_flag_errors_are_one_line_and_bad_sizes_touch_no_file() {
    let out = run(&["generate", "-o", "/nonexistent-dir/maze.txt"]);
    assert_fails(&out, 1, &["cannot write", "/nonexistent-dir/maze.txt"]);
    let keep = temp_file("out-keep.txt", b"keep me");
    let out = run(&["generate", "--width", "0", "-o", keep.to_str().unwrap()]);
    assert_fails(&out, 2, &["--width"]);
    let out = run(&[
        "generate",
        "--width",
        "200000",
        "--height",
        "200000",
        "-o",
        keep.to_str().unwrap(),
    ]);
    assert_fails(&out, 1, &["too large"]);
    assert_eq!(std::fs::read(&keep).unwrap(), b"keep me", "untouched");
}
