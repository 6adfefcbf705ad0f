//! What the tests of the screen share: drawing an app on ratatui's `TestBackend`, its text,
//! snapshots in the top-level `snapshots/` folder, and keys pressed through the key map.

use maze_tui::app::{App, input};
use maze_tui::ui::render;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

/// The frame `app` draws.
pub fn buffer(app: &App) -> Buffer {
    let mut terminal =
        Terminal::new(TestBackend::new(app.size.0, app.size.1)).expect("test backend");
    terminal.draw(|f| render(app, f)).expect("draw");
    terminal.backend().buffer().clone()
}

/// The frame's rows of text, each ending in a newline.
pub fn text(app: &App) -> String {
    rows(&buffer(app)).join("\n") + "\n"
}

/// The rows of `buf` as text.
pub fn rows(buf: &Buffer) -> Vec<String> {
    let width = usize::from(buf.area.width.max(1));
    buf.content()
        .chunks(width)
        .map(|row| row.iter().map(ratatui::buffer::Cell::symbol).collect())
        .collect()
}

/// Compare `text` with the snapshot `name`.
pub fn snapshot_text(name: &str, text: &str) {
    insta::with_settings!({
        snapshot_path => "../../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, text);
    });
}

/// Press `code` as the terminal would send it: through the app's key map, the long work
/// it starts done before the next key (as the event loop does between frames).
pub fn press(app: &mut App, code: KeyCode) {
    let event = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    if let Some(action) = input::map_app_event(&event, app) {
        app.update(action);
        app.settle();
    }
}

/// Type `keys`, one character a key.
pub fn keys(app: &mut App, keys: &str) {
    for c in keys.chars() {
        press(app, KeyCode::Char(c));
    }
}
