//! [`App`]: everything the screen shows, and [`App::update`].

use std::sync::Arc;
use std::time::Duration;

use ratatui::layout::Rect;

use super::heat::Distances;
use super::job::Job;
use super::log::Log;
use super::mode::Mode;
use super::play::Play;
use super::stage::Stage;
use super::viewport::{self, Pane};
use super::{Action, Config};
use crate::generate::GeneratorKind;
use crate::maze::Pos;
use crate::run::Seek;
use crate::solve::{Solver, SolverKind};

/// Steps `n` takes at once; more become a [`Job`] done in slices.
pub(super) const QUICK_STEPS: u64 = 4096;
/// Longest a play tick keeps stepping, so the event loop still reads keys and draws about
/// every frame however slow the steps of a large maze are. Steps it had no time for are
/// dropped, not owed.
pub(super) const TICK_BUDGET: Duration = Duration::from_millis(10);

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
    /// Two columns per tile, walls as full blocks (as the classic console mazes draw).
    #[default]
    Blocks,
    /// Thin box-drawing walls: wall columns 1 wide, cell columns 3 wide.
    Thin,
    /// Half blocks: two tile rows per text row, one column per tile.
    HalfBlock,
}

/// What covers the screen, if anything.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: the panes.
    #[default]
    None,
    /// The key help.
    Help,
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

/// The whole TUI state. Built by [`App::new`], changed only by [`App::update`] and
/// [`App::work`].
#[derive(Clone, Debug)]
pub struct App {
    /// What it started from (solver settings change as the user asks).
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
    /// Tiles, the whole maze, or whichever fits (`z` / `Z`).
    pub zoom: super::Zoom,
    /// Distance heat map asked for (shown once the maze is complete).
    pub heat: bool,
    /// The heat map's distances, worked out only while it is shown.
    pub distances: Option<Distances>,
    /// What covers the screen.
    pub overlay: Overlay,
    /// Rows of the help scrolled past (kept within the help by [`App::help_top`]).
    pub help_scroll: usize,
    /// The play clock.
    pub play: Play,
    /// A count typed before a key (`10n`).
    pub count: Option<u64>,
    /// Seed of the current maze.
    pub seed: u64,
    /// Maze size in cells `(width, height)`.
    pub maze_size: (u32, u32),
    /// What is being explored.
    pub stage: Stage,
    /// Start and goal tiles picked for the current maze, applied whenever its grid is
    /// (re)built.
    pub ends: (Option<Pos>, Option<Pos>),
    /// Lines of earlier runs.
    pub log: Log,
    /// Log lines scrolled back from the newest.
    pub log_scroll: usize,
    /// Maze view offset in tiles `(row, col)`: the page holding the current tile plus
    /// [`App::pan`], clamped. A pure function of the run's state and the pan.
    pub scroll: (u32, u32),
    /// Tiles panned by hand `(rows, cols)`, until re-centred or a new run starts.
    pub pan: (i64, i64),
    /// The side pane shown on small terminals (tabs).
    pub tab: Pane,
    /// Long work in progress.
    pub job: Option<Job>,
    /// The cheapest path cost of the grid being searched, with the moves it is worked
    /// out for: the yardstick for a solver that is not always cheapest, worked out in
    /// slices by [`App::work`].
    pub cheapest: Option<super::cheapest::Yardstick>,
    /// The par of the maze shown, worked out in slices while something shows it: the
    /// moves a breadth-first search takes from S to E.
    pub par: Option<super::cheapest::Yardstick>,
    /// A one-line message for the user about the last key (cleared by the next one).
    pub status: Option<String>,
    /// What the movement keys act on: explorer, editor, player or inspector.
    pub mode: super::mode::Mode,
    /// Edits of the current maze that `u` can undo.
    pub undo: super::edit::Undo,
    /// Re-run the solver after every edit (`a`), or only on Enter.
    pub auto_rerun: bool,
    /// What a mouse drag in edit mode makes of the tiles it crosses (open or wall).
    pub drag_open: bool,
    /// The open text prompt (the file to save to), if any.
    pub prompt: Option<super::prompt::Prompt>,
    /// Solvers or generators marked (`m`) for the next race, in marking order.
    pub race_marks: super::race::Entrants,
    /// A race asked for on the command line, to start once the maze is complete.
    pub race_pending: bool,
    /// Whether the last [`Action::Tick`] changed what the screen shows (a step played, a
    /// tile walked, play stopped).
    pub tick_moved: bool,
    /// Quiz mode, its score and its log.
    pub quiz: super::quiz::Quiz,
    /// Set by [`Action::Quit`].
    pub quit: bool,
}

impl App {
    /// The app for `config` on a terminal of `size` `(cols, rows)`. Without a width or
    /// height in `config`, the maze fits the maze room of that terminal.
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
        let (view, speed) = (config.view, config.speed.min(super::SPEEDS.len() - 1));
        let quiz = super::quiz::Quiz::of(&config);
        let mut app = Self {
            seed: config.seed,
            maze_size: (1, 1),
            config,
            size,
            items,
            selected,
            focus: Focus::List,
            view,
            zoom: super::Zoom::Auto,
            heat: false,
            distances: None,
            overlay: Overlay::None,
            help_scroll: 0,
            play: Play::default(),
            count: None,
            stage: Stage::Empty,
            ends: (None, None),
            log: Log::default(),
            log_scroll: 0,
            scroll: (0, 0),
            pan: (0, 0),
            tab: Pane::Stats,
            job: None,
            cheapest: None,
            par: None,
            status: None,
            mode: super::mode::Mode::Explore,
            undo: super::edit::Undo::default(),
            auto_rerun: true,
            drag_open: false,
            prompt: None,
            race_marks: super::race::Entrants::default(),
            race_pending: false,
            tick_moved: false,
            quiz,
            quit: false,
        };
        app.play.speed = speed;
        app.maze_size = app.wanted_size();
        for notice in &app.config.notices {
            app.log.note(notice.clone());
        }
        if let Some(grid) = app.config.load.clone() {
            app.open_loaded(grid);
            if let Some(kind) = app.config.solver {
                app.select(Item::Solve(kind));
                app.start_solver(kind, false);
            }
        } else {
            app.start_generator(app.config.generator);
            if let Some(kind) = app.config.solver {
                app.select(Item::Solve(kind));
                app.wait_for_maze(kind);
            }
        }
        if !app.config.race.is_empty() {
            // A race starts on the complete maze: the generation runs to its end first, in
            // slices like any `f`, and `after_change` starts the race when it is complete.
            app.race_marks = app.config.race.clone();
            app.race_pending = true;
            if matches!(app.stage, Stage::Generating { .. }) {
                app.start_run_to_end();
            }
        }
        if let Some(radius) = app.config.fog {
            app.await_robot(radius);
        }
        app.fit_view();
        app.after_change();
        if let Some(first) = app.config.notices.first() {
            let more = app.config.notices.len() - 1;
            app.status = Some(if more == 0 {
                first.clone()
            } else {
                format!("{first} (and {more} more in the log)")
            });
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
        let quiet = matches!(action, Action::Tick(_) | Action::Resize(..));
        if !quiet {
            self.status = None;
        }
        let count = if quiet { None } else { self.count.take() };
        self.apply(action, count);
        self.after_change();
    }

    /// Whether long work is waiting for [`App::work`].
    #[must_use]
    pub fn busy(&self) -> bool {
        self.job.is_some() || self.measuring() || self.robot_seeking()
    }

    /// Advance the pending job until it is done or `out_of_time()` says to stop (asked
    /// every thousand steps or so). Returns whether work remains.
    pub fn work(&mut self, mut out_of_time: impl FnMut() -> bool) -> bool {
        self.measure(&mut out_of_time);
        let Some(job) = self.job else {
            return self.robot_seek_slice(&mut out_of_time) | self.busy();
        };
        let options = self.config.solve_options;
        let grid_of = self.grid_of();
        let result = match job {
            Job::Seek { target, .. } => self.stage.seek(target, &grid_of, &options, out_of_time),
            Job::ToEnd { .. } => self.stage.run_to_end(&grid_of, &options, out_of_time),
        };
        if result == Seek::Arrived {
            self.job = match job {
                Job::ToEnd { from, next: true } if !self.stage.finished() => {
                    Some(Job::ToEnd { from, next: false })
                }
                _ => None,
            };
        }
        self.after_change();
        self.busy()
    }

    /// Do all pending work now (tests, headless recording).
    pub fn settle(&mut self) {
        while self.work(|| false) {}
    }

    pub(super) fn apply(&mut self, action: Action, count: Option<u64>) {
        let times = count.unwrap_or(1).max(1);
        match action {
            Action::Digit(_) => {}
            Action::Step(n) => self.step_forward(n.saturating_mul(times)),
            Action::StepBack(n) => self.step_back(n.saturating_mul(times)),
            Action::ToEnd => self.start_run_to_end(),
            Action::ToStart => {
                let base = self.stage.position() - self.stage.active_step();
                self.seek(base);
            }
            Action::GoTo => match count {
                Some(step) => {
                    let base = self.stage.position() - self.stage.active_step();
                    self.seek(base.saturating_add(step));
                }
                None => self.start_run_to_end(),
            },
            Action::NextMilestone => self.jump_to_milestone(true),
            Action::PrevMilestone => self.jump_to_milestone(false),
            Action::TogglePlay => {
                let play = !self.play.playing && !self.stage.finished();
                self.play.set_playing(play);
                if play {
                    self.job = None;
                }
            }
            Action::Faster | Action::Slower if matches!(self.mode, Mode::Walk(_)) => {
                let by = usize::try_from(times).unwrap_or(1);
                self.change_pace(action == Action::Faster, by);
            }
            Action::Faster => self.play.faster(usize::try_from(times).unwrap_or(1)),
            Action::Slower => self.play.slower(usize::try_from(times).unwrap_or(1)),
            Action::SelectNext => {
                for _ in 0..times.min(self.items.len() as u64) {
                    self.move_selection(1);
                }
            }
            Action::SelectPrev => {
                for _ in 0..times.min(self.items.len() as u64) {
                    self.move_selection(-1);
                }
            }
            Action::RunSelected => self.run_selected(),
            Action::NewSeed => self.new_seed(),
            Action::ToggleHelp => self.toggle_help(),
            Action::ScrollHelp(by) => self.scroll_help(by, times),
            Action::Cancel => self.cancel(),
            Action::CycleView => {
                self.view = match self.view {
                    View::Blocks => View::Thin,
                    View::Thin => View::HalfBlock,
                    View::HalfBlock => View::Blocks,
                };
            }
            Action::Zoom(out) => self.zoom(out),
            Action::ToggleHeat => {
                self.heat = !self.heat;
                if self.heat && self.stage.grid().is_none() {
                    self.status = Some("heat map: shown once the maze is complete".to_owned());
                }
            }
            Action::CycleHeuristic => self.cycle_heuristic(),
            Action::ToggleDiagonal => self.toggle_diagonal(),
            Action::FocusNext => {
                self.focus = match self.focus {
                    Focus::List => Focus::Maze,
                    Focus::Maze => Focus::List,
                };
            }
            Action::Pan(dr, dc) => {
                let by = i64::try_from(times).unwrap_or(1);
                let (rows, cols) = self.stage.tile_size();
                let (rows, cols) = (i64::from(rows), i64::from(cols));
                self.pan.0 = (self.pan.0 + i64::from(dr) * by).clamp(-rows, rows);
                self.pan.1 = (self.pan.1 + i64::from(dc) * by).clamp(-cols, cols);
            }
            Action::Recenter => self.pan = (0, 0),
            Action::ScrollLog(d) => {
                let by = i64::from(d) * i64::try_from(times).unwrap_or(1);
                let max = i64::try_from(self.log_lines().len()).unwrap_or(0);
                let now = i64::try_from(self.log_scroll).unwrap_or(0);
                self.log_scroll = usize::try_from((now + by).clamp(0, max)).unwrap_or(0);
            }
            Action::NextTab => {
                let tabs = self.areas().map(|a| a.tabbed()).unwrap_or_default();
                if tabs.is_empty() {
                    self.status = Some("every pane is shown: no tabs at this size".to_owned());
                } else {
                    let at = tabs.iter().position(|&p| p == self.tab);
                    self.tab = tabs[at.map_or(0, |i| (i + 1) % tabs.len())];
                }
            }
            Action::Resize(cols, rows) => self.size = (cols, rows),
            Action::Click { x, y, right } => self.click(x, y, right),
            Action::Tick(dt) => self.tick(dt),
            Action::Mode(action) => self.mode_action(action, times),
            Action::MarkRace => self.toggle_race_mark(),
            Action::StartRace => self.start_race(),
            Action::Quiz(action) => self.quiz_action(action),
            Action::Lesson(by) => self.move_stop(by),
            Action::Quit => self.quit = true,
        }
    }

    // ----- after every change -----------------------------------------------------------

    /// Keep what is derived from the state in step with it: the heat map's distances and
    /// the view's offset.
    pub(super) fn after_change(&mut self) {
        if self.race_pending && self.stage.grid().is_some() && self.job.is_none() {
            self.race_pending = false;
            self.start_race();
        }
        let grid = self.stage.grid().filter(|_| self.heat).cloned();
        match grid {
            Some(grid) => {
                if !self
                    .distances
                    .as_ref()
                    .is_some_and(|d| Arc::ptr_eq(&d.grid, &grid))
                {
                    self.distances = Some(Distances::new(&grid));
                }
            }
            None => self.distances = None,
        }
        self.refresh_cheapest();
        self.refresh_par();
        if let Mode::Walk(walk) = &mut self.mode {
            walk.refresh_ahead();
        }
        self.follow();
    }

    /// The cheapest path cost of the grid being searched with the moves in use, once a
    /// solver that is not always cheapest has found its path (`None` otherwise).
    #[must_use]
    pub fn cheapest_cost(&self) -> Option<u32> {
        let Stage::Solving { run, .. } = &self.stage else {
            return None;
        };
        let yardstick = self.cheapest.as_ref()?;
        let grid = run.machine().grid_arc();
        yardstick
            .is_for(grid, run.machine().options().moves)
            .then(|| yardstick.cost())
            .flatten()
            .flatten()
    }

    /// Start working out the cheapest cost once a solver that is not always cheapest has
    /// found its path (once per grid and move rule; [`App::work`] does it in slices).
    pub(super) fn refresh_cheapest(&mut self) {
        let Stage::Solving { run, .. } = &self.stage else {
            return;
        };
        let options = *run.machine().options();
        let weighted = run.machine().grid().is_weighted();
        if run.machine().solver().path().is_none()
            || run.machine().kind().is_optimal(&options, weighted)
        {
            return;
        }
        let grid = run.machine().grid_arc();
        let fresh = self
            .cheapest
            .as_ref()
            .is_some_and(|y| y.is_for(grid, options.moves));
        if !fresh {
            self.cheapest = Some(super::cheapest::Yardstick::start(grid, options.moves));
        }
    }

    /// Pick a view the whole maze fits in: the one asked for ([`Config::view`]), else
    /// the next denser (blocks, thin walls, half-blocks); otherwise stay and pan.
    pub(super) fn fit_view(&mut self) {
        let fits = |view: View| {
            let code_rows = self.pseudocode().map_or(0, |p| p.len());
            let tiles = self.stage.tile_size();
            viewport::areas(
                Rect::new(0, 0, self.size.0, self.size.1),
                view,
                tiles,
                u16::try_from(self.items.len()).unwrap_or(u16::MAX),
                u16::try_from(code_rows).unwrap_or(12),
            )
            .is_some_and(|areas| {
                let room = viewport::inner(areas.maze);
                let (w, h) = viewport::maze_extent(view, tiles);
                w <= room.width && h <= room.height
            })
        };
        if let Some(view) = [View::Blocks, View::Thin, View::HalfBlock]
            .into_iter()
            .skip_while(|&v| v != self.config.view)
            .find(|&v| fits(v))
        {
            self.view = view;
        }
    }

    /// Show the page of the maze that holds the edit or inspect cursor or the player, else
    /// the current tile (the goal once a run has finished, the start before it begins),
    /// shifted by the hand-made pan.
    pub(super) fn follow(&mut self) {
        // The rounds of "which algorithm made this?" lay the maze out themselves.
        if self.config.guess.is_some() {
            return;
        }
        let Some(inner) = self.maze_inner() else {
            return;
        };
        let tile = self
            .mode_focus()
            .or_else(|| self.stage.current_tile())
            .unwrap_or_else(|| {
                let (start, goal) = self.endpoints();
                if self.stage.active_step() == 0 {
                    start
                } else {
                    goal
                }
            });
        let rows = viewport::visible_rows(self.view, inner.height);
        let cols = viewport::visible_cols(self.view, inner.width, 0);
        let even = self.view == View::Thin;
        let scroll = (
            offset(viewport::page_start(tile.row, rows, false), self.pan.0),
            offset(viewport::page_start(tile.col, cols, even), self.pan.1),
        );
        let (total_rows, total_cols) = self.stage.tile_size();
        self.scroll = (
            scroll.0.min(total_rows.saturating_sub(rows)),
            scroll
                .1
                .min(viewport::max_first_col(self.view, inner.width, total_cols)),
        );
    }

    /// Make a new grid for the complete maze with `start` / `goal` moved, restarting a
    /// running solver on it.
    pub(super) fn move_ends(&mut self, start: Option<Pos>, goal: Option<Pos>) {
        let Some(grid) = self.stage.grid() else {
            return;
        };
        let mut moved = (**grid).clone();
        if let Some(s) = start {
            moved.set_start(s);
            self.ends.0 = Some(moved.start());
        }
        if let Some(g) = goal {
            moved.set_goal(g);
            self.ends.1 = Some(moved.goal());
        }
        let moved = Arc::new(moved);
        let solver = self.active_solver();
        match &mut self.stage {
            Stage::Complete { world } | Stage::Solving { world, .. } => world.grid = moved,
            _ => {}
        }
        if let Some((kind, auto)) = solver {
            self.start_solver(kind, auto);
        }
    }
}

pub(super) fn offset(value: u32, by: i64) -> u32 {
    u32::try_from((i64::from(value) + by).max(0)).unwrap_or(u32::MAX)
}
