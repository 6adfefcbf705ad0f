//! The `?` overlay: the whole screen, every key in groups, lines wrapped at spaces, scrolled
//! with the keys a pager uses.

use maze_tui::app::{App, Config, Overlay};
use ratatui::crossterm::event::KeyCode;

use crate::screen::{keys, press, rows, snapshot_text, text};

fn app(size: (u16, u16)) -> App {
    let config = Config {
        width: Some(20),
        height: Some(10),
        seed: 7,
        ..Config::default()
    };
    App::new(config, size)
}

/// The rows inside the overlay's border.
fn inside(app: &App) -> Vec<String> {
    let buf = crate::screen::buffer(app);
    rows(&buf)
        .iter()
        .skip(1)
        .take(usize::from(app.size.1).saturating_sub(2))
        .map(|row| {
            let chars: Vec<char> = row.chars().collect();
            chars[1..chars.len().saturating_sub(1)].iter().collect()
        })
        .collect()
}

#[test]
fn help_at_80x24_scrolls_to_its_end_and_cuts_no_line() {
    let mut app = app((80, 24));
    keys(&mut app, "?");
    assert_eq!(app.overlay, Overlay::Help);
    let mut pages = Vec::new();
    for _ in 0..30 {
        pages.push(text(&app));
        // Words wrap before the border: the last column inside it is always blank.
        for row in inside(&app) {
            assert!(row.ends_with(' '), "a line runs into the border: {row:?}");
        }
        press(&mut app, KeyCode::PageDown);
    }
    keys(&mut app, "G");
    let end = text(&app);
    assert_eq!(pages.last(), Some(&end), "PgDn reaches the end and stays");
    let all = pages.concat();
    for key in ["E ", " p ", " i ", " v ", "Esc", " q ", "Ctrl-C", "?"] {
        assert!(all.contains(key), "{key:?} is never shown:\n{all}");
    }
    for group in [
        "Stepping",
        "Lists and races",
        "Editing and walking",
        "Views and files",
    ] {
        assert!(all.contains(group), "no {group} group");
    }
    assert!(end.contains("f=g+h"), "the end shows the last row:\n{end}");
    snapshot_text("help_80x24_at_its_end", &end);
    // g goes back to the top, k at the top stays there, Esc closes.
    keys(&mut app, "g");
    assert_eq!(text(&app), pages[0]);
    keys(&mut app, "k");
    assert_eq!(text(&app), pages[0]);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, Overlay::None);
    assert!(!app.quit);
}

#[test]
fn help_fills_a_large_terminal() {
    let mut app = app((200, 60));
    keys(&mut app, "?");
    let screen = text(&app);
    let first = screen.lines().next().unwrap_or_default();
    assert!(first.starts_with('┌') && first.ends_with('┐'), "{first}");
    for row in inside(&app) {
        assert!(row.ends_with(' '), "{row:?}");
    }
}
