//! [`Play`]: the play clock — whether playing, the speed, and how many steps each tick of
//! the event loop should take.

use std::time::Duration;

/// Play speeds in steps per second; the last one means "as fast as the machine goes":
/// each frame steps until its time budget is used up.
pub const SPEEDS: [u64; 14] = [
    1,
    2,
    5,
    10,
    20,
    50,
    100,
    200,
    500,
    1_000,
    2_000,
    5_000,
    10_000,
    u64::MAX,
];

/// The speed a new app starts at (20 steps a second).
pub const DEFAULT_SPEED: usize = 4;

/// The play clock.
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    /// Stepping on every tick.
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// Steps per second measured while playing.
    pub measured_rate: f64,
    /// Steps the last tick took (0 at slow speeds between two steps: nothing to redraw).
    pub tick_steps: u64,
    /// Play time since the last tick that took a step.
    since_step: Duration,
    /// The fraction of a step owed from earlier ticks (slow speeds).
    owed: f64,
}

impl Default for Play {
    fn default() -> Self {
        Self {
            playing: false,
            speed: DEFAULT_SPEED,
            measured_rate: 0.0,
            tick_steps: 0,
            since_step: Duration::ZERO,
            owed: 0.0,
        }
    }
}

impl Play {
    /// Whether the speed is the top one (no rate: as fast as the frame budget allows).
    #[must_use]
    pub const fn is_max(&self) -> bool {
        self.speed + 1 == SPEEDS.len()
    }

    /// Start or stop playing, measuring afresh.
    pub fn set_playing(&mut self, playing: bool) {
        self.playing = playing;
        self.owed = 0.0;
        self.measured_rate = 0.0;
        self.since_step = Duration::ZERO;
    }

    /// Faster by `by` speeds (capped at the top).
    pub fn faster(&mut self, by: usize) {
        self.speed = (self.speed + by).min(SPEEDS.len() - 1);
    }

    /// Slower by `by` speeds (down to 1 step a second).
    pub fn slower(&mut self, by: usize) {
        self.speed = self.speed.saturating_sub(by);
    }

    /// The speed in words (`20/s`, `max`).
    #[must_use]
    pub fn label(&self) -> String {
        if self.is_max() {
            "max".to_owned()
        } else {
            format!("{}/s", SPEEDS[self.speed])
        }
    }

    /// Steps a tick of `dt` asks for: the rate times `dt` plus what earlier ticks owe
    /// (whole steps only; the fraction is carried, at most one step). At the top speed,
    /// `u64::MAX`: the caller steps until its time budget is spent.
    pub fn steps_for(&mut self, dt: Duration) -> u64 {
        if self.is_max() {
            return u64::MAX;
        }
        #[allow(clippy::cast_precision_loss)]
        let want = self.owed + SPEEDS[self.speed] as f64 * dt.as_secs_f64();
        let whole = want.floor();
        self.owed = (want - whole).min(1.0);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let whole = whole as u64;
        whole
    }

    /// Record that a tick of `dt` took `taken` steps: the measured rate is taken over the
    /// time since the last tick that stepped, so slow speeds read steadily.
    pub fn record(&mut self, taken: u64, dt: Duration) {
        self.tick_steps = taken;
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_speeds_carry_fractions_and_the_top_speed_has_no_rate() {
        let mut play = Play {
            speed: 0,
            ..Play::default()
        };
        let frame = Duration::from_millis(250);
        let steps: Vec<u64> = (0..8).map(|_| play.steps_for(frame)).collect();
        assert_eq!(steps, [0, 0, 0, 1, 0, 0, 0, 1]);
        play.faster(100);
        assert!(play.is_max());
        assert_eq!(play.label(), "max");
        assert_eq!(play.steps_for(frame), u64::MAX);
        play.slower(1);
        assert_eq!(play.label(), "10000/s");
        assert_eq!(play.steps_for(Duration::from_millis(16)), 160);
    }

    #[test]
    fn the_rate_is_measured_between_ticks_that_step() {
        let mut play = Play::default();
        play.record(0, Duration::from_millis(500));
        assert!(play.measured_rate.abs() < f64::EPSILON);
        play.record(1, Duration::from_millis(500));
        assert!((play.measured_rate - 1.0).abs() < 1e-9);
    }
}
