//! The inspector's section of the stats pane: the tile under the cursor, its terrain, and
//! what the algorithm at work knows of it, in the machine's own words.

use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::app::{App, Mode};

/// The inspector's lines (none outside inspect mode).
#[must_use]
pub fn lines(app: &App, theme: &Theme) -> Vec<Line<'static>> {
    let Some((tile, found)) = app.inspection() else {
        return Vec::new();
    };
    let label = |s: &str| Span::styled(s.to_owned(), theme.dim());
    let text = |s: String| {
        if theme.ascii {
            super::theme::ascii_only(&s)
        } else {
            s
        }
    };
    let ground = match app.stage.grid() {
        Some(g) if tile == g.start() => "S".to_owned(),
        Some(g) if tile == g.goal() => "E".to_owned(),
        Some(g) => g
            .cost(tile)
            .map_or_else(|| "wall".to_owned(), |c| format!("cost {c}")),
        None if app.stage.is_open(tile) => "open".to_owned(),
        None => "wall".to_owned(),
    };
    let mut lines = vec![Line::from(vec![
        Span::styled("inspect ", theme.title()),
        Span::raw(format!("{tile} {ground}")),
    ])];
    lines.push(Line::from(vec![
        label("status "),
        Span::raw(text(found.status)),
    ]));
    let mut fields = vec![Span::raw(" ")];
    for (name, value) in found.fields {
        fields.push(label(&format!("{name} ")));
        fields.push(Span::raw(text(format!("{value}  "))));
    }
    if fields.len() > 1 {
        lines.push(Line::from(fields));
    }
    if let Mode::Inspect { arrows, .. } = app.mode {
        let hint = if arrows {
            "came-from arrows shown (v hides)"
        } else {
            "v: came-from arrows"
        };
        lines.push(Line::from(label(hint)));
    }
    lines
}
