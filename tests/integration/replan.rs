//! LPA* and D* Lite against an independent Dijkstra written here: on random tile grids
//! (walls, terrain 1–9, unreachable goals included), after each of up to 20 random edits
//! (walls placed and removed, terrain painted, the goal and the start moved), the cost each
//! reports after repairing equals the least cost on the edited grid, it reports no path
//! exactly when there is none, and its path is a walk of open, adjacent tiles from S to E
//! whose cost is the one reported. The crate's own solvers are never the reference.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use maze_tui::maze::{Grid, Pos};
use maze_tui::solve::d_star_lite::DStarLite;
use maze_tui::solve::lpa_star::LpaStar;
use maze_tui::solve::replan::{Edit, Replan};
use maze_tui::solve::{Flat, SolveOptions, Solver};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The least cost from S to E with 4-way moves, 10 × the terrain of the tile entered;
/// `None` when E cannot be reached.
fn dijkstra(grid: &Grid) -> Option<u32> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut dist = vec![u32::MAX; grid.len()];
    let index = |p: Pos| (p.row * cols + p.col) as usize;
    let mut heap = BinaryHeap::new();
    dist[index(grid.start())] = 0;
    heap.push(Reverse((0, grid.start().row, grid.start().col)));
    while let Some(Reverse((d, r, c))) = heap.pop() {
        let p = Pos::new(r, c);
        if d > dist[index(p)] {
            continue;
        }
        if p == grid.goal() {
            return Some(d);
        }
        let steps = [(-1, 0), (1, 0), (0, -1), (0, 1)];
        for (dr, dc) in steps {
            let (nr, nc) = (i64::from(r) + dr, i64::from(c) + dc);
            if nr < 0 || nc < 0 || nr >= i64::from(rows) || nc >= i64::from(cols) {
                continue;
            }
            let n = Pos::new(nr as u32, nc as u32);
            let Some(terrain) = grid.cost(n) else {
                continue;
            };
            let nd = d + 10 * terrain;
            if nd < dist[index(n)] {
                dist[index(n)] = nd;
                heap.push(Reverse((nd, n.row, n.col)));
            }
        }
    }
    None
}

/// A random grid: walls with probability `density`%, terrain 1–9 on a third of the floor.
fn random_grid(rng: &mut ChaCha8Rng, rows: u32, cols: u32, density: u32) -> Grid {
    let tiles: Vec<u8> = (0..rows * cols)
        .map(|_| {
            if rng.random_range(0..100) < density {
                0
            } else if rng.random_range(0..3) == 0 {
                rng.random_range(1..=9)
            } else {
                1
            }
        })
        .collect();
    let start = Pos::new(rng.random_range(0..rows), rng.random_range(0..cols));
    let mut goal = start;
    while goal == start {
        goal = Pos::new(rng.random_range(0..rows), rng.random_range(0..cols));
    }
    let mut grid = Grid::from_costs(rows, cols, tiles, start, goal);
    grid.set_start(start);
    grid.set_goal(goal);
    grid
}

fn random_edit(rng: &mut ChaCha8Rng, grid: &Grid) -> Edit {
    let p = Pos::new(
        rng.random_range(0..grid.rows()),
        rng.random_range(0..grid.cols()),
    );
    match rng.random_range(0..10) {
        0..=3 => Edit::Wall(p),
        4..=5 => Edit::Open(p),
        6..=7 => Edit::Cost(p, rng.random_range(1..=9)),
        8 => Edit::Goal(p),
        _ => Edit::Start(p),
    }
}

/// The path is a walk of open 4-adjacent tiles from S to E costing `cost`.
fn check_path(grid: &Grid, path: &[Pos], cost: u32) {
    assert_eq!(path.first(), Some(&grid.start()));
    assert_eq!(path.last(), Some(&grid.goal()));
    let mut total = 0;
    for w in path.windows(2) {
        assert_eq!(w[0].row.abs_diff(w[1].row) + w[0].col.abs_diff(w[1].col), 1);
        total += 10 * grid.cost(w[1]).expect("open");
    }
    assert_eq!(total, cost);
}

/// Run `machine` on `grid` and every edit, checking the cost after each against Dijkstra.
fn check<M: Solver + Replan>(mut machine: M, grid: &mut Grid, edits: &[Edit]) {
    let first = machine.run(grid);
    assert_eq!(first.path.as_ref().map(|_| first.cost), dijkstra(grid));
    for &edit in edits {
        let Ok(changed) = edit.apply(grid) else {
            continue;
        };
        machine.repair(grid, &changed);
        let solution = machine.run(grid);
        let want = dijkstra(grid);
        let got = solution.path.as_ref().map(|_| solution.cost);
        assert_eq!(got, want, "after {edit} on\n{}", grid.to_text(None));
        if let Some(path) = &solution.path {
            check_path(grid, path, solution.cost);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn lpa_star_and_d_star_lite_repair_to_the_least_cost(
        seed in any::<u64>(),
        rows in 2..14_u32,
        cols in 2..14_u32,
        density in 0..45_u32,
        count in 0..=20_usize,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let grid = random_grid(&mut rng, rows, cols, density);
        let mut edits = Vec::new();
        let mut scratch = grid.clone();
        for _ in 0..count {
            let edit = random_edit(&mut rng, &scratch);
            if edit.apply(&mut scratch).is_ok() {
                edits.push(edit);
            }
        }
        let options = SolveOptions::default();
        let mut g = grid.clone();
        check(LpaStar::<Flat>::new(&g, &options), &mut g, &edits);
        let mut g = grid;
        check(DStarLite::<Flat>::new(&g, &options), &mut g, &edits);
    }
}

/// A wall across the only corridor, then taken away: no path, then the same cost again.
fn cut_and_reopen<M: Solver + Replan>(mut machine: M, mut grid: Grid) {
    let cost = |s: maze_tui::solve::Solution| s.path.map(|_| s.cost);
    assert_eq!(cost(machine.run(&grid)), Some(200));
    let first = machine.expansions();
    let changed = Edit::Wall(Pos::new(1, 9)).apply(&mut grid).expect("inside");
    machine.repair(&grid, &changed);
    assert_eq!(cost(machine.run(&grid)), None);
    let changed = Edit::Open(Pos::new(1, 9)).apply(&mut grid).expect("inside");
    machine.repair(&grid, &changed);
    assert_eq!(cost(machine.run(&grid)), Some(200));
    assert!(first > 0 && machine.expansions() > first);
}

#[test]
fn a_cut_corridor_reports_no_path_and_reopening_it_finds_the_path_again() {
    let grid = Grid::parse("S         \n######### \nE         \n").expect("valid");
    let options = SolveOptions::default();
    cut_and_reopen(LpaStar::<Flat>::new(&grid, &options), grid.clone());
    cut_and_reopen(DStarLite::<Flat>::new(&grid, &options), grid);
}

// ---------------------------------------------------------------- `maze-tui replan`

const BIN: &str = env!("CARGO_BIN_EXE_maze-tui");

/// A maze and an edit file in a fresh folder.
fn files(maze: &str, edits: &str) -> (tempfile::TempDir, String, String) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let m = dir.path().join("maze.txt");
    let e = dir.path().join("edits.txt");
    std::fs::write(&m, maze).expect("written");
    std::fs::write(&e, edits).expect("written");
    let path = |p: std::path::PathBuf| p.to_string_lossy().into_owned();
    (dir, path(m), path(e))
}

const CORRIDORS: &str = "S         \n######### \nE         \n";

#[test]
fn replan_reports_cost_and_expansions_after_each_edit_as_json() {
    let edits =
        "# cut the corridor, then open a shorter way\nwall 1 9\n\nopen 1 0\ncost 2 1 9\ngoal 0 5\n";
    let (_dir, maze, edits) = files(CORRIDORS, edits);
    let mut grid = Grid::parse(CORRIDORS).expect("valid");
    let mut want = Vec::new();
    for edit in [
        Edit::Wall(Pos::new(1, 9)),
        Edit::Open(Pos::new(1, 0)),
        Edit::Cost(Pos::new(2, 1), 9),
        Edit::Goal(Pos::new(0, 5)),
    ] {
        edit.apply(&mut grid).expect("applies");
        want.push(dijkstra(&grid));
    }
    assert_eq!(want, [None, Some(20), Some(20), Some(50)]);
    for algorithm in ["d-star-lite", "lpa-star", "astar"] {
        let out = std::process::Command::new(BIN)
            .args([
                "replan", &maze, "--edits", &edits, "-a", algorithm, "-f", "json",
            ])
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        let rows = json.as_array().expect("an array");
        assert_eq!(rows.len(), 4, "one object per edit");
        let costs: Vec<Option<u32>> = rows
            .iter()
            .map(|r| r["cost"].as_u64().map(|c| c as u32))
            .collect();
        assert_eq!(costs, want, "{algorithm}");
        assert_eq!(rows[0]["edit"], "wall 1 9");
        assert_eq!(rows[0]["line"], 2);
        assert!(rows.iter().all(|r| r["expanded"].is_u64()));
    }
}

#[test]
fn a_bad_edit_line_is_named_with_its_number_and_exits_2() {
    for (edits, says) in [
        ("wall 1 9\nwal 1 2\n", "line 2: unknown edit 'wal'"),
        ("# ok\ncost 1 9\n", "line 2: 'cost' takes 3 numbers"),
        ("cost 1 9 12\n", "line 1: cost 12 is not in 1-9"),
        ("open 1 x\n", "line 1: column 'x' is not a number"),
        ("\n\nwall 7 1\n", "line 3: tile (7, 1) is outside"),
        ("wall 0 0\n", "line 1: a wall cannot cover the start"),
    ] {
        let (_dir, maze, file) = files(CORRIDORS, edits);
        let out = std::process::Command::new(BIN)
            .args(["replan", &maze, "--edits", &file])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{edits:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{edits:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn compare_with_edits_replays_them_for_each_solver() {
    let (_dir, maze, edits) = files(CORRIDORS, "wall 1 9\nopen 1 9\n");
    let out = std::process::Command::new(BIN)
        .args(["compare", &maze, "--edits", &edits, "-f", "json"])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let rows = json.as_array().expect("an array");
    let mut solvers: Vec<&str> = rows.iter().map(|r| r["solver"].as_str().unwrap()).collect();
    solvers.sort_unstable();
    assert_eq!(solvers, ["astar", "d-star-lite", "lpa-star"]);
    for r in rows {
        assert_eq!(r["costs"], serde_json::json!([null, 200]));
    }
}

// ---------------------------------------------------------------- the explorer

/// D* Lite at the end of its first search; a wall is drawn on its path in edit mode: the
/// search is repaired from its state (not restarted), stepping it re-expands only around
/// the edit, the repaired path costs what Dijkstra says, and `b` steps back to the edit.
#[test]
fn an_edit_while_d_star_lite_runs_is_repaired_and_rewinds_to_the_edit() {
    use crate::edit::{press, snapshot};
    use maze_tui::app::{Action, App, ColorMode, Config};
    use maze_tui::solve::SolverKind;
    use maze_tui::teach::Teach;
    use ratatui::crossterm::event::KeyCode;

    const ROOM: &str = "\
###############
#S            #
#             #
#     ###     #
#             #
#            E#
###############
";
    let mut app = App::new(
        Config {
            load: Some(Grid::parse(ROOM).expect("valid")),
            color: ColorMode::Never,
            ascii: true,
            solver: Some(SolverKind::DStarLite),
            ..Config::default()
        },
        (120, 40),
    );
    app.update(Action::ToEnd);
    app.settle();
    let run = app.stage.search().expect("solving");
    let first = run.machine().solver().visited();
    let path = Solver::path(run.machine().solver())
        .expect("a path")
        .to_vec();
    // The wall goes on the fourth tile of the path (the cursor starts on S).
    let target = path[3];
    press(&mut app, KeyCode::Char('E'));
    for _ in 1..target.row {
        press(&mut app, KeyCode::Char('j'));
    }
    for _ in 1..target.col {
        press(&mut app, KeyCode::Char('l'));
    }
    press(&mut app, KeyCode::Char('#'));
    let grid = std::sync::Arc::clone(app.stage.grid().expect("complete"));
    assert!(!grid.is_open(target), "the wall is drawn at {target}");
    let run = app.stage.search().expect("still solving");
    assert_eq!(run.step(), 0, "a new segment starts at the edit");
    assert_eq!(
        run.machine().solver().visited(),
        first,
        "the repaired search keeps its expansions"
    );
    assert_eq!(
        run.machine().solver().mark(target),
        maze_tui::Mark::Inconsistent
    );
    press(&mut app, KeyCode::Esc);
    app.update(Action::Step(3));
    app.settle();
    app.update(Action::ToEnd);
    app.settle();
    let run = app.stage.search().expect("solving");
    let solver = run.machine().solver();
    let path = Solver::path(solver).expect("repaired");
    assert!(!path.contains(&target));
    assert_eq!(
        Some(maze_tui::solve::path_cost(&grid, path)),
        dijkstra(&grid)
    );
    let repair = solver.visited() - first;
    assert!(
        repair > 0 && repair < first,
        "repair {repair}, first {first}"
    );
    let end = app.stage.active_step();
    for _ in 0..end {
        press(&mut app, KeyCode::Char('b'));
    }
    assert_eq!(app.stage.active_step(), 0);
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Char('i'));
    snapshot("d_star_lite_first_step_after_a_wall_on_its_path", &app);
}

// ---------------------------------------------------------------- the robot in fog

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The robot reaches E exactly when the true map has a path (Dijkstra here), walking
    /// open, adjacent tiles of the true map, and says no path otherwise.
    #[test]
    fn the_robot_in_fog_reaches_the_goal_whenever_a_path_exists(
        seed in any::<u64>(),
        rows in 2..16_u32,
        cols in 2..16_u32,
        density in 0..45_u32,
        radius in 1..4_u32,
    ) {
        use maze_tui::solve::replan::robot::{Robot, Stride};
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let grid = random_grid(&mut rng, rows, cols, density);
        let mut robot = Robot::new(&grid, radius, &SolveOptions::default());
        let end = robot.walk();
        let reachable = dijkstra(&grid).is_some();
        prop_assert_eq!(end == Stride::Arrived, reachable);
        prop_assert_eq!(end == Stride::NoPath, !reachable);
        let trail = robot.trail();
        prop_assert_eq!(trail[0], grid.start());
        if reachable {
            prop_assert_eq!(*trail.last().expect("a trail"), grid.goal());
        }
        for w in trail.windows(2) {
            prop_assert_eq!(w[0].row.abs_diff(w[1].row) + w[0].col.abs_diff(w[1].col), 1);
            prop_assert!(grid.is_open(w[1]));
        }
        let tally = robot.tally();
        prop_assert_eq!(tally.moves as usize, trail.len() - 1);
    }
}

#[test]
fn replan_with_fog_walks_the_robot_and_says_no_path_in_one_line() {
    let (_dir, maze, _) = files(CORRIDORS, "");
    let out = std::process::Command::new(BIN)
        .args(["replan", &maze, "--fog", "1", "-f", "json"])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    // It believes the wall row open, walks down, finds it closed, and goes round: at least
    // the 20 moves of the true path.
    assert!(json["moves"].as_u64().expect("moves") >= 20);
    assert!(json["replans"].as_u64().expect("replans") > 0);
    assert_eq!(json["trail"][0], serde_json::json!([0, 0]));
    let (_dir, closed, _) = files("S #E\n  # \n", "");
    let out = std::process::Command::new(BIN)
        .args(["replan", &closed, "--fog", "2"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no path"), "{err}");
    assert_eq!(err.lines().count(), 1);
    let out = std::process::Command::new(BIN)
        .args(["replan", &maze])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
}
