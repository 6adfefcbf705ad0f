//! `compare`, pictures and files.

use super::*;

// ---------------------------------------------------------------- compare, pictures, files

const BRAIDED: &str = "\
#########
#S      #
# ##### #
#   #   #
### # ###
#     E #
#########
";

#[test]
fn compare_prints_every_solver_fewest_steps_first() {
    let path = temp_file("compare.txt", BRAIDED.as_bytes());
    let out = run_ok(&["compare", path.to_str().unwrap()]);
    let text = stdout(&out);
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len(), SolverKind::ALL.len(), "{text}");
    // Paths first, then proofs of no path, then give-ups and refusals; fewest steps first
    // within each.
    let rank: Vec<(u8, u64)> = rows
        .iter()
        .map(|r| {
            let class = if r.contains("gave up") || r.contains("refused") {
                2
            } else {
                u8::from(r.ends_with("no path"))
            };
            (class, r.split_whitespace().nth(1).unwrap().parse().unwrap())
        })
        .collect();
    assert!(rank.windows(2).all(|w| w[0] <= w[1]), "sorted: {text}");
}

#[test]
fn compare_json_has_the_contract_fields_and_optimal_flags() {
    let out = run_stdin(
        &["compare", "--solvers", "astar,dfs,bfs", "-f", "json"],
        BRAIDED,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    for row in rows {
        for key in [
            "solver",
            "steps",
            "expanded",
            "peak_frontier",
            "path_length",
            "cost",
            "optimal",
        ] {
            assert!(row.get(key).is_some(), "{key} in {row}");
        }
    }
    let astar = rows.iter().find(|r| r["solver"] == "astar").unwrap();
    assert_eq!(astar["optimal"], true);
    assert_eq!(astar["path_length"], 9);
}

#[test]
fn compare_rejects_unknown_solvers_and_bad_mazes() {
    let out = run_stdin(&["compare", "--solvers", "astar,nope"], BRAIDED);
    assert_fails(&out, 2, &["nope"]);
    let out = run_stdin(&["compare"], "not a maze");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn svg_and_png_pictures_of_a_generated_and_a_solved_maze() {
    let out = run_ok(&["generate", "--width", "8", "--height", "4", "-f", "svg"]);
    let svg = stdout(&out);
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    let out = run_ok(&[
        "generate",
        "--width",
        "8",
        "--height",
        "4",
        "-f",
        "png",
        "--cell-size",
        "10",
    ]);
    assert_eq!(&out.stdout[1..4], b"PNG");
    // 8 cells of 10 px and 9 walls of 1 px, plus two 8 px margins.
    let width = u32::from_be_bytes(out.stdout[16..20].try_into().unwrap());
    assert_eq!(width, 8 * 10 + 9 + 2 * 8);
    let path = temp_file("picture.txt", BRAIDED.as_bytes());
    let out = run_ok(&[
        "solve",
        path.to_str().unwrap(),
        "-f",
        "svg",
        "--show",
        "explored,heat",
    ]);
    assert!(stdout(&out).contains("#d55e00"), "the path is drawn");
}

#[test]
fn a_failing_command_leaves_the_output_file_untouched() {
    let target = temp_file("keep.txt", b"precious\n");
    let out = run_stdin(
        &["solve", "-", "-o", target.to_str().unwrap()],
        "#####\n#S#E#\n#####\n",
    );
    assert_eq!(out.status.code(), Some(1), "no path");
    assert_eq!(std::fs::read(&target).unwrap(), b"precious\n");
    let dir = target.parent().unwrap();
    let leftovers = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(".tmp"))
        .count();
    assert_eq!(leftovers, 0, "no temporary file left behind");
}

#[test]
fn stats_writes_its_table_to_the_output_file() {
    let target = temp_file("stats.txt", b"");
    let out = run_ok(&[
        "stats",
        "--runs",
        "2",
        "-a",
        "sidewinder",
        "-o",
        target.to_str().unwrap(),
    ]);
    assert!(out.stdout.is_empty());
    let table = std::fs::read_to_string(&target).unwrap();
    assert!(table.contains("sidewinder"), "{table}");
}

#[test]
fn the_wall_follower_gives_up_with_its_own_exit_code() {
    let island = "#########\n#S      #\n# ##### #\n# #   # #\n# # E # #\n# #   # #\n# ## ## #\n#       #\n#########\n";
    let out = run_stdin(&["solve", "-a", "wall-follower", "-"], island);
    assert_fails(&out, 3, &["gave up", "proves nothing"]);
    let room = "#####\n#S  #\n#   #\n#  E#\n#####\n";
    let out = run_stdin(&["solve", "-a", "wall-follower", "-"], room);
    assert!(out.status.success(), "in a room it walks to a wall first");
}

#[test]
fn oversized_input_and_sizes_get_one_line() {
    let huge = vec![b'#'; (128 << 20) + 2];
    let out = run_stdin(&["solve", "-"], huge);
    assert_fails(&out, 1, &["more than 128 MiB"]);
    let out = run(&["generate", "--width", "5000", "--height", "5001"]);
    assert_fails(&out, 1, &["limit is 25000000 cells"]);
    let out = run(&["--width", "6000", "--height", "5000"]);
    assert_fails(&out, 1, &["limit is 25000000 cells"]);
}

#[test]
fn search_options_parse_and_weighted_astar_stays_within_its_bound() {
    let path = temp_file("weighted.txt", BRAIDED.as_bytes());
    let p = path.to_str().unwrap();
    let best = run_ok(&["solve", "-a", "astar", "-f", "json", p]);
    let best: Value = serde_json::from_slice(&best.stdout).unwrap();
    let weighted = run_ok(&[
        "solve",
        "-a",
        "astar",
        "--heuristic-weight",
        "2",
        "-f",
        "json",
        p,
    ]);
    let weighted: Value = serde_json::from_slice(&weighted.stdout).unwrap();
    assert!(weighted["cost"].as_u64().unwrap() <= 2 * best["cost"].as_u64().unwrap());
    run_ok(&[
        "solve",
        "-a",
        "astar",
        "--diagonal",
        "--corners",
        "no-cut",
        "--tie-break",
        "lifo",
        p,
    ]);
    let out = run(&["solve", "--heuristic-weight", "0.5", p]);
    assert_fails(&out, 2, &["weight"]);
}

/// A signal during a long `generate -o` (Ctrl-C, `kill`) leaves no temporary file behind
/// and the target untouched, and the exit status is 128 + the signal's number.
#[cfg(unix)]
#[test]
fn a_signal_during_output_leaves_no_stray_file() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let target = dir.path().join("maze.txt");
    std::fs::write(&target, "old").expect("write the old file");
    // Large enough to take well over a second.
    let mut child = std::process::Command::new(BIN)
        .args(["generate", "--width", "5000", "--height", "5000", "-o"])
        .arg(&target)
        .stderr(Stdio::null())
        .spawn()
        .expect("start generate");
    let entries = || std::fs::read_dir(dir.path()).map_or(0, Iterator::count);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while entries() < 2 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert_eq!(
        entries(),
        2,
        "the temporary file appeared beside the target"
    );
    // Sent at once, not by a `kill` process: starting one can take longer under load than
    // writing the whole file, and then there is nothing left to interrupt.
    rustix::process::kill_process(rustix::process::Pid::from_child(&child), Signal::INT)
        .expect("send SIGINT");
    let status = child.wait().expect("exits");
    assert_eq!(status.code(), Some(128 + 2));
    assert_eq!(entries(), 1, "only the target is left");
    assert_eq!(std::fs::read_to_string(&target).expect("read"), "old");
}

/// `--help` documents the exit codes a script can rely on.
#[test]
fn help_documents_exit_codes() {
    let help = stdout(&run_ok(&["--help"]));
    for needle in [
        "Exit status",
        "0 done",
        "2 bad command line",
        "3 the solver gave up",
        "128+N",
    ] {
        assert!(help.contains(needle), "{needle:?} in --help");
    }
}

/// `--race` takes 2 to 4 solvers or 2 to 4 generators; anything else is one line, exit 2,
/// before any terminal is touched.
#[test]
fn race_names_are_checked() {
    for (names, needle) in [
        ("prim,astar", "not both"),
        ("astar", "2 to 4 names, not 1"),
        ("prim,wilson,eller,kruskal,sidewinder", "not 5"),
        ("bogus,prim", "invalid value 'bogus' for '--race"),
    ] {
        let out = run(&["--race", names]);
        assert_fails(&out, 2, &[needle]);
    }
}

/// The SVG of a generated maze parses as XML, and its wall rectangles are exactly the
/// runs of `#` in each row of the same maze's text (one `<rect>` per run).
#[test]
fn svg_parses_as_xml_with_one_rect_per_wall_run() {
    for (algorithm, seed) in [
        ("recursive-backtracker", "3"),
        ("prim", "8"),
        ("eller", "1"),
    ] {
        let args = [
            "generate", "-a", algorithm, "--width", "9", "--height", "6", "--seed", seed,
        ];
        let text = stdout(&run_ok(&args));
        let svg_out = run_ok(&[&args[..], &["-f", "svg"]].concat());
        let svg = stdout(&svg_out);
        let doc = roxmltree::Document::parse(&svg).expect("the SVG is well-formed XML");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        let walls = doc
            .descendants()
            .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("#222222"))
            .count();
        let runs: usize = text
            .lines()
            .map(|line| {
                let bytes = line.as_bytes();
                (0..bytes.len())
                    .filter(|&i| bytes[i] == b'#' && (i == 0 || bytes[i - 1] != b'#'))
                    .count()
            })
            .sum();
        assert_eq!(walls, runs, "{algorithm}: one rect per run of wall tiles");
    }
}
