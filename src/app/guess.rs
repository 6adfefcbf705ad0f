//! "Which algorithm made this?" in the explorer (`maze-tui quiz` on a terminal): each round
//! of the [`Game`] is shown as the explorer shows a maze — a maze round as a loaded,
//! finished maze, a search round as the hidden solver's run on it, gone to its end — with
//! the four names and, once answered, the verdict and the signature. The explorer's other
//! panes are not drawn (they would name the algorithm); `ui::guess` draws the screen.
//!
//! Keys: `a`–`d` answer; Enter, Space or `n` go on to the next round (after the last one:
//! quit); `q`, Esc or Ctrl-C quit; every other key is ignored.

use ratatui::layout::Rect;

use super::quiz::QuizAction;
use super::state::App;
use super::{View, viewport};
use crate::teach::guess::Game;

/// The side pane's width when the screen is wide enough for the maze and it side by side.
pub const SIDE_WIDTH: u16 = 40;

/// The choices pane's height when it goes under the maze (narrow screens).
pub const BELOW_HEIGHT: u16 = 11;

/// The smallest screen the rounds are drawn on.
pub const MIN_SIZE: (u16, u16) = (40, 16);

/// Where the round screen's parts go in `area`: the maze pane, the choices pane, the key
/// bar (the last row). Side by side from 100 columns on, else the choices under the maze.
/// `None` below [`MIN_SIZE`].
#[must_use]
pub fn areas(area: Rect) -> Option<(Rect, Rect, Rect)> {
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        return None;
    }
    let body_height = area.height - 1;
    let keys = Rect::new(area.x, area.y + body_height, area.width, 1);
    if area.width >= 100 {
        let maze = Rect::new(area.x, area.y, area.width - SIDE_WIDTH, body_height);
        let side = Rect::new(maze.right(), area.y, SIDE_WIDTH, body_height);
        Some((maze, side, keys))
    } else {
        let maze = Rect::new(area.x, area.y, area.width, body_height - BELOW_HEIGHT);
        let below = Rect::new(area.x, maze.bottom(), area.width, BELOW_HEIGHT);
        Some((maze, below, keys))
    }
}

impl App {
    /// Show the first round, if the explorer plays "which algorithm made this?".
    pub fn begin_guess(&mut self) {
        if self.config.guess.is_some() {
            self.show_round();
        }
    }

    /// The game being played, if any.
    #[must_use]
    pub fn guess(&self) -> Option<&Game> {
        self.config.guess.as_ref()
    }

    /// Rebuild the explorer on the round shown: its maze loaded, its hidden solver (if
    /// any) run to the end at once (a round's maze is small), the densest view not needed.
    fn show_round(&mut self) {
        let Some(game) = self.config.guess.clone() else {
            return;
        };
        let mut config = self.config.clone();
        config.load = Some(game.round.grid.clone());
        config.solver = game.round.solver;
        config.race = super::race::Entrants::default();
        config.quiz = false;
        config.lesson = None;
        *self = App::new(config, self.size);
        if self.config.solver.is_some() {
            self.start_run_to_end();
            self.settle();
        }
        self.fit_round_view();
        self.status = None;
    }

    /// The view the round's maze fits in on this screen: blocks, else thin walls, else
    /// half-blocks (and the whole view where not even those fit).
    fn fit_round_view(&mut self) {
        let tiles = self.stage.tile_size();
        let Some((maze, _, _)) = areas(Rect::new(0, 0, self.size.0, self.size.1)) else {
            return;
        };
        let room = viewport::inner(maze);
        self.view = [View::Blocks, View::Thin, View::HalfBlock]
            .into_iter()
            .find(|&v| {
                let (w, h) = viewport::maze_extent(v, tiles);
                w <= room.width && h <= room.height
            })
            .unwrap_or(View::HalfBlock);
        self.scroll = (0, 0);
    }

    /// A key of the rounds.
    pub(super) fn guess_action(&mut self, action: QuizAction) {
        let Some(game) = self.config.guess.as_mut() else {
            return;
        };
        match action {
            QuizAction::Pick(i) => {
                game.answer(i);
            }
            QuizAction::NextRound if game.over() => self.quit = true,
            QuizAction::NextRound => match game.next_round() {
                Ok(true) => self.show_round(),
                Ok(false) => {}
                Err(e) => self.status = Some(e.to_string()),
            },
            QuizAction::Resize(cols, rows) => {
                self.size = (cols, rows);
                self.fit_round_view();
            }
            _ => {}
        }
    }
}
