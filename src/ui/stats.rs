//! The stats pane: which algorithm and what it is doing, the step and a timeline of the run
//! with its milestones, the live structure's size and peak, the path and whether it is the
//! cheapest, the maze's seed and size, the speed, and a sparkline of the structure's size
//! over the run.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Sparkline};

use super::theme::Theme;
use crate::app::{App, Stage, log};
use crate::run::{Milestone, Run};
use crate::solve::Solver;
use crate::teach::Teach;

/// What the pane shows of the active run, whichever kind it is.
struct Active<'a> {
    title: &'static str,
    step: u64,
    end: Option<u64>,
    furthest: u64,
    milestones: &'a [(u64, Milestone)],
    structure: &'static str,
    len: usize,
    peak: usize,
    bars: &'a [u64],
    last: Option<String>,
}

fn active(app: &App) -> Option<Active<'_>> {
    fn of<'a, M: crate::run::Machine>(
        run: &'a Run<M>,
        title: &'static str,
        structure: &'static str,
        last: Option<String>,
    ) -> Active<'a> {
        Active {
            title,
            step: run.step(),
            end: run.end(),
            furthest: run.furthest(),
            milestones: run.milestones(),
            structure,
            len: run.machine().structure_len(),
            peak: run.counters().peak,
            bars: run.counters().history.bars(),
            last,
        }
    }
    match &app.stage {
        Stage::Solving { run, .. } => {
            let m = run.machine();
            let last = run
                .last_event()
                .and_then(|e| log::solve_lines(m.kind(), e).into_iter().next());
            Some(of(
                run,
                m.kind().title(),
                m.solver().structure(0).name,
                last,
            ))
        }
        Stage::Generating { run, .. } => {
            let m = run.machine();
            let last = run
                .last_event()
                .map(|e| log::gen_line(m.kind(), e, app.config.ascii));
            Some(of(
                run,
                m.kind().title(),
                m.generator().structure(0).name,
                last,
            ))
        }
        Stage::Complete { world } => world.generation.as_ref().map(|run| {
            let m = run.machine();
            of(run, m.kind().title(), m.generator().structure(0).name, None)
        }),
        Stage::Race { .. } | Stage::Empty => None,
    }
}

/// Draw the stats into `area`. The last step's line is left out when it is one of
/// `in_log`, the log's lines on screen (the log's newest line says the same).
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect, in_log: &[String]) {
    let inner = super::pane(
        frame.buffer_mut(),
        area,
        theme,
        theme.border_style(false),
        Line::from(Span::styled(" Stats ", theme.title())),
    );
    let mut run = active(app);
    if let Some(run) = &mut run
        && run.last.as_ref().is_some_and(|last| in_log.contains(last))
    {
        run.last = None;
    }
    let lines = super::flow::flow(lines(app, theme, run.as_ref(), inner.width), inner.width);
    let text_rows = u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .min(inner.height);
    let [text, spark] =
        Layout::vertical([Constraint::Length(text_rows), Constraint::Fill(1)]).areas(inner);
    frame.render_widget(Paragraph::new(lines), text);
    // A machine without a structure (Binary Tree, Aldous-Broder) has no size to chart.
    let Some(run) = run.filter(|r| !r.structure.is_empty()) else {
        return;
    };
    let width = usize::from(spark.width);
    let shown = &run.bars[run.bars.len().saturating_sub(width)..];
    // The top of the scale moves only when the structure passes a power of two: the bars
    // do not all jump (and redraw) whenever the peak creeps up, so a step redraws one bar.
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
        let name = run.structure;
        // The scale is the point of the label: the name goes when both do not fit.
        let scale = format!("(0{dash}{top})");
        let long = format!("{name} size over the run {scale}");
        let text = if long.chars().count() < usize::from(label.width) {
            long
        } else {
            format!("size {scale}")
        };
        frame.render_widget(
            Paragraph::new(Line::from(Span::styled(text, theme.dim()))),
            label,
        );
        rest
    } else {
        spark
    };
    if spark.height > 0 {
        frame.render_widget(
            Sparkline::default()
                .data(shown.iter().copied())
                .max(top)
                .bar_set(theme.bars())
                .style(theme.accent()),
            spark,
        );
    }
}

/// The timeline: a bar `width` cells wide, filled up to the current step, with a mark at
/// each milestone seen (`c` maze complete, `d` first dead end, `g` goal reached, `p` path
/// traced, `x` no path or gave up). Scaled to the run's end once known, else to the
/// furthest step reached.
fn timeline(run: &Active, theme: &Theme, width: u16) -> Line<'static> {
    let width = u64::from(width.max(1));
    let scale = run.end.unwrap_or(run.furthest).max(1);
    let filled = run.step.min(scale) * width / scale;
    let (full, empty) = if theme.ascii {
        ("=", ".")
    } else {
        ("█", "░")
    };
    let mut cells: Vec<(String, bool)> = (0..width)
        .map(|i| ((if i < filled { full } else { empty }).to_owned(), false))
        .collect();
    for &(at, m) in run.milestones {
        let i = (at.min(scale) * width / scale).min(width - 1);
        let letter = match m {
            Milestone::DeadEnd => "d",
            Milestone::Complete => "c",
            Milestone::GoalReached => "g",
            Milestone::PathTraced => "p",
            Milestone::NoPath | Milestone::GaveUp => "x",
        };
        if let Some(cell) = cells.get_mut(usize::try_from(i).unwrap_or(usize::MAX)) {
            *cell = (letter.to_owned(), true);
        }
    }
    Line::from(
        cells
            .into_iter()
            .map(|(text, mark)| {
                if mark {
                    Span::styled(text, theme.highlight())
                } else {
                    Span::styled(text, theme.accent())
                }
            })
            .collect::<Vec<_>>(),
    )
}

fn lines(app: &App, theme: &Theme, run: Option<&Active>, width: u16) -> Vec<Line<'static>> {
    let label = |s: &str| Span::styled(s.to_owned(), theme.dim());
    // The edit, walk or inspect mode's section first: what the keys act on now.
    let mut lines = super::edit::lines(app, theme);
    let Some(run) = run else {
        let what = if app.stage.grid().is_some() {
            "loaded maze: pick a solver"
        } else {
            "no maze"
        };
        lines.push(Line::from(Span::styled(what, theme.title())));
        return lines;
    };
    let state = match app.job {
        Some(job) => {
            let pct = job
                .progress(app.stage.position(), None)
                .map(|p| format!(" {:.0}%", p * 100.0))
                .unwrap_or_default();
            format!("{}{pct} (Esc cancels)", job.describe())
        }
        None if app.play.playing => "playing".to_owned(),
        None if app.stage.finished() => "done".to_owned(),
        None => "paused".to_owned(),
    };
    lines.push(Line::from(vec![
        Span::styled(run.title.to_owned(), theme.title()),
        Span::raw(format!(" {state}")),
    ]));
    lines.extend(super::settings::lines(app, theme, width));
    // The end is unknown until the run has reached it once.
    let step = match run.end {
        Some(end) => format!("{} of {end}", run.step),
        None => run.step.to_string(),
    };
    lines.push(Line::from(vec![label("step "), Span::raw(step)]));
    lines.extend(super::quiz::score(app, theme));
    lines.push(timeline(run, theme, width));
    // A machine without a structure (Binary Tree, Aldous-Broder) gets no line for one.
    let mut counts = Vec::new();
    if !run.structure.is_empty() {
        counts.extend([
            label(&format!("{} ", run.structure)),
            Span::raw(run.len.to_string()),
            label("  peak "),
            Span::raw(run.peak.to_string()),
        ]);
    }
    if let Stage::Solving {
        run: search, world, ..
    } = &app.stage
    {
        let solver = search.machine().solver();
        let expanded = [label("expanded "), Span::raw(solver.visited().to_string())];
        // The counters share a line where it holds them whole (room for the settings).
        let joined: usize = counts
            .iter()
            .chain(&expanded)
            .map(Span::width)
            .sum::<usize>()
            + 2;
        if counts.is_empty() || joined <= usize::from(width) {
            if !counts.is_empty() {
                counts.push(Span::raw("  "));
            }
            counts.extend(expanded);
            lines.push(Line::from(std::mem::take(&mut counts)));
        } else {
            lines.push(Line::from(std::mem::take(&mut counts)));
            lines.push(Line::from(expanded.to_vec()));
        }
        lines.push(path_line(app, theme, search, world.grid.is_weighted()));
    } else if !counts.is_empty() {
        lines.push(Line::from(counts));
    }
    if let Some(kind) = app.stage.waiting() {
        lines.push(Line::from(vec![
            label("next "),
            Span::raw(kind.title().to_owned()),
        ]));
    }
    let x = theme.times();
    let (rows, cols) = app.stage.tile_size();
    let size = if app.stage.generation().is_some() {
        format!("{}{x}{} cells", cols / 2, rows / 2)
    } else {
        format!("{cols}{x}{rows} tiles")
    };
    // A loaded maze was made by no seed here: saying one would mean nothing.
    let origin = if app.stage.generation().is_some() {
        vec![label("seed "), Span::raw(app.seed.to_string())]
    } else {
        vec![label("loaded")]
    };
    lines.push(Line::from(
        origin
            .into_iter()
            .chain([label("  size "), Span::raw(size)])
            .collect::<Vec<_>>(),
    ));
    if let Some((ends, par)) = app.ends_note() {
        let par = par.map_or_else(|| "...".to_owned(), |p| p.to_string());
        lines.push(Line::from(vec![
            label("ends "),
            Span::raw(ends.name()),
            label("  par "),
            Span::raw(par),
            label(" moves S to E"),
        ]));
    }
    let speed = if app.play.playing {
        format!(
            "speed {}, {:.0} steps/s",
            app.play.label(),
            app.play.measured_rate
        )
    } else {
        format!("speed {}", app.play.label())
    };
    lines.push(Line::from(label(&speed)));
    if let Some(last) = &run.last {
        lines.push(Line::from(vec![label("last "), Span::raw(last.clone())]));
    }
    lines
}

/// The path line: its length and cost, and whether it is the cheapest.
fn path_line(
    app: &App,
    theme: &Theme,
    search: &Run<crate::solve::Search>,
    weighted: bool,
) -> Line<'static> {
    let label = |s: &str| Span::styled(s.to_owned(), theme.dim());
    let solver = search.machine().solver();
    let Some(path) = solver.path() else {
        let text = match search
            .milestones()
            .iter()
            .find(|(at, _)| *at <= search.step())
        {
            Some((_, Milestone::NoPath)) => "none: the goal is unreachable",
            Some((_, Milestone::GaveUp)) => "gave up: proved nothing",
            _ => "-",
        };
        return Line::from(vec![label("path "), Span::raw(text)]);
    };
    let grid = search.machine().grid();
    let cost = crate::solve::path_cost(grid, path);
    let moves = path.len().saturating_sub(1);
    let mut spans = vec![
        label("path "),
        Span::raw(format!("{moves} moves")),
        label("  cost "),
        Span::raw(cost.to_string()),
    ];
    let kind = search.machine().kind();
    if kind.is_optimal(search.machine().options(), weighted) {
        spans.push(Span::styled(
            if theme.ascii {
                " (cheapest)"
            } else {
                " ✓ cheapest"
            },
            theme.good(),
        ));
    } else if let Some(best) = app.cheapest_cost() {
        let note = if cost > best {
            format!(" +{} over the cheapest {best}", cost - best)
        } else {
            " the cheapest this time".to_owned()
        };
        spans.push(Span::styled(note, theme.warn()));
    }
    Line::from(spans)
}
