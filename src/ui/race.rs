//! The race view: one maze pane per runner (two side by side, three or four in a grid)
//! and the comparison table under them.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Row, Table};

use super::maze::Runner;
use super::theme::Theme;
use crate::app::race::{GenStanding, Race, Runners, Standing};
use crate::app::viewport::maze_extent;
use crate::app::{App, View};
use crate::generate::Generation;
use crate::maze::Pos;
use crate::run::Run;
use crate::solve::{Search, Solver};
use crate::teach::Teach;

/// Draw `race` into `area`: the runners' panes, then the table.
pub fn render(app: &App, race: &Race, theme: &Theme, frame: &mut Frame, area: Rect) {
    let table_h = u16::try_from(race.len()).unwrap_or(4) + 3;
    let [panes, table] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(table_h)]).areas(area);
    let rects = runner_areas(panes, race.len());
    match &race.runners {
        Runners::Solvers(runs) => {
            for (run, &rect) in runs.iter().zip(&rects) {
                runner(app, run, theme, frame.buffer_mut(), rect);
            }
            standings(app, race, theme, frame, table);
        }
        Runners::Generators(runs) => {
            for (run, &rect) in runs.iter().zip(&rects) {
                gen_runner(app, run, theme, frame.buffer_mut(), rect);
            }
            gen_standings(race, theme, frame, table);
        }
    }
}

/// One pane per runner: two side by side, three or four in a two-by-two grid.
fn runner_areas(area: Rect, n: usize) -> Vec<Rect> {
    if n <= 2 {
        let rects = Layout::horizontal(vec![Constraint::Fill(1); n.max(1)]).split(area);
        return rects.to_vec();
    }
    let [top, bottom] = Layout::vertical([Constraint::Fill(1); 2]).areas(area);
    let mut rects: Vec<Rect> = Layout::horizontal([Constraint::Fill(1); 2])
        .split(top)
        .to_vec();
    rects.extend(
        Layout::horizontal(vec![Constraint::Fill(1); n - 2])
            .split(bottom)
            .iter(),
    );
    rects
}

/// A runner's pane: its title with live counters, the maze in the largest view that
/// fits (half-blocks where space is short), scrolled to keep its current tile in view.
fn runner(app: &App, run: &Run<Search>, theme: &Theme, buf: &mut Buffer, area: Rect) {
    let search = run.machine();
    let solver = search.solver();
    let state = if run.finished() {
        match solver.path() {
            Some(path) => format!("done, {} moves", path.len().saturating_sub(1)),
            None => "done, no path".to_owned(),
        }
    } else {
        format!("step {}", run.step())
    };
    let title = Line::from(vec![
        Span::styled(format!(" {} ", search.kind().title()), theme.title()),
        Span::raw(format!(
            "{state}{}expanded {} ",
            theme.sep(),
            solver.visited()
        )),
    ]);
    maze_pane(
        app,
        theme,
        Runner::Search(search),
        solver.current(),
        title,
        buf,
        area,
    );
}

/// A generator's pane: its title with live counters, its maze as it is carved.
fn gen_runner(app: &App, run: &Run<Generation>, theme: &Theme, buf: &mut Buffer, area: Rect) {
    let generation = run.machine();
    let state = if run.finished() {
        format!("done in {} steps", run.step())
    } else {
        format!("step {}", run.step())
    };
    let structure = generation.generator().structure(0);
    let counter = if structure.name.is_empty() || run.finished() {
        String::new()
    } else {
        format!("{}{} {}", theme.sep(), structure.name, structure.len)
    };
    let title = Line::from(vec![
        Span::styled(format!(" {} ", generation.kind().title()), theme.title()),
        Span::raw(format!("{state}{counter} ")),
    ]);
    let current = if run.finished() {
        None
    } else {
        generation.generator().current().map(Pos::cell_to_tile)
    };
    maze_pane(
        app,
        theme,
        Runner::Generation(run),
        current,
        title,
        buf,
        area,
    );
}

/// A runner's bordered pane titled `title`, its maze in the largest view that fits
/// (half-blocks where space is short), scrolled to keep `current` in view.
fn maze_pane(
    app: &App,
    theme: &Theme,
    runner: Runner,
    current: Option<Pos>,
    title: Line,
    buf: &mut Buffer,
    area: Rect,
) {
    let border = theme.border_style(false);
    let inner = super::pane(buf, area, theme, border, title);
    let tiles = app.stage.tile_size();
    let view = [View::Blocks, View::HalfBlock]
        .into_iter()
        .find(|&v| {
            let (w, h) = maze_extent(v, tiles);
            w <= inner.width && h <= inner.height
        })
        .unwrap_or(View::HalfBlock);
    let scroll = follow(view, tiles, inner, current);
    super::maze::draw_runner(app, theme, runner, view, scroll, buf, inner);
}

/// The top-left tile to draw so that `current` is in view (the maze's corner when it fits).
fn follow(view: View, (rows, cols): (u32, u32), inner: Rect, current: Option<Pos>) -> (u32, u32) {
    let shown_cols = match view {
        View::Blocks => u32::from(inner.width) / 2,
        _ => u32::from(inner.width),
    };
    let shown_rows = match view {
        View::HalfBlock => u32::from(inner.height) * 2,
        _ => u32::from(inner.height),
    };
    let at = current.unwrap_or(Pos::new(0, 0));
    let first = |at: u32, shown: u32, all: u32| {
        if shown >= all {
            0
        } else {
            at.saturating_sub(shown / 2).min(all - shown)
        }
    };
    (
        first(at.row, shown_rows, rows),
        first(at.col, shown_cols, cols),
    )
}

/// The comparison table, fewest steps first.
fn standings(app: &App, race: &Race, theme: &Theme, frame: &mut Frame, area: Rect) {
    let cheapest = app.race_cheapest();
    let mut rows = race.standings();
    rows.sort_by_key(|s| (!s.finished, s.steps));
    let body = rows
        .iter()
        .map(|s| standing_cells(s, cheapest, theme.ascii))
        .collect();
    let title = match cheapest {
        Some(Some(best)) => format!(" Race{}the cheapest path costs {best} ", theme.sep()),
        Some(None) => format!(" Race{}no path exists ", theme.sep()),
        None => format!(" Race{}working out the cheapest cost ", theme.sep()),
    };
    let columns = [
        ("solver", 22),
        ("steps", 8),
        ("expanded", 9),
        ("peak", 6),
        ("moves", 6),
        ("cost", 6),
        ("cheapest?", 0),
    ];
    table(theme, frame, area, title, &columns, body);
}

/// The generators' table, fewest steps first: the *Mazes for Programmers* comparison of
/// the mazes they made (ch. 10), filled in as each maze is complete.
fn gen_standings(race: &Race, theme: &Theme, frame: &mut Frame, area: Rect) {
    let mut rows = race.gen_standings();
    rows.sort_by_key(|s| (!s.finished, s.steps));
    let body = rows.iter().map(gen_cells).collect();
    let title = format!(
        " Race{}same size, same seed: the mazes compared ",
        theme.sep()
    );
    let columns = [
        ("generator", 22),
        ("steps", 10),
        ("peak", 7),
        ("dead ends", 10),
        ("longest", 8),
        ("solution", 0),
    ];
    table(theme, frame, area, title, &columns, body);
}

/// A bordered table titled `title`: `columns` are (header, width; 0 = the rest), `body`
/// the rows' cells.
fn table(
    theme: &Theme,
    frame: &mut Frame,
    area: Rect,
    title: String,
    columns: &[(&str, u16)],
    body: Vec<Vec<String>>,
) {
    let header = Row::new(
        columns
            .iter()
            .map(|&(h, _)| Cell::from(Span::styled(h.to_owned(), theme.title()))),
    );
    let widths: Vec<Constraint> = columns
        .iter()
        .map(|&(_, w)| {
            if w == 0 {
                Constraint::Fill(1)
            } else {
                Constraint::Length(w)
            }
        })
        .collect();
    let inner = super::pane(
        frame.buffer_mut(),
        area,
        theme,
        theme.border_style(true),
        Line::from(Span::styled(title, theme.title())),
    );
    let rows: Vec<Row> = body.into_iter().map(Row::new).collect();
    frame.render_widget(Table::new(rows, widths).header(header), inner);
}

/// One generator's cells: name, counters, and its maze's facts once complete.
fn gen_cells(s: &GenStanding) -> Vec<String> {
    let dash = || "-".to_owned();
    vec![
        s.kind.title().to_owned(),
        format!("{}{}", s.steps, if s.finished { "" } else { "+" }),
        s.peak.to_string(),
        s.facts
            .map_or_else(dash, |f| format!("{:.0}%", f.dead_ends * 100.0)),
        s.facts.map_or_else(dash, |f| f.longest.to_string()),
        s.facts
            .and_then(|f| f.solution)
            .map_or_else(dash, |l| l.to_string()),
    ]
}

/// One runner's cells: name, counters, and whether its path is a cheapest one.
fn standing_cells(s: &Standing, cheapest: Option<Option<u32>>, ascii: bool) -> Vec<String> {
    let dash = || "-".to_owned();
    let verdict = match (s.cost, cheapest) {
        (Some(cost), Some(Some(best))) if cost <= best => {
            if ascii { "yes" } else { "✓" }.to_owned()
        }
        (Some(cost), Some(Some(best))) => {
            let mark = if ascii { "no" } else { "✗" };
            format!(
                "{mark} +{} ({:.0}% dearer)",
                cost - best,
                percent(cost - best, best)
            )
        }
        (None, _) if s.finished => "no path".to_owned(),
        _ => dash(),
    };
    vec![
        s.kind.title().to_owned(),
        format!("{}{}", s.steps, if s.finished { "" } else { "+" }),
        s.expanded.to_string(),
        s.peak.to_string(),
        s.length.map_or_else(dash, |l| l.to_string()),
        s.cost.map_or_else(dash, |c| c.to_string()),
        verdict,
    ]
}

/// `part` as a percentage of `whole`.
fn percent(part: u32, whole: u32) -> f64 {
    f64::from(part) * 100.0 / f64::from(whole.max(1))
}
