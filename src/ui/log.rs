//! The log pane: lines fill downward and turn a page when the pane is full (one new line
//! redraws one row); scrollable.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::theme::Theme;
use crate::app::App;

/// Draw the log into `area`.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let title = if app.log_scroll > 0 {
        format!(" Log (-{}) ", app.log_scroll)
    } else {
        " Log ".to_owned()
    };
    let block = Block::bordered()
        .border_set(theme.border())
        .border_style(theme.border_style(false))
        .title(Span::styled(title, theme.title()));
    let inner = block.inner(area);
    let height = usize::from(inner.height);
    let (start, end) = if app.log_scroll == 0 {
        let (skip, take) = app.log.page(height);
        (skip, skip + take)
    } else {
        let end = app.log.len().saturating_sub(app.log_scroll);
        (end.saturating_sub(height), end)
    };
    let lines: Vec<Line> = app
        .log
        .lines()
        .skip(start)
        .take(end - start)
        .map(|l| Line::from(l.to_owned()))
        .collect();
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
