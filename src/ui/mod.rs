//! Pure rendering: [`render`] draws an [`App`] into a ratatui [`Frame`], one file per pane,
//! styles and glyphs in [`theme`]. Nothing here changes state.

pub mod help;
pub mod keys;
pub mod layout;
pub mod list;
pub mod log;
pub mod maze;
pub mod stats;
pub mod theme;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::Paragraph;

use crate::app::App;
use theme::Theme;

/// Draw the whole screen.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    let theme = Theme::new(app.config.color, app.config.ascii);
    let Some(areas) = layout::areas(area) else {
        too_small(&theme, frame, area);
        return;
    };
    maze::render(app, &theme, frame, areas.maze);
    list::render(app, &theme, frame, areas.list);
    stats::render(app, &theme, frame, areas.stats);
    log::render(app, &theme, frame, areas.log);
    keys::render(app, &theme, frame, areas.keys);
    if app.help {
        help::render(&theme, frame, area);
    }
}

fn too_small(theme: &Theme, frame: &mut Frame, area: Rect) {
    let text = format!(
        "terminal too small: need {}{x}{}, have {}{x}{}",
        layout::MIN_COLS,
        layout::MIN_ROWS,
        area.width,
        area.height,
        x = theme.times(),
    );
    frame.render_widget(
        Paragraph::new(text).wrap(ratatui::widgets::Wrap { trim: true }),
        area,
    );
}
