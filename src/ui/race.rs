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
use crate::app::viewport;
use crate::app::{App, Cells, Fit, View};
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
    let tiles = app.stage.tile_size();
    let ascii = app.config.ascii;
    // Layouts are compared in the densest cells; the cells drawn are chosen after.
    let densest = if ascii { Cells::Ascii } else { Cells::Braille };
    let rects = runner_areas(panes, race.len(), tiles, densest.dots());
    // One view, one kind of cells and one scale for every pane, so a tile is at the same
    // place in each: the smallest pane's.
    let smallest = rects
        .iter()
        .map(|&r| viewport::inner(r))
        .min_by_key(|r| r.area())
        .unwrap_or_default();
    let view = App::race_view(tiles, smallest);
    let cells = Cells::fitting(tiles, smallest, ascii);
    let scale = rects
        .iter()
        .map(|&r| Fit::largest_scale(tiles, cells.dots(), viewport::inner(r)))
        .fold(f64::INFINITY, f64::min);
    let scale = if scale.is_finite() {
        Fit::crisp(scale)
    } else {
        0.0
    };
    let look = |rect: Rect| match view {
        Some(view) => Look::Tiles(view),
        None => Look::Whole(Fit::new(tiles, cells, scale, viewport::inner(rect))),
    };
    match &race.runners {
        Runners::Solvers(runs) => {
            for (run, &rect) in runs.iter().zip(&rects) {
                runner(app, run, theme, frame.buffer_mut(), rect, look(rect));
            }
            standings(app, race, theme, frame, table);
        }
        Runners::Generators(runs) => {
            for (run, &rect) in runs.iter().zip(&rects) {
                gen_runner(app, run, theme, frame.buffer_mut(), rect, look(rect));
            }
            gen_standings(race, theme, frame, table);
        }
    }
}

/// How every runner's pane draws the maze.
#[derive(Clone, Copy)]
enum Look {
    /// A tile view that shows the whole maze.
    Tiles(View),
    /// The whole-maze view, placed in this pane.
    Whole(Fit),
}

/// One pane per runner, arranged as the maze is drawn largest: side by side, stacked, or
/// (three or four) in a two-by-two grid (compared at `dots` per character).
fn runner_areas(area: Rect, n: usize, tiles: (u32, u32), dots: (u16, u16)) -> Vec<Rect> {
    let n = n.max(1);
    let across = |area: Rect, n: usize| {
        Layout::horizontal(vec![Constraint::Fill(1); n])
            .split(area)
            .to_vec()
    };
    let down = |area: Rect, n: usize| {
        Layout::vertical(vec![Constraint::Fill(1); n])
            .split(area)
            .to_vec()
    };
    let mut layouts = Vec::new();
    if n > 2 {
        let [top, bottom] = Layout::vertical([Constraint::Fill(1); 2]).areas(area);
        let mut grid = across(top, 2);
        grid.extend(across(bottom, n - 2));
        layouts.push(grid);
    }
    layouts.push(across(area, n));
    layouts.push(down(area, n));
    // The better layout: the denser tile view that shows the whole maze in every pane
    // (blocks, then half-blocks), else the larger whole-maze scale; the first on a tie.
    let score = |rects: &[Rect]| {
        let smallest = rects
            .iter()
            .map(|&r| viewport::inner(r))
            .min_by_key(|r| r.area());
        let view = match smallest.and_then(|inner| App::race_view(tiles, inner)) {
            Some(View::Blocks) => 2,
            Some(_) => 1,
            None => 0,
        };
        let scale = rects
            .iter()
            .map(|&r| Fit::largest_scale(tiles, dots, viewport::inner(r)))
            .fold(f64::INFINITY, f64::min);
        (view, if scale.is_finite() { scale } else { 0.0 })
    };
    let mut best = layouts.remove(0);
    let (mut best_view, mut best_scale) = score(&best);
    for rects in layouts {
        let (view, scale) = score(&rects);
        if view > best_view || (view == best_view && view == 0 && scale > best_scale) {
            (best, best_view, best_scale) = (rects, view, scale);
        }
    }
    best
}

/// A runner's pane: its title with live counters, the maze in the largest view that
/// fits (half-blocks where space is short), scrolled to keep its current tile in view.
fn runner(app: &App, run: &Run<Search>, theme: &Theme, buf: &mut Buffer, area: Rect, look: Look) {
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
        (area, look),
    );
}

/// A generator's pane: its title with live counters, its maze as it is carved.
fn gen_runner(
    app: &App,
    run: &Run<Generation>,
    theme: &Theme,
    buf: &mut Buffer,
    area: Rect,
    look: Look,
) {
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
        (area, look),
    );
}

/// A runner's bordered pane titled `title`, its maze drawn as `look` says, `current` on top.
fn maze_pane(
    app: &App,
    theme: &Theme,
    runner: Runner,
    current: Option<Pos>,
    title: Line,
    buf: &mut Buffer,
    (area, look): (Rect, Look),
) {
    let border = theme.border_style(false);
    let inner = super::pane(buf, area, theme, border, title);
    match look {
        Look::Tiles(view) => {
            let (w, h) = viewport::maze_extent(view, app.stage.tile_size());
            let (w, h) = (w.min(inner.width), h.min(inner.height));
            let x = inner.x + (inner.width - w) / 2;
            let y = inner.y + (inner.height - h) / 2;
            let inner = Rect::new(x, y, w, h);
            super::maze::draw_runner(app, theme, runner, view, (0, 0), buf, inner);
        }
        Look::Whole(fit) => super::maze::draw_runner_whole(app, theme, runner, &fit, current, buf),
    }
}

/// The comparison table, ranked by [`Standing::rank`].
fn standings(app: &App, race: &Race, theme: &Theme, frame: &mut Frame, area: Rect) {
    let cheapest = app.race_cheapest();
    let mut rows = race.standings();
    rows.sort_by_key(Standing::rank);
    let edits = race.segments.edits();
    let body = rows
        .iter()
        .map(|s| {
            let mut cells = standing_cells(s, cheapest, theme.ascii);
            if edits > 0 {
                // The peak gives way to the expansions of each segment.
                cells[3] = per_edit(&s.per_edit, theme.ascii);
            }
            cells
        })
        .collect();
    let race = if edits == 0 {
        " Race".to_owned()
    } else {
        format!(" Race{}edit {edits}", theme.sep())
    };
    let title = match cheapest {
        Some(Some(best)) => format!("{race}{}the cheapest path costs {best} ", theme.sep()),
        Some(None) => format!("{race}{}no path exists ", theme.sep()),
        None => format!("{race}{}working out the cheapest cost ", theme.sep()),
    };
    let mut columns = vec![
        ("solver", 22),
        ("steps", 8),
        ("expanded", 9),
        ("peak", 6),
        ("moves", 6),
        ("cost", 6),
        ("cheapest?", 0),
    ];
    if edits > 0 {
        columns[2] = ("since edit", 10);
        columns[3] = ("per edit", 20);
    }
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
    // Each column as wide as its widest cell (at most its width), so the last one, the
    // verdict with its reason, keeps the rest of the row.
    let widths: Vec<Constraint> = columns
        .iter()
        .enumerate()
        .map(|(i, &(h, w))| {
            if w == 0 {
                return Constraint::Fill(1);
            }
            let widest = body
                .iter()
                .filter_map(|row| row.get(i))
                .map(|c| c.chars().count())
                .chain([h.chars().count()])
                .max()
                .unwrap_or(0);
            Constraint::Length(u16::try_from(widest).unwrap_or(w).min(w))
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
        (None, _) if s.finished => s.gave_up.unwrap_or("no path").to_owned(),
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

/// Expansions per segment (the first search, then each edit), the last four shown.
fn per_edit(counts: &[usize], ascii: bool) -> String {
    let shown = counts.len().min(4);
    let mut out = if counts.len() > shown {
        if ascii { ".. " } else { "… " }.to_owned()
    } else {
        String::new()
    };
    let tail: Vec<String> = counts[counts.len() - shown..]
        .iter()
        .map(ToString::to_string)
        .collect();
    out.push_str(&tail.join(" "));
    out
}

/// `part` as a percentage of `whole`.
fn percent(part: u32, whole: u32) -> f64 {
    f64::from(part) * 100.0 / f64::from(whole.max(1))
}
