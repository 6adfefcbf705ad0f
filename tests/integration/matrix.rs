//! Every overlay told apart in every view × colour mode × `--ascii`: A* run to its end on
//! one maze (S, E, the traced path, the closed set and what is left of the open set),
//! the maze pane snapshot in each of the 16 combinations, and the path, the frontier,
//! S and E found in each by glyph, colour or text attribute.

use maze_tui::app::{Action, App, ColorMode, Config, ThemeName, View};
use maze_tui::solve::SolverKind;
use maze_tui::ui::palette::Palette;
use ratatui::buffer::{Buffer, Cell};
use ratatui::style::{Color, Modifier};

use crate::screen::{buffer, rows, snapshot_text};

/// The views: the three tile views and the whole-maze view (zoomed out).
const VIEWS: [(&str, View, bool); 4] = [
    ("blocks", View::Blocks, false),
    ("thin", View::Thin, false),
    ("half", View::HalfBlock, false),
    ("whole", View::Blocks, true),
];

fn app(view: View, whole: bool, color: bool, ascii: bool) -> App {
    let config = Config {
        width: Some(10),
        height: Some(5),
        seed: 7,
        solver: Some(SolverKind::Astar),
        view,
        color: if color {
            ColorMode::Always
        } else {
            ColorMode::Never
        },
        ascii,
        ..Config::default()
    };
    let mut app = App::new(config, (80, 24));
    let mut actions = vec![Action::ToEnd, Action::ToEnd];
    if whole {
        actions.push(Action::Zoom(true));
    }
    for a in actions {
        app.update(a);
        app.settle();
    }
    app
}

/// The cells inside the maze pane's border.
fn maze_cells(app: &App, buf: &Buffer) -> Vec<Cell> {
    let maze = app.areas().expect("large enough").maze;
    let mut cells = Vec::new();
    for y in maze.y + 1..maze.bottom() - 1 {
        for x in maze.x + 1..maze.right() - 1 {
            cells.push(buf[(x, y)].clone());
        }
    }
    cells
}

/// The maze pane's rows, border included, as text.
fn maze_text(app: &App, buf: &Buffer) -> String {
    let maze = app.areas().expect("large enough").maze;
    rows(buf)
        .iter()
        .skip(usize::from(maze.y))
        .take(usize::from(maze.height))
        .map(|r| {
            r.chars()
                .skip(usize::from(maze.x))
                .take(usize::from(maze.width))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

fn has_colour(cell: &Cell, c: Color) -> bool {
    cell.fg == c || cell.bg == c
}

#[test]
fn every_overlay_is_told_apart_in_every_view_colour_mode_and_ascii() {
    let palette = Palette::of(ThemeName::Dark);
    for (name, view, whole) in VIEWS {
        for color in [true, false] {
            for ascii in [false, true] {
                let app = app(view, whole, color, ascii);
                let buf = buffer(&app);
                let cells = maze_cells(&app, &buf);
                let text = maze_text(&app, &buf);
                let case = format!(
                    "matrix_{name}_{}_{}",
                    if color { "colour" } else { "no_colour" },
                    if ascii { "ascii" } else { "unicode" }
                );
                let glyph = |g: &str| cells.iter().any(|c| c.symbol() == g);
                assert!(glyph("S") && glyph("E"), "{case}: S and E\n{text}");
                let attribute = |m: Modifier| cells.iter().any(|c| c.modifier.contains(m));
                let path = glyph("*")
                    || (color && cells.iter().any(|c| has_colour(c, palette.path.bg)))
                    || attribute(Modifier::REVERSED)
                    || attribute(Modifier::UNDERLINED);
                assert!(path, "{case}: the path\n{text}");
                let closed = glyph(".")
                    || (color && cells.iter().any(|c| has_colour(c, palette.closed)))
                    || attribute(Modifier::DIM)
                    || attribute(Modifier::UNDERLINED);
                assert!(closed, "{case}: the closed set\n{text}");
                if ascii {
                    assert!(text.is_ascii(), "{case}: ASCII only\n{text}");
                }
                if !color {
                    assert!(
                        cells
                            .iter()
                            .all(|c| c.fg == Color::Reset && c.bg == Color::Reset),
                        "{case}: no colour at all"
                    );
                }
                snapshot_text(&case, &text);
            }
        }
    }
}

/// Without colour, the half-block view keeps every wall half where an overlay falls on
/// the other half: the walls of the maze drawn with no overlay at all are still there.
#[test]
fn half_blocks_without_colour_keep_the_walls_under_overlays() {
    let bare = {
        let config = Config {
            width: Some(10),
            height: Some(5),
            seed: 7,
            view: View::HalfBlock,
            color: ColorMode::Never,
            ..Config::default()
        };
        let mut app = App::new(config, (80, 24));
        app.update(Action::ToEnd);
        app.settle();
        app
    };
    let solved = app(View::HalfBlock, false, false, false);
    let walls = |app: &App| -> Vec<bool> {
        maze_cells(app, &buffer(app))
            .iter()
            .map(|c| matches!(c.symbol(), "█" | "▀" | "▄"))
            .collect()
    };
    let (before, after) = (walls(&bare), walls(&solved));
    let solved_cells = maze_cells(&solved, &buffer(&solved));
    for (i, (&b, &a)) in before.iter().zip(&after).enumerate() {
        // S, E and the current tile may stand on a character with a wall half.
        let glyph = solved_cells[i].symbol();
        if b && !["S", "E", "@"].contains(&glyph) {
            assert!(a, "cell {i}: a wall half became {glyph:?}");
        }
    }
}
