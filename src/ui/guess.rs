//! The screen of "which algorithm made this?" ([`crate::app::guess`]): the round's maze in
//! the maze pane, as the explorer draws it; beside it (or under it on a narrow screen) the
//! question, the four names with their letters, the score, and once answered the verdict
//! with the signature; the keys in the bottom row.

use ratatui::Frame;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::theme::Theme;
use crate::app::App;
use crate::app::guess::{MIN_SIZE, areas};

/// Draw the round screen.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame) {
    let area = frame.area();
    let (Some(game), Some((maze, side, keys))) = (app.guess(), areas(area)) else {
        let text = format!(
            "terminal too small: need {}{x}{}, have {}{x}{}",
            MIN_SIZE.0,
            MIN_SIZE.1,
            area.width,
            area.height,
            x = theme.times()
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    };
    super::maze::render(app, theme, frame, maze);
    let round = &game.round;
    let title = Line::from(vec![
        Span::styled(" Which algorithm? ", theme.title()),
        Span::styled(
            format!(
                "round {}/{} · {} right ",
                game.number, game.rounds, game.right
            ),
            theme.dim(),
        ),
    ]);
    let inner = super::pane(
        frame.buffer_mut(),
        side,
        theme,
        theme.border_style(true),
        title,
    );
    let mut lines = vec![Line::from(Span::styled(round.ask(), theme.title()))];
    let what = if round.solver.is_some() {
        "a search on a braided maze"
    } else {
        "a finished maze"
    };
    lines.push(Line::from(Span::styled(what, theme.dim())));
    for (i, (letter, name)) in ('a'..).zip(&round.names).enumerate() {
        let mut spans = vec![
            Span::styled(letter.to_string(), theme.highlight()),
            Span::raw(format!(" {name}")),
        ];
        if game.chosen.is_some() && i == round.answer {
            spans.push(Span::styled(
                if theme.ascii { " <- it" } else { " ← it" },
                theme.good(),
            ));
        } else if game.chosen == Some(i) {
            spans.push(Span::styled(" (yours)", theme.warn()));
        }
        lines.push(Line::from(spans));
    }
    if let Some(chosen) = game.chosen {
        let right = chosen == round.answer;
        lines.push(Line::from(Span::styled(
            round.verdict(chosen),
            if right { theme.good() } else { theme.warn() },
        )));
        if game.over() {
            lines.push(Line::from(Span::styled(game.score(), theme.highlight())));
        }
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), inner);
    let sep = theme.sep();
    let bar = match game.chosen {
        None => format!(" a-d answer{sep}q quit"),
        Some(_) if game.over() => format!(
            " Enter / n / q quit{sep}{}/{} right",
            game.right, game.rounds
        ),
        Some(_) => format!(" Enter / n next round{sep}q quit"),
    };
    frame.render_widget(
        Paragraph::new(Line::from(Span::styled(bar, theme.dim()))),
        keys,
    );
}
