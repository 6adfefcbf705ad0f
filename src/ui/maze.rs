//! The maze pane: walls, floor and the running machine's overlays, in one of three views,
//! scrolled to the app's offset.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::Mark;
use crate::app::viewport::{self, tile_width};
use crate::app::walk::{Trail, Walk};
use crate::app::{App, Fit, Focus, Mode, NOWHERE, View};
use crate::generate::Generation;
use crate::maze::{Grid, Pos};
use crate::run::Run;
use crate::solve::Search;
use crate::solve::replan::robot::Robot;
use crate::teach::Teach;
use std::collections::HashSet;

/// What one tile shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tile {
    Wall,
    Floor,
    Marked(Mark),
    Start,
    Goal,
    Heat(usize),
    /// Open ground dearer than 1 (its cost, 2–9).
    Terrain(u8),
    /// An overlay on terrain: the cost's digit, then the overlay's glyph.
    MarkedTerrain(Mark, u8),
    /// The edit or inspect cursor (`true`: on open ground).
    Cursor(bool),
    /// A came-from arrow pointing to the tile this one was reached from.
    Arrow(i32, i32),
    /// A tile the robot in fog has not seen (`true`: a wall it does not know of yet; it
    /// believes every unseen tile open ground of cost 1).
    Fog(bool),
}

mod half;
use half::draw_half;
pub(super) use half::half_color;

/// Draw the maze pane into `area`: the title says the size in cells and tiles, the view,
/// and which part is shown when the maze is larger than the pane; the bottom border is the
/// legend of the glyphs in use.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let (rows, cols) = app.stage.tile_size();
    let x = theme.times();
    let view = match app.view {
        View::Blocks => "blocks view ",
        View::Thin => "thin view ",
        View::HalfBlock => "half-block view ",
    };
    let mut title = vec![Span::styled(" Maze ", theme.title())];
    if let Some(mode) = app.mode.name() {
        title.push(Span::styled(format!("{mode} "), theme.highlight()));
    }
    let size = if app.stage.generation().is_some() {
        format!(
            "{}{x}{} cells ({cols}{x}{rows} tiles), ",
            cols / 2,
            rows / 2
        )
    } else {
        format!("{cols}{x}{rows} tiles, ")
    };
    title.push(Span::raw(size));
    let inner = viewport::inner(area);
    let whole = app.whole_in(inner);
    match &whole {
        Some(fit) => title.push(Span::styled(
            format!("whole view {} ", fit.describe()),
            theme.dim(),
        )),
        None => title.push(Span::styled(view, theme.dim())),
    }
    if app.heat && app.distances.is_some() {
        title.push(Span::styled("heat ", theme.dim()));
    }

    if whole.is_none()
        && let Some(shown) = position(app, inner)
    {
        title.push(Span::styled(shown, theme.highlight()));
    }
    let buf = frame.buffer_mut();
    let border = theme.border_style(app.focus == Focus::Maze);
    let inner = super::pane(buf, area, theme, border, Line::from(title));
    let scene = Scene::new(app, theme);
    match (whole, app.view) {
        (Some(fit), _) => {
            let current = scene.robot().map(Robot::at).or(app.stage.current_tile());
            super::whole::draw(&scene, &fit, current, buf);
        }
        (None, View::Blocks | View::Thin) => draw_tiles(&scene, app.view, app.scroll, buf, inner),
        (None, View::HalfBlock) => draw_half(&scene, app.scroll, buf, inner),
    }
    super::quiz::draw_hints(app, theme, buf, inner);
    super::legend::render(app, theme, buf, area);
}

/// Where the view is in a maze larger than the pane: `rows 0-39/601 cols 0-80/2001 ▸`
/// (tiles), with arrows towards the parts not shown; `None` when it all fits.
fn position(app: &App, inner: Rect) -> Option<String> {
    let (rows, cols) = app.stage.tile_size();
    let vis_rows = viewport::visible_rows(app.view, inner.height).min(rows);
    let vis_cols = viewport::visible_cols(app.view, inner.width, app.scroll.1).min(cols);
    if vis_rows >= rows && vis_cols >= cols {
        return None;
    }
    let (r0, c0) = app.scroll;
    let r1 = (r0 + vis_rows).min(rows);
    let c1 = (c0 + vis_cols).min(cols);
    let ascii = app.config.ascii;
    let mut more = String::new();
    for (cond, arrow, plain) in [
        (r0 > 0, "▴", "^"),
        (r1 < rows, "▾", "v"),
        (c0 > 0, "◂", "<"),
        (c1 < cols, "▸", ">"),
    ] {
        if cond {
            more.push_str(if ascii { plain } else { arrow });
        }
    }
    Some(format!(
        " rows {r0}-{}/{rows} cols {c0}-{}/{cols} more {more} (c: centre) ",
        r1.saturating_sub(1),
        c1.saturating_sub(1)
    ))
}

/// What the maze pane needs to know beyond each tile, worked out once per frame.
pub(super) struct Scene<'a> {
    app: &'a App,
    pub(super) theme: &'a Theme,
    pub(super) start: Pos,
    pub(super) goal: Pos,
    /// A solver is running (its `Visited` shows; generators' does not).
    pub(super) solver: bool,
    /// The heat map, when shown: distances, grid and the largest distance.
    heat: Option<(&'a [u32], &'a crate::maze::Grid, u32)>,
    /// The complete maze's grid (terrain), once there is one.
    grid: Option<&'a Grid>,
    /// The edit or inspect cursor.
    pub(super) cursor: Option<Pos>,
    /// The player's walk: the solver's overlays are hidden while walking.
    walk: Option<&'a Walk>,
    /// The robot in fog, and the tiles of its plan: the solver's overlays are hidden.
    robot: Option<(&'a Robot, HashSet<Pos>)>,
    /// A race runner whose maze and overlays are drawn instead of the app's run.
    runner: Option<Runner<'a>>,
}

/// One runner of a race, as a maze pane draws it.
#[derive(Clone, Copy)]
pub enum Runner<'a> {
    /// A search of the race's maze.
    Search(&'a Search),
    /// A generation of its own maze.
    Generation(&'a Run<Generation>),
}

impl<'a> Scene<'a> {
    fn new(app: &'a App, theme: &'a Theme) -> Self {
        let (start, goal) = app.endpoints();
        let heat = match (app.heat, app.distances.as_ref()) {
            (true, Some(dist)) => Some((dist.moves.as_slice(), &*dist.grid, dist.max)),
            _ => None,
        };
        Self {
            app,
            theme,
            start,
            goal,
            solver: app.stage.search().is_some(),
            heat,
            grid: app.stage.grid().map(|g| &**g),
            cursor: app.mode.cursor(),
            // A walk on another maze (a new one was made meanwhile) is not drawn.
            walk: match (&app.mode, app.stage.grid()) {
                (Mode::Walk(walk), Some(grid)) if std::sync::Arc::ptr_eq(&walk.grid, grid) => {
                    Some(walk)
                }
                _ => None,
            },
            robot: robot_of(app),
            runner: None,
        }
    }

    /// The robot being drawn, if any.
    pub(super) fn robot(&self) -> Option<&Robot> {
        self.robot.as_ref().map(|(robot, _)| *robot)
    }

    /// The scene of one race runner: its overlays only, no walk or arrows, the cursor in
    /// edit mode only (an edit during a race); a generator's maze has no S or E until it
    /// is complete.
    fn of_runner(app: &'a App, theme: &'a Theme, runner: Runner<'a>) -> Self {
        let base = Self::new(app, theme);
        let (start, goal) = match runner {
            Runner::Generation(run) if !run.finished() => (NOWHERE, NOWHERE),
            _ => (base.start, base.goal),
        };
        Self {
            solver: matches!(runner, Runner::Search(_)),
            cursor: base
                .cursor
                .filter(|_| matches!(app.mode, Mode::Edit { .. })),
            walk: None,
            robot: None,
            heat: None,
            runner: Some(runner),
            start,
            goal,
            ..base
        }
    }

    /// Whether `tile` is open in the maze this scene draws.
    pub(super) fn is_open(&self, tile: Pos) -> bool {
        match self.runner {
            Some(Runner::Generation(run)) => run.machine().maze().is_open_tile(tile),
            _ => self.app.stage.is_open(tile),
        }
    }

    /// Whether `tile` lies outside a masked maze's shape (drawn blank, no walls).
    fn is_outside(&self, tile: Pos) -> bool {
        match self.runner {
            Some(Runner::Generation(run)) => run.machine().maze().is_outside_tile(tile),
            _ => self.app.stage.is_outside(tile),
        }
    }

    /// The overlay of `tile`: the runner's, or the app's run.
    fn mark(&self, tile: Pos) -> Mark {
        match self.runner {
            Some(Runner::Search(search)) => search.solver().mark(tile),
            Some(Runner::Generation(run)) => {
                if !run.finished() && tile.row % 2 == 1 && tile.col % 2 == 1 {
                    run.machine()
                        .generator()
                        .mark(Pos::new(tile.row / 2, tile.col / 2))
                } else {
                    Mark::None
                }
            }
            None => self.app.mark(tile),
        }
    }

    /// Terrain or plain floor for open `tile`.
    fn ground(&self, tile: Pos) -> Tile {
        match self.grid.and_then(|g| g.cost(tile)) {
            Some(cost @ 2..) => Tile::Terrain(u8::try_from(cost).unwrap_or(9)),
            _ => Tile::Floor,
        }
    }

    /// What open `tile` shows while the player walks: the player, S and E, the cheapest
    /// route once revealed, the trail (the player's, or the pilot's arrows the way it
    /// went), the pilot's route ahead, the ground.
    fn walking(&self, walk: &Walk, tile: Pos) -> Tile {
        if tile == walk.player() {
            return Tile::Marked(Mark::Current);
        } else if tile == self.start {
            return Tile::Start;
        } else if tile == self.goal {
            return Tile::Goal;
        } else if walk.is_revealed(tile) {
            return Tile::Marked(Mark::Path);
        }
        match walk.trail_at(tile) {
            Trail::You => Tile::Marked(Mark::Walk),
            Trail::Pilot(dr, dc) => Tile::Arrow(i32::from(dr), i32::from(dc)),
            Trail::None if walk.on_route(tile) => Tile::Marked(Mark::Path),
            Trail::None => self.ground(tile),
        }
    }

    /// What `tile` shows while the robot walks: the robot, S and E, its plan (through
    /// the fog too: it believes unseen tiles open), the fog where it has not seen, the
    /// walls it has seen, its trail, the ground.
    fn fogged(&self, robot: &Robot, plan: &HashSet<Pos>, tile: Pos, open: bool) -> Tile {
        if tile == robot.at() {
            Tile::Marked(Mark::Current)
        } else if tile == self.start {
            Tile::Start
        } else if tile == self.goal {
            Tile::Goal
        } else if self.is_outside(tile) {
            Tile::Floor
        } else if plan.contains(&tile) {
            Tile::Marked(Mark::Path)
        } else if !robot.has_seen(tile) {
            Tile::Fog(!open)
        } else if !open {
            Tile::Wall
        } else if robot.has_walked(tile) {
            Tile::Marked(Mark::Walk)
        } else {
            self.ground(tile)
        }
    }

    /// What tile `tile` shows now.
    pub(super) fn classify(&self, tile: Pos) -> Tile {
        let open = self.is_open(tile);
        if self.cursor == Some(tile) {
            return Tile::Cursor(open);
        }
        if let Some((robot, plan)) = &self.robot {
            return self.fogged(robot, plan, tile, open);
        }
        if !open {
            // Outside a masked maze's shape: blank, not a wall.
            return if self.is_outside(tile) {
                Tile::Floor
            } else {
                Tile::Wall
            };
        }
        if let Some(walk) = self.walk {
            return self.walking(walk, tile);
        }
        let mark = self.mark(tile);
        // The current tile shows even on S or E; the path does not hide S and E.
        if mark == Mark::Current {
            return Tile::Marked(mark);
        }
        if tile == self.start {
            return Tile::Start;
        }
        if tile == self.goal {
            return Tile::Goal;
        }
        if mark != Mark::Path
            && self.runner.is_none()
            && let Some(from) = self.app.arrow_from(tile)
        {
            let d = |a: u32, b: u32| (i64::from(a) - i64::from(b)).signum() as i32;
            return Tile::Arrow(d(from.row, tile.row), d(from.col, tile.col));
        }
        if mark != Mark::None && (self.solver || mark != Mark::Visited) {
            // On terrain the cost stays readable under the search's overlay.
            return match self.ground(tile) {
                Tile::Terrain(cost) if self.theme.marked_terrain(mark, cost).is_some() => {
                    Tile::MarkedTerrain(mark, cost)
                }
                _ => Tile::Marked(mark),
            };
        }
        if let Some((dist, grid, max_dist)) = self.heat {
            let d = dist[grid.index(tile)];
            if d != u32::MAX && max_dist > 0 {
                return Tile::Heat(
                    usize::try_from(u64::from(d) * 10 / (u64::from(max_dist) + 1)).unwrap_or(9),
                );
            }
        }
        self.ground(tile)
    }

    /// The two-column glyph and style of `tile` (blocks view).
    fn glyph(&self, tile: Tile) -> (&'static str, Style) {
        match tile {
            Tile::Wall => self.theme.wall(),
            Tile::Floor => ("  ", Style::default()),
            Tile::Marked(m) => (
                self.theme.glyph(m, self.solver),
                self.theme.mark(m, self.solver),
            ),
            Tile::Start => self.theme.endpoint(false),
            Tile::Goal => self.theme.endpoint(true),
            Tile::Heat(d) => self.theme.heat(d),
            Tile::Terrain(cost) => self.theme.terrain(cost),
            Tile::MarkedTerrain(m, cost) => (
                self.theme.marked_terrain(m, cost).unwrap_or("  "),
                self.theme.mark(m, self.solver),
            ),
            Tile::Cursor(open) => self.theme.cursor(open),
            Tile::Arrow(dr, dc) => self.theme.arrow(dr, dc),
            Tile::Fog(wall) => self.theme.fog(wall),
        }
    }
}

/// The robot in fog on the maze shown, with the tiles of its plan (a robot on another
/// maze is not drawn).
fn robot_of(app: &App) -> Option<(&Robot, HashSet<Pos>)> {
    let (Mode::Robot(fog), Some(grid)) = (&app.mode, app.stage.grid()) else {
        return None;
    };
    let robot = fog.robot()?;
    if !std::sync::Arc::ptr_eq(robot.truth(), grid) {
        return None;
    }
    let plan = robot
        .plan_ahead()
        .unwrap_or_default()
        .iter()
        .copied()
        .collect();
    Some((robot, plan))
}

/// Write `text` from column `x` of row `y`, one character per cell (every maze glyph is
/// one column wide), like [`Buffer::set_stringn`] without its grapheme and width work.
/// Plain floor (spaces in the default style) is left alone: the frame starts blank there.
pub(super) fn put(buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style) {
    if style == Style::default() && text.bytes().all(|b| b == b' ') {
        return;
    }
    let area = buf.area;
    if !(area.top()..area.bottom()).contains(&y) || x < area.left() {
        return;
    }
    let width = usize::from(area.width);
    let start = usize::from(y - area.y) * width;
    let row = &mut buf.content[start..start + width];
    let cells = row.iter_mut().skip(usize::from(x - area.x));
    for ((at, ch), cell) in text.char_indices().zip(cells) {
        cell.set_symbol(&text[at..at + ch.len_utf8()])
            .set_style(style);
    }
}

/// Draw race runner `runner` into `inner` in `view`, from tile `scroll` `(row, col)`.
pub fn draw_runner(
    app: &App,
    theme: &Theme,
    runner: Runner,
    view: View,
    scroll: (u32, u32),
    buf: &mut Buffer,
    inner: Rect,
) {
    let scene = Scene::of_runner(app, theme, runner);
    match view {
        View::Blocks | View::Thin => draw_tiles(&scene, view, scroll, buf, inner),
        View::HalfBlock => draw_half(&scene, scroll, buf, inner),
    }
}

/// Draw race runner `runner` whole, as `fit` places it, `current` on top.
pub fn draw_runner_whole(
    app: &App,
    theme: &Theme,
    runner: Runner,
    fit: &Fit,
    current: Option<Pos>,
    buf: &mut Buffer,
) {
    super::whole::draw(&Scene::of_runner(app, theme, runner), fit, current, buf);
}

/// Blocks (2 columns per tile) and thin (box-drawing walls, 1 / 3 columns).
fn draw_tiles(scene: &Scene, view: View, scroll: (u32, u32), buf: &mut Buffer, inner: Rect) {
    let (rows, cols) = scene.app.stage.tile_size();
    let (first_row, first_col) = scroll;
    let thin = view == View::Thin;
    for y in 0..inner.height {
        let row = first_row + u32::from(y);
        if row >= rows {
            break;
        }
        let mut x = inner.x;
        let mut col = first_col;
        while col < cols {
            let w = tile_width(view, col);
            if x + w > inner.x + inner.width {
                break;
            }
            let tile = Pos::new(row, col);
            let kind = scene.classify(tile);
            if thin {
                let (pieces, style) = thin_glyph(scene, tile, kind, w);
                for (dx, piece) in (0..).zip(pieces.iter().take(usize::from(w))) {
                    put(buf, x + dx, inner.y + y, piece, style);
                }
            } else {
                let (text, style) = scene.glyph(kind);
                put(buf, x, inner.y + y, text, style);
            }
            x += w;
            col += 1;
        }
    }
}

/// The thin view's glyph of a tile `width` columns wide (1 or 3), one piece per column.
fn thin_glyph(scene: &Scene, tile: Pos, kind: Tile, width: u16) -> ([&'static str; 3], Style) {
    let (app, theme) = (scene.app, scene.theme);
    if kind == Tile::Wall {
        let (rows, cols) = app.stage.tile_size();
        let wall = |dr: i64, dc: i64| {
            let r = i64::from(tile.row) + dr;
            let c = i64::from(tile.col) + dc;
            match (u32::try_from(r), u32::try_from(c)) {
                (Ok(r), Ok(c)) => {
                    let near = Pos::new(r, c);
                    r < rows && c < cols && !scene.is_open(near) && !scene.is_outside(near)
                }
                _ => false,
            }
        };
        let (up, right, down, left) = (wall(-1, 0), wall(0, 1), wall(1, 0), wall(0, -1));
        let joint = theme.joint(up, right, down, left);
        let style = theme.fg(theme.palette.wall);
        if width == 1 {
            return ([joint, "", ""], style);
        }
        let h = theme.horizontal();
        let l = if left { h } else { " " };
        let r = if right { h } else { " " };
        return ([l, joint, r], style);
    }
    let (g, style) = scene.glyph(kind);
    let ch = &g[..g.char_indices().nth(1).map_or(g.len(), |(i, _)| i)];
    if let Tile::MarkedTerrain(..) = kind {
        // The overlay's glyph in a 1-wide column, the cost beside it in a 3-wide one.
        let over = &g[ch.len()..];
        return if width == 1 {
            ([over, "", ""], style)
        } else {
            ([ch, over, " "], style)
        };
    }
    if width == 1 {
        ([ch, "", ""], style)
    } else {
        ([" ", ch, " "], style)
    }
}
