//! What the tests of the screen share: drawing an app on ratatui's `TestBackend`, its text,
//! snapshots in the top-level `snapshots/` folder, and keys pressed through the key map.

use maze_tui::app::{App, input};
use maze_tui::ui::render;
use ratatui::Terminal;
use ratatui::backend::{CrosstermBackend, TestBackend};
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

/// A writer that only counts the bytes written to it.
#[derive(Clone, Default)]
struct Counter(std::rc::Rc<std::cell::Cell<usize>>);

impl std::io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.set(self.0.get() + buf.len());
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A `width × height` terminal on ratatui's crossterm backend that writes nowhere and
/// counts what a draw sends.
pub struct ByteCounter {
    term: Terminal<CrosstermBackend<Counter>>,
    counter: Counter,
}

impl ByteCounter {
    pub fn new(width: u16, height: u16) -> Self {
        let counter = Counter::default();
        let term = Terminal::with_options(
            CrosstermBackend::new(counter.clone()),
            ratatui::TerminalOptions {
                viewport: ratatui::Viewport::Fixed(ratatui::layout::Rect::new(0, 0, width, height)),
            },
        )
        .expect("a terminal over a counter");
        Self { term, counter }
    }

    /// Bytes the backend writes to draw `app`'s frame over the one drawn before.
    pub fn draw(&mut self, app: &App) -> usize {
        self.counter.0.set(0);
        self.term
            .draw(|f| render(app, f))
            .expect("draw into a counter");
        self.counter.0.get()
    }
}
