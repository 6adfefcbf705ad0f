//! `solve`: paths, JSON, standard input, foreign mazes, optimality.

use super::*;

// ---------------------------------------------------------------------------------------
// solve.

#[test]
fn solve_without_a_path_exits_one_with_a_message() {
    let file = temp_file("walled.txt", WALLED.as_bytes());
    for kind in SolverKind::ALL {
        let out = run(&["solve", "--algorithm", kind.name(), file.to_str().unwrap()]);
        assert_fails(&out, 1, &["no path"]);
        let out = run_stdin(
            &["solve", "-a", kind.name(), "--format", "json", "-"],
            WALLED,
        );
        assert_fails(&out, 1, &["no path"]);
    }
}

// Needs the real solvers.
#[test]
fn solve_text_marks_the_path_with_dots() {
    let file = temp_file("small.txt", SMALL.as_bytes());
    for kind in SolverKind::ALL {
        let out = run(&["solve", "--algorithm", kind.name(), file.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{}: {}",
            kind.name(),
            String::from_utf8_lossy(&out.stderr)
        );
        // A perfect maze has one path: every solver must mark exactly it.
        assert_eq!(stdout(&out), SMALL_SOLVED, "{}", kind.name());
    }
}

/// Check a solve JSON report against the maze it came from.
fn check_solution_json(maze: &str, json: &[u8], algorithm: &str) -> Value {
    let v: Value = serde_json::from_slice(json).expect("valid JSON");
    assert_eq!(v["algorithm"], algorithm);
    let path: Vec<(i64, i64)> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_i64().unwrap(), p[1].as_i64().unwrap()))
        .collect();
    let lines: Vec<Vec<char>> = maze.lines().map(|l| l.chars().collect()).collect();
    let at = |(r, c): (i64, i64)| lines[usize::try_from(r).unwrap()][usize::try_from(c).unwrap()];
    assert_eq!(at(path[0]), 'S', "{algorithm}: path starts at S");
    assert_eq!(
        at(*path.last().unwrap()),
        'E',
        "{algorithm}: path ends at E"
    );
    let mut cost = 0;
    for w in path.windows(2) {
        let (dr, dc) = ((w[0].0 - w[1].0).abs(), (w[0].1 - w[1].1).abs());
        assert!(
            dr <= 1 && dc <= 1 && dr + dc >= 1,
            "{algorithm}: contiguous at {w:?}"
        );
        cost += if dr + dc == 2 { 14 } else { 10 };
        assert_ne!(at(w[1]), '#', "{algorithm}: through open tiles only");
    }
    assert_eq!(v["length"].as_u64().unwrap() as usize, path.len() - 1);
    assert_eq!(v["cost"], cost);
    assert!(v["visited"].as_u64().is_some());
    v
}

// Needs the real solvers.
#[test]
fn solve_json_path_runs_from_s_to_e() {
    for kind in SolverKind::ALL {
        let out = run_stdin(&["solve", "-a", kind.name(), "-f", "json", "-"], SMALL);
        assert!(out.status.success(), "{}", kind.name());
        let v = check_solution_json(SMALL, &out.stdout, kind.name());
        assert_eq!(v["length"], 12);
        assert_eq!(v["cost"], 120);
    }
}

// Needs the real solvers.
#[test]
fn solve_reads_stdin_with_dash_or_no_file() {
    let with_dash = run_stdin(&["solve", "--algorithm", "bfs", "-"], SMALL);
    let without = run_stdin(&["solve", "--algorithm", "bfs"], SMALL);
    assert!(with_dash.status.success());
    assert_eq!(stdout(&with_dash), SMALL_SOLVED);
    assert_eq!(with_dash.stdout, without.stdout);
}

// Needs the real solvers.
#[test]
fn solve_handles_foreign_mazes_and_optimal_solvers_find_shortest_paths() {
    // Not odd-sized, not perfect, other open characters, CRLF line ends.
    let foreign = "S..#..\r\n.#....\r\n...#.E\r\n";
    let clean = foreign.replace('\r', "");
    let best = shortest_moves(&clean).unwrap();
    for kind in SolverKind::ALL {
        let out = run_stdin(&["solve", "-a", kind.name(), "-f", "json"], foreign);
        assert!(out.status.success(), "{}", kind.name());
        let v = check_solution_json(&clean, &out.stdout, kind.name());
        if *kind == SolverKind::WallFollower {
            // Traced by hand, right hand on the wall from S facing east: right (south) is
            // open, down to the bottom row; east along it to the wall below column 3; north,
            // then right (east) along row 1; right (south) at column 4; east onto E.
            let walked = [
                [0, 0],
                [1, 0],
                [2, 0],
                [2, 1],
                [2, 2],
                [1, 2],
                [1, 3],
                [1, 4],
                [2, 4],
                [2, 5],
            ];
            assert_eq!(v["path"], serde_json::json!(walked), "the right-hand walk");
        }
        let length = v["length"].as_u64().unwrap() as usize;
        assert!(length >= best);
        if matches!(
            kind.name(),
            "bfs" | "dijkstra" | "astar" | "bidirectional-bfs" | "jump-point-search"
        ) {
            assert_eq!(length, best, "{} is optimal", kind.name());
        }
    }
}

// Needs the real generators and solvers.
#[test]
fn generated_braided_mazes_solve_optimally() {
    for seed in 1..4u64 {
        let maze = stdout(&run(&[
            "generate",
            "-a",
            "prim",
            "--width",
            "12",
            "--height",
            "8",
            "--braid",
            "0.6",
            "--seed",
            &seed.to_string(),
        ]));
        let best = shortest_moves(&maze).unwrap();
        for name in ["bfs", "dijkstra", "astar", "bidirectional-bfs"] {
            let out = run_stdin(&["solve", "-a", name, "-f", "json"], maze.as_str());
            let v = check_solution_json(&maze, &out.stdout, name);
            assert_eq!(
                v["length"].as_u64().unwrap() as usize,
                best,
                "{name} seed {seed}"
            );
        }
        // Diagonal moves with an admissible heuristic: cost at most the 4-way cost.
        let out = run_stdin(
            &[
                "solve",
                "-a",
                "astar",
                "-f",
                "json",
                "--diagonal",
                "--heuristic",
                "octile",
            ],
            maze.as_str(),
        );
        let v = check_solution_json(&maze, &out.stdout, "astar");
        assert!(v["cost"].as_u64().unwrap() as usize <= best * 10);
    }
}
