//! Pure rendering: [`render`] draws an [`App`] into a ratatui [`Frame`], one file per pane,
//! styles and glyphs in [`theme`]. Nothing here changes state.

pub mod code;
mod dots;
pub mod edit;
pub mod flow;
pub mod guess;
pub mod help;
pub mod inspect;
pub mod keys;
mod legend;
pub mod list;
pub mod log;
pub mod maze;
pub mod palette;
pub mod prompt;
pub mod quiz;
pub mod race;
pub mod robot;
pub mod settings;
pub mod stats;
pub mod structure;
pub mod theme;
mod whole;
pub mod wire;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::app::viewport::{self, Pane};
use crate::app::{App, Overlay};
use theme::Theme;

/// Draw the whole screen.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    let theme = Theme::of(&app.config);
    frame.buffer_mut().set_style(area, theme.base());
    if app.guess().is_some() {
        guess::render(app, &theme, frame);
        return;
    }
    // Laid out in the frame as it is, so nothing is drawn outside it.
    let Some(areas) = app.areas_in(area) else {
        too_small(&theme, frame, area);
        return;
    };
    if let crate::app::Stage::Race { race, .. } = &app.stage {
        let keys = areas.keys;
        let above = Rect::new(area.x, area.y, area.width, keys.y.saturating_sub(area.y));
        race::render(app, race, &theme, frame, above);
        keys::render(app, &theme, frame, keys);
        if app.overlay == Overlay::Help {
            help::render(app, &theme, frame, area);
        }
        return;
    }
    maze::render(app, &theme, frame, areas.maze);
    let tab = areas
        .tabs
        .and_then(|(bar, body)| Some((bar, body, areas.tab_shown(app.tab)?)));
    // The lines the log shows whole, wherever it is: the stats do not repeat them.
    let log_area = areas.pane(Pane::Log).or(match tab {
        Some((_, body, Pane::Log)) => Some(body),
        _ => None,
    });
    let in_log = log_area
        .map(|a| log::shown_whole(app, a))
        .unwrap_or_default();
    for &(pane, rect) in &areas.panes {
        render_pane(app, &theme, frame, pane, rect, &in_log);
    }
    if let Some((bar, body, shown)) = tab {
        tab_bar(&theme, frame.buffer_mut(), bar, &areas.tabbed(), shown);
        render_pane(app, &theme, frame, shown, body, &in_log);
    }
    match &app.prompt {
        Some(p) => prompt::render(p, &theme, frame, areas.keys),
        None => match app.question() {
            Some(q) => quiz::render_bar(app, &q, &theme, frame, areas.keys),
            None => keys::render(app, &theme, frame, areas.keys),
        },
    }
    if app.overlay == Overlay::Help {
        help::render(app, &theme, frame, area);
    }
}

/// Draw one side pane into `area`; `in_log` are the log's lines shown whole on screen.
fn render_pane(
    app: &App,
    theme: &Theme,
    frame: &mut Frame,
    pane: Pane,
    area: Rect,
    in_log: &[String],
) {
    match pane {
        Pane::List => list::render(app, theme, frame, area),
        Pane::Stats => stats::render(app, theme, frame, area, in_log),
        Pane::Code => code::render(app, theme, frame, area),
        Pane::Structure => structure::render(app, theme, frame, area),
        Pane::Log => log::render(app, theme, frame, area),
    }
}

/// The tab bar of a small terminal: one name per tabbed pane, the one shown highlighted,
/// then the key that shows the next. Where the whole does not fit, the names close up
/// (no space between them) and the key is said shorter; where it still does not, the key
/// is left out rather than cut.
fn tab_bar(theme: &Theme, buf: &mut Buffer, area: Rect, tabs: &[Pane], shown: Pane) {
    const KEY: &str = "s: next";
    const SHORT: &str = "s:next";
    let width = usize::from(area.width);
    let names: usize = tabs.iter().map(|p| p.tab().chars().count() + 2).sum();
    let spaced = names + tabs.len() + KEY.len() <= width;
    let mut spans = Vec::new();
    for &pane in tabs {
        let style = if pane == shown {
            theme.highlight()
        } else {
            theme.dim()
        };
        spans.push(Span::styled(format!(" {} ", pane.tab()), style));
        if spaced {
            spans.push(Span::raw(" "));
        }
    }
    if let Some(key) = [KEY, SHORT].into_iter().find(|k| names + k.len() <= width) {
        spans.push(Span::styled(key, theme.dim()));
    }
    buf.set_line(area.x, area.y, &Line::from(spans), area.width);
}

fn too_small(theme: &Theme, frame: &mut Frame, area: Rect) {
    let text = format!(
        "terminal too small: need {}{x}{}, have {}{x}{}",
        viewport::MIN_COLS,
        viewport::MIN_ROWS,
        area.width,
        area.height,
        x = theme.times(),
    );
    frame.render_widget(
        Paragraph::new(text).wrap(ratatui::widgets::Wrap { trim: true }),
        area,
    );
}

/// Draw a pane's border (in `style`) and its title (left, on the top border) into `area`,
/// exactly as `Block::bordered()` would on a blank frame, and return the area inside.
/// Unlike `Block`, it does not restyle every cell inside (with a default style that changes
/// nothing): over the whole screen that was about a tenth of a frame's work.
pub fn pane(buf: &mut Buffer, area: Rect, theme: &Theme, style: Style, title: Line) -> Rect {
    let area = area.intersection(buf.area);
    if area.width < 2 || area.height < 2 {
        let block = Block::bordered()
            .border_set(theme.border())
            .border_style(style)
            .title(title);
        let inner = block.inner(area);
        block.render(area, buf);
        return inner;
    }
    let set = theme.border();
    let (left, top) = (area.left(), area.top());
    let (right, bottom) = (area.right() - 1, area.bottom() - 1);
    let mut put = |x: u16, y: u16, symbol: &str| {
        buf[(x, y)].set_symbol(symbol).set_style(style);
    };
    for x in left + 1..right {
        put(x, top, set.horizontal_top);
        put(x, bottom, set.horizontal_bottom);
    }
    for y in top + 1..bottom {
        put(left, y, set.vertical_left);
        put(right, y, set.vertical_right);
    }
    put(left, top, set.top_left);
    put(right, top, set.top_right);
    put(left, bottom, set.bottom_left);
    put(right, bottom, set.bottom_right);
    let width = u16::try_from(title.width()).unwrap_or(u16::MAX);
    title.render(Rect::new(left + 1, top, width.min(area.width - 2), 1), buf);
    viewport::inner(area)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::ColorMode;
    use ratatui::style::{Color, Modifier};
    use ratatui::text::Span;

    #[test]
    fn a_pane_is_drawn_exactly_as_a_bordered_block() {
        for (color, ascii) in [(ColorMode::Auto, false), (ColorMode::Never, true)] {
            let theme = Theme::new(color, ascii);
            for focused in [false, true] {
                let style = theme.border_style(focused);
                for (w, h) in [(2, 2), (3, 5), (12, 4), (40, 10)] {
                    let title = || {
                        Line::from(vec![
                            Span::styled(" Maze ", theme.title()),
                            Span::styled("20×10 ", Style::default().fg(Color::Red)),
                            Span::styled("heat ", Style::default().add_modifier(Modifier::DIM)),
                        ])
                    };
                    let area = Rect::new(1, 2, w, h);
                    let mut ours = Buffer::empty(Rect::new(0, 0, 45, 14));
                    let inner = pane(&mut ours, area, &theme, style, title());
                    let block = Block::bordered()
                        .border_set(theme.border())
                        .border_style(style)
                        .title(title());
                    let mut theirs = Buffer::empty(Rect::new(0, 0, 45, 14));
                    let block_inner = block.inner(area);
                    block.render(area, &mut theirs);
                    assert_eq!(ours, theirs, "{w}x{h} focused {focused} ascii {ascii}");
                    assert_eq!(inner, block_inner);
                }
            }
        }
    }
}
