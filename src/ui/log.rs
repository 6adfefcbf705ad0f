//! The log pane: events in words, in time order, newest at the bottom, one section per
//! run (see [`crate::app::log`]). Long lines wrap at a space, never inside a coordinate.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::app::App;

/// Draw the log into `area`.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let title = if app.log_scroll > 0 {
        format!(" Log (-{}, PgDn to return) ", app.log_scroll)
    } else {
        " Log ".to_owned()
    };
    let buf = frame.buffer_mut();
    let title = Line::from(Span::styled(title, theme.title()));
    let inner = super::pane(buf, area, theme, theme.border_style(false), title);
    let height = usize::from(inner.height);
    let width = usize::from(inner.width).max(8);
    let lines = app.log_lines();
    // Wrap only the lines that can show: the last `height + scroll` rows.
    let mut rows: Vec<(String, bool)> = Vec::new();
    let need = height + app.log_scroll;
    for line in lines.iter().rev() {
        let header = line.starts_with("──") || line.starts_with("--");
        let wrapped = wrap(line, width);
        for piece in wrapped.into_iter().rev() {
            rows.push((piece, header));
        }
        if rows.len() >= need {
            break;
        }
    }
    rows.reverse();
    let end = rows.len().saturating_sub(app.log_scroll);
    let start = end.saturating_sub(height);
    for (y, (text, header)) in (inner.y..inner.bottom()).zip(&rows[start..end]) {
        let style = if *header {
            theme.title()
        } else {
            ratatui::style::Style::default()
        };
        buf.set_line(
            inner.x,
            y,
            &Line::from(Span::styled(text.as_str(), style)),
            inner.width,
        );
    }
}

/// The log's lines that the pane in `area` shows whole (every row of them), oldest first:
/// none while the log is scrolled back. The stats leave out their "last" line when it is
/// one of these (the same words twice on screen cost a step about 60 bytes on the wire).
#[must_use]
pub fn shown_whole(app: &App, area: Rect) -> Vec<String> {
    if app.log_scroll > 0 {
        return Vec::new();
    }
    let inner = crate::app::viewport::inner(area);
    let mut room = usize::from(inner.height);
    let width = usize::from(inner.width).max(8);
    let mut shown = Vec::new();
    for line in app.log_lines().into_iter().rev() {
        let rows = wrap(&line, width).len();
        if rows > room {
            break;
        }
        room -= rows;
        shown.push(line);
    }
    shown.reverse();
    shown
}

/// `line` cut into pieces at most `width` characters long, breaking at spaces (a
/// continuation is indented two more than the line); a word longer than a row is cut.
fn wrap(line: &str, width: usize) -> Vec<String> {
    let body = line.trim_start_matches(' ');
    let indent = line.len() - body.len();
    let mut out = Vec::new();
    let mut current = " ".repeat(indent);
    let mut len = indent;
    for word in body.split(' ') {
        let word_len = word.chars().count();
        if len > indent && len + 1 + word_len > width {
            out.push(std::mem::take(&mut current));
            current = " ".repeat(indent + 2);
            len = indent + 2;
        } else if len > indent {
            current.push(' ');
            len += 1;
        }
        current.push_str(word);
        len += word_len;
    }
    out.push(current);
    out.into_iter()
        .map(|s| s.chars().take(width).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn long_lines_wrap_at_spaces_never_inside_a_coordinate() {
        assert_eq!(
            wrap("pop (1,2) w=.036: carve (1,1)→(1,2)", 20),
            ["pop (1,2) w=.036:", "  carve (1,1)→(1,2)"]
        );
        assert_eq!(wrap("short", 20), ["short"]);
        assert_eq!(
            wrap("  push (3,8) f=24 g=11", 14),
            ["  push (3,8)", "    f=24 g=11"]
        );
    }
}
