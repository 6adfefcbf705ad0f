//! Moving along the current run: steps forward and back, seeks, running to the end,
//! milestones, cancelling long work, and the play clock's ticks.

use std::time::{Duration, Instant};

use super::job::Job;
use super::stage::Stage;
use super::state::{QUICK_STEPS, TICK_BUDGET};
use super::{App, Focus, Overlay};

impl App {
    pub(super) fn step_forward(&mut self, n: u64) {
        self.log_scroll = 0;
        if let Some(Job::Seek { target, from }) = self.job {
            self.job = Some(Job::Seek {
                target: target.saturating_add(n),
                from,
            });
            return;
        }
        if n <= QUICK_STEPS {
            let options = self.config.solve_options;
            let grid_of = self.grid_of();
            for _ in 0..n {
                if !self.stage.step(&grid_of, &options) {
                    break;
                }
            }
        } else {
            self.seek(self.stage.position().saturating_add(n));
        }
    }

    pub(super) fn step_back(&mut self, n: u64) {
        let from = match self.job {
            Some(Job::Seek { target, .. }) => target,
            _ => self.stage.position(),
        };
        self.seek(from.saturating_sub(n));
    }

    /// Go to `target` on the combined timeline, as a job (pausing play).
    pub(super) fn seek(&mut self, target: u64) {
        self.log_scroll = 0;
        self.play.set_playing(false);
        let from = match self.job {
            Some(Job::Seek { from, .. } | Job::ToEnd { from, .. }) => from,
            None => self.stage.position(),
        };
        self.job = Some(Job::Seek { target, from });
    }

    pub(super) fn start_run_to_end(&mut self) {
        self.log_scroll = 0;
        self.play.set_playing(false);
        self.job = Some(match self.job {
            Some(Job::ToEnd { from, .. }) => Job::ToEnd { from, next: true },
            _ => Job::ToEnd {
                from: self.stage.position(),
                next: false,
            },
        });
    }

    pub(super) fn jump_to_milestone(&mut self, forward: bool) {
        let (milestones, step): (Vec<u64>, u64) = match &self.stage {
            Stage::Solving { run, .. } => {
                (run.milestones().iter().map(|m| m.0).collect(), run.step())
            }
            Stage::Generating { run, .. } => {
                (run.milestones().iter().map(|m| m.0).collect(), run.step())
            }
            Stage::Complete { world } => match &world.generation {
                Some(run) => (run.milestones().iter().map(|m| m.0).collect(), run.step()),
                None => (Vec::new(), 0),
            },
            Stage::Race { race, .. } => (Vec::new(), race.clock),
            Stage::Empty => (Vec::new(), 0),
        };
        let next = if forward {
            milestones.iter().copied().find(|&at| at > step)
        } else {
            milestones
                .iter()
                .rev()
                .copied()
                .find(|&at| at < step)
                .or(Some(0).filter(|_| step > 0))
        };
        match next {
            Some(at) => {
                let base = self.stage.position() - self.stage.active_step();
                self.seek(base + at);
            }
            None if forward => {
                self.status = Some("no later milestone seen yet: f runs to the end".to_owned());
            }
            None => self.status = Some("at the start".to_owned()),
        }
    }

    pub(super) fn cancel(&mut self) {
        if self.overlay != Overlay::None {
            self.overlay = Overlay::None;
        } else if self.job.take().is_some() {
            self.status = Some("cancelled".to_owned());
        } else if self.play.playing {
            self.play.set_playing(false);
        } else if self.focus == Focus::Maze {
            self.focus = Focus::List;
        } else if self.leave_race() {
        } else {
            self.status = Some("nothing to cancel (q quits)".to_owned());
        }
    }

    /// Time passed: the walk's pilot moves at its pace, the robot and play step at the
    /// play speed. [`App::tick_moved`] says whether anything changed on screen.
    pub(super) fn tick(&mut self, dt: Duration) {
        self.tick_moved = self.walk_tick(dt) | self.robot_tick(dt);
        if !self.play.playing {
            return;
        }
        let want = self.play.steps_for(dt);
        let start = Instant::now();
        let before = self.stage.position();
        if want > 0 && self.job.is_none() {
            let options = self.config.solve_options;
            let grid_of = self.grid_of();
            let target = before.saturating_add(want);
            self.stage.seek(target, &grid_of, &options, || {
                start.elapsed() >= TICK_BUDGET
            });
        }
        let taken = self.stage.position().saturating_sub(before);
        self.play.record(taken, dt);
        if self.stage.finished() {
            self.play.set_playing(false);
        }
        self.tick_moved |= taken > 0 || !self.play.playing;
    }

    /// Whether the event loop should send ticks: playing, a pilot or the robot walking.
    #[must_use]
    pub fn ticking(&self) -> bool {
        self.play.playing || self.piloting() || self.robot_walking()
    }
}
