//! The log pane: the newest lines at the bottom, scrollable.

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
    let total = app.log.len();
    let end = total.saturating_sub(app.log_scroll);
    let start = end.saturating_sub(height);
    let lines: Vec<Line> = app
        .log
        .lines()
        .skip(start)
        .take(end - start)
        .map(|l| Line::from(l.to_owned()))
        .collect();
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
