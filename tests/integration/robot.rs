//! The robot in fog in the explorer (`F`, `--fog R`): frames at 80×24 mid-walk and at the
//! end, the fog in every view, and the walk's end against this file's own breadth-first
//! search of the true map (the `ends.rs` one, not the app's). Keys go through the key map.

use maze_tui::app::robot::{Fog, RobotKey};
use maze_tui::app::{Action, App, ColorMode, Config, Mode, ModeAction, View};
use maze_tui::maze::Grid;
use maze_tui::ui::render;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;

use super::edit::{press, snapshot};
use super::ends::{bfs, parse};

/// The small terminal: the side panes are tabs.
const SMALL: (u16, u16) = (80, 24);

/// A 10×10-cell maze, no colour, the robot seeing `fog` tiles.
fn config(fog: u32, ascii: bool) -> Config {
    Config {
        seed: 7,
        width: Some(10),
        height: Some(10),
        color: ColorMode::Never,
        ascii,
        fog: Some(fog),
        ..Config::default()
    }
}

fn key(app: &mut App, c: char) {
    press(app, KeyCode::Char(c));
}

fn fog(app: &App) -> &Fog {
    match &app.mode {
        Mode::Robot(fog) => fog,
        other => panic!("the robot is out, not {other:?}"),
    }
}

/// The frame's text, row by row.
fn frame(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(app.size.0, app.size.1)).expect("backend");
    terminal.draw(|f| render(app, f)).expect("draw");
    let buf = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

#[test]
fn robot_in_fog_mid_walk() {
    let mut app = App::new(config(2, false), SMALL);
    app.settle();
    assert!(app.robot_walking(), "--fog starts the robot walking");
    // A stepping key pauses the walk and takes one move.
    for _ in 0..14 {
        key(&mut app, 'n');
    }
    assert!(!app.robot_walking());
    let robot = fog(&app).robot().expect("placed on the complete maze");
    assert_eq!(robot.tally().moves, 14);
    assert!(robot.tally().replans > 0, "it has discovered walls");
    snapshot("robot_in_fog_mid_walk", &app);
}

#[test]
fn robot_in_fog_at_the_end() {
    let mut app = App::new(config(2, true), SMALL);
    app.settle();
    key(&mut app, 'f');
    let robot = fog(&app).robot().expect("placed");
    assert_eq!(robot.at(), app.stage.grid().expect("complete").goal());
    // On E there is no plan left to draw (the planner's last path was from the tile before).
    assert_eq!(robot.plan_ahead(), None);
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.contains("reached E")),
        "{:?}",
        app.status
    );
    snapshot("robot_in_fog_at_the_end", &app);
}

/// `b` goes back one move exactly (a rewind by checkpoints), `g` to S, `F` stops the robot.
#[test]
fn the_robot_steps_back_and_stops() {
    let mut app = App::new(config(1, false), SMALL);
    app.settle();
    for _ in 0..9 {
        key(&mut app, 'n');
    }
    let nine = fog(&app).robot().expect("placed").clone();
    key(&mut app, 'n');
    key(&mut app, 'b');
    let back = fog(&app).robot().expect("placed");
    assert_eq!(back.trail(), nine.trail());
    assert_eq!(back.tally(), nine.tally());
    assert_eq!(back.plan_ahead(), nine.plan_ahead());
    key(&mut app, 'g');
    assert_eq!(fog(&app).robot().expect("placed").tally().moves, 0);
    key(&mut app, ' ');
    assert!(app.robot_walking(), "space walks on");
    key(&mut app, 'F');
    assert!(matches!(app.mode, Mode::Explore));
    assert!(!app.ticking());
    // F starts it again on the complete maze.
    key(&mut app, 'F');
    assert!(app.robot_walking());
    // Ticks walk it one tile a tick at the play speed (20 a second by default).
    app.update(Action::Tick(std::time::Duration::from_millis(200)));
    assert_eq!(fog(&app).robot().expect("placed").tally().moves, 4);
}

/// In every view, with and without Unicode: the fog, the robot and its plan are drawn.
#[test]
fn the_fog_shows_in_every_view() {
    for ascii in [false, true] {
        for view in [View::Blocks, View::Thin, View::HalfBlock] {
            for whole in [false, true] {
                let mut app = App::new(config(2, ascii), SMALL);
                app.settle();
                app.view = view;
                if whole {
                    key(&mut app, 'z');
                }
                for _ in 0..6 {
                    key(&mut app, 'n');
                }
                let text = frame(&app);
                // Not the top border, nor the legend on the bottom one, nor the key bar.
                let rows: Vec<&str> = text.lines().collect();
                let maze = rows[1..rows.len() - 2].concat();
                let fogged = if ascii { '%' } else { '░' };
                let what = format!("{view:?} whole {whole} ascii {ascii}:\n{text}");
                assert!(maze.contains(fogged), "no fog in {what}");
                assert!(maze.contains('@'), "no robot in {what}");
                assert!(text.contains("ROBOT"), "{what}");
            }
        }
    }
}

/// A random grid as text: walls at `density` percent, S and E at two random open tiles.
fn random_text(rng: &mut ChaCha8Rng, rows: usize, cols: usize, density: u32) -> String {
    let mut tiles: Vec<u8> = (0..rows * cols)
        .map(|_| match rng.random_range(0..100) {
            d if d < density => b'#',
            d if d % 5 == 0 => b'3',
            _ => b' ',
        })
        .collect();
    let s = rng.random_range(0..tiles.len());
    let mut e = s;
    while e == s {
        e = rng.random_range(0..tiles.len());
    }
    tiles[s] = b'S';
    tiles[e] = b'E';
    tiles
        .chunks(cols)
        .map(|row| String::from_utf8_lossy(row).into_owned() + "\n")
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The robot in the explorer reaches E whenever the true map has a path (this file's
    /// breadth-first search), and otherwise says so in one line.
    #[test]
    fn the_robot_reaches_e_whenever_a_path_exists(
        seed in any::<u64>(),
        rows in 2..14_usize,
        cols in 2..20_usize,
        density in 0..50_u32,
        radius in 1..4_u32,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let text = random_text(&mut rng, rows, cols, density);
        let truth = parse(&text);
        let reachable = bfs(&truth, truth.start)[truth.goal].is_some();
        let grid = Grid::parse(&text).expect("a valid grid");
        let config = Config { load: Some(grid), ..config(radius, false) };
        let mut app = App::new(config, SMALL);
        app.settle();
        app.update(Action::Mode(ModeAction::Robot(RobotKey::ToEnd)));
        app.settle();
        let robot = fog(&app).robot().expect("placed");
        let goal = app.stage.grid().expect("loaded").goal();
        prop_assert_eq!(robot.at() == goal, reachable, "{}", text);
        let status = app.status.clone().unwrap_or_default();
        if reachable {
            prop_assert!(status.contains("reached E"), "{}", status);
        } else {
            prop_assert!(status.starts_with("no path"), "{}", status);
            prop_assert_eq!(status.lines().count(), 1);
            let drawn = frame(&app);
            prop_assert!(drawn.contains("no path"), "{}", drawn);
        }
    }
}

/// Generated mazes (perfect and braided) always have a path: the robot reaches E.
#[test]
fn the_robot_reaches_e_in_generated_mazes() {
    for seed in 1..12 {
        for braid in [0.0, 0.5] {
            let config = Config {
                seed,
                braid,
                ..config(u32::try_from(seed % 3 + 1).unwrap_or(1), false)
            };
            let mut app = App::new(config, SMALL);
            app.settle();
            key(&mut app, 'f');
            let robot = fog(&app).robot().expect("placed");
            assert_eq!(robot.at(), app.stage.grid().expect("complete").goal());
        }
    }
}

/// On a real pseudo-terminal, in ASCII without colour: `--fog 2` walks the robot to E by
/// itself (the status says so), `F` stops it, and `q` quits cleanly.
#[cfg(unix)]
#[test]
fn the_robot_walks_on_a_pty_and_q_quits() {
    use std::io::Write;
    let mut explorer = std::process::Command::new(env!("CARGO_BIN_EXE_maze-tui"));
    explorer
        .args(["--seed", "7", "--width", "8", "--height", "5", "--ascii"])
        .args(["--fog", "2", "--speed", "max"])
        .env("NO_COLOR", "1");
    let (mut child, mut master, rx) = super::tty::start_with(explorer);
    let walked = super::tty::read_until(&rx, |s| s.contains("reached"));
    assert!(walked.contains("ROBOT"), "the robot mode is on: {walked:?}");
    assert!(walked.contains("%%"), "the fog is drawn: {walked:?}");
    assert!(walked.contains("reached"), "it reached E: {walked:?}");
    master.write_all(b"F").expect("write F");
    // (Only changed cells are written: a letter the frame before had there is skipped.)
    let stopped = super::tty::read_until(&rx, |s| s.contains("robot stop"));
    assert!(stopped.contains("robot stop"), "{stopped:?}");
    master.write_all(b"q").expect("write q");
    let status = child.wait().expect("exits");
    assert!(status.success(), "{status:?}");
    drop(master);
}

/// `--fog` and the config key `fog` take a sight of 1 to 100 tiles, each refused the same
/// way (the flag: exit 2; the file: a warning naming the line).
#[test]
fn fog_takes_one_to_a_hundred_tiles_on_the_command_line_and_in_the_config_file() {
    let bin = env!("CARGO_BIN_EXE_maze-tui");
    let out = std::process::Command::new(bin)
        .args(["--fog", "0"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the robot sees 1 to 100 tiles, not 0"),
        "{err}"
    );
    let dir = tempfile::tempdir().expect("a temp dir");
    let file = dir.path().join("config.toml");
    for (text, ok) in [
        ("fog = 3\n", true),
        ("fog = 101\n", false),
        ("fog = \"x\"\n", false),
    ] {
        std::fs::write(&file, text).expect("write");
        let out = std::process::Command::new(bin)
            .args(["config", "--check"])
            .arg(&file)
            .output()
            .expect("runs");
        assert_eq!(out.status.success(), ok, "{text}");
        if !ok {
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains(":1: fog:"), "{err}");
        }
    }
}

/// A step of the robot's walk is done in the work between frames, in slices, not in the
/// key's update: on a large maze a step back replays from a checkpoint far back (seconds
/// of work), which froze the screen when done at once.
#[test]
fn the_robots_steps_wait_for_the_work_between_frames() {
    let mut app = App::new(config(1, false), SMALL);
    app.settle();
    for _ in 0..5 {
        key(&mut app, 'n');
    }
    for (key, moves) in [
        (RobotKey::Back, 4),
        (RobotKey::Step, 5),
        (RobotKey::ToStart, 0),
        (RobotKey::ToEnd, u64::MAX),
    ] {
        let c = format!("{key:?}");
        let before = fog(&app).robot().expect("placed").tally().moves;
        app.update(Action::Mode(ModeAction::Robot(key)));
        assert!(app.busy(), "{c}: the walk waits for the work");
        assert_eq!(
            fog(&app).robot().expect("placed").tally().moves,
            before,
            "{c}"
        );
        // The loop's work in slices; here a slice that is out of time at once.
        while app.work(|| true) {}
        let now = fog(&app).robot().expect("placed").tally().moves;
        if moves == u64::MAX {
            assert!(now > 5, "f walks to the end");
        } else {
            assert_eq!(now, moves, "{c}");
        }
        assert!(!app.busy());
    }
}
