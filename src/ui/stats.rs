//! The stats pane: step, visited, frontier and its peak, path, seed, size, speed, and a
//! sparkline of the frontier size over the whole run, under a label giving its scale.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Color;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Sparkline};

use super::theme::Theme;
use crate::app::{App, SPEEDS};
use crate::solve::SolverKind;

/// Draw the stats into `area`.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let inner = super::pane(
        frame.buffer_mut(),
        area,
        theme,
        theme.border_style(false),
        Line::from(Span::styled(" Stats ", theme.title())),
    );
    let lines = lines(app, theme);
    let text_rows = (lines.len() as u16).min(inner.height);
    let [text, spark] =
        Layout::vertical([Constraint::Length(text_rows), Constraint::Fill(1)]).areas(inner);
    frame.render_widget(Paragraph::new(lines), text);
    let bars: &[u64] = match (&app.solve, &app.generation) {
        (Some(s), _) => s.history.bars(),
        (None, Some(g)) => g.history.bars(),
        (None, None) => &[],
    };
    let width = usize::from(spark.width);
    let shown = &bars[bars.len().saturating_sub(width)..];
    // The top of the scale moves only when the frontier passes a power of two: the bars do
    // not all jump (and redraw) whenever the peak creeps up, so one step redraws one bar.
    let top = shown
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .max(1)
        .checked_next_power_of_two()
        .unwrap_or(u64::MAX);
    let spark = if spark.height >= 2 {
        let [label, rest] =
            Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(spark);
        let dash = if theme.ascii { "-" } else { "–" };
        frame.render_widget(
            Paragraph::new(Line::from(Span::styled(
                format!("frontier over the run (0{dash}{top})"),
                theme.dim(),
            ))),
            label,
        );
        rest
    } else {
        spark
    };
    frame.render_widget(
        Sparkline::default()
            .data(shown.iter().copied())
            .max(top)
            .bar_set(theme.bars())
            .style(theme.fg(Color::Cyan)),
        spark,
    );
}

fn speed_text(app: &App) -> String {
    let rate = SPEEDS[app.speed];
    let set = if app.speed + 1 == SPEEDS.len() {
        "max".to_owned()
    } else {
        format!("{rate}/s")
    };
    if app.playing {
        format!("speed {set}, {:.0} steps/s", app.measured_rate)
    } else {
        format!("speed {set}")
    }
}

fn lines(app: &App, theme: &Theme) -> Vec<Line<'static>> {
    let label = |s: &str| Span::styled(s.to_owned(), theme.dim());
    let mut lines = Vec::new();
    let state = if app.playing {
        "playing"
    } else if app.finished() {
        "done"
    } else {
        "paused"
    };
    let (name, step, visited, frontier, peak) = match (&app.solve, &app.generation) {
        (Some(s), _) => (
            s.kind.title(),
            s.steps,
            s.machine().visited() as u64,
            s.machine().frontier_len(),
            s.frontier_peak,
        ),
        (None, Some(g)) => (
            g.kind.title(),
            g.steps,
            g.carved,
            g.frontier_len(),
            g.frontier_peak,
        ),
        (None, None) => ("loaded maze", 0, 0, 0, 0),
    };
    lines.push(Line::from(vec![
        Span::styled(name.to_owned(), theme.title()),
        Span::raw(format!(" {state}")),
    ]));
    let visited_label = if app.solve.is_some() {
        "  visited "
    } else {
        "  carved "
    };
    lines.push(Line::from(vec![
        label("step "),
        Span::raw(step.to_string()),
        label(visited_label),
        Span::raw(visited.to_string()),
    ]));
    lines.push(Line::from(vec![
        label("frontier "),
        Span::raw(frontier.to_string()),
        label("  peak "),
        Span::raw(peak.to_string()),
    ]));
    let path = match &app.solve {
        Some(s) if s.no_path => Line::from(vec![label("path "), Span::raw("none")]),
        Some(s) => match s.found {
            Some((length, cost)) => Line::from(vec![
                label("path "),
                Span::raw(length.to_string()),
                label("  cost "),
                Span::raw(cost.to_string()),
            ]),
            None => Line::from(vec![label("path "), Span::raw("-")]),
        },
        None => match app.pending_solver {
            Some(k) => Line::from(vec![label("next "), Span::raw(k.title().to_owned())]),
            None => Line::from(vec![label("path "), Span::raw("-")]),
        },
    };
    lines.push(path);
    let (w, h) = match (&app.generation, &app.grid) {
        (Some(g), _) => (g.maze.width(), g.maze.height()),
        (None, Some(grid)) => (grid.cols(), grid.rows()),
        (None, None) => (0, 0),
    };
    lines.push(Line::from(vec![
        label("seed "),
        Span::raw(app.seed.to_string()),
        label("  size "),
        Span::raw(format!("{w}{}{h}", theme.times())),
    ]));
    lines.push(Line::from(label(&speed_text(app))));
    let options = app.config.solve_options;
    let astar = app
        .solve
        .as_ref()
        .is_some_and(|s| s.kind == SolverKind::Astar)
        || (app.solve.is_none() && app.pending_solver == Some(SolverKind::Astar));
    if astar && !options.heuristic.is_admissible(options.diagonal) {
        lines.push(Line::from(Span::styled(
            format!("h={} not admissible", options.heuristic.name()),
            theme.fg(Color::Yellow),
        )));
        let cost = match app.solve.as_ref().and_then(|s| s.found.zip(s.optimal)) {
            Some(((_, got), (_, best))) if got > best => {
                Some(format!("cost {got} vs optimal {best} (+{})", got - best))
            }
            Some(_) => Some("optimal this time".to_owned()),
            None => None,
        };
        if let Some(cost) = cost {
            lines.push(Line::from(Span::styled(cost, theme.fg(Color::Yellow))));
        }
    }
    lines
}
