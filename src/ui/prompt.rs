//! The prompt, drawn over the key bar: its question, the text typed and a cursor.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::theme::Theme;
use crate::app::prompt::Prompt;

/// Draw `prompt` into `area` (one row), the end of a long text kept in view.
pub fn render(prompt: &Prompt, theme: &Theme, frame: &mut Frame, area: Rect) {
    let hint = "  (Enter saves, Esc cancels)";
    let label = prompt.label();
    let room = usize::from(area.width).saturating_sub(label.len() + hint.len() + 2);
    let chars = prompt.text.chars().count();
    let shown: String = prompt
        .text
        .chars()
        .skip(chars.saturating_sub(room))
        .collect();
    // An untouched suggestion is shown selected (reversed): typing replaces it.
    let text_style = if prompt.suggested {
        theme
            .highlight()
            .add_modifier(ratatui::style::Modifier::REVERSED)
    } else {
        theme.highlight()
    };
    let line = Line::from(vec![
        Span::styled(format!(" {label}"), theme.title()),
        Span::styled(shown, text_style),
        Span::styled("_", theme.highlight()),
        Span::styled(hint, theme.dim()),
    ]);
    theme.clear(frame.buffer_mut(), area);
    frame.render_widget(Paragraph::new(line), area);
}
