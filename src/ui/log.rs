//! The log pane: lines fill downward, then wrap round to the top, the newest in bold (one
//! new line redraws two rows; see [`crate::app::Log::rows`]); scrolled back, oldest first.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::app::App;

/// Draw the log into `area`.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let title = if app.log_scroll > 0 {
        format!(" Log (-{}) ", app.log_scroll)
    } else {
        " Log ".to_owned()
    };
    let buf = frame.buffer_mut();
    let title = Line::from(Span::styled(title, theme.title()));
    let inner = super::pane(buf, area, theme, theme.border_style(false), title);
    let height = usize::from(inner.height);
    let lines: Vec<Line> = if app.log_scroll == 0 {
        let newest = app.log.newest_row(height);
        app.log
            .rows(height)
            .into_iter()
            .enumerate()
            .map(|(i, row)| {
                let text = row.unwrap_or_default();
                if Some(i) == newest {
                    Line::from(Span::styled(text, theme.title()))
                } else {
                    Line::from(text)
                }
            })
            .collect()
    } else {
        let end = app.log.len().saturating_sub(app.log_scroll);
        let start = end.saturating_sub(height);
        app.log
            .lines()
            .skip(start)
            .take(end - start)
            .map(Line::from)
            .collect()
    };
    for (y, line) in (inner.y..inner.bottom()).zip(&lines) {
        buf.set_line(inner.x, y, line, inner.width);
    }
}
