//! The whole-maze view: a race of four shows every pane's whole maze at one scale, a maze
//! too big for its pane is drawn whole until `Z`, and S and E are glyphs on top.

use maze_tui::app::race::Entrants;
use maze_tui::app::{Action, App, Cells, ColorMode, Config};
use maze_tui::solve::SolverKind;
use ratatui::style::Modifier;

use crate::screen::{buffer, rows, snapshot_text, text};

const FOUR: [SolverKind; 4] = [
    SolverKind::Astar,
    SolverKind::Dijkstra,
    SolverKind::Bfs,
    SolverKind::GreedyBestFirst,
];

fn config(cells: u32) -> Config {
    Config {
        width: Some(cells),
        height: Some(cells),
        seed: 7,
        ..Config::default()
    }
}

fn race(config: Config, size: (u16, u16), actions: &[Action]) -> App {
    let mut app = App::new(config, size);
    app.update(Action::ToEnd);
    app.settle();
    app.race_marks = Entrants::Solvers(FOUR.to_vec());
    for &a in [Action::StartRace].iter().chain(actions) {
        app.update(a);
        app.settle();
    }
    app
}

/// Where `glyph` stands in the maze panes, `(x, y)`: on the rows above a race's table
/// (and the key bar) that are not pane borders.
fn find(screen: &[String], glyph: &str) -> Vec<(usize, usize)> {
    let mut at = Vec::new();
    let panes = screen.len() - 1;
    for (y, row) in screen.iter().enumerate().take(panes) {
        if row.contains(" Race ") {
            break;
        }
        if row.contains(['─', '┌', '└']) || row.starts_with('+') {
            continue;
        }
        for (x, g) in row.chars().enumerate() {
            if g.to_string() == glyph {
                at.push((x, y));
            }
        }
    }
    at
}

/// The inner size `(width, height)` of the pane around terminal cell `(x, y)`: the
/// distance between the borders left and right of it, above and below it.
fn pane_inner(screen: &[String], (x, y): (usize, usize)) -> (usize, usize) {
    let grid: Vec<Vec<char>> = screen.iter().map(|r| r.chars().collect()).collect();
    let left = (0..x)
        .rev()
        .find(|&c| grid[y][c] == '│')
        .expect("left border");
    let right = (x + 1..grid[y].len())
        .find(|&c| grid[y][c] == '│')
        .expect("right border");
    let top = (0..y)
        .rev()
        .find(|&r| grid[r][left] == '┌')
        .expect("top border");
    let bottom = (y + 1..grid.len())
        .find(|&r| grid[r][left] == '└')
        .expect("bottom border");
    (right - left - 1, bottom - top - 1)
}

#[test]
fn a_race_of_four_on_30_by_30_shows_the_whole_maze_in_every_pane_at_80x24() {
    let app = race(config(30), (80, 24), &[Action::Step(60)]);
    let screen = rows(&buffer(&app));
    let starts = find(&screen, "S");
    let goals = find(&screen, "E");
    assert_eq!(
        starts.len(),
        4,
        "an S in every pane:\n{}",
        screen.join("\n")
    );
    assert_eq!(goals.len(), 4, "an E in every pane:\n{}", screen.join("\n"));
    // One scale and one viewport: E sits at the same place from S in every pane.
    let offsets: Vec<(i64, i64)> = starts
        .iter()
        .zip(&goals)
        .map(|(s, e)| (e.0 as i64 - s.0 as i64, e.1 as i64 - s.1 as i64))
        .collect();
    assert!(offsets.windows(2).all(|w| w[0] == w[1]), "{offsets:?}");
    assert!(
        offsets[0].0 > 0 && offsets[0].1 > 0,
        "E below and right of S"
    );
    snapshot_text("race_whole_80x24", &text(&app));
}

#[test]
fn a_race_of_four_fills_its_panes_at_200x60() {
    let app = race(
        Config {
            braid: 0.6,
            ..config(30)
        },
        (200, 60),
        &[Action::Step(200)],
    );
    let screen = rows(&buffer(&app));
    let starts = find(&screen, "S");
    let goals = find(&screen, "E");
    assert_eq!(starts.len(), 4, "{}", screen.join("\n"));
    assert_eq!(goals.len(), 4, "{}", screen.join("\n"));
    for (s, e) in starts.iter().zip(&goals) {
        let (w, h) = pane_inner(&screen, *s);
        // S is on tile (1, 1) and E on (59, 59) of 61: the picture spans a little more.
        let across = (e.0 - s.0 + 1) as f64 / w as f64;
        let down = (e.1 - s.1 + 1) as f64 / h as f64;
        assert!(
            across >= 0.8 * 59.0 / 61.0 || down >= 0.8 * 59.0 / 61.0,
            "pane {w}x{h}: the maze spans {across:.2} across, {down:.2} down"
        );
    }
    snapshot_text("race_whole_200x60", &text(&app));
}

#[test]
fn a_maze_too_big_for_its_pane_is_shown_whole_until_zoomed_in() {
    let mut app = App::new(
        Config {
            solver: Some(SolverKind::Astar),
            ..config(60)
        },
        (80, 24),
    );
    for a in [Action::ToEnd, Action::Step(100)] {
        app.update(a);
        app.settle();
    }
    let whole = text(&app);
    assert!(whole.contains("whole"), "{whole}");
    // The maze pane is the 44 columns on the left: its rows below the title.
    let maze: Vec<String> = rows(&buffer(&app))
        .iter()
        .skip(1)
        .map(|r| r.chars().take(44).collect())
        .collect();
    assert_eq!(find(&maze, "S").len(), 1, "{whole}");
    assert_eq!(find(&maze, "E").len(), 1, "{}", maze.join("\n"));
    app.update(Action::Zoom(false));
    let tiles = text(&app);
    let title = tiles.lines().next().unwrap_or_default();
    assert!(title.contains("blocks"), "the tile view: {tiles}");
    app.update(Action::Zoom(true));
    let title = text(&app).lines().next().unwrap_or_default().to_owned();
    assert!(title.contains("whole"), "{title}");
}

#[test]
fn without_colour_the_whole_view_keeps_the_path_apart_from_the_walls() {
    let mut app = App::new(
        Config {
            solver: Some(SolverKind::Astar),
            color: ColorMode::Never,
            ..config(60)
        },
        (80, 24),
    );
    for a in [Action::ToEnd, Action::ToEnd] {
        app.update(a);
        app.settle();
    }
    let buf = buffer(&app);
    let reversed = buf
        .content()
        .iter()
        .filter(|c| c.modifier.contains(Modifier::REVERSED))
        .count();
    let stars = buf.content().iter().filter(|c| c.symbol() == "*").count();
    assert!(
        reversed + stars > 10,
        "the path shows by attribute or glyph:\n{}",
        text(&app)
    );
}

#[test]
fn ascii_whole_view_draws_only_ascii() {
    let app = race(
        Config {
            ascii: true,
            ..config(30)
        },
        (80, 24),
        &[Action::ToEnd],
    );
    let screen = text(&app);
    assert!(screen.is_ascii(), "{screen}");
    let panes: Vec<String> = rows(&buffer(&app))
        .into_iter()
        .filter(|r| r.starts_with('|'))
        .take(14)
        .collect();
    assert_eq!(find(&panes, "S").len(), 4, "{screen}");
}

/// A* 40 steps into a maze of `(width, height)` cells at 80×24, its maze pane's inner
/// rows.
fn single((width, height): (u32, u32)) -> (App, Vec<String>) {
    let mut app = App::new(
        Config {
            solver: Some(SolverKind::Astar),
            width: Some(width),
            height: Some(height),
            ..config(width)
        },
        (80, 24),
    );
    for a in [Action::ToEnd, Action::Step(40)] {
        app.update(a);
        app.settle();
    }
    let maze = app.areas().expect("large enough").maze;
    let inner: Vec<String> = rows(&buffer(&app))
        .iter()
        .skip(usize::from(maze.y) + 1)
        .take(usize::from(maze.height) - 2)
        .map(|r| {
            r.chars()
                .skip(usize::from(maze.x) + 1)
                .take(usize::from(maze.width) - 2)
                .collect()
        })
        .collect();
    (app, inner)
}

/// Whether `c` is one of the characters of `cells`, or blank.
fn of_cells(cells: Cells, c: char) -> bool {
    match cells {
        Cells::Quadrant => {
            matches!(
                c,
                '\u{2596}'..='\u{259F}' | '▀' | '▄' | '▌' | '▐' | '█' | ' '
            )
        }
        Cells::Sextant => matches!(c, '\u{1FB00}'..='\u{1FB3B}' | '▌' | '▐' | '█' | ' '),
        Cells::Braille => matches!(c, '\u{2800}'..='\u{28FF}' | ' '),
        Cells::Ascii => matches!(c, '#' | ' '),
    }
}

#[test]
fn the_coarsest_cells_that_hold_every_tile_are_drawn_at_80x24() {
    // The maze pane holds 42×22 characters: 61×21 tiles (too wide for the half-block
    // view) fit in quadrants (2 × 2 dots a character), 61×61 in sextants (2 × 3), 81×81
    // only in braille (2 × 4).
    for (size, cells) in [
        ((30, 10), Cells::Quadrant),
        ((30, 30), Cells::Sextant),
        ((40, 40), Cells::Braille),
    ] {
        let (app, inner) = single(size);
        let screen = text(&app);
        let fit = app.whole_fit().expect("shown whole");
        assert_eq!(fit.cells, cells, "{screen}");
        assert!(fit.scale >= 1.0, "every tile a dot: {fit:?}");
        let name = cells.name();
        let count = |g: char| {
            inner
                .iter()
                .flat_map(|r| r.chars())
                .filter(|&c| c == g)
                .count()
        };
        assert_eq!(count('S'), 1, "S on top:\n{screen}");
        assert_eq!(count('E'), 1, "E on top:\n{screen}");
        assert_eq!(count('@'), 1, "the current tile:\n{screen}");
        let strays: String = inner
            .iter()
            .flat_map(|r| r.chars())
            .filter(|&c| !of_cells(cells, c) && !"SE@".contains(c))
            .collect();
        assert!(strays.is_empty(), "{name}: {strays:?}\n{screen}");
        snapshot_text(&format!("whole_{name}_80x24"), &screen);
    }
}

#[test]
fn zooming_out_again_takes_denser_cells_until_braille() {
    let (mut app, _) = single((30, 30));
    let cells = |app: &App| app.whole_fit().map(|f| f.cells);
    assert_eq!(cells(&app), Some(Cells::Sextant));
    app.update(Action::Zoom(true));
    assert_eq!(cells(&app), Some(Cells::Braille));
    let status = app.status.clone().unwrap_or_default();
    assert!(status.contains("braille"), "{status}");
    app.update(Action::Zoom(true));
    assert_eq!(cells(&app), Some(Cells::Braille), "the densest stays");
    let status = app.status.clone().unwrap_or_default();
    assert!(status.contains("already"), "{status}");
    app.update(Action::Zoom(false));
    assert_eq!(cells(&app), None, "the tiles");
    // Out again: the cells that fit, not the last ones zoomed to.
    app.update(Action::Zoom(true));
    assert_eq!(cells(&app), Some(Cells::Sextant));
}

#[test]
fn without_colour_every_density_marks_the_path_by_attribute_or_glyph() {
    for (width, height) in [(30, 10), (30, 30), (40, 40)] {
        let mut app = App::new(
            Config {
                solver: Some(SolverKind::Astar),
                color: ColorMode::Never,
                width: Some(width),
                height: Some(height),
                ..config(width)
            },
            (80, 24),
        );
        for a in [Action::ToEnd, Action::ToEnd] {
            app.update(a);
            app.settle();
        }
        let buf = buffer(&app);
        let maze = app.areas().expect("large enough").maze;
        let marked = (maze.y + 1..maze.bottom() - 1)
            .flat_map(|y| (maze.x + 1..maze.right() - 1).map(move |x| (x, y)))
            .filter(|&p| {
                let c = &buf[p];
                c.modifier.contains(Modifier::REVERSED) || c.symbol() == "*"
            })
            .count();
        assert!(
            marked > 10,
            "{width}x{height}: the path shows\n{}",
            text(&app)
        );
        assert!(
            buf.content()
                .iter()
                .all(|c| c.fg == ratatui::style::Color::Reset)
        );
    }
}
