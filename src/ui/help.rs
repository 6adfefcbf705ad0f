//! The `?` overlay: the whole screen, every key and glyph in groups (from
//! [`crate::app::help::BINDINGS`], laid out by [`crate::app::help::rows`]), scrolled to the
//! app's help position, with where it is on the bottom border.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::app::App;
use crate::app::help::{self, HelpRow};

/// Draw the help over all of `area`.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let buf = frame.buffer_mut();
    theme.clear(buf, area);
    let sep = theme.sep();
    let title = Line::from(Span::styled(
        format!(" Keys{sep}? or Esc closes{sep}j k PgUp PgDn g G scroll "),
        theme.title(),
    ));
    let inner = super::pane(buf, area, theme, theme.border_style(true), title);
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    let rows = help::rows(inner.width, &app.config.keys);
    let top = app.help_top();
    let keys_w = help::keys_width(inner.width);
    let shown = rows.iter().skip(top).take(usize::from(inner.height));
    for (y, row) in (inner.y..).zip(shown) {
        let line = match row {
            HelpRow::Heading(title) => Line::from(Span::styled(*title, theme.highlight())),
            HelpRow::Line { keys, text } => Line::from(vec![
                Span::styled(
                    format!(" {keys:<w$} ", w = usize::from(keys_w)),
                    theme.title(),
                ),
                Span::raw(text.clone()),
            ]),
            HelpRow::Blank => continue,
        };
        buf.set_line(inner.x, y, &line, inner.width);
    }
    let last = (top + usize::from(inner.height)).min(rows.len());
    let dash = if theme.ascii { "-" } else { "–" };
    let more = if last < rows.len() {
        format!("{sep}more below")
    } else {
        format!("{sep}the end")
    };
    let position = format!(" rows {}{dash}{last} of {}{more} ", top + 1, rows.len());
    let width = u16::try_from(position.chars().count()).unwrap_or(u16::MAX);
    if area.height >= 2 && width + 2 <= area.width {
        let x = area.right() - 1 - width;
        buf.set_string(x, area.bottom() - 1, position, theme.dim());
    }
}
