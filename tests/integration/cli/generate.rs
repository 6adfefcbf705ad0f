//! `generate`: the text contract, seeds, JSON, bias, large mazes.

use super::*;

// ---------------------------------------------------------------------------------------
// generate.

#[test]
fn generate_text_has_the_contract_shape_for_every_generator() {
    // Path-finding fields open pillars: their shape is checked in `fields.rs`.
    for kind in GeneratorKind::ALL.iter().filter(|k| !k.is_field()) {
        for (w, h) in [(7, 4), (1, 5), (5, 1), (2, 2)] {
            let text = generate_text(kind.name(), w, h, 3);
            assert_maze_shape(&text, w as usize, h as usize);
        }
    }
}

#[test]
fn generate_one_by_one_is_three_by_three() {
    let text = generate_text("prim", 1, 1, 1);
    assert_maze_shape(&text, 1, 1);
}

#[test]
fn generate_is_byte_identical_for_the_same_arguments() {
    for kind in GeneratorKind::ALL {
        let args = [
            "generate",
            "--algorithm",
            kind.name(),
            "--width",
            "13",
            "--height",
            "9",
            "--seed",
            "42",
            "--braid",
            "0.5",
        ];
        let a = run(&args);
        let b = run(&args);
        assert!(a.status.success());
        assert_eq!(a.stdout, b.stdout, "{}", kind.name());
        let mut json_args = args.to_vec();
        json_args.extend(["--format", "json"]);
        assert_eq!(run(&json_args).stdout, run(&json_args).stdout);
    }
}

#[test]
fn generate_defaults_to_seed_one() {
    let plain = run(&[
        "generate",
        "--algorithm",
        "kruskal",
        "--width",
        "6",
        "--height",
        "4",
    ]);
    let seeded = run(&[
        "generate",
        "--algorithm",
        "kruskal",
        "--width",
        "6",
        "--height",
        "4",
        "--seed",
        "1",
    ]);
    assert!(plain.status.success());
    assert_eq!(plain.stdout, seeded.stdout);
}

#[test]
fn generate_json_has_the_contract_fields_and_the_text_rows() {
    let args = [
        "generate",
        "--algorithm",
        "wilson",
        "--width",
        "6",
        "--height",
        "3",
        "--seed",
        "7",
    ];
    let text = stdout(&run(&args));
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let out = run(&json_args);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(v["width"], 6);
    assert_eq!(v["height"], 3);
    assert_eq!(v["seed"], 7);
    assert_eq!(v["algorithm"], "wilson");
    assert!(v.get("braid").is_none(), "no braid field without --braid");
    let rows: Vec<&str> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(rows, text.lines().collect::<Vec<_>>());

    json_args.extend(["--braid", "0.25"]);
    let v: Value = serde_json::from_slice(&run(&json_args).stdout).unwrap();
    assert_eq!(v["braid"], 0.25);
}

#[test]
fn generate_json_names_the_growing_tree_cell_choice() {
    let out = run(&[
        "generate",
        "-a",
        "growing-tree",
        "--width",
        "4",
        "--height",
        "4",
        "-f",
        "json",
        "--cell-choice",
        "mix:0.25",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cell_choice"], "mix:0.25");
    assert_eq!(v["rows"].as_array().unwrap().len(), 9);
}

#[test]
fn generate_binary_tree_bias_puts_the_corridors_on_its_sides() {
    let out = run_ok(&[
        "generate",
        "--generator",
        "binary-tree",
        "--bias",
        "sw",
        "--width",
        "8",
        "--height",
        "5",
        "--seed",
        "1",
    ]);
    let text = stdout(&out);
    assert_maze_shape(&text, 8, 5);
    let lines: Vec<&str> = text.lines().collect();
    // The bottom tile row inside the border: the south row of cells and the gaps between.
    let bottom = lines[lines.len() - 2];
    let inside = &bottom[1..bottom.len() - 1];
    assert!(
        !inside.contains('#'),
        "bottom row not open: {bottom:?}\n{text}"
    );
    // The west column inside the border is open too.
    assert!(
        lines[1..lines.len() - 1].iter().all(|l| &l[1..2] != "#"),
        "{text}"
    );

    // The default is south/east: the same maze as before the option existed.
    let default = generate_text("binary-tree", 8, 5, 1);
    let se = run_ok(&[
        "generate",
        "-a",
        "binary-tree",
        "--bias",
        "se",
        "--width",
        "8",
        "--height",
        "5",
        "--seed",
        "1",
    ]);
    assert_eq!(stdout(&se), default);
    let ne = run_ok(&[
        "generate",
        "-a",
        "binary-tree",
        "--bias",
        "ne",
        "--width",
        "8",
        "--height",
        "5",
        "--seed",
        "1",
    ]);
    let north = stdout(&ne).lines().nth(1).map(str::to_owned).unwrap();
    assert!(!north[1..north.len() - 1].contains('#'), "{north:?}");

    // Other generators ignore it.
    let prim = generate_text("prim", 8, 5, 1);
    let prim_sw = run_ok(&[
        "generate", "-a", "prim", "--bias", "sw", "--width", "8", "--height", "5", "--seed", "1",
    ]);
    assert_eq!(stdout(&prim_sw), prim);
}

#[test]
fn generate_json_names_the_binary_tree_bias() {
    let out = run_ok(&[
        "generate",
        "-a",
        "binary-tree",
        "--bias",
        "nw",
        "--width",
        "3",
        "--height",
        "2",
        "-f",
        "json",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["bias"], "nw");
    let out = run_ok(&[
        "generate", "-a", "prim", "--width", "3", "--height", "2", "-f", "json",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v.get("bias").is_none());
}

#[test]
fn bias_is_taken_by_stats_and_refused_when_unknown() {
    let out = run_ok(&[
        "stats",
        "--generator",
        "binary-tree",
        "--bias",
        "ne",
        "--width",
        "6",
        "--height",
        "6",
        "--runs",
        "2",
    ]);
    assert!(stdout(&out).contains("binary-tree"));
    for prefix in [&[][..], &["generate"], &["stats"]] {
        let mut args = prefix.to_vec();
        args.extend(["--bias", "up"]);
        assert_fails(&run(&args), 2, &["--bias", "'up'", "ne", "sw"]);
    }
    let help = stdout(&run_ok(&["generate", "--help"]));
    assert!(
        help.contains("--bias") && help.contains("Binary Tree only"),
        "{help}"
    );
}

#[test]
fn generate_large_maze_streams_the_right_shape() {
    let text = generate_text("binary-tree", 500, 300, 5);
    assert_maze_shape(&text, 500, 300);
}

#[test]
fn generate_into_a_closed_pipe_exits_cleanly() {
    // 2000×2000 cells is 16 MB of text, far more than a pipe buffer: the writer sees the
    // reader go away mid-stream, like `maze-tui generate … | head -1`.
    for format in ["text", "json"] {
        let mut child = std::process::Command::new(BIN)
            .args([
                "generate", "--width", "2000", "--height", "2000", "--format", format,
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(
            first.starts_with('#') || first.starts_with('{'),
            "{first:?}"
        );
        // The reader is dropped here: the pipe is closed.
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        assert!(status.success(), "{format}: {status:?} {err}");
        assert!(err.is_empty(), "{format}: no panic, no message: {err}");
    }
}

// Needs the real algorithms: the stub generators leave every wall standing.
#[test]
fn generated_mazes_are_perfect_and_seeds_differ() {
    for kind in GeneratorKind::ALL.iter().filter(|k| !k.is_field()) {
        for (w, h) in [(9, 6), (1, 7), (7, 1)] {
            let text = generate_text(kind.name(), w, h, 11);
            assert!(
                is_perfect(&text, w as usize, h as usize),
                "{} {w}x{h}\n{text}",
                kind.name()
            );
        }
        assert_ne!(
            generate_text(kind.name(), 12, 12, 1),
            generate_text(kind.name(), 12, 12, 2),
            "{}: different seeds give different mazes",
            kind.name()
        );
    }
}

// Needs the real braid: braiding removes dead ends, so the maze has loops.
#[test]
fn braid_one_opens_walls_beyond_a_spanning_tree() {
    let args = |braid: &'static str| {
        run(&[
            "generate",
            "-a",
            "recursive-backtracker",
            "--width",
            "15",
            "--height",
            "15",
            "--braid",
            braid,
        ])
    };
    let count_open = |out: &std::process::Output| out.stdout.iter().filter(|&&b| b != b'#').count();
    let perfect = args("0");
    let braided = args("1");
    assert!(count_open(&braided) > count_open(&perfect));
    assert!(!is_perfect(&stdout(&braided), 15, 15));
}
