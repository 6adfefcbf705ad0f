//! The pseudocode pane: the algorithm's pseudocode with the lines the last step ran marked
//! in the gutter (a glyph on the highlight colour, so it reads without colour), and one sentence under it saying what
//! that step did and why. The machines say which lines ran and why; this only draws.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::theme::Theme;
use crate::app::{App, Stage};
use crate::teach::Teach;

/// What the pane shows: the pseudocode, the lines the last step ran, and why.
fn lesson(app: &App) -> Option<(crate::teach::Pseudocode, &'static [usize], String)> {
    match &app.stage {
        Stage::Solving { run, .. } => {
            let m = run.machine();
            let code = m.kind().pseudocode();
            Some(match run.last_event() {
                Some(e) => (code, m.solver().lines(&e), m.solver().explain(&e)),
                None => (
                    code,
                    m.solver().setup_lines(),
                    format!(
                        "{} is set up (the marked lines ran): n takes its first step",
                        m.kind().title()
                    ),
                ),
            })
        }
        Stage::Generating { run, .. } => {
            let m = run.machine();
            let code = m.generator().pseudocode();
            Some(match run.last_event() {
                Some(e) => (code, m.generator().lines(&e), m.generator().explain(&e)),
                None => (
                    code,
                    m.generator().setup_lines(),
                    format!(
                        "{} is set up (the marked lines ran): n takes its first step",
                        m.kind().title()
                    ),
                ),
            })
        }
        Stage::Complete { world } => world.generation.as_ref().map(|run| {
            let m = run.machine();
            (
                m.generator().pseudocode(),
                &[][..],
                "the maze is complete: pick a solver and press Enter".to_owned(),
            )
        }),
        Stage::Race { .. } => None,
        Stage::Empty => None,
    }
}

/// Draw the pseudocode pane into `area`.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let inner = super::pane(
        frame.buffer_mut(),
        area,
        theme,
        theme.border_style(false),
        Line::from(Span::styled(" Pseudocode ", theme.title())),
    );
    let Some((code, ran, why)) = lesson(app) else {
        return;
    };
    let marker = if theme.ascii { ">" } else { "▶" };
    let buf = frame.buffer_mut();
    // Code lines are never wrapped (a wrapped line would read as a line of its own).
    let shown = code.len().min(usize::from(inner.height));
    for (i, (y, text)) in (inner.y..).zip(code.iter().take(shown)).enumerate() {
        let text = if theme.ascii {
            super::theme::ascii_only(text)
        } else {
            (*text).to_owned()
        };
        // The lines that ran are marked in the gutter (the glyph on the highlight colour),
        // their text left as it is: when the marks move, a step rewrites two cells a line
        // instead of the whole line (about 150 bytes on the wire when Prim goes from a
        // stale skip to a carve).
        let line = if ran.contains(&i) {
            Line::from(vec![
                Span::styled(format!("{marker} "), theme.highlight()),
                Span::raw(text),
            ])
        } else {
            Line::from(format!("  {text}"))
        };
        buf.set_line(inner.x, y, &line, inner.width);
    }
    let why = if theme.ascii {
        super::theme::ascii_only(&why)
    } else {
        why
    };
    let top = inner.y + u16::try_from(shown).unwrap_or(0) + 1;
    if top < inner.bottom() {
        let rest = Rect::new(inner.x, top, inner.width, inner.bottom() - top);
        // The blanks in the note's colour too: a line that got shorter then clears in the
        // same style as the text around it, not with two colour changes on the wire.
        let why = Paragraph::new(Line::from(why))
            .style(theme.note())
            .wrap(Wrap { trim: true });
        frame.render_widget(why, rest);
    }
}
