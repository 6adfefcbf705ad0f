//! The robot in fog in the explorer (`F`, or `--fog R` at start): a robot walks from S to
//! E along D* Lite's path knowing only the tiles within `R` of where it has stood, the rest
//! assumed open ground; each discovery is repaired, not searched again
//! ([`crate::solve::replan::robot`], the same robot as `maze-tui replan --fog R`).
//!
//! Its walk is a [`Run`] of the robot, so it steps like any run: one tile a tick at the
//! play speed (`space` pauses it, `+`/`-` change the speed), `n` one move, `b` one move
//! back (a rewind by the run's checkpoints, exact because the robot is deterministic), `g`
//! back to S and `f` to the end. The maze stays as it is while the robot walks: a new maze
//! or an undone edit ends the walk.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::mode::Mode;
use super::state::{App, TICK_BUDGET};
use crate::run::{Run, Seek};
use crate::solve::replan::robot::{Robot, Stride};

/// How far the robot sees when neither `--fog` nor the config file says: two tiles, so
/// that in a maze (walls one tile thick) it sees the cell beyond the next wall.
pub const DEFAULT_FOG: u32 = 2;

/// The robot mode's state: the radius, the walk (once the maze is complete), and whether
/// it walks by itself.
#[derive(Clone, Debug)]
pub struct Fog {
    /// How far it sees, in tiles.
    pub radius: u32,
    /// The walk; `None` while the maze it will walk is being made (`--fog` at start).
    pub run: Option<Run<Robot>>,
    /// Walking one tile a tick at the play speed (`space` pauses).
    pub walking: bool,
    /// The move a stepping key asked for while the walk is not there yet: on a large maze
    /// a step back replays from a checkpoint far back, so it goes on in slices between
    /// frames (as every long job does) instead of freezing the screen.
    pub seeking: Option<u64>,
}

impl Fog {
    /// The robot at the step the walk is at.
    #[must_use]
    pub fn robot(&self) -> Option<&Robot> {
        self.run.as_ref().map(Run::machine)
    }
}

/// What the stepping keys ask of the robot (the keys of `n`, `b`, `space`, `g` and `f`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RobotKey {
    /// One move.
    Step,
    /// One move back.
    Back,
    /// Walk on by itself, or pause.
    Play,
    /// Back to S.
    ToStart,
    /// To the end of the walk.
    ToEnd,
}

/// The one line that says how the walk ended, if it has.
#[must_use]
pub fn outcome_line(robot: &Robot) -> Option<String> {
    let t = robot.tally();
    let s = if t.moves == 1 { "" } else { "s" };
    match robot.outcome()? {
        Stride::Arrived => Some(format!(
            "the robot reached E in {} move{s} (cost {}), {} replan{}",
            t.moves,
            t.cost,
            t.replans,
            if t.replans == 1 { "" } else { "s" }
        )),
        Stride::NoPath => Some("no path: E cannot be reached from S in the true map".to_owned()),
        Stride::Moved { .. } => None,
    }
}

impl App {
    /// `F`: the robot in fog on the complete maze, or stop it.
    pub(super) fn toggle_robot(&mut self) {
        if matches!(self.mode, Mode::Robot(_)) {
            self.mode = Mode::Explore;
            self.status = Some("robot stopped".to_owned());
            return;
        }
        let radius = self.config.fog.unwrap_or(DEFAULT_FOG);
        if self.stage.grid().is_none() {
            self.status = Some("the robot walks the complete maze (f: to the end)".to_owned());
            return;
        }
        self.await_robot(radius);
    }

    /// Put the robot on S of the complete maze with sight `radius`, walking; while the
    /// maze is still generated, run the generation to its end first (the robot starts on
    /// the next tick after it).
    pub(super) fn await_robot(&mut self, radius: u32) {
        self.play.set_playing(false);
        self.pan = (0, 0);
        if matches!(self.stage, super::Stage::Generating { .. }) {
            self.start_run_to_end();
        }
        self.mode = Mode::Robot(Box::new(Fog {
            radius: radius.max(1),
            run: None,
            walking: true,
            seeking: None,
        }));
        self.live_fog();
    }

    /// The robot mode's state, its robot placed once the maze is complete; a robot on a
    /// maze replaced meanwhile stops here, saying so.
    fn live_fog(&mut self) -> Option<&mut Fog> {
        let grid = self.stage.grid().filter(|_| self.job.is_none()).cloned();
        let options = self.config.solve_options;
        let Mode::Robot(fog) = &mut self.mode else {
            return None;
        };
        let placed = fog
            .run
            .as_ref()
            .map(|run| Arc::clone(run.machine().truth()));
        match (placed, grid) {
            (Some(truth), Some(grid)) if Arc::ptr_eq(&truth, &grid) => {}
            (Some(_), _) => {
                self.mode = Mode::Explore;
                self.status =
                    Some("the maze changed: the robot stopped (F starts it again)".into());
                return None;
            }
            (None, Some(grid)) => {
                let robot = Robot::on(grid, fog.radius, &options);
                fog.run = Some(Run::new(robot));
                let r = fog.radius;
                self.log.note(format!(
                    "robot in fog: sees {r} tile{} around it, walks S to E along D* Lite's path",
                    if r == 1 { "" } else { "s" }
                ));
                self.status = Some(format!(
                    "the robot walks in fog (radius {r}): space pauses, n/b step, F stops"
                ));
            }
            (None, None) => {}
        }
        match &mut self.mode {
            Mode::Robot(fog) => Some(fog),
            _ => None,
        }
    }

    /// A stepping key while the robot is out, `times` times where that means something.
    pub(super) fn robot_key(&mut self, key: RobotKey, times: u64) {
        let Some(fog) = self.live_fog() else {
            return;
        };
        let Some(run) = &mut fog.run else {
            self.status = Some("the robot waits for the maze to be complete".to_owned());
            return;
        };
        // Keys pressed while a replay is under way count from where it is heading.
        let step = fog.seeking.unwrap_or_else(|| run.step());
        let target = match key {
            RobotKey::Play => {
                fog.walking = !fog.walking && run.machine().outcome().is_none();
                fog.seeking = None;
                self.play.set_playing(false);
                return;
            }
            RobotKey::Step => step.saturating_add(times),
            RobotKey::Back => step.saturating_sub(times),
            RobotKey::ToStart => 0,
            RobotKey::ToEnd => u64::MAX,
        };
        fog.walking = false;
        // The walk goes there in the work between frames ([`App::work`]), in slices.
        fog.seeking = Some(target);
    }

    /// Whether a replay of the robot's walk is under way (see [`Fog::seeking`]).
    #[must_use]
    pub fn robot_seeking(&self) -> bool {
        matches!(&self.mode, Mode::Robot(fog) if fog.seeking.is_some())
    }

    /// Go on with a pending replay until it arrives or `out_of_time()` says to stop;
    /// whether it changed anything.
    pub(super) fn robot_seek_slice(&mut self, out_of_time: impl FnMut() -> bool) -> bool {
        if !self.robot_seeking() {
            return false;
        }
        let Some(fog) = self.live_fog() else {
            return false;
        };
        let (Some(target), Some(run)) = (fog.seeking, &mut fog.run) else {
            return false;
        };
        if run.seek(target, out_of_time) == Seek::Arrived {
            fog.seeking = None;
            // Arrived: the replay's message goes, the walk's outcome (if over) is said.
            self.status = outcome_line(run.machine());
        } else {
            self.status = Some(format!("the robot replays its walk to move {target}…"));
        }
        true
    }

    /// Time passed: a walking robot moves at the play speed (within the tick's budget).
    /// Returns whether anything on screen changed.
    pub(super) fn robot_tick(&mut self, dt: Duration) -> bool {
        if !matches!(&self.mode, Mode::Robot(fog) if fog.walking) {
            return false;
        }
        let want = self.play.steps_for(dt);
        let start = Instant::now();
        let Some(fog) = self.live_fog() else {
            return true;
        };
        let Some(run) = &mut fog.run else {
            return false;
        };
        let mut moved = false;
        for _ in 0..want {
            if run.step_once().is_none() {
                break;
            }
            moved = true;
            if run.machine().outcome().is_some() || start.elapsed() >= TICK_BUDGET {
                break;
            }
        }
        if let Some(line) = outcome_line(run.machine()) {
            fog.walking = false;
            self.status = Some(line);
            return true;
        }
        moved
    }

    /// Whether the robot walks by itself (the event loop then sends ticks).
    #[must_use]
    pub fn robot_walking(&self) -> bool {
        matches!(&self.mode, Mode::Robot(fog) if fog.walking)
    }
}
