//! The teaching panes: pseudocode, structures, the log.

use super::*;

// ---------------------------------------------------------------- teaching panes

/// The pseudocode row marked with the step glyph, trimmed.
fn marked_code_lines(app: &App) -> Vec<String> {
    text(app)
        .lines()
        .filter_map(|row| {
            let at = row.find("▶ ")?;
            Some(
                row[at + "▶ ".len()..]
                    .trim_end_matches(['│', ' '])
                    .trim()
                    .to_owned(),
            )
        })
        .collect()
}

/// A* after a pop: the pseudocode pane marks the pop of the lowest f, and the sentence
/// under it names the tile popped with its f.
#[test]
fn astar_pseudocode_pop_line() {
    let mut app = run(solve_config(SolverKind::Astar), &[Action::ToEnd]);
    app.update(Action::Step(12));
    app.settle();
    let marked = marked_code_lines(&app);
    assert!(
        marked
            .iter()
            .any(|l| l.contains("pop") && l.contains("lowest f")),
        "{marked:?}"
    );
    assert!(
        text(&app).contains("popped"),
        "the sentence says what was popped"
    );
    snapshot("astar_pseudocode_pop_line", &app);
}

/// Prim's structure pane lists its priority queue, lightest edge first, with weights on
/// the readable thousandths scale.
#[test]
fn prim_queue_pane() {
    let app = run(gen_config(GeneratorKind::Prim), &[Action::Step(15)]);
    let screen = text(&app);
    assert!(screen.contains("queue"), "the structure is named");
    assert!(screen.contains("w=."), "weights in thousandths");
    snapshot("prim_queue_pane", &app);
}

/// Kruskal's sets: every cell of one set shows the same letter and the same colour, and
/// several sets show at once in different colours.
#[test]
fn kruskal_sets_coloured() {
    use maze_tui::Mark;
    use maze_tui::app::viewport::tile_at;
    use maze_tui::maze::Pos;
    use std::collections::HashMap;

    let app = run(gen_config(GeneratorKind::Kruskal), &[Action::Step(60)]);
    let buf = buffer(&app);
    let inner = app.maze_inner().expect("a maze pane");
    let mut colour_of_set: HashMap<u32, Color> = HashMap::new();
    for y in inner.top()..inner.bottom() {
        for x in (inner.left()..inner.right()).step_by(2) {
            let Some((row, col)) = tile_at(app.view, inner, app.scroll, x, y) else {
                continue;
            };
            if let Mark::Set(id) = app.mark(Pos::new(row, col)) {
                let fg = buf[(x, y)].fg;
                let first = *colour_of_set.entry(id).or_insert(fg);
                assert_eq!(first, fg, "set {id} in one colour");
            }
        }
    }
    let colours: std::collections::HashSet<Color> = colour_of_set.values().copied().collect();
    assert!(
        colour_of_set.len() >= 3 && colours.len() >= 3,
        "{} sets in {} colours",
        colour_of_set.len(),
        colours.len()
    );
    snapshot("kruskal_sets_coloured", &app);
}

/// Sidewinder's open run is highlighted (the frontier glyph, readable without colour) and
/// listed in the structure pane as the run.
#[test]
fn sidewinder_run_highlighted() {
    let config = Config {
        color: ColorMode::Never,
        ..gen_config(GeneratorKind::Sidewinder)
    };
    // Find a step where the open run holds at least three cells.
    let mut app = run(config, &[]);
    let mut steps = 0;
    while app
        .stage
        .generation()
        .is_some_and(|run| run.machine().generator().structure_len() < 3)
    {
        app.update(Action::Step(1));
        steps += 1;
        assert!(steps < 200, "a run of three cells opens early");
    }
    let screen = text(&app);
    assert!(screen.contains("::"), "the run shows as frontier");
    assert!(screen.contains("run"), "the structure is named the run");
    snapshot("sidewinder_run_highlighted", &app);
}

/// One state per position: a generation reached by a jump (the "maze complete"
/// milestone) with a solver waiting starts the solver at its step 0, exactly as stepping
/// there one step at a time does, so a step back and forward gives the same frame.
#[test]
fn a_jump_to_the_generations_end_starts_the_waiting_solver() {
    // Trémaux chosen (Enter) while the generation is rewound: it waits for the maze.
    let mut jumped = run(config(), &[Action::ToEnd, Action::ToStart]);
    while jumped.items[jumped.selected] != maze_tui::app::Item::Solve(SolverKind::Tremaux) {
        jumped.update(Action::SelectPrev);
    }
    jumped.update(Action::RunSelected);
    assert_eq!(jumped.stage.waiting(), Some(SolverKind::Tremaux));
    while !matches!(jumped.stage, Stage::Solving { .. }) && jumped.stage.position() < 10_000 {
        let at = jumped.stage.position();
        jumped.update(Action::NextMilestone);
        jumped.settle();
        assert!(jumped.stage.position() > at, "milestones lead to the end");
    }
    let end = jumped.stage.generation().and_then(Run::end).expect("known");
    assert_eq!(jumped.stage.position(), end);
    assert!(matches!(jumped.stage, Stage::Solving { auto: true, .. }));
    jumped.status = None;
    let before = buffer(&jumped);
    jumped.update(Action::StepBack(1));
    jumped.settle();
    jumped.update(Action::Step(1));
    jumped.settle();
    jumped.status = None;
    assert_eq!(buffer(&jumped), before);
}

/// The stats' "last …" line repeats the log's newest line: it is left out while the log
/// shows that line whole, and back when the log is scrolled away from it.
#[test]
fn the_last_step_is_said_once_while_the_log_shows_it() {
    let mut app = run(gen_config(GeneratorKind::Prim), &[Action::Step(30)]);
    let newest = app.log_lines().last().cloned().expect("a log line");
    assert!(
        newest.starts_with("pop ") || newest.starts_with("skip "),
        "{newest}"
    );
    // The stats wrap a long line at a space: its start up to the colon fits a row.
    let head = newest.split(':').next().expect("a line");
    let shown = text(&app);
    assert_eq!(shown.matches(newest.as_str()).count(), 1, "{shown}");
    assert!(!shown.contains(&format!("last {head}")), "{shown}");
    app.update(Action::ScrollLog(5));
    let shown = text(&app);
    assert!(shown.contains(&format!("last {head}")), "{shown}");
}
