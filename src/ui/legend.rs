//! The maze pane's legend, on its bottom border: S and E, and the glyph of every overlay
//! the maze shows now, named as the running algorithm names it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::Mark;
use crate::app::{App, Mode, Stage, View};
use crate::generate::GeneratorKind;
use crate::teach::Teach;

/// The overlays generator `kind` draws, with their names in the legend (`structure`: what
/// the generator calls its live structure: stack, queue, run, frontier, chambers).
fn generator_marks(kind: GeneratorKind, structure: &str) -> Vec<(Mark, &str)> {
    let mut marks = vec![(Mark::Current, "current")];
    match kind {
        GeneratorKind::Kruskal | GeneratorKind::Eller => {
            marks.push((Mark::Set(0), "a set (its own letters)"));
        }
        GeneratorKind::Wilson | GeneratorKind::Houston => marks.push((Mark::Walk, "walk")),
        GeneratorKind::HuntAndKill => marks.push((Mark::Scan, "scan")),
        GeneratorKind::AldousBroder | GeneratorKind::BinaryTree | GeneratorKind::OriginShift => {}
        _ => marks.push((
            Mark::Frontier,
            if structure.is_empty() {
                "structure"
            } else {
                structure
            },
        )),
    }
    marks
}

/// The legend on the bottom border: the glyph of every overlay the maze shows now.
pub fn render(app: &App, theme: &Theme, buf: &mut Buffer, area: Rect) {
    if area.height < 3 || area.width < 6 {
        return;
    }
    let solver = app.stage.search().is_some();
    let half = app.view == View::HalfBlock;
    let mut items: Vec<(String, Style, &str)> = Vec::new();
    let glyph = |mark: Mark| -> (String, Style) {
        let g = theme.glyph(mark, solver);
        let g = if half {
            g.chars().next().map(String::from).unwrap_or_default()
        } else {
            g.to_owned()
        };
        (g, theme.mark(mark, solver))
    };
    let (s, s_style) = theme.endpoint(false);
    let (e, e_style) = theme.endpoint(true);
    items.push((s.trim_end().to_owned(), s_style, "start"));
    items.push((e.trim_end().to_owned(), e_style, "goal"));
    let generating = match &app.stage {
        Stage::Generating { run, .. } if !run.finished() => Some(run.machine()),
        _ => None,
    };
    let structure = generating.map(|g| g.generator().structure(0).name);
    let marks: Vec<(Mark, &str)> = match (&app.mode, generating) {
        (Mode::Walk(walk), _) if walk.pilot.is_some() || walk.pilot_moves > 0 => {
            let (arrow, style) = theme.arrow(0, 1);
            let who = walk.pilot_name().trim_start_matches("the ");
            items.push((arrow.trim_end().to_owned(), style, who));
            let current = if walk.pilot.is_some() {
                "walking"
            } else {
                "you"
            };
            vec![
                (Mark::Current, current),
                (Mark::Walk, "your trail"),
                (Mark::Path, "route"),
            ]
        }
        (Mode::Robot(_), _) => {
            let (g, style) = theme.fog(true);
            let g = if half { &g[..g.len() / 2] } else { g };
            items.push((g.to_owned(), style, "unseen wall"));
            vec![
                (Mark::Current, "robot"),
                (Mark::Walk, "trail"),
                (Mark::Path, "plan"),
            ]
        }
        (Mode::Walk(_), _) => vec![
            (Mark::Current, "you"),
            (Mark::Walk, "trail"),
            (Mark::Path, "cheapest"),
        ],
        (_, Some(generation)) => generator_marks(generation.kind(), structure.unwrap_or("")),
        _ if app
            .stage
            .search()
            .is_some_and(|s| !s.machine().solver().edit_lines().is_empty()) =>
        {
            vec![
                (Mark::Current, "current"),
                (Mark::Inconsistent, "in U (g ≠ rhs)"),
                (Mark::Closed, "consistent"),
                (Mark::Path, "path"),
            ]
        }
        _ if solver => vec![
            (Mark::Current, "current"),
            (Mark::Frontier, "frontier"),
            (Mark::Closed, "closed"),
            (Mark::Visited, "visited"),
            (Mark::DeadEnd, "dead end"),
            (Mark::Path, "path"),
        ],
        _ => Vec::new(),
    };
    for (mark, name) in marks {
        let (g, style) = glyph(mark);
        items.push((g, style, name));
    }
    if app.stage.grid().is_some_and(|g| g.is_weighted()) {
        let (g, style) = theme.terrain(5);
        items.push((g.to_owned(), style, "terrain 2-9"));
    }
    if app.mode.cursor().is_some() {
        let (g, style) = theme.cursor(true);
        items.push((g.to_owned(), style, "cursor"));
    }
    let mut spans = vec![Span::raw(" ")];
    for (g, style, name) in &items {
        spans.push(Span::styled(g.clone(), *style));
        spans.push(Span::raw(format!(" {name} ")));
    }
    let y = area.bottom() - 1;
    let width = area.width.saturating_sub(2);
    buf.set_line(area.x + 1, y, &Line::from(spans), width);
}
