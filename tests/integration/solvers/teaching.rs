//! The teaching checks: pseudocode lines reached, structures listing what comes next.

use super::*;

// ---------------------------------------------------------------- teaching

/// The grids the teaching checks run every solver on: perfect and braided mazes, open
/// random grids, terrain, and a goal walled off (no path).
fn teaching_grids() -> Vec<Grid> {
    let mut grids = Vec::new();
    for seed in 0..6 {
        grids.push(carved_maze(9, 6, 0.0, seed));
        grids.push(carved_maze(9, 6, 0.3, seed));
        grids.push(random_grid(9, 13, 0.25, seed));
        grids.push(random_grid(21, 31, 0.1, seed));
        grids.push(random_grid(41, 41, 0.3, seed));
        let mut terrain = carved_maze(8, 5, 0.4, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for i in 0..terrain.len() {
            let tile = terrain.pos(i);
            if terrain.is_open(tile) && rng.random_bool(0.4) {
                terrain.set_terrain(tile, Some(rng.random_range(2..=9)));
            }
        }
        grids.push(terrain);
    }
    grids.push(Grid::parse("#######\n#S  # #\n#   #E#\n#######\n").expect("a maze with no path"));
    grids
}

/// Every line of every solver's pseudocode is run by some step of some run: none is
/// decoration (runs on the teaching grids with every option set).
#[test]
fn every_pseudocode_line_is_reached_by_some_step() {
    let grids = teaching_grids();
    let mut failures = Vec::new();
    for &kind in SolverKind::ALL {
        let pseudocode = kind.pseudocode();
        let mut reached = vec![false; pseudocode.len()];
        for grid in &grids {
            for options in option_sets(kind, 3) {
                let mut solver = kind.build(grid, &options);
                for &line in solver.setup_lines() {
                    reached[line] = true;
                }
                while let Some(event) = solver.step(grid) {
                    for &line in solver.lines(&event) {
                        reached[line] = true;
                    }
                }
                // A search that repairs itself: a wall falls on the path; then the robot
                // takes a step along the path and a wall falls just ahead of it.
                let path = solver.path().map(<[Pos]>::to_vec).unwrap_or_default();
                if path.len() > 6 {
                    let mut edited = grid.clone();
                    let middle = [Edit::Wall(path[path.len() / 2])];
                    let ahead = [Edit::Start(path[1]), Edit::Wall(path[2])];
                    for edits in [&middle[..], &ahead[..]] {
                        let mut changed = Vec::new();
                        for edit in edits {
                            changed.extend(edit.apply(&mut edited).unwrap_or_default());
                        }
                        if solver.replan(&edited, &changed).is_none() {
                            break;
                        }
                        for &line in solver.edit_lines() {
                            reached[line] = true;
                        }
                        while let Some(event) = solver.step(&edited) {
                            for &line in solver.lines(&event) {
                                reached[line] = true;
                            }
                        }
                    }
                }
            }
        }
        let missed: Vec<&str> = pseudocode
            .iter()
            .zip(&reached)
            .filter(|(_, r)| !**r)
            .map(|(line, _)| *line)
            .collect();
        if !missed.is_empty() {
            failures.push(format!("{}: lines never run: {missed:?}", kind.name()));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The structure pane lists first what the next step takes: for the solvers that take
/// from a queue, stack or open set, the first entry shown before a step is the tile that
/// step expands (or drops as stale), under every tie-break.
#[test]
fn the_structure_lists_first_what_the_next_step_takes() {
    use maze_tui::solve::TieBreak;
    let grids = teaching_grids();
    let kinds = [
        SolverKind::Bfs,
        SolverKind::Dfs,
        SolverKind::Dijkstra,
        SolverKind::Astar,
        SolverKind::GreedyBestFirst,
        SolverKind::JumpPointSearch,
    ];
    for kind in kinds {
        for grid in grids.iter().filter(|g| !g.is_weighted()) {
            for base in option_sets(kind, 5) {
                for tie_break in [
                    TieBreak::LowH,
                    TieBreak::HighG,
                    TieBreak::Fifo,
                    TieBreak::Lifo,
                ] {
                    let options = SolveOptions { tie_break, ..base };
                    let mut solver = kind.build(grid, &options);
                    let mut checked = 0;
                    loop {
                        let first = solver.structure(1).entries.first().map(|e| e.pos);
                        let Some(event) = solver.step(grid) else {
                            break;
                        };
                        let taken = match event {
                            SolveEvent::Expand { tile, .. } | SolveEvent::Skip { tile, .. } => tile,
                            _ => continue,
                        };
                        assert_eq!(
                            first,
                            Some(taken),
                            "{} ({options:?}): listed first is not what was taken",
                            kind.name()
                        );
                        checked += 1;
                    }
                    assert!(checked > 0, "{}: some step took from it", kind.name());
                }
            }
        }
    }
}
