//! Edit, walk and inspect modes driven by keys (through the key map) on small mazes:
//! frames compared with the snapshots in `snapshots/`, undo and save checked value by
//! value.

use std::sync::Arc;

use maze_tui::app::{Action, App, ColorMode, Config, Mode, Stage, input};
use maze_tui::maze::{Grid, Pos};
use maze_tui::solve::{SolverKind, path_cost};
use maze_tui::ui::render;
use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

const SIZE: (u16, u16) = (120, 40);

/// An open room with a wall in the middle: room to draw in.
const ROOM: &str = "\
###############
#S            #
#             #
#     ###     #
#             #
#            E#
###############
";

/// Two routes from S to E: six moves across a band of 9s (cost 380), or ten round it on
/// cost-1 ground (cost 100).
const WEIGHTED: &str = "\
#########
#S9999 E#
# ##### #
#       #
#########
";

fn config(grid: &str) -> Config {
    Config {
        load: Some(Grid::parse(grid).expect("valid test maze")),
        color: ColorMode::Never,
        ascii: true,
        ..Config::default()
    }
}

/// Press `code` as the terminal would send it: through the app's key map.
pub(crate) fn press(app: &mut App, code: KeyCode) {
    let event = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    if let Some(action) = input::map_app_event(&event, app) {
        app.update(action);
        app.settle();
    }
}

fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

fn grid(app: &App) -> Arc<Grid> {
    Arc::clone(app.stage.grid().expect("a complete maze"))
}

/// Compare the frame of `app` with the snapshot `name`.
pub(crate) fn snapshot(name: &str, app: &App) {
    let mut terminal = Terminal::new(TestBackend::new(app.size.0, app.size.1)).expect("backend");
    terminal.draw(|f| render(app, f)).expect("draw");
    insta::with_settings!({
        snapshot_path => "../../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, terminal.backend());
    });
}

#[test]
fn edit_walls_drawn() {
    let mut app = App::new(config(ROOM), SIZE);
    keys(&mut app, "E");
    assert!(matches!(app.mode, Mode::Edit { .. }));
    // From S (1,1): right twice, down once; a wall line of three to the right (`#`, then
    // space, which toggles too).
    keys(&mut app, "llj#l l#");
    // A 5 below its end, a 9 on the room's own wall to its right, the goal above.
    keys(&mut app, "j5l9kkXlll");
    let g = grid(&app);
    for col in [3, 4, 5] {
        assert!(!g.is_open(Pos::new(2, col)), "wall at (2,{col})");
    }
    assert_eq!(g.cost(Pos::new(3, 5)), Some(5));
    assert_eq!(g.cost(Pos::new(3, 6)), Some(9));
    assert_eq!(g.goal(), Pos::new(1, 6));
    assert_eq!(app.mode.cursor(), Some(Pos::new(1, 9)));
    assert_eq!(app.undo.depth(app.stage.grid()), 6);
    snapshot("edit_walls_drawn", &app);
}

#[test]
fn terrain_painted_where_the_cursor_is() {
    let mut app = App::new(config(ROOM), SIZE);
    keys(&mut app, "Ejjl5l9");
    let g = grid(&app);
    assert_eq!(g.cost(Pos::new(3, 2)), Some(5));
    assert_eq!(g.cost(Pos::new(3, 3)), Some(9));
    assert!(g.is_weighted());
}

#[test]
fn weighted_dijkstra_vs_bfs() {
    // A* is the solver that honours terrain today (Dijkstra's rewrite is under way); BFS
    // ignores it and takes the 9s.
    let mut astar = App::new(
        Config {
            solver: Some(SolverKind::Astar),
            ..config(WEIGHTED)
        },
        SIZE,
    );
    astar.update(Action::ToEnd);
    astar.settle();
    let mut bfs = App::new(
        Config {
            solver: Some(SolverKind::Bfs),
            ..config(WEIGHTED)
        },
        SIZE,
    );
    bfs.update(Action::ToEnd);
    bfs.settle();
    let cost = |app: &App| {
        let run = app.stage.search().expect("solving");
        let path = maze_tui::solve::Solver::path(run.machine().solver()).expect("a path");
        path_cost(run.machine().grid(), path)
    };
    let (best, fast) = (cost(&astar), cost(&bfs));
    assert_eq!(best, 100);
    assert_eq!(fast, 4 * 90 + 2 * 10);
    assert!(fast > best, "BFS {fast} vs cheapest {best}");
    assert_eq!(bfs.cheapest_cost(), Some(best));
    let last = bfs.log_lines().pop().unwrap_or_default();
    assert_eq!(
        last,
        "not the cheapest: cost 380, 280 more than the cheapest 100"
    );
    snapshot("weighted_dijkstra_vs_bfs", &bfs);
}

#[test]
fn player_reached_goal() {
    let mut app = App::new(config(WEIGHTED), SIZE);
    keys(&mut app, "p");
    // Into the wall above (no move), then straight across the 9s to E.
    keys(&mut app, "klllll");
    press(&mut app, KeyCode::Right);
    let Mode::Walk(walk) = &app.mode else {
        panic!("walking");
    };
    assert!(walk.reached());
    assert_eq!(walk.moves(), 6);
    assert_eq!(walk.cost(), 4 * 90 + 2 * 10);
    assert_eq!(walk.cheapest_cost(), Some(100));
    assert!(
        walk.verdict()
            .is_some_and(|v| v.ends_with("280 over the cheapest 100"))
    );
    keys(&mut app, "v");
    snapshot("player_reached_goal", &app);
}

#[test]
fn inspector_on_closed_tile() {
    let mut app = App::new(
        Config {
            solver: Some(SolverKind::Astar),
            ..config(ROOM)
        },
        SIZE,
    );
    // The inspector starts on S, the first tile A* closes.
    keys(&mut app, "i");
    app.update(Action::Step(12));
    app.settle();
    let (tile, found) = app.inspection().expect("inspecting");
    assert_eq!(tile, Pos::new(1, 1));
    assert!(found.status.contains("closed"), "{found:?}");
    assert!(
        found
            .fields
            .iter()
            .any(|(name, v)| *name == "g" && v == "0"),
        "{found:?}"
    );
    keys(&mut app, "lv");
    assert_eq!(app.arrow_from(Pos::new(1, 2)), Some(Pos::new(1, 1)));
    snapshot("inspector_on_closed_tile", &app);
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.mode, Mode::Explore) && !app.quit);
}

#[test]
fn edits_survive_stepping_back_and_forward() {
    let mut app = App::new(
        Config {
            width: Some(8),
            height: Some(5),
            seed: 3,
            solver: Some(SolverKind::Bfs),
            color: ColorMode::Never,
            ..Config::default()
        },
        SIZE,
    );
    app.update(Action::ToEnd);
    app.settle();
    keys(&mut app, "Ejj3");
    let edited = grid(&app);
    assert_eq!(edited.cost(Pos::new(3, 1)), Some(3));
    assert_eq!(
        app.stage.search().map(|r| r.step()),
        Some(0),
        "re-run from 0"
    );
    for action in [
        Action::Step(30),
        Action::StepBack(1000),
        Action::ToEnd,
        Action::StepBack(5),
    ] {
        app.update(action);
        app.settle();
        assert!(matches!(app.stage, Stage::Solving { .. }));
        assert_eq!(*grid(&app), *edited);
        let run = app.stage.search().expect("solving");
        assert!(Arc::ptr_eq(run.machine().grid_arc(), &grid(&app)));
    }
}

#[test]
fn auto_rerun_off_waits_for_enter() {
    let mut app = App::new(
        Config {
            solver: Some(SolverKind::Bfs),
            ..config(ROOM)
        },
        SIZE,
    );
    app.update(Action::ToEnd);
    app.settle();
    keys(&mut app, "aEl#");
    assert!(app.solver_is_stale());
    assert!(app.stage.search().is_some_and(|r| r.step() > 0));
    press(&mut app, KeyCode::Enter);
    assert!(!app.solver_is_stale());
    // Re-run to where it was: its end, on the edited maze.
    let steps = SolverKind::Bfs
        .solve(&grid(&app), &app.config.solve_options)
        .steps;
    assert_eq!(app.stage.search().map(|r| r.step()), Some(steps));
    assert!(app.stage.finished());
}

#[test]
fn save_round_trips_through_the_parser() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("edited.txt");
    let mut app = App::new(config(ROOM), SIZE);
    keys(&mut app, "Ej#l7lX");
    keys(&mut app, "w");
    assert!(app.prompt.is_some());
    for _ in 0.."maze.txt".len() {
        press(&mut app, KeyCode::Backspace);
    }
    keys(&mut app, &path.display().to_string());
    press(&mut app, KeyCode::Enter);
    assert!(app.prompt.is_none());
    let status = app.status.clone().unwrap_or_default();
    assert!(status.starts_with("saved to "), "{status}");
    let text = std::fs::read_to_string(&path).expect("saved file");
    assert_eq!(Grid::parse(&text).expect("parses"), *grid(&app));
    // Only the file asked for: the temporary file was renamed, not left behind.
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 1);
}

#[test]
fn a_failed_save_is_one_line_in_the_app() {
    let mut app = App::new(config(ROOM), SIZE);
    keys(&mut app, "w");
    for _ in 0.."maze.txt".len() {
        press(&mut app, KeyCode::Backspace);
    }
    keys(&mut app, "/no/such/dir/m.txt");
    press(&mut app, KeyCode::Enter);
    let status = app.status.clone().unwrap_or_default();
    assert!(
        status.starts_with("cannot save /no/such/dir/m.txt: "),
        "{status}"
    );
    // Esc on a prompt cancels it, and never quits.
    keys(&mut app, "w");
    press(&mut app, KeyCode::Esc);
    assert!(app.prompt.is_none() && !app.quit);
}

/// One edit key at a cursor move.
fn edit_key() -> impl Strategy<Value = char> {
    prop::sample::select(vec!['h', 'j', 'k', 'l', '#', ' ', '2', '5', '9', 'S', 'X'])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any run of edits, undone as often, gives back exactly the maze it started from.
    #[test]
    fn undo_restores_the_exact_grid(edits in prop::collection::vec(edit_key(), 1..60)) {
        let mut app = App::new(config(ROOM), SIZE);
        let before = grid(&app);
        keys(&mut app, "E");
        let text: String = edits.into_iter().collect();
        keys(&mut app, &text);
        for _ in 0..text.len() {
            keys(&mut app, "u");
        }
        prop_assert_eq!(&*grid(&app), &*before);
    }
}

/// A key the modes or the explorer take (not `w` and `x`: their prompt and Enter would
/// write files into the working directory; saving has tests of its own).
fn any_key() -> impl Strategy<Value = KeyCode> {
    prop_oneof![
        prop::sample::select(vec![
            'E', 'p', 'i', 'u', 'a', 'v', 'h', 'j', 'k', 'l', '#', ' ', '3', '9', 'S', 'X', 'n',
            'b', 'f', 'g', 'r', 't', 'q', 'A', 'W', '+',
        ])
        .prop_map(KeyCode::Char),
        Just(KeyCode::Enter),
        Just(KeyCode::Esc),
        Just(KeyCode::Backspace),
        Just(KeyCode::Down),
        Just(KeyCode::Right),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Keys in any order, on a generated maze with a solver waiting, never panic and
    /// every frame draws; `q` typed into the prompt is a letter, elsewhere it quits.
    #[test]
    fn any_keys_in_any_mode_never_panic(codes in prop::collection::vec(any_key(), 1..80)) {
        let mut app = App::new(
            Config {
                width: Some(6),
                height: Some(4),
                seed: 9,
                solver: Some(SolverKind::Astar),
                ..Config::default()
            },
            (80, 24),
        );
        for code in codes {
            press(&mut app, code);
            if app.quit {
                break;
            }
            let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("backend");
            terminal.draw(|f| render(&app, f)).expect("draw");
        }
    }
}

#[test]
fn the_view_follows_the_cursor_across_a_large_maze() {
    let mut app = App::new(
        Config {
            width: Some(150),
            height: Some(60),
            seed: 2,
            solver: Some(SolverKind::Bfs),
            ..Config::default()
        },
        SIZE,
    );
    app.update(Action::ToEnd);
    app.settle();
    keys(&mut app, "E");
    for _ in 0..250 {
        press(&mut app, KeyCode::Right);
    }
    for _ in 0..100 {
        press(&mut app, KeyCode::Down);
    }
    let cursor = app.mode.cursor().expect("edit cursor");
    assert_eq!(cursor, Pos::new(101, 251));
    let on_screen = |app: &App| {
        let (r0, c0) = app.scroll;
        let inner = app.maze_inner().expect("maze pane");
        // Blocks: two columns per tile.
        let (rows, cols) = (u32::from(inner.height), u32::from(inner.width) / 2);
        (r0..r0 + rows).contains(&cursor.row) && (c0..c0 + cols).contains(&cursor.col)
    };
    assert!(on_screen(&app), "cursor {cursor} scroll {:?}", app.scroll);
    // An edit re-runs the solver from step 0 and the view stays on the cursor.
    keys(&mut app, "#");
    assert_eq!(app.stage.search().map(|r| r.step()), Some(0));
    assert!(on_screen(&app), "after the edit: scroll {:?}", app.scroll);
}

#[test]
fn came_from_arrows() {
    let mut app = App::new(
        Config {
            solver: Some(SolverKind::Astar),
            color: ColorMode::Auto,
            ascii: false,
            ..config(ROOM)
        },
        SIZE,
    );
    keys(&mut app, "i");
    app.update(Action::Step(30));
    app.settle();
    keys(&mut app, "jjv");
    // Every reached tile but S points at a 4-neighbour it was reached from.
    let grid = grid(&app);
    let mut arrows = 0;
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            let tile = Pos::new(row, col);
            if let Some(from) = app.arrow_from(tile) {
                assert_eq!(from.manhattan(tile), 1, "{tile} from {from}");
                arrows += 1;
            }
        }
    }
    assert!(arrows > 20, "{arrows} arrows");
    snapshot("came_from_arrows", &app);
}

#[test]
fn mouse_click_and_drag_paint_walls_and_terrain() {
    use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let mut app = App::new(config(ROOM), SIZE);
    // A digit chooses the brush (painting the cursor's tile: refused on S).
    keys(&mut app, "E7");
    assert!(matches!(app.mode, Mode::Edit { brush: 7, .. }));
    let inner = app.maze_inner().expect("maze pane");
    // Blocks: tile (row, col) is at column x + 2·col, row y + row.
    let at = |row: u16, col: u16| (inner.x + 2 * col, inner.y + row);
    let mouse = |app: &mut App, kind, (x, y): (u16, u16)| {
        let event = Event::Mouse(MouseEvent {
            kind,
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        });
        if let Some(action) = input::map_app_event(&event, app) {
            app.update(action);
        }
    };
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), at(4, 2));
    for col in 3..6 {
        mouse(
            &mut app,
            MouseEventKind::Drag(MouseButton::Left),
            at(4, col),
        );
    }
    mouse(&mut app, MouseEventKind::Down(MouseButton::Right), at(5, 9));
    let g = grid(&app);
    for col in 2..6 {
        assert!(!g.is_open(Pos::new(4, col)), "wall at (4,{col})");
    }
    assert_eq!(g.cost(Pos::new(5, 9)), Some(7));
    // A drag that starts on a wall erases.
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), at(4, 2));
    mouse(&mut app, MouseEventKind::Drag(MouseButton::Left), at(4, 3));
    let g = grid(&app);
    assert!(g.is_open(Pos::new(4, 2)) && g.is_open(Pos::new(4, 3)));
    assert!(!g.is_open(Pos::new(4, 4)));
}
