//! The structure pane: the machine's live data structure as a list — the open set in pop
//! order with f, g and h, the stack from its top, the queue from its head, the sets, the
//! walk — named as the algorithm names it.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::flow::flow;
use super::theme::Theme;
use crate::app::{App, Stage};
use crate::teach::Structure;
use crate::teach::Teach;

/// The structure of the machine at work, with room for `rows` entries.
fn structure(app: &App, rows: usize) -> Option<Structure> {
    match &app.stage {
        Stage::Solving { run, .. } => Some(run.machine().solver().structure(rows)),
        Stage::Generating { run, .. } => Some(run.machine().generator().structure(rows)),
        _ => None,
    }
}

/// Draw the structure pane into `area`.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let rows = usize::from(area.height.saturating_sub(3));
    let found = structure(app, rows);
    let title = match &found {
        Some(s) if !s.name.is_empty() => format!(" {} ({}) ", capitalised(s.name), s.len),
        _ => " Structure ".to_owned(),
    };
    let buf = frame.buffer_mut();
    let inner = super::pane(
        buf,
        area,
        theme,
        theme.border_style(false),
        Line::from(Span::styled(title, theme.title())),
    );
    if let Some(choices) = super::quiz::choice_lines(app, theme) {
        for (y, line) in (inner.y..inner.bottom()).zip(&choices) {
            buf.set_line(inner.x, y, line, inner.width);
        }
        return;
    }
    let Some(s) = found else {
        return;
    };
    let height = usize::from(inner.height);
    let mut lines = Vec::new();
    if !s.order.is_empty() {
        lines.extend(flow(
            vec![Line::from(Span::styled(s.order.to_owned(), theme.dim()))],
            inner.width,
        ));
    }
    if s.len == 0 {
        lines.push(Line::from(Span::styled("(empty)", theme.dim())));
    }
    // Entries laid out by words, as many as fit whole, the last row kept for "+N more"
    // when some are left out.
    let mut shown = 0;
    for (i, entry) in s.entries.iter().enumerate() {
        let style = if i == 0 {
            theme.title()
        } else {
            ratatui::style::Style::default()
        };
        let detail = if theme.ascii {
            super::theme::ascii_only(&entry.detail)
        } else {
            entry.detail.clone()
        };
        let entry_lines = flow(
            vec![Line::from(vec![
                Span::styled(format!("{:<9}", entry.pos.to_string()), style),
                Span::styled(detail, style),
            ])],
            inner.width,
        );
        let left = s.len - i - 1;
        let reserve = usize::from(left > 0);
        if lines.len() + entry_lines.len() + reserve > height {
            break;
        }
        lines.extend(entry_lines);
        shown += 1;
    }
    if s.len > shown && s.len > 0 {
        let more = s.len - shown;
        lines.truncate(height.saturating_sub(1));
        lines.push(Line::from(Span::styled(
            format!("+{more} more"),
            theme.dim(),
        )));
    }
    for (y, line) in (inner.y..inner.bottom()).zip(&lines) {
        buf.set_line(inner.x, y, line, inner.width);
    }
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
