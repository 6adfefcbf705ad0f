//! [`App`]: everything the screen shows, and [`App::update`].

use std::time::{Duration, Instant};

use ratatui::layout::Rect;

use super::log::{LOG_CAP, Log};
use super::run::{GenRun, SolveRun};
use super::{Action, Config};
use crate::Mark;
use crate::generate::GeneratorKind;
use crate::maze::{Grid, Pos};
use crate::solve::{Heuristic, SolverKind};
use crate::ui::layout;

/// Play speeds in steps per second; the last one means "as fast as possible".
pub const SPEEDS: [u64; 14] = [
    1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 1_000_000,
];
const DEFAULT_SPEED: usize = 4;
/// Most steps one tick may run (keeps a frame short at "as fast as possible").
const MAX_STEPS_PER_TICK: u64 = 50_000;
/// Steps a tick runs between two looks at the clock.
const TICK_CHUNK: u64 = 4_096;
/// Longest a tick keeps stepping: it stops after the chunk that passes this, so at full
/// speed the event loop still reads input (a pause) and draws every ~16 ms however slow
/// the steps of a large maze are. Steps it had no time for are dropped, not owed.
const TICK_BUDGET: Duration = Duration::from_millis(10);
/// Steps beyond which a burst is run without formatting every line.
const QUIET_BURST: u64 = 2 * LOG_CAP as u64;

/// Which pane takes the movement keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Focus {
    /// The algorithm list: `j`/`k`/arrows move the selection.
    #[default]
    List,
    /// The maze: arrows / `HJKL` pan.
    Maze,
}

/// How the maze is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// Two columns per tile, walls as full blocks (as the seeds draw).
    #[default]
    Blocks,
    /// Thin box-drawing walls: wall columns 1 wide, cell columns 3 wide.
    Thin,
    /// Half blocks: two tile rows per text row, one column per tile.
    HalfBlock,
}

/// One row of the algorithm list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// The "Generators" heading.
    GenHeader,
    /// A generator.
    Gen(GeneratorKind),
    /// The "Solvers" heading.
    SolveHeader,
    /// A solver.
    Solve(SolverKind),
}

/// The whole TUI state. Built by [`App::new`], changed only by [`App::update`].
pub struct App {
    /// What it started from.
    pub config: Config,
    /// Terminal size `(cols, rows)`.
    pub size: (u16, u16),
    /// The algorithm list: headings, generators, solvers.
    pub items: Vec<Item>,
    /// Index of the selected row of `items` (never a heading).
    pub selected: usize,
    /// Which pane has the movement keys.
    pub focus: Focus,
    /// Maze rendering.
    pub view: View,
    /// Distance heat map shown.
    pub heat: bool,
    /// Help overlay shown.
    pub help: bool,
    /// Playing (stepping on every tick).
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// Steps per second measured while playing.
    pub measured_rate: f64,
    /// Steps the last tick took (0 at slow speeds between two steps: nothing to redraw).
    pub tick_steps: u64,
    /// Play time since the last tick that took a step.
    since_step: Duration,
    budget: f64,
    /// A count typed before a key (`10n`).
    pub count: Option<u64>,
    /// Seed of the current maze.
    pub seed: u64,
    /// Maze size in cells `(width, height)`.
    pub maze_size: (u32, u32),
    /// The generator run (`None` for a loaded maze).
    pub generation: Option<GenRun>,
    /// The tile grid, once the maze is complete (or loaded).
    pub grid: Option<Grid>,
    /// Moves from the start to each tile, for the heat map: worked out only while the heat
    /// map is on and the grid exists (an O(tiles) search that a large maze would otherwise
    /// pay on the frame that completes it, and on every start/goal click).
    pub distances: Option<Distances>,
    /// A solver chosen before the maze was complete; it starts when generation ends.
    pub pending_solver: Option<SolverKind>,
    /// Start and goal tiles picked with the mouse for the current maze; applied whenever
    /// its grid is (re)built, e.g. after a step back into the generation and forward again.
    pub chosen_ends: (Option<Pos>, Option<Pos>),
    /// The solver run.
    pub solve: Option<SolveRun>,
    /// Recent lines.
    pub log: Log,
    /// Log lines scrolled back from the newest.
    pub log_scroll: usize,
    /// Maze view offset in tiles `(row, col)`: the page holding the current tile plus
    /// [`App::pan`], clamped. A pure function of the run's state, so stepping back and
    /// forward again shows the same frame.
    pub scroll: (u32, u32),
    /// Tiles panned by hand `(rows, cols)`, kept until a new run starts.
    pub pan: (i64, i64),
    /// Set by [`Action::Quit`].
    pub quit: bool,
}

impl App {
    /// The app for `config` on a terminal of `size` `(cols, rows)`. Without a width or
    /// height in `config`, the maze fits the maze pane of that terminal (blocks view).
    #[must_use]
    pub fn new(config: Config, size: (u16, u16)) -> Self {
        let mut items = vec![Item::GenHeader];
        items.extend(GeneratorKind::ALL.iter().map(|&k| Item::Gen(k)));
        items.push(Item::SolveHeader);
        items.extend(SolverKind::ALL.iter().map(|&k| Item::Solve(k)));
        let selected = items
            .iter()
            .position(|&i| i == Item::Gen(config.generator))
            .unwrap_or(1);
        let (fit_w, fit_h) = fit(size);
        let maze_size = (
            config.width.unwrap_or(fit_w).max(1),
            config.height.unwrap_or(fit_h).max(1),
        );
        let mut app = Self {
            seed: config.seed,
            config,
            size,
            items,
            selected,
            focus: Focus::List,
            view: View::Blocks,
            heat: false,
            help: false,
            playing: false,
            speed: DEFAULT_SPEED,
            measured_rate: 0.0,
            tick_steps: 0,
            since_step: Duration::ZERO,
            budget: 0.0,
            count: None,
            maze_size,
            generation: None,
            grid: None,
            distances: None,
            pending_solver: None,
            chosen_ends: (None, None),
            solve: None,
            log: Log::default(),
            log_scroll: 0,
            scroll: (0, 0),
            pan: (0, 0),
            quit: false,
        };
        if let Some(grid) = app.config.load.clone() {
            app.log.push(format!(
                "loaded maze: {}x{} tiles",
                grid.cols(),
                grid.rows()
            ));
            app.set_grid(grid);
            if let Some(kind) = app.config.solver {
                app.start_solver(kind, false);
                app.select(Item::Solve(kind));
            }
        } else {
            app.start_generator(app.config.generator);
            if let Some(kind) = app.config.solver {
                app.wait_for_maze(kind);
                app.select(Item::Solve(kind));
            }
        }
        app
    }

    /// Apply one action.
    pub fn update(&mut self, action: Action) {
        if let Action::Digit(d) = action {
            let next = self
                .count
                .unwrap_or(0)
                .saturating_mul(10)
                .saturating_add(u64::from(d));
            self.count = Some(next.min(1_000_000_000));
            return;
        }
        if matches!(action, Action::Tick(_) | Action::Resize(..)) {
            self.apply(action, 1);
        } else {
            let count = self.count.take().unwrap_or(1).max(1);
            self.apply(action, count);
        }
        self.follow();
        self.clamp_scroll();
    }

    fn apply(&mut self, action: Action, count: u64) {
        match action {
            Action::Digit(_) => {}
            Action::Step(n) => {
                self.step_many(n.saturating_mul(count));
            }
            Action::StepBack(n) => {
                self.step_back(n.saturating_mul(count));
            }
            Action::ToEnd => {
                self.run_to_end();
            }
            Action::ToStart => {
                let steps = self.active_steps();
                self.step_back(steps);
            }
            Action::TogglePlay => {
                self.playing = !self.playing && !self.finished();
                self.budget = 0.0;
                self.measured_rate = 0.0;
                self.since_step = Duration::ZERO;
            }
            Action::Faster => {
                self.speed =
                    (self.speed + usize::try_from(count).unwrap_or(1)).min(SPEEDS.len() - 1);
            }
            Action::Slower => {
                self.speed = self
                    .speed
                    .saturating_sub(usize::try_from(count).unwrap_or(1));
            }
            Action::SelectNext => {
                for _ in 0..count.min(self.items.len() as u64) {
                    self.move_selection(1);
                }
            }
            Action::SelectPrev => {
                for _ in 0..count.min(self.items.len() as u64) {
                    self.move_selection(-1);
                }
            }
            Action::RunSelected => self.run_selected(),
            Action::NewSeed => self.new_seed(),
            Action::ToggleHelp => self.help = !self.help,
            Action::CycleView => {
                self.view = match self.view {
                    View::Blocks => View::Thin,
                    View::Thin => View::HalfBlock,
                    View::HalfBlock => View::Blocks,
                };
            }
            Action::ToggleHeat => {
                self.heat = !self.heat;
                self.refresh_distances();
            }
            Action::CycleHeuristic => {
                let options = &mut self.config.solve_options;
                let at = Heuristic::ALL
                    .iter()
                    .position(|&h| h == options.heuristic)
                    .unwrap_or(0);
                options.heuristic = Heuristic::ALL[(at + 1) % Heuristic::ALL.len()];
                let line = format!("heuristic: {}", options.heuristic.name());
                self.settings_changed(line);
            }
            Action::ToggleDiagonal => {
                let options = &mut self.config.solve_options;
                options.diagonal = !options.diagonal;
                let line = if options.diagonal {
                    "diagonal moves on (8-way, cost 14)"
                } else {
                    "diagonal moves off (4-way)"
                };
                self.settings_changed(line.to_owned());
            }
            Action::FocusNext => {
                self.focus = match self.focus {
                    Focus::List => Focus::Maze,
                    Focus::Maze => Focus::List,
                };
            }
            Action::Pan(dr, dc) => {
                let times = i64::try_from(count).unwrap_or(1);
                let (rows, cols) = self.tile_size();
                let (rows, cols) = (i64::from(rows), i64::from(cols));
                self.pan.0 = (self.pan.0 + i64::from(dr) * times).clamp(-rows, rows);
                self.pan.1 = (self.pan.1 + i64::from(dc) * times).clamp(-cols, cols);
            }
            Action::ScrollLog(d) => {
                let by = i64::from(d) * i64::try_from(count).unwrap_or(1);
                let max = self.log.len().saturating_sub(1);
                let now = i64::try_from(self.log_scroll).unwrap_or(0);
                self.log_scroll = usize::try_from((now + by).max(0)).unwrap_or(0).min(max);
            }
            Action::Resize(cols, rows) => {
                self.size = (cols, rows);
            }
            Action::Click { x, y, right } => self.click(x, y, right),
            Action::Tick(dt) => self.tick(dt),
            Action::Quit => self.quit = true,
        }
    }

    // ----- runs -------------------------------------------------------------------------

    fn start_generator(&mut self, kind: GeneratorKind) {
        self.solve = None;
        self.grid = None;
        self.distances = None;
        self.pending_solver = None;
        self.chosen_ends = (None, None);
        self.log_scroll = 0;
        self.scroll = (0, 0);
        self.pan = (0, 0);
        let (w, h) = self.maze_size;
        match GenRun::new(
            kind,
            w,
            h,
            self.seed,
            self.config.gen_options,
            self.config.braid,
            self.config.ascii,
            &mut self.log,
        ) {
            Ok(run) => {
                self.generation = Some(run);
                self.sync_generation();
            }
            Err(e) => {
                self.generation = None;
                self.log.push(format!("cannot generate: {e}"));
            }
        }
    }

    fn wait_for_maze(&mut self, kind: SolverKind) {
        self.pending_solver = Some(kind);
        let line = format!("{} waits for the maze", kind.title());
        if let Some(run) = self.generation.as_mut() {
            run.note(&mut self.log, line);
        } else {
            self.log.push(line);
        }
    }

    /// Log a change of solver settings and restart the running solver with them (a
    /// solver waiting for the maze picks them up when it starts).
    fn settings_changed(&mut self, line: String) {
        match (self.solve.as_ref(), self.generation.as_mut()) {
            (Some(run), _) => {
                let (kind, auto) = (run.kind, run.auto);
                self.log.push(line);
                self.start_solver(kind, auto);
            }
            (None, Some(generation)) => generation.note(&mut self.log, line),
            (None, None) => self.log.push(line),
        }
    }

    fn start_solver(&mut self, kind: SolverKind, auto: bool) {
        if let Some(grid) = self.grid.as_ref() {
            self.log_scroll = 0;
            self.solve = Some(SolveRun::new(
                kind,
                grid,
                self.config.solve_options,
                auto,
                &mut self.log,
            ));
            let options = self.config.solve_options;
            if kind == SolverKind::Astar && !options.heuristic.is_admissible(options.diagonal) {
                self.log.push(format!(
                    "note: {} is not admissible with diagonal moves",
                    options.heuristic.name()
                ));
            }
        }
    }

    fn set_grid(&mut self, grid: Grid) {
        self.grid = Some(grid);
        self.refresh_distances();
    }

    /// Work out the heat map's distances for the current grid when the heat map is on;
    /// drop them otherwise.
    fn refresh_distances(&mut self) {
        self.distances = if self.heat {
            self.grid.as_ref().map(Distances::new)
        } else {
            None
        };
    }

    /// After generation changed: make the grid (and start a waiting solver) once complete,
    /// or drop them when a step back made it incomplete again.
    fn sync_generation(&mut self) {
        let Some(run) = self.generation.as_ref() else {
            return;
        };
        if run.done && self.grid.is_none() {
            let mut grid = run.maze.to_grid();
            if let Some(start) = self.chosen_ends.0 {
                grid.set_start(start);
            }
            if let Some(goal) = self.chosen_ends.1 {
                grid.set_goal(goal);
            }
            self.set_grid(grid);
            if let Some(kind) = self.pending_solver.take() {
                self.start_solver(kind, true);
            }
        } else if !run.done && self.grid.is_some() {
            self.grid = None;
            self.distances = None;
            if let Some(solve) = self.solve.take() {
                self.pending_solver = Some(solve.kind);
            }
        }
    }

    /// Steps of the run that `n`, `b` act on.
    #[must_use]
    pub fn active_steps(&self) -> u64 {
        match (&self.solve, &self.generation) {
            (Some(s), _) => s.steps,
            (None, Some(g)) => g.steps,
            (None, None) => 0,
        }
    }

    /// Whether there is nothing left to step.
    #[must_use]
    pub fn finished(&self) -> bool {
        match (&self.solve, &self.generation) {
            (Some(s), _) => s.done,
            (None, Some(g)) => g.done && self.pending_solver.is_none(),
            (None, None) => true,
        }
    }

    /// Take up to `n` steps, crossing from generation into a waiting solver. Returns the
    /// steps taken.
    fn step_many(&mut self, n: u64) -> u64 {
        let mut left = n;
        while left > 0 {
            let taken = if let Some(solve) = self.solve.as_mut() {
                let Some(grid) = self.grid.as_ref() else {
                    break;
                };
                if left > QUIET_BURST {
                    solve.run_quiet(grid, left, &mut self.log)
                } else {
                    u64::from(solve.step(grid, Some(&mut self.log)).is_some())
                }
            } else if let Some(run) = self.generation.as_mut() {
                let taken = if left > QUIET_BURST {
                    run.run_quiet(left, &mut self.log)
                } else {
                    u64::from(run.step(Some(&mut self.log)).is_some())
                };
                self.sync_generation();
                taken
            } else {
                0
            };
            if taken == 0 {
                break;
            }
            left -= taken;
        }
        if n > 0 {
            self.log_scroll = 0;
        }
        n - left
    }

    /// Run the current run (the solver, else the generator) to its end; a waiting solver
    /// starts, at step 0.
    fn run_to_end(&mut self) {
        if let Some(solve) = self.solve.as_mut() {
            if let Some(grid) = self.grid.as_ref() {
                solve.run_quiet(grid, u64::MAX, &mut self.log);
            }
        } else if let Some(run) = self.generation.as_mut() {
            run.run_quiet(u64::MAX, &mut self.log);
            self.sync_generation();
        }
        self.log_scroll = 0;
    }

    /// Go back `n` steps: in the solver, then (for a solver that started by itself when
    /// the maze was complete) on into the generation.
    fn step_back(&mut self, n: u64) {
        let mut left = n;
        if let Some(solve) = self.solve.as_mut() {
            let Some(grid) = self.grid.as_ref() else {
                return;
            };
            let back = left.min(solve.steps);
            if back > 0 {
                solve.replay_to(grid, solve.steps - back, &mut self.log);
            }
            left -= back;
            if left == 0 || !solve.auto {
                return;
            }
            // Undo the step that finished the maze and started this solver.
            let kind = solve.kind;
            self.solve = None;
            self.pending_solver = Some(kind);
        }
        if let Some(run) = self.generation.as_mut() {
            let target = run.steps.saturating_sub(left);
            if target != run.steps {
                run.replay_to(target, &mut self.log);
                self.grid = None;
                self.distances = None;
                self.sync_generation();
            }
        }
        self.log_scroll = 0;
    }

    fn tick(&mut self, dt: Duration) {
        let start = Instant::now();
        self.tick_until(dt, || start.elapsed() >= TICK_BUDGET);
    }

    /// One tick of `dt`, in chunks of [`TICK_CHUNK`] steps; after each chunk it stops if
    /// `out_of_time()` says so.
    fn tick_until(&mut self, dt: Duration, mut out_of_time: impl FnMut() -> bool) {
        if !self.playing {
            return;
        }
        let rate = SPEEDS[self.speed];
        #[allow(clippy::cast_precision_loss)]
        let want = self.budget + rate as f64 * dt.as_secs_f64();
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let whole = (want.floor() as u64).min(MAX_STEPS_PER_TICK);
        #[allow(clippy::cast_precision_loss)]
        {
            self.budget = (want - whole as f64).min(1.0);
        }
        let mut taken = 0;
        while taken < whole {
            let chunk = (whole - taken).min(TICK_CHUNK);
            let done = self.step_many(chunk);
            taken += done;
            if done < chunk || out_of_time() {
                break;
            }
        }
        self.tick_steps = taken;
        // The rate over the time since the last step, so slow speeds (a step every few
        // ticks) read steadily and a tick without a step changes nothing on screen.
        self.since_step += dt;
        let secs = self.since_step.as_secs_f64();
        if taken > 0 && secs > 0.0 {
            #[allow(clippy::cast_precision_loss)]
            let now = taken as f64 / secs;
            self.measured_rate = if self.measured_rate == 0.0 {
                now
            } else {
                0.8 * self.measured_rate + 0.2 * now
            };
            self.since_step = Duration::ZERO;
        }
        if self.finished() {
            self.playing = false;
        }
    }

    // ----- list -------------------------------------------------------------------------

    /// Whether a list row can be run now.
    #[must_use]
    pub fn enabled(&self, item: Item) -> bool {
        match item {
            Item::GenHeader | Item::SolveHeader => false,
            Item::Gen(_) => self.config.load.is_none(),
            Item::Solve(_) => self.grid.is_some(),
        }
    }

    fn select(&mut self, item: Item) {
        if let Some(i) = self.items.iter().position(|&x| x == item) {
            self.selected = i;
        }
    }

    fn move_selection(&mut self, by: isize) {
        let len = self.items.len();
        let mut i = self.selected;
        loop {
            i = if by > 0 {
                (i + 1) % len
            } else {
                (i + len - 1) % len
            };
            if !matches!(self.items[i], Item::GenHeader | Item::SolveHeader) {
                break;
            }
        }
        self.selected = i;
    }

    fn run_selected(&mut self) {
        match self.items[self.selected] {
            Item::Gen(kind) if self.config.load.is_none() => {
                self.start_generator(kind);
            }
            Item::Solve(kind) => {
                if self.grid.is_some() {
                    self.pending_solver = None;
                    self.start_solver(kind, false);
                } else if self.generation.is_some() {
                    self.wait_for_maze(kind);
                }
            }
            _ => {}
        }
    }

    fn new_seed(&mut self) {
        let Some(kind) = self.generation.as_ref().map(|g| g.kind) else {
            return;
        };
        let solver = self.solve.as_ref().map(|s| s.kind).or(self.pending_solver);
        self.seed = next_seed(self.seed);
        self.start_generator(kind);
        if let Some(solver) = solver {
            self.wait_for_maze(solver);
        }
    }

    /// Row offset of the list so that the selection is visible in `height` rows.
    #[must_use]
    pub fn list_offset(&self, height: u16) -> usize {
        let h = usize::from(height).max(1);
        (self.selected + 1).saturating_sub(h)
    }

    // ----- the maze view ----------------------------------------------------------------

    /// Maze size in tiles `(rows, cols)`.
    #[must_use]
    pub fn tile_size(&self) -> (u32, u32) {
        if let Some(grid) = self.grid.as_ref() {
            (grid.rows(), grid.cols())
        } else if let Some(run) = self.generation.as_ref() {
            (run.maze.tile_rows(), run.maze.tile_cols())
        } else {
            (0, 0)
        }
    }

    /// The tile being worked on, if any.
    #[must_use]
    pub fn current_tile(&self) -> Option<Pos> {
        if let Some(solve) = self.solve.as_ref() {
            return solve.machine().current();
        }
        let run = self.generation.as_ref()?;
        if run.done {
            return None;
        }
        run.machine().current().map(Pos::cell_to_tile)
    }

    /// The mark of tile `tile` now: the solver's, or the generator's on cell tiles.
    #[must_use]
    pub fn mark(&self, tile: Pos) -> Mark {
        if let Some(solve) = self.solve.as_ref() {
            return solve.machine().mark(tile);
        }
        match self.generation.as_ref() {
            Some(run) if !run.done && tile.row % 2 == 1 && tile.col % 2 == 1 => {
                run.machine().mark(Pos::new(tile.row / 2, tile.col / 2))
            }
            _ => Mark::None,
        }
    }

    /// Whether tile `tile` is open.
    #[must_use]
    pub fn is_open(&self, tile: Pos) -> bool {
        if let Some(grid) = self.grid.as_ref() {
            return grid.contains(tile) && grid.is_open(tile);
        }
        self.generation
            .as_ref()
            .is_some_and(|run| run.maze.is_open_tile(tile))
    }

    /// Start and goal tiles.
    #[must_use]
    pub fn endpoints(&self) -> (Pos, Pos) {
        if let Some(grid) = self.grid.as_ref() {
            return (grid.start(), grid.goal());
        }
        let (rows, cols) = self.tile_size();
        (
            Pos::new(1, 1),
            Pos::new(rows.saturating_sub(2), cols.saturating_sub(2)),
        )
    }

    /// The maze pane's inner area for the current terminal size.
    #[must_use]
    pub fn maze_inner(&self) -> Option<Rect> {
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        layout::areas(area).map(|a| layout::inner(a.maze))
    }

    /// Show the page of the maze that holds the current tile (the goal once a run has
    /// finished), shifted by the hand-made pan. Pages overlap by a small margin so the
    /// tile is never at the very edge. Depends only on the state, never on the previous
    /// offset, so step back + step forward gives the same frame.
    fn follow(&mut self) {
        let Some(inner) = self.maze_inner() else {
            return;
        };
        let tile = self.current_tile().unwrap_or_else(|| self.endpoints().1);
        let rows = layout::visible_rows(self.view, inner.height);
        // Thin view columns alternate in width: an even page keeps the pattern.
        let cols = layout::visible_cols(self.view, inner.width, 0);
        let even = self.view == View::Thin;
        self.scroll.0 = offset(page_start(tile.row, rows, false), self.pan.0);
        self.scroll.1 = offset(page_start(tile.col, cols, even), self.pan.1);
    }

    fn clamp_scroll(&mut self) {
        let Some(inner) = self.maze_inner() else {
            return;
        };
        let (rows, cols) = self.tile_size();
        let vis_rows = layout::visible_rows(self.view, inner.height);
        self.scroll.0 = self.scroll.0.min(rows.saturating_sub(vis_rows));
        let max_first = layout::max_first_col(self.view, inner.width, cols);
        self.scroll.1 = self.scroll.1.min(max_first);
    }

    fn click(&mut self, x: u16, y: u16, right: bool) {
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        let Some(areas) = layout::areas(area) else {
            return;
        };
        let pos = ratatui::layout::Position::new(x, y);
        let list = layout::inner(areas.list);
        if list.contains(pos) {
            let i = self.list_offset(list.height) + usize::from(y - list.y);
            if let Some(&item) = self.items.get(i)
                && !matches!(item, Item::GenHeader | Item::SolveHeader)
            {
                self.selected = i;
                self.run_selected();
            }
            return;
        }
        let inner = layout::inner(areas.maze);
        let Some((row, col)) = layout::tile_at(self.view, inner, self.scroll, x, y) else {
            return;
        };
        let tile = Pos::new(row, col);
        let solving = self.solve.as_ref().is_some_and(|s| s.steps > 0);
        let Some(grid) = self.grid.as_mut() else {
            return;
        };
        if solving || !grid.contains(tile) || !grid.is_open(tile) {
            return;
        }
        let line = if right {
            grid.set_goal(tile);
            self.chosen_ends.1 = Some(tile);
            format!("goal moved to {tile}")
        } else {
            grid.set_start(tile);
            self.chosen_ends.0 = Some(tile);
            format!("start moved to {tile}")
        };
        self.refresh_distances();
        // Logged like a settings change, so a replay logs it again; a solver restarts.
        self.settings_changed(line);
    }
}

/// Maze size in cells that fills the maze pane of a `size` terminal in the blocks view:
/// `(inner_cols / 2 − 1) / 2` wide, `(inner_rows − 1) / 2` tall, at least 1×1
/// (20×10 when the terminal is too small to lay out).
#[must_use]
pub fn fit(size: (u16, u16)) -> (u32, u32) {
    let area = Rect::new(0, 0, size.0, size.1);
    match layout::areas(area) {
        Some(a) => {
            let inner = layout::inner(a.maze);
            let w = (u32::from(inner.width / 2).saturating_sub(1) / 2).max(1);
            let h = (u32::from(inner.height).saturating_sub(1) / 2).max(1);
            (w, h)
        }
        None => (20, 10),
    }
}

fn offset(value: u32, by: i64) -> u32 {
    u32::try_from((i64::from(value) + by).max(0)).unwrap_or(u32::MAX)
}

/// The first tile of the page that shows tile `at` in a window of `visible` tiles: pages
/// step by `visible − 2·margin` (margin = a quarter of the window, at most 2), rounded down
/// to even when `even`. Pure: depends on `at` and the window alone.
fn page_start(at: u32, visible: u32, even: bool) -> u32 {
    if visible == 0 {
        return 0;
    }
    let margin = (visible / 4).min(2);
    let mut page = visible.saturating_sub(2 * margin).max(1);
    if even && page > 1 {
        page &= !1;
    }
    (at.saturating_sub(margin) / page) * page
}

/// The next seed after `seed` (SplitMix64), so `r` is deterministic too.
#[must_use]
pub const fn next_seed(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) % 1_000_000
}

/// Moves from the grid's start to every tile (breadth-first over open tiles), for the heat
/// map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distances {
    /// Row-major like the grid; `u32::MAX` for walls and unreachable tiles.
    pub moves: Vec<u32>,
    /// The largest finite distance (0 when only the start is reachable).
    pub max: u32,
}

impl Distances {
    /// Search `grid` from its start. O(tiles).
    #[must_use]
    pub fn new(grid: &Grid) -> Self {
        let mut moves = vec![u32::MAX; grid.len()];
        let mut queue = std::collections::VecDeque::new();
        let start = grid.start();
        moves[grid.index(start)] = 0;
        queue.push_back(start);
        let mut max = 0;
        while let Some(tile) = queue.pop_front() {
            let d = moves[grid.index(tile)];
            max = d;
            for next in grid.open_neighbors(tile) {
                let i = grid.index(next);
                if moves[i] == u32::MAX {
                    moves[i] = d + 1;
                    queue.push_back(next);
                }
            }
        }
        Self { moves, max }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Playing at full speed on a maze far larger than one tick's steps.
    fn playing_fast() -> App {
        let config = Config {
            width: Some(300),
            height: Some(200),
            ..Config::default()
        };
        let mut app = App::new(config, (120, 40));
        app.update(Action::Digit(2));
        app.update(Action::Digit(0));
        app.update(Action::Faster);
        assert_eq!(app.speed, SPEEDS.len() - 1);
        app.update(Action::TogglePlay);
        assert!(app.playing);
        app
    }

    #[test]
    fn a_tick_stops_stepping_once_out_of_time() {
        let mut app = playing_fast();
        let mut looks = 0;
        app.tick_until(Duration::from_secs(1), || {
            looks += 1;
            looks == 3
        });
        assert_eq!(looks, 3, "one look at the clock per chunk");
        assert_eq!(app.active_steps(), 3 * TICK_CHUNK);
        assert!(
            app.playing,
            "the steps it had no time for are dropped, play goes on"
        );
        // Steps not taken are not owed: the next tick asks only for its own time (plus at
        // most the one step of fraction carried over).
        app.tick_until(Duration::from_millis(1), || false);
        let next = app.active_steps() - 3 * TICK_CHUNK;
        assert!((1_000..=1_001).contains(&next), "{next}");
    }

    #[test]
    fn slow_play_measures_the_rate_between_steps_and_ticks_without_a_step_change_nothing() {
        let mut app = App::new(Config::default(), (120, 40));
        app.update(Action::TogglePlay);
        app.speed = 0; // 1 step a second
        let tick = Duration::from_micros(16_667);
        let frame = |app: &App| {
            let backend = ratatui::backend::TestBackend::new(120, 40);
            let mut terminal = ratatui::Terminal::new(backend).expect("test backend");
            terminal.draw(|f| crate::ui::render(app, f)).expect("draw");
            terminal.backend().buffer().clone()
        };
        let mut frames_with_a_step = 0;
        for _ in 0..180 {
            let before = frame(&app);
            app.update(Action::Tick(tick));
            if app.tick_steps > 0 {
                frames_with_a_step += 1;
            } else {
                assert_eq!(frame(&app), before, "a tick without a step changes nothing");
            }
        }
        assert_eq!(frames_with_a_step, 3, "three seconds of play at 1/s");
        assert_eq!(app.active_steps(), 3);
        assert!(
            (app.measured_rate - 1.0).abs() < 0.01,
            "{}",
            app.measured_rate
        );
    }

    #[test]
    fn a_tick_with_time_to_spare_runs_up_to_its_cap() {
        let mut app = playing_fast();
        app.tick_until(Duration::from_secs(1), || false);
        assert_eq!(app.active_steps(), MAX_STEPS_PER_TICK);
        assert!(app.measured_rate > 0.0);
    }
}
