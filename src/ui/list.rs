//! The algorithm list: generators, then solvers (greyed until the maze is complete).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{List, ListItem, ListState};

use super::theme::Theme;
use crate::app::{App, Focus, Item};

/// Draw the list into `area`.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let running_gen = app.stage.generation().map(|g| g.machine().kind());
    let running_solver = app.stage.search().map(|s| s.machine().kind());
    let items: Vec<ListItem> = app
        .items
        .iter()
        .map(|&item| {
            let line = match item {
                Item::GenHeader => Line::from(Span::styled("Generators", theme.title())),
                Item::SolveHeader => Line::from(Span::styled("Solvers", theme.title())),
                Item::Gen(kind) => {
                    let active = running_gen == Some(kind);
                    let line = row(theme, kind.title(), active, false, app.enabled(item));
                    race_place(app, theme, item, line)
                }
                Item::Solve(kind) => {
                    let active = running_solver == Some(kind);
                    let waiting = app.stage.waiting() == Some(kind);
                    let line = row(theme, kind.title(), active, waiting, app.enabled(item));
                    race_place(app, theme, item, line)
                }
            };
            ListItem::new(line)
        })
        .collect();
    let inner = super::pane(
        frame.buffer_mut(),
        area,
        theme,
        theme.border_style(app.focus == Focus::List),
        Line::from(Span::styled(" Algorithms ", theme.title())),
    );
    let list = List::new(items)
        .highlight_style(theme.highlight())
        .highlight_symbol("> ");
    let mut state = ListState::default()
        .with_offset(app.list_offset(inner.height))
        .with_selected(Some(app.selected));
    frame.render_stateful_widget(list, inner, &mut state);
}

fn row(theme: &Theme, title: &str, active: bool, waiting: bool, enabled: bool) -> Line<'static> {
    let marker = match (active, waiting, theme.ascii) {
        (true, _, false) => "• ",
        (true, _, true) => "* ",
        (false, true, _) => "~ ",
        _ => "  ",
    };
    let style = if enabled {
        if active {
            theme.title()
        } else {
            ratatui::style::Style::default()
        }
    } else {
        theme.dim()
    };
    Line::from(vec![
        Span::raw(marker),
        Span::styled(title.to_owned(), style),
    ])
}

/// `line`, followed by the item's place in the race when it is marked for one.
fn race_place<'a>(app: &App, theme: &Theme, item: Item, mut line: Line<'a>) -> Line<'a> {
    if let Some(i) = app.race_marks.place(item) {
        line.push_span(Span::styled(
            format!(" [race {}]", i + 1),
            theme.highlight(),
        ));
    }
    line
}
