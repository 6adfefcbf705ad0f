//! The config file read as a user writes it: typos, bad values, broken lines, layers.

use super::*;
use crate::app::{ColorMode, View};
use crate::cli::{ColorArg, Racer, tui_config};
use crate::generate::{CellChoice, GeneratorKind};
use crate::solve::{Heuristic, SolverKind};

fn messages(loaded: &Loaded) -> Vec<String> {
    loaded.warnings.iter().map(ToString::to_string).collect()
}

#[test]
fn a_typo_in_a_key_is_named_with_its_line_and_the_rest_still_counts() {
    let loaded = parse("solver = \"astar\"\n\ngenrator = \"prim\"\nview = \"thin\"\n");
    assert_eq!(
        messages(&loaded),
        ["line 3: unknown key 'genrator' (did you mean 'generator'?); ignored"]
    );
    assert_eq!(loaded.args.solver, Some(SolverKind::Astar));
    assert_eq!(loaded.args.view, Some(View::Thin));
    assert_eq!(loaded.args.generator, None);
}

#[test]
fn a_bad_value_is_named_with_its_line_and_the_nearest_name() {
    let loaded = parse(
        "generator = \"prm\"\nheuristic = \"octile\"\nwidth = 0\ncolor = \"sometimes\"\n\
         speed = 30\nheuristic-weight = 11\n",
    );
    assert_eq!(
        messages(&loaded),
        [
            "line 1: generator: unknown value 'prm' (did you mean 'prim'?); ignored",
            "line 3: width: a size must be at least 1 cell; ignored",
            "line 4: color: unknown value 'sometimes'; expected one of: auto, always, never; \
             ignored",
            "line 5: speed: a speed is one of 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, \
             5000, 10000 or max (steps a second); ignored",
            "line 6: heuristic-weight: '11' is not a weight from 1 to 10; ignored",
        ]
    );
    assert_eq!(loaded.args.search.heuristic, Some(Heuristic::Octile));
    assert_eq!(loaded.args.generator, None);
}

#[test]
fn a_broken_line_is_skipped_and_the_others_read() {
    let loaded = parse("generator = \"prim\"\nsolver = astar\nwidth = 30\n");
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert_eq!(loaded.warnings[0].line, 2);
    assert_eq!(loaded.args.generator, Some(GeneratorKind::Prim));
    assert_eq!(loaded.args.solver, None);
    assert_eq!(loaded.args.width, Some(30));
}

#[test]
fn wrong_types_and_tables_are_warnings_not_failures() {
    let loaded = parse("diagonal = \"yes\"\nremember = 1\nkeys = 3\n[view]\nx = 1\n[race]\n");
    let lines: Vec<usize> = loaded.warnings.iter().map(|w| w.line).collect();
    assert_eq!(lines, [1, 2, 3, 4, 6], "{:?}", messages(&loaded));
    assert_eq!(loaded.args, TuiArgs::default());
    assert!(!loaded.remember);
}

#[test]
fn every_explorer_setting_can_be_set_in_the_file() {
    let text = "width = 31\nheight = 17\nseed = 99\ngenerator = \"prim\"\nsolver = \"astar\"\n\
        braid = 0.25\nheuristic = \"octile\"\ndiagonal = true\ncorners = \"never\"\n\
        heuristic-weight = 1.5\ntie-break = \"fifo\"\nrace = \"bfs,dfs\"\n\
        cell-choice = \"mix:0.3\"\nbias = \"nw\"\nview = \"half-blocks\"\nspeed = \"max\"\n\
        color = \"never\"\nascii = true\ntheme = \"light\"\nremember = true\n\
        [keys]\nstep = [\"l\", \".\"]\nquit = \"x\"\n";
    let loaded = parse(text);
    assert_eq!(loaded.warnings, vec![]);
    let config = tui_config(&loaded.args, None).expect("valid");
    let default = tui_config(
        &TuiArgs {
            seed: Some(1),
            ..TuiArgs::default()
        },
        None,
    )
    .expect("ok");
    // Each field differs from the default, so each key reached its setting.
    assert_eq!(
        (config.width, config.height, config.seed),
        (Some(31), Some(17), 99)
    );
    assert_eq!(config.generator, GeneratorKind::Prim);
    assert_eq!(config.solver, Some(SolverKind::Astar));
    assert!((config.braid - 0.25).abs() < f64::EPSILON);
    let (s, d) = (config.solve_options, default.solve_options);
    assert_eq!(s.heuristic, Heuristic::Octile);
    assert_eq!(
        s.moves,
        crate::solve::Moves::Eight(crate::solve::Corners::Never)
    );
    assert_eq!(s.heuristic_weight, 150);
    assert_eq!(s.tie_break, crate::solve::TieBreak::Fifo);
    assert_ne!(
        (s.heuristic_weight, s.tie_break),
        (d.heuristic_weight, d.tie_break)
    );
    assert_eq!(config.race.len(), 2);
    assert_eq!(config.gen_options.cell_choice, CellChoice::Mix(0.3));
    assert_eq!(config.gen_options.bias, crate::generate::Bias::NorthWest);
    assert_eq!(config.view, View::HalfBlock);
    assert_eq!(config.speed, crate::app::SPEEDS.len() - 1);
    assert_eq!(config.color, ColorMode::Never);
    assert!(config.ascii && !default.ascii);
    assert_eq!(config.theme, crate::app::ThemeName::Light);
    assert_ne!(default.theme, crate::app::ThemeName::Light);
    assert!(loaded.remember);
    assert_eq!(loaded.keys.len(), 2);
    assert_eq!(loaded.keys[0].action, "step");
    assert_eq!(loaded.keys[0].keys, ["l", "."]);
    assert_eq!(
        (loaded.keys[1].action.as_str(), loaded.keys[1].line),
        ("quit", 23)
    );
}

#[test]
fn flags_win_over_the_remembered_session_which_wins_over_the_file() {
    let file =
        parse("generator = \"prim\"\nsolver = \"astar\"\nview = \"thin\"\ncolor = \"never\"\n");
    let remembered = session::layer("generator = \"wilson\"\nsolver = \"bfs\"\n");
    let flags = TuiArgs {
        solver: Some(SolverKind::Dijkstra),
        ..TuiArgs::default()
    };
    let args = flags.over(remembered).over(file.args);
    assert_eq!(args.solver, Some(SolverKind::Dijkstra));
    assert_eq!(args.generator, Some(GeneratorKind::Wilson));
    assert_eq!(args.view, Some(View::Thin));
    assert_eq!(args.color, Some(ColorArg::Never));
    // A flag turns off what the file turns on.
    let file = parse("diagonal = true\nascii = true\n");
    let flags: crate::cli::Cli =
        clap::Parser::try_parse_from(["maze-tui", "--diagonal=false", "--ascii=false"])
            .expect("valid");
    let args = flags.tui.over(file.args);
    assert_eq!(
        (args.search.diagonal, args.ascii),
        (Some(false), Some(false))
    );
}

#[test]
fn race_names_read_as_an_array_or_a_list() {
    let array = parse("race = [\"astar\", \"dijkstra\", \"bfs\"]\n")
        .args
        .race;
    let list = parse("race = \"astar,dijkstra,bfs\"\n").args.race;
    assert_eq!(array, list);
    assert_eq!(array.as_ref().map(Vec::len), Some(3));
    assert!(matches!(
        array.as_deref(),
        Some([Racer::Solver(SolverKind::Astar), ..])
    ));
    let loaded = parse("race = [\"astar\"]\n");
    assert_eq!(
        loaded.warnings[0].message,
        "race: --race takes 2 to 4 names, not 1; ignored"
    );
}

#[test]
fn the_usual_place_may_be_missing_but_a_given_file_may_not() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("config.toml");
    assert_eq!(Location::Usual(missing.clone()).load().expect("fine"), None);
    let err = Location::Given(missing.clone())
        .load()
        .expect_err("missing");
    assert!(err.to_string().contains("config.toml"), "{err}");
    std::fs::write(&missing, b"generator = \"eller\"\n").expect("write");
    let loaded = Location::Given(missing.clone())
        .load()
        .expect("read")
        .expect("some");
    assert_eq!(loaded.args.generator, Some(GeneratorKind::Eller));
    std::fs::write(&missing, b"\xff\xfe").expect("write");
    let err = Location::Usual(missing).load().expect_err("not UTF-8");
    assert!(err.to_string().contains("not UTF-8"), "{err}");
    assert_eq!(
        Location::find(Some(Path::new("/x/c.toml"))),
        Location::Given("/x/c.toml".into())
    );
    assert_ne!(
        Location::find(Some(Path::new(""))),
        Location::Given(PathBuf::new())
    );
}
