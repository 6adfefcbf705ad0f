//! The quiz on screen: hint letters on the choices in the maze (every view), the choices
//! in the structure pane (in row-major order, so the list gives nothing away), the question
//! in the key bar, the score in the stats.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::theme::Theme;
use crate::app::viewport::tile_width;
use crate::app::{App, View};
use crate::maze::Pos;
use crate::teach::{Answer, Question};

/// The screen cell where `tile`'s letter goes in `view`, scrolled to `scroll` in the maze
/// pane's `inner` area; `None` when the tile is not on screen. O(visible columns).
#[must_use]
pub fn screen_of(view: View, inner: Rect, scroll: (u32, u32), tile: Pos) -> Option<(u16, u16)> {
    let (first_row, first_col) = scroll;
    if tile.row < first_row || tile.col < first_col {
        return None;
    }
    let dy = match view {
        View::HalfBlock => (tile.row - first_row) / 2,
        _ => tile.row - first_row,
    };
    let mut x = u32::from(inner.x);
    for col in first_col..tile.col {
        x += u32::from(tile_width(view, col));
        if x >= u32::from(inner.right()) {
            return None;
        }
    }
    // The middle column of a 3-wide thin-view cell.
    if tile_width(view, tile.col) == 3 {
        x += 1;
    }
    let y = u32::from(inner.y) + dy;
    if x >= u32::from(inner.right()) || y >= u32::from(inner.bottom()) {
        return None;
    }
    Some((u16::try_from(x).ok()?, u16::try_from(y).ok()?))
}

/// The style of a hint letter; the one under the cursor stands out.
fn letter_style(theme: &Theme, under_cursor: bool) -> Style {
    let style = theme.highlight();
    if under_cursor {
        style.add_modifier(Modifier::UNDERLINED | Modifier::REVERSED)
    } else {
        style
    }
}

/// Draw the hint letters of the question asked over the maze pane's `inner` area.
pub fn draw_hints(app: &App, theme: &Theme, buf: &mut Buffer, inner: Rect) {
    let Some(q) = app.question() else {
        return;
    };
    for (i, choice) in q.choices.iter().enumerate() {
        let (Some(tile), Some(letter)) = (app.answer_tile(choice.answer), Question::letter(i))
        else {
            continue;
        };
        if let Some((x, y)) = screen_of(app.view, inner, app.scroll, tile) {
            let mut text = [0; 4];
            buf[(x, y)]
                .set_symbol(letter.encode_utf8(&mut text))
                .set_style(letter_style(theme, i == app.quiz.cursor));
        }
    }
}

/// The choices of the question asked, for the structure pane: the question, then one row a
/// choice (`a (3,4) f=120 g=80 h=40`), in row-major order.
#[must_use]
pub fn choice_lines(app: &App, theme: &Theme) -> Option<Vec<Line<'static>>> {
    let q = app.question()?;
    let mut lines = vec![Line::from(Span::styled(q.ask.clone(), theme.title()))];
    for (i, c) in q.choices.iter().enumerate() {
        let letter = Question::letter(i).unwrap_or(' ');
        let what = match c.answer {
            Answer::At(p) => format!(" {:<9}{}", p.to_string(), c.detail),
            other => format!(" {other}"),
        };
        lines.push(Line::from(vec![
            Span::styled(
                letter.to_string(),
                letter_style(theme, i == app.quiz.cursor),
            ),
            Span::raw(what),
        ]));
    }
    Some(lines)
}

/// The key bar while a question is asked: the last verdict, the question, its letters.
pub fn render_bar(app: &App, q: &Question, theme: &Theme, frame: &mut Frame, area: Rect) {
    let mut spans = vec![Span::raw(" ")];
    if let Some(status) = &app.status {
        spans.push(Span::styled(format!("{status}  "), theme.highlight()));
    }
    spans.push(Span::styled(format!("{} ", q.ask), theme.title()));
    let letters: String = (0..q.choices.len())
        .filter_map(Question::letter)
        .map(String::from)
        .collect::<Vec<_>>()
        .join(" ");
    let yes_no: Vec<String> = q
        .choices
        .iter()
        .enumerate()
        .filter(|(_, c)| !matches!(c.answer, Answer::At(_)))
        .filter_map(|(i, c)| Some(format!("{} {}", Question::letter(i)?, c.answer)))
        .collect();
    let letters = if yes_no.is_empty() {
        letters
    } else {
        yes_no.join(", ")
    };
    spans.push(Span::styled(letters, theme.highlight()));
    spans.push(Span::styled(" · n skips · Q quiz off", theme.dim()));
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// The quiz's line in the stats: right of asked (`quiz 3/5 ✓`, the mark for the last
/// answer), the streak and the best one; short enough for the stats pane at 80×24.
#[must_use]
pub fn score(app: &App, theme: &Theme) -> Option<Line<'static>> {
    let quiz = &app.quiz;
    if !quiz.on && quiz.asked == 0 {
        return None;
    }
    let mark = match quiz.verdict {
        Some((true, _)) => {
            if theme.ascii {
                " ok"
            } else {
                " ✓"
            }
        }
        Some((false, _)) => {
            if theme.ascii {
                " x"
            } else {
                " ✗"
            }
        }
        None => "",
    };
    // A no-break space keeps "(best N)" whole where the stats pane wraps its lines by
    // words (an ASCII terminal gets a plain space).
    let gap = if theme.ascii { ' ' } else { '\u{a0}' };
    Some(Line::from(vec![
        Span::styled("quiz ", theme.dim()),
        Span::raw(format!("{}/{}{mark}", quiz.right, quiz.asked)),
        Span::styled("  streak ", theme.dim()),
        Span::raw(format!("{} (best{gap}{})", quiz.streak, quiz.best)),
    ]))
}
