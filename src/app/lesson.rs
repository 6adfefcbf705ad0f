//! A lesson in the explorer: each stop rebuilds the explorer from the stop's settings
//! (its maze made headless when a solver or a race runs on it, with the stop's braid and
//! terrain), goes to the stop's step, turns the quiz on or off, and says the stop's text
//! in the key bar and the log. `]` and `[` move between stops; the quiz score carries over.

use std::sync::Arc;

use rand::{Rng, SeedableRng};

use super::race::Entrants;
use super::state::App;
use super::{Config, Job};
use crate::generate::{GenOptions, braid};
use crate::lesson::{At, Lesson, Source, Stop};
use crate::maze::Grid;
use crate::solve::{Corners, Moves};

/// Where the learner is in a lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// The lesson.
    pub lesson: Arc<Lesson>,
    /// The stop shown (an index into its stops).
    pub at: usize,
}

/// The maze of `stop` as a grid: generated (braided) or written inline, then terrain
/// costs 2–9 on a share of its open tiles, drawn from the stop's seed.
///
/// # Errors
/// A size the generator refuses.
pub fn stop_grid(stop: &Stop) -> Result<Grid, crate::Error> {
    let mut grid = match &stop.source {
        Source::Inline(grid) => grid.clone(),
        Source::Generated {
            generator,
            width,
            height,
        } => {
            let options = GenOptions::default();
            let (mut maze, _) = generator.generate(*width, *height, stop.seed, &options)?;
            braid::braid(&mut maze, stop.braid, stop.seed);
            maze.to_grid()
        }
    };
    if stop.terrain > 0.0 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(stop.seed);
        for i in 0..grid.len() {
            let tile = grid.pos(i);
            let ends = tile == grid.start() || tile == grid.goal();
            if grid.is_open(tile) && !ends && rng.random_bool(stop.terrain) {
                grid.set_terrain(tile, Some(rng.random_range(2..=9)));
            }
        }
    }
    Ok(grid)
}

/// The explorer's settings at `stop`, over `base` (colours, keys, the quiz log).
///
/// # Errors
/// As [`stop_grid`].
pub fn stop_config(base: &Config, stop: &Stop) -> Result<Config, crate::Error> {
    let mut config = base.clone();
    config.seed = stop.seed;
    config.braid = stop.braid;
    config.quiz = stop.quiz;
    config.solver = stop.solver;
    config.race = Entrants::Solvers(stop.race.clone());
    config.solve_options.heuristic = stop.heuristic;
    config.solve_options.heuristic_weight = stop.weight;
    config.solve_options.moves = if stop.diagonal {
        Moves::Eight(Corners::Allow)
    } else {
        Moves::Four
    };
    config.load = None;
    if stop.solver.is_some() || !stop.race.is_empty() {
        config.load = Some(stop_grid(stop)?);
    } else if let Source::Generated {
        generator,
        width,
        height,
    } = &stop.source
    {
        (config.generator, config.width, config.height) = (*generator, Some(*width), Some(*height));
    } else {
        config.load = Some(stop_grid(stop)?);
    }
    Ok(config)
}

impl App {
    /// Show the lesson's first stop, if the explorer follows a lesson.
    pub fn begin_lesson(&mut self) {
        if self.config.lesson.is_some() {
            self.goto_stop(0);
        }
    }

    /// Move `by` stops along the lesson (`]` = 1, `[` = −1), staying within it.
    pub(super) fn move_stop(&mut self, by: i32) {
        let Some(progress) = &self.config.lesson else {
            self.status = Some("no lesson: `maze-tui lesson` lists them".to_owned());
            return;
        };
        let last = progress.lesson.stops.len().saturating_sub(1);
        let at = progress.at.saturating_add_signed(by as isize).min(last);
        if at == progress.at && by != 0 {
            let end = if by > 0 { "last" } else { "first" };
            self.status = Some(format!("this is the {end} stop"));
            return;
        }
        self.goto_stop(at);
    }

    /// Show stop `at` of the lesson: rebuild the explorer for it and go to its step.
    pub fn goto_stop(&mut self, at: usize) {
        let Some(progress) = self.config.lesson.clone() else {
            return;
        };
        let Some(stop) = progress.lesson.stops.get(at) else {
            return;
        };
        let config = match stop_config(&self.config, stop) {
            Ok(config) => config,
            Err(e) => {
                self.status = Some(e.to_string());
                return;
            }
        };
        let quiz = self.quiz.clone();
        *self = App::new(config, self.size);
        self.quiz = super::quiz::Quiz {
            on: stop.quiz,
            ..quiz
        };
        self.config.lesson = Some(Progress {
            at,
            ..progress.clone()
        });
        match stop.at {
            At::Step(0) => {}
            At::Step(n) => {
                let base = self.stage.position() - self.stage.active_step();
                self.job = Some(Job::Seek {
                    target: base.saturating_add(n),
                    from: self.stage.position(),
                });
            }
            At::End => self.start_run_to_end(),
        }
        let of = progress.lesson.stops.len();
        let title = &progress.lesson.title;
        self.log.note(format!(
            "lesson {title}, stop {}/{of}: {}",
            at + 1,
            stop.text
        ));
        self.status = Some(format!("{}/{of} {}  (] next, [ back)", at + 1, stop.text));
        self.after_change();
    }
}
