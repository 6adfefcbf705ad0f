//! The key bar: the most useful keys, and a count being typed.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::theme::Theme;
use crate::app::{App, Mode};

/// The keys shown, most useful first; the last two always show, the others as room allows.
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

/// The keys of a race.
pub const RACE_KEYS: [(&str, &str); 7] = [
    ("n", "step all"),
    ("b", "back"),
    ("space", "play"),
    ("f/g", "end/start"),
    ("Esc", "leave race"),
    ("?", "help"),
    ("q", "quit"),
];

/// The keys of edit mode, most useful first.
pub const EDIT_KEYS: [(&str, &str); 8] = [
    ("hjkl", "move"),
    ("#", "wall"),
    ("1-9", "terrain"),
    ("S/X", "start/goal"),
    ("u", "undo"),
    ("a", "auto re-run"),
    ("w", "save"),
    ("E", "done"),
];

/// The keys of walk mode.
pub const WALK_KEYS: [(&str, &str); 6] = [
    ("hjkl", "walk"),
    ("v", "cheapest"),
    ("A", "AI walks"),
    ("+/-", "pace"),
    ("p", "done"),
    ("q", "quit"),
];

/// The keys of inspect mode.
pub const INSPECT_KEYS: [(&str, &str); 5] = [
    ("hjkl", "move"),
    ("v", "came-from"),
    ("n/b", "step/back"),
    ("i", "done"),
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
    let keys: &[(&str, &str)] = match app.mode {
        Mode::Explore if matches!(app.stage, crate::app::Stage::Race { .. }) => &RACE_KEYS,
        Mode::Explore => &KEYS,
        Mode::Edit { .. } => &EDIT_KEYS,
        Mode::Walk(_) => &WALK_KEYS,
        Mode::Inspect { .. } => &INSPECT_KEYS,
    };
    // The last two keys (help, quit or done) always show: a narrow terminal drops the
    // keys before them that do not fit, so no one is left without a way out.
    let used: usize = spans.iter().map(Span::width).sum();
    let sep = theme.sep();
    let width = |(key, what): &(&str, &str)| {
        sep.chars().count() + key.chars().count() + 1 + what.chars().count()
    };
    let pinned = keys.len().saturating_sub(2);
    let mut room = usize::from(area.width)
        .saturating_sub(used + keys[pinned..].iter().map(width).sum::<usize>());
    let mut shown: Vec<&(&str, &str)> = Vec::with_capacity(keys.len());
    for item in &keys[..pinned] {
        if width(item) > room {
            break;
        }
        room -= width(item);
        shown.push(item);
    }
    shown.extend(&keys[pinned..]);
    for (i, (key, what)) in shown.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(sep, theme.dim()));
        }
        spans.push(Span::styled(*key, theme.title()));
        spans.push(Span::raw(format!(" {what}")));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
