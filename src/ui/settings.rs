//! The search's settings as the stats pane shows them, always: the moves (4-way, or
//! 8-way and the corner rule), the heuristic, A*'s weight (when not 1) and the
//! tie-break, each only for a solver that reads it, laid out by words so no setting is ever cut.

use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::app::{App, Stage};
use crate::solve::{Moves, SolverKind};

/// Said after a heuristic that can overestimate with the moves in use.
const INADMISSIBLE: &str = "not admissible";

/// The settings of the running search as `key=value` words (empty without a search).
#[must_use]
pub fn words(app: &App) -> Vec<String> {
    let Stage::Solving { run, .. } = &app.stage else {
        return Vec::new();
    };
    let kind = run.machine().kind();
    let options = run.machine().options();
    let mut words = Vec::new();
    if kind.uses_moves() {
        match options.moves {
            Moves::Four => words.push("4-way".to_owned()),
            Moves::Eight(corners) => {
                words.push("8-way".to_owned());
                words.push(format!("corners={}", corners.name()));
            }
        }
    }
    if kind.uses_heuristic() {
        let h = options.heuristic;
        // A* is the one whose promise (a cheapest path) an overestimate breaks.
        if kind == SolverKind::Astar && !h.is_admissible(options.diagonal()) {
            words.push(format!("h={} {INADMISSIBLE}", h.name()));
        } else {
            words.push(format!("h={}", h.name()));
        }
    }
    // Plain A* (weight 1) says nothing: only a weight that changes f is news.
    if kind == SolverKind::Astar && options.heuristic_weight > 100 {
        let w = options.heuristic_weight;
        let weight = format!("{}.{:02}", w / 100, w % 100);
        let weight = weight.trim_end_matches('0').trim_end_matches('.');
        words.push(format!("w={weight}"));
    }
    if matches!(kind, SolverKind::Astar | SolverKind::JumpPointSearch) {
        words.push(format!("ties={}", options.tie_break.name()));
    }
    words
}

/// The settings laid out in lines at most `width` columns wide, whole settings each (one
/// longer than the width gets a line of its own); an inadmissible heuristic in the
/// warning's style.
#[must_use]
pub fn lines(app: &App, theme: &Theme, width: u16) -> Vec<Line<'static>> {
    // One column kept free, as [`super::flow`] keeps it.
    let width = usize::from(width.saturating_sub(1).max(1));
    let mut lines: Vec<Vec<Span<'static>>> = Vec::new();
    let mut used = 0;
    for word in words(app) {
        let style = if word.ends_with(INADMISSIBLE) {
            theme.warn()
        } else {
            theme.dim()
        };
        let w = word.chars().count();
        match lines.last_mut() {
            Some(line) if used + 1 + w <= width => {
                line.push(Span::raw(" "));
                line.push(Span::styled(word, style));
                used += 1 + w;
            }
            _ => {
                lines.push(vec![Span::styled(word, style)]);
                used = w;
            }
        }
    }
    lines.into_iter().map(Line::from).collect()
}
