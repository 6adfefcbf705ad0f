//! The stats pane's section for the edit and walk modes: the brush, the re-run setting,
//! the tile under the cursor, the undo depth; the player's moves and cost against the
//! cheapest route.

use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::app::walk::Walk;
use crate::app::{App, Mode};

/// The lines of the mode's section (none in the explorer); the inspector's come from
/// [`super::inspect::lines`].
#[must_use]
pub fn lines(app: &App, theme: &Theme) -> Vec<Line<'static>> {
    let label = |s: &str| Span::styled(s.to_owned(), theme.dim());
    let mut lines = Vec::new();
    match &app.mode {
        Mode::Explore => {}
        Mode::Edit { cursor, brush } => {
            let grid = app.stage.grid();
            let under = match grid {
                Some(g) if *cursor == g.start() => "S".to_owned(),
                Some(g) if *cursor == g.goal() => "E".to_owned(),
                Some(g) => g
                    .cost(*cursor)
                    .map_or_else(|| "wall".to_owned(), |c| format!("cost {c}")),
                None => "-".to_owned(),
            };
            lines.push(Line::from(vec![
                Span::styled("edit ", theme.title()),
                Span::raw(format!("{cursor} {under}")),
                label("  brush "),
                Span::raw(brush.to_string()),
            ]));
            lines.push(Line::from(vec![
                label("auto re-run "),
                Span::raw(if app.auto_rerun { "on" } else { "off" }),
                label("  undo "),
                Span::raw(app.undo.depth(grid).to_string()),
            ]));
            if app.solver_is_stale() {
                lines.push(Line::from(Span::styled(
                    "solver on the old maze: Enter re-runs",
                    theme.warn(),
                )));
            }
        }
        Mode::Walk(walk) => lines.extend(walk_lines(walk, app.par_moves(), theme)),
        Mode::Inspect { .. } => lines.extend(super::inspect::lines(app, theme)),
        Mode::Robot(fog) => lines.extend(super::robot::lines(fog, &app.play, theme)),
    }
    lines
}

/// The player's moves and cost, and on E the comparison with the cheapest route; the
/// cheapest route from where the player stands against the par while `v` shows it; the
/// pilot's route.
fn walk_lines(walk: &Walk, par: Option<usize>, theme: &Theme) -> Vec<Line<'static>> {
    let label = |s: &str| Span::styled(s.to_owned(), theme.dim());
    let mut first = vec![
        Span::styled("walk ", theme.title()),
        label("moves "),
        Span::raw(walk.moves().to_string()),
        label("  cost "),
        Span::raw(walk.cost().to_string()),
    ];
    if walk.pilot_moves > 0 {
        let who = walk.pilot_name().trim_start_matches("the ");
        first.push(label(&format!("  {who} ")));
        first.push(Span::raw(walk.pilot_moves.to_string()));
    }
    let mut lines = vec![Line::from(first)];
    let best = walk.cheapest.best();
    if walk.reached() {
        let verdict = match best {
            Some(Some(b)) if walk.cost() == b.cost => {
                Span::styled("E reached: the cheapest route", theme.good())
            }
            Some(Some(b)) => Span::styled(
                format!(
                    "E reached: +{} over the cheapest {}",
                    walk.cost() - b.cost,
                    b.cost
                ),
                theme.warn(),
            ),
            _ => Span::raw("E reached"),
        };
        lines.push(Line::from(verdict));
    }
    let cheapest = match best {
        None => Span::raw("working out..."),
        Some(None) => Span::raw("E is unreachable"),
        Some(Some(b)) => Span::raw(format!("{} moves, cost {}", b.path.len() - 1, b.cost)),
    };
    let shown = if walk.reveal {
        "  shown"
    } else {
        "  v shows it"
    };
    lines.push(Line::from(vec![label("cheapest "), cheapest, label(shown)]));
    if walk.reveal && walk.ahead.is_some() {
        let here = match walk.revealed().length() {
            None => "working out...".to_owned(),
            Some(None) => "E is unreachable".to_owned(),
            Some(Some(left)) => format!(
                "{left} moves: {} + {left} = {}",
                walk.moves(),
                walk.moves() + left
            ),
        };
        let par = par.map_or_else(String::new, |p| format!(", par {p}"));
        lines.push(Line::from(vec![
            label("from here "),
            Span::raw(here + &par),
        ]));
    }
    if let Some(pilot) = &walk.pilot {
        let route = match pilot.length() {
            None => format!("{} searching...", pilot.kind.title()),
            Some(moves) => format!("{}, {moves} moves", pilot.whose()),
        };
        lines.push(Line::from(vec![
            label(&format!(
                "{} ",
                walk.pilot_name().trim_start_matches("the ")
            )),
            Span::raw(route),
            label(&format!("  {}/s", walk.pace.per_second())),
        ]));
    }
    lines
}
