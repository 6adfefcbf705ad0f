//! The key bar: the most useful keys, and a count being typed.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::theme::Theme;
use crate::app::App;

/// The keys shown, most useful first (cut off at the right on narrow terminals).
pub const KEYS: [(&str, &str); 9] = [
    ("n", "step"),
    ("b", "back"),
    ("space", "play"),
    ("+/-", "speed"),
    ("f/g", "end/start"),
    ("enter", "run"),
    ("r", "new"),
    ("?", "help"),
    ("q", "quit"),
];

/// Draw the key bar into `area` (one row).
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let mut spans = vec![Span::raw(" ")];
    if let Some(count) = app.count {
        spans.push(Span::styled(format!("{count}x "), theme.highlight()));
    }
    if let Some(status) = &app.status {
        spans.push(Span::styled(format!("{status} "), theme.highlight()));
        spans.push(Span::raw(" "));
    }
    for (i, (key, what)) in KEYS.iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(theme.sep(), theme.dim()));
        }
        spans.push(Span::styled(*key, theme.title()));
        spans.push(Span::raw(format!(" {what}")));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
