//! Walk mode handed over: the AI walking on from where the player stands (`A`), a walker
//! on a solver's traced path (`W`), `v` from the middle of a walk, and the `--ends` rules
//! in the explorer. Keys go through the key map; time through [`Action::Tick`]; distances
//! are checked with the breadth-first search of `ends.rs`, not the app's.

use std::time::Duration;

use maze_tui::app::walk::{Trail, Walk};
use maze_tui::app::{Action, App, ColorMode, Config, Mode};
use maze_tui::maze::{Ends, Grid, Pos};
use maze_tui::solve::{Solver, SolverKind};
use maze_tui::ui::render;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;

use proptest::prelude::*;

use super::edit::{press, snapshot};
use super::ends::{Text, bfs, parse};

/// The small terminal: the side panes are tabs.
const SMALL: (u16, u16) = (80, 24);
/// The Prim game's AI moves once every 125 ms.
const AI_TICK: Duration = Duration::from_millis(125);

/// A maze that fits the terminal, as the explorer starts without a size.
fn config() -> Config {
    Config {
        seed: 7,
        color: ColorMode::Never,
        ascii: true,
        ..Config::default()
    }
}

/// The explorer on a complete maze (the generation run to its end).
fn complete(config: Config, size: (u16, u16)) -> App {
    let mut app = App::new(config, size);
    app.update(Action::ToEnd);
    app.settle();
    app
}

fn key(app: &mut App, c: char) {
    press(app, KeyCode::Char(c));
}

fn tick(app: &mut App, times: usize) {
    for _ in 0..times {
        app.update(Action::Tick(AI_TICK));
        app.settle();
    }
}

fn walk(app: &App) -> &Walk {
    match &app.mode {
        Mode::Walk(walk) => walk,
        _ => panic!("walking"),
    }
}

fn grid(app: &App) -> &Grid {
    app.stage.grid().expect("a complete maze")
}

/// The maze as this test's own parser reads it.
fn text(app: &App) -> Text {
    parse(&grid(app).to_text(None))
}

fn index(t: &Text, p: Pos) -> usize {
    p.row as usize * t.cols + p.col as usize
}

/// The key that moves from `a` to the adjacent `b`.
fn key_towards(a: Pos, b: Pos) -> char {
    match (b.row.cmp(&a.row), b.col.cmp(&a.col)) {
        (std::cmp::Ordering::Less, _) => 'k',
        (std::cmp::Ordering::Greater, _) => 'j',
        (_, std::cmp::Ordering::Less) => 'h',
        _ => 'l',
    }
}

/// The player's first moves: along a shortest route from S (by this test's search),
/// `n` of them.
fn walk_towards_e(app: &mut App, n: usize) {
    let t = text(app);
    let to_e = bfs(&t, t.goal);
    for _ in 0..n {
        let at = walk(app).player();
        let next = [(0, 1), (1, 0), (0, -1), (-1, 0)]
            .into_iter()
            .filter_map(|(dr, dc)| {
                let r = u32::try_from(i64::from(at.row) + dr).ok()?;
                let c = u32::try_from(i64::from(at.col) + dc).ok()?;
                Some(Pos::new(r, c))
            })
            .filter(|&p| grid(app).is_open(p))
            .min_by_key(|&p| to_e[index(&t, p)].unwrap_or(u32::MAX))
            .expect("a way on");
        key(app, key_towards(at, next));
    }
}

#[test]
fn the_ai_walks_on_from_mid_walk_one_tile_a_tick_and_gives_the_walk_back() {
    let mut app = complete(config(), SMALL);
    key(&mut app, 'p');
    walk_towards_e(&mut app, 6);
    let handed_at = walk(&app).player();
    let t = text(&app);

    key(&mut app, 'A');
    assert!(app.piloting(), "A* found a route: {:?}", app.status);
    tick(&mut app, 4);
    let w = walk(&app);
    assert_eq!(
        (w.moves(), w.pilot_moves),
        (10, 4),
        "one tile a 125 ms tick"
    );
    // The AI left the hand-over tile by an arrow; the player's tiles keep their trail.
    assert!(matches!(w.trail_at(handed_at), Trail::Pilot(..)));
    assert_eq!(w.trail_at(grid(&app).start()), Trail::You);
    snapshot("ai_escaping_mid_walk_80x24", &app);

    // A move key takes the walk back; A hands it over again; the AI walks to E along a
    // shortest route from where it took over.
    key(&mut app, 'h');
    assert!(!app.piloting(), "a move key takes the walk back");
    let resumed_at = walk(&app).player();
    let moves_then = walk(&app).moves();
    let left_then = bfs(&t, index(&t, resumed_at))[t.goal].expect("E reachable");
    key(&mut app, 'A');
    tick(&mut app, 500);
    let w = walk(&app);
    assert!(w.reached(), "the AI reached E");
    assert_eq!(
        w.moves() - moves_then,
        left_then as usize,
        "a shortest route"
    );
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.starts_with("the AI reached E") && s.contains("by the AI")),
        "{:?}",
        app.status
    );
}

#[test]
fn the_speed_keys_change_the_ai_pace() {
    let mut app = complete(config(), SMALL);
    key(&mut app, 'p');
    key(&mut app, 'A');
    key(&mut app, '+');
    assert_eq!(walk(&app).pace.per_second(), 16);
    tick(&mut app, 1);
    assert_eq!(
        walk(&app).pilot_moves,
        2,
        "two tiles in 125 ms at 16 a second"
    );
    key(&mut app, '-');
    key(&mut app, '-');
    app.update(Action::Tick(Duration::from_millis(249)));
    app.update(Action::Tick(Duration::from_millis(1)));
    assert_eq!(
        walk(&app).pilot_moves,
        3,
        "one tile in 250 ms at 4 a second"
    );
    press(&mut app, KeyCode::Esc);
    assert!(
        !app.piloting() && matches!(app.mode, Mode::Walk(_)),
        "Esc takes it back"
    );
}

#[test]
fn v_from_mid_walk_shows_a_shortest_route_from_the_player() {
    let mut app = complete(config(), SMALL);
    key(&mut app, 'p');
    // Down from S: off every shortest route from S to E (checked below).
    key(&mut app, 'j');
    key(&mut app, 'j');
    key(&mut app, 'v');
    let w = walk(&app);
    let t = text(&app);
    let here = index(&t, w.player());
    let (from_s, to_e) = (bfs(&t, t.start), bfs(&t, t.goal));
    let (par, left) = (
        from_s[t.goal].expect("reachable"),
        to_e[here].expect("reachable"),
    );
    assert!(
        from_s[here].expect("walked") + left > par,
        "the player is off the route"
    );
    let shown: Vec<usize> = (0..t.open.len())
        .filter(|&i| w.is_revealed(Pos::new((i / t.cols) as u32, (i % t.cols) as u32)))
        .collect();
    // A shortest route from the player's tile: it, then one tile per move, each a move
    // nearer E.
    assert!(shown.contains(&here), "it starts where the player stands");
    assert_eq!(shown.len(), left as usize + 1);
    let mut nearer: Vec<u32> = shown.iter().map(|&i| to_e[i].expect("open")).collect();
    nearer.sort_unstable();
    assert_eq!(nearer, (0..=left).collect::<Vec<u32>>());
    let note = app.status.clone().unwrap_or_default();
    assert!(
        note.contains(&format!("{left} moves"))
            && note.contains(&format!("= {}", w.moves() + left as usize))
            && note.ends_with(&format!("par {par}")),
        "{note}"
    );
}

#[test]
fn a_walker_follows_the_path_astar_traced() {
    let mut app = complete(
        Config {
            solver: Some(SolverKind::Astar),
            ..config()
        },
        SMALL,
    );
    app.update(Action::ToEnd);
    app.settle();
    let path = app
        .stage
        .search()
        .and_then(|run| run.machine().solver().path().map(<[Pos]>::to_vec))
        .expect("A* traced its path");
    key(&mut app, 'W');
    assert!(app.piloting(), "{:?}", app.status);
    tick(&mut app, 7);
    assert_eq!(walk(&app).trail, path[..8]);
    snapshot("walker_on_astar_path_80x24", &app);
    tick(&mut app, path.len());
    assert_eq!(walk(&app).trail, path, "the whole path, tile by tile");
    assert!(!app.piloting());
}

#[test]
fn a_solver_that_finds_no_route_hands_the_ai_to_astar() {
    // E on an island: a wall follower from S circles the outer wall and gives up.
    let island = "#########\n#S      #\n# ##### #\n# #   # #\n# # E # #\n# #   # #\n# ## ## #\n#       #\n#########\n";
    let mut app = App::new(
        Config {
            load: Some(Grid::parse(island).expect("valid")),
            solver: Some(SolverKind::WallFollower),
            ..config()
        },
        SMALL,
    );
    key(&mut app, 'p');
    key(&mut app, 'A');
    let pilot = walk(&app).pilot.as_ref().expect("the AI walks");
    assert_eq!(
        (pilot.kind, pilot.instead_of),
        (SolverKind::Astar, Some(SolverKind::WallFollower))
    );
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.contains("A*'s route (Wall follower found none)")),
        "{:?}",
        app.status
    );
    tick(&mut app, 40);
    let t = text(&app);
    assert!(walk(&app).reached());
    assert_eq!(
        walk(&app).moves() as u32,
        bfs(&t, t.start)[t.goal].expect("reachable")
    );
}

#[test]
fn the_hand_over_and_walker_keys_can_be_remapped() {
    let entry = |action: &str, key: &str| maze_tui::config::KeyEntry {
        action: action.to_owned(),
        keys: vec![key.to_owned()],
        line: 1,
    };
    let (keys, warnings) = maze_tui::app::keymap::Keymap::from_entries(&[
        entry("hand-over", "o"),
        entry("walker", "y"),
    ]);
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut app = complete(
        Config {
            keys,
            solver: Some(SolverKind::Astar),
            ..config()
        },
        SMALL,
    );
    key(&mut app, 'p');
    key(&mut app, 'A');
    assert!(walk(&app).pilot.is_none(), "A is no longer the key");
    key(&mut app, 'o');
    assert!(app.piloting());
    key(&mut app, 'p');
    app.update(Action::ToEnd);
    app.settle();
    key(&mut app, 'y');
    assert!(app.piloting(), "the walker: {:?}", app.status);
}

#[test]
fn w_without_a_traced_path_says_why() {
    let mut app = complete(config(), SMALL);
    key(&mut app, 'W');
    assert!(matches!(app.mode, Mode::Explore));
    assert!(app.status.as_deref().is_some_and(|s| s.contains("traced")));
}

#[test]
fn the_explorer_places_the_ends_by_the_rule_and_shows_the_par() {
    let mut app = complete(
        Config {
            ends: Ends::Diameter,
            ..config()
        },
        (120, 40),
    );
    let t = text(&app);
    let (start, goal) = (grid(&app).start(), grid(&app).goal());
    assert_eq!((index(&t, start), index(&t, goal)), (t.start, t.goal));
    let par = bfs(&t, t.start)[t.goal].expect("reachable");
    // In a tree, ends each farthest from the other are a diameter apart.
    assert_eq!(bfs(&t, t.goal).iter().flatten().max(), Some(&par));
    assert_eq!(bfs(&t, t.start).iter().flatten().max(), Some(&par));
    assert_eq!(app.par_moves(), Some(par as usize));
    snapshot("ends_diameter_stats", &app);
    // A new seed places them again on the new maze.
    app.update(Action::NewSeed);
    app.update(Action::ToEnd);
    app.settle();
    let t = text(&app);
    let from_s = bfs(&t, t.start);
    assert_eq!(
        bfs(&t, t.goal).iter().flatten().max(),
        from_s[t.goal].as_ref()
    );
    assert_eq!(app.ends_note().map(|(e, _)| e), Some(Ends::Diameter));
}

/// The event loop ticks the AI by itself: in a real terminal, `A` and nothing else walks
/// the player to E, drawn tile by tile.
#[cfg(unix)]
#[test]
fn in_a_terminal_the_ai_walks_to_e_by_the_clock() {
    use std::io::Write;
    let (mut child, mut master, rx) =
        super::tty::start(&["--seed", "7", "--width", "6", "--height", "3", "--ascii"]);
    let first = super::tty::read_until(&rx, |s| s.contains("quit"));
    assert!(first.contains("quit"), "the first frame was drawn");
    // The maze to its end; then walk mode, the AI at 32 tiles a second.
    master.write_all(b"f").expect("keys");
    let done = super::tty::read_until(&rx, |s| s.contains("complete"));
    assert!(done.contains("complete"), "the maze is complete");
    master.write_all(b"pA++").expect("keys");
    let first = first + &done;
    let parse = |bytes: &str| {
        let size = |n: u16| std::num::NonZero::new(n).expect("not zero");
        let mut parser = vt100::Parser::new(size(30), size(100), 0);
        parser.process(first.as_bytes());
        parser.process(bytes.as_bytes());
        parser.screen().contents()
    };
    let rest = super::tty::read_until(&rx, |s| parse(s).contains("reached E"));
    let text = parse(&rest);
    let _ = child.kill();
    let _ = child.wait();
    drop(master);
    assert!(text.contains("the AI reached E"), "{text}");
    assert!(text.contains("by the AI"), "{text}");
}

/// A key or some time passing.
#[derive(Clone, Copy, Debug)]
enum Input {
    Key(KeyCode),
    Tick(u64),
}

fn input() -> impl Strategy<Value = Input> {
    prop_oneof![
        prop::sample::select(vec![
            'p', 'A', 'W', 'v', 'h', 'j', 'k', 'l', '+', '-', 'f', 'n', 'r', 'E', '#', 'd',
        ])
        .prop_map(|c| Input::Key(KeyCode::Char(c))),
        Just(Input::Key(KeyCode::Esc)),
        Just(Input::Key(KeyCode::Enter)),
        (1u64..400).prop_map(Input::Tick),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Keys and ticks in any order, under any `--ends` rule: nothing panics, every frame
    /// draws, and a walk is always a chain of moves between open tiles from S, the
    /// pilot's moves among them.
    #[test]
    fn walks_handed_back_and_forth_stay_walks(
        rule in prop::sample::select(Ends::ALL.to_vec()),
        inputs in prop::collection::vec(input(), 1..80),
    ) {
        let mut app = App::new(
            Config {
                width: Some(6),
                height: Some(4),
                seed: 3,
                ends: rule,
                solver: Some(SolverKind::Dfs),
                ..config()
            },
            SMALL,
        );
        for input in inputs {
            match input {
                Input::Key(code) => press(&mut app, code),
                Input::Tick(ms) => {
                    app.update(Action::Tick(Duration::from_millis(ms)));
                    app.settle();
                }
            }
            let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("backend");
            terminal.draw(|f| render(&app, f)).expect("draw");
            if let Mode::Walk(w) = &app.mode {
                prop_assert_eq!(w.trail[0], w.grid.start());
                prop_assert!(w.pilot_moves <= w.moves());
                for pair in w.trail.windows(2) {
                    let (dr, dc) = (pair[0].row.abs_diff(pair[1].row), pair[0].col.abs_diff(pair[1].col));
                    prop_assert!(dr <= 1 && dc <= 1 && dr + dc >= 1, "{:?}", pair);
                    prop_assert!(w.grid.is_open(pair[1]));
                }
            }
        }
    }
}
