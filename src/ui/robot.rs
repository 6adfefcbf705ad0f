//! The stats pane's section for the robot in fog: its sight, moves and cost, the tiles it
//! has seen, its replans, and D* Lite's expansions against A* searching from scratch at
//! every discovery; how the walk ended, in one line.

use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::app::Play;
use crate::app::robot::Fog;
use crate::solve::replan::robot::Stride;

/// The lines of the robot's section.
#[must_use]
pub fn lines(fog: &Fog, play: &Play, theme: &Theme) -> Vec<Line<'static>> {
    let label = |s: &str| Span::styled(s.to_owned(), theme.dim());
    let Some(robot) = fog.robot() else {
        return vec![Line::from(vec![
            Span::styled("robot ", theme.title()),
            Span::raw("waits for the maze"),
        ])];
    };
    let t = robot.tally();
    let truth = robot.truth();
    let mut lines = vec![
        Line::from(vec![
            Span::styled("robot ", theme.title()),
            label("sight "),
            Span::raw(fog.radius.to_string()),
            label("  moves "),
            Span::raw(t.moves.to_string()),
            label("  cost "),
            Span::raw(t.cost.to_string()),
        ]),
        Line::from(vec![
            label("seen "),
            Span::raw(format!("{}/{}", robot.seen_count(), truth.len())),
            label("  replans "),
            Span::raw(t.replans.to_string()),
        ]),
        Line::from(vec![
            label("expanded "),
            Span::raw(format!("D* Lite {}", t.expanded)),
        ]),
        Line::from(vec![
            label("  vs A* anew "),
            Span::raw(t.astar_expanded.to_string()),
        ]),
    ];
    // Short enough for the side pane of an 80-column terminal.
    let last = match robot.outcome() {
        Some(Stride::NoPath) => Span::styled("no path to E in the true map", theme.warn()),
        Some(_) => Span::styled(format!("E reached in {} moves", t.moves), theme.good()),
        None if fog.walking => Span::raw(format!("walking at {}", play.label())),
        None => Span::raw("paused: space walks, n/b step"),
    };
    lines.push(Line::from(last));
    lines
}
