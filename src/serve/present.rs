//! Present mode: the teacher's explorer is followed, step by step, by every student
//! session.
//!
//! The teacher's explorer records the actions it applies (keys turned into
//! [`Action`]s, play ticks with their durations) in a [`Presenter`]. A following student's
//! explorer starts from the teacher's settings and applies the same actions to its own copy
//! of the app: the explorer is deterministic (a seed gives a maze; a tick of a given length
//! gives the same steps), so the copy is at the teacher's step, drawn at the student's own
//! size. Taking over (`t`) just stops applying the teacher's actions: the copy is the
//! student's from that step on. Following again (`F`) rebuilds the copy from the start of
//! the teacher's actions.
//!
//! Not recorded: resizes and mouse clicks (their meaning depends on the teacher's layout),
//! and the save prompt with what is typed in it (a student's copy never saves).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::app::{Action, App, Config, ModeAction};

/// The most actions kept for a presentation (about 24 MB; an hour of play at 60 ticks a
/// second is 216,000). Past it, actions are no longer recorded and new followers see the
/// presentation up to there.
const MAX_ACTIONS: usize = 1 << 20;

#[derive(Debug, Default)]
struct Show {
    /// Bumped each time a teacher starts: followers start over.
    epoch: u64,
    /// The teacher's settings, while a teacher is presenting.
    config: Option<Config>,
    actions: Vec<Action>,
}

/// The presentation shared by the teacher's explorer and the students'.
#[derive(Debug, Default)]
pub struct Presenter {
    show: Mutex<Show>,
    followers: AtomicUsize,
}

/// What a follower should do next.
#[derive(Debug)]
pub enum Update {
    /// Nothing new.
    Nothing,
    /// Apply these actions.
    Actions(Vec<Action>),
    /// The teacher started (again): a fresh app from this config, then these actions.
    Restart(Box<Config>, Vec<Action>),
    /// No teacher is presenting.
    NoTeacher,
}

impl Presenter {
    fn lock(&self) -> std::sync::MutexGuard<'_, Show> {
        self.show.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A teacher starts presenting from `config` (its maze size fixed, so that every
    /// student's copy has the same maze whatever the size of their window).
    pub fn start(&self, config: Config) {
        let mut show = self.lock();
        show.epoch += 1;
        show.config = Some(config);
        show.actions.clear();
    }

    /// The teacher stopped: followers keep their copies.
    pub fn end(&self) {
        self.lock().config = None;
    }

    /// Record an action the teacher's app applied (`prompt_open`: whether the save prompt
    /// was open when it came). Resizes, clicks and saving are left out.
    pub fn record(&self, action: Action, prompt_open: bool) {
        let skipped = prompt_open
            || matches!(
                action,
                Action::Resize(..)
                    | Action::Click { .. }
                    | Action::Mode(ModeAction::Save | ModeAction::Picture)
            );
        let mut show = self.lock();
        if !skipped && show.config.is_some() && show.actions.len() < MAX_ACTIONS {
            show.actions.push(action);
        }
    }

    /// What a follower at `cursor` of presentation `epoch` has not applied yet; moves the
    /// cursor and epoch on.
    pub fn since(&self, epoch: &mut u64, cursor: &mut usize) -> Update {
        let show = self.lock();
        let Some(config) = &show.config else {
            return Update::NoTeacher;
        };
        if *epoch != show.epoch {
            *epoch = show.epoch;
            *cursor = show.actions.len();
            return Update::Restart(Box::new(config.clone()), show.actions.clone());
        }
        let new = show.actions.get(*cursor..).unwrap_or_default();
        if new.is_empty() {
            return Update::Nothing;
        }
        *cursor = show.actions.len();
        Update::Actions(new.to_vec())
    }

    /// Students following now.
    pub fn followers(&self) -> usize {
        self.followers.load(Ordering::Relaxed)
    }
}

/// A student's side: following the teacher or on their own copy.
#[derive(Debug)]
pub struct Follower {
    presenter: Arc<Presenter>,
    following: bool,
    epoch: u64,
    cursor: usize,
}

impl Follower {
    /// A student who follows from the start (if a teacher presents).
    #[must_use]
    pub fn new(presenter: Arc<Presenter>) -> Self {
        presenter.followers.fetch_add(1, Ordering::Relaxed);
        Self {
            presenter,
            following: true,
            epoch: 0,
            cursor: 0,
        }
    }

    /// Whether the student follows the teacher now.
    #[must_use]
    pub fn following(&self) -> bool {
        self.following
    }

    /// `t`: the copy becomes the student's.
    pub fn take_over(&mut self) {
        if self.following {
            self.following = false;
            self.presenter.followers.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// `F`: follow again, from a fresh copy.
    pub fn follow(&mut self) {
        if !self.following {
            self.following = true;
            self.epoch = 0;
            self.presenter.followers.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Bring `app` up to the teacher: queue the new actions in `pending` (applied by the
    /// caller between slices of work), or replace `app` when the teacher started again.
    /// Returns whether anything changed.
    pub fn catch_up(
        &mut self,
        app: &mut App,
        size: (u16, u16),
        pending: &mut std::collections::VecDeque<Action>,
    ) -> bool {
        if !self.following {
            return false;
        }
        match self.presenter.since(&mut self.epoch, &mut self.cursor) {
            Update::Nothing | Update::NoTeacher => false,
            Update::Actions(actions) => {
                pending.extend(actions);
                true
            }
            Update::Restart(config, actions) => {
                *app = App::new(*config, size);
                pending.clear();
                pending.extend(actions);
                true
            }
        }
    }

    /// The banner line: what the student sees and can do.
    #[must_use]
    pub fn banner(&self) -> String {
        if self.following {
            " following the teacher (read-only) · t take over · q quit ".to_owned()
        } else {
            " your own copy · F follow the teacher again ".to_owned()
        }
    }
}

impl Drop for Follower {
    fn drop(&mut self) {
        self.take_over();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_follower_replays_the_teachers_steps_and_can_take_over() {
        let presenter = Arc::new(Presenter::default());
        let config = Config {
            width: Some(8),
            height: Some(4),
            seed: 5,
            ..Config::default()
        };
        let mut teacher = App::new(config.clone(), (100, 30));
        presenter.start(config);
        let mut student = App::new(Config::default(), (120, 40));
        let mut follower = Follower::new(Arc::clone(&presenter));
        assert_eq!(presenter.followers(), 1);
        for action in [Action::Step(3), Action::Resize(90, 30), Action::Step(2)] {
            teacher.update(action);
            presenter.record(action, false);
        }
        let mut pending = std::collections::VecDeque::new();
        assert!(follower.catch_up(&mut student, (120, 40), &mut pending));
        assert_eq!(pending, [Action::Step(3), Action::Step(2)]);
        for action in pending.drain(..) {
            student.update(action);
        }
        let step = |app: &App| app.stage.generation().map(|run| run.step());
        assert_eq!(step(&student), step(&teacher));
        assert_eq!(step(&student), Some(5));

        follower.take_over();
        assert_eq!(presenter.followers(), 0);
        teacher.update(Action::Step(1));
        presenter.record(Action::Step(1), false);
        assert!(!follower.catch_up(&mut student, (120, 40), &mut pending));
        follower.follow();
        assert!(follower.catch_up(&mut student, (120, 40), &mut pending));
        assert_eq!(pending.len(), 3, "following again replays from the start");
        drop(follower);
        assert_eq!(presenter.followers(), 0);
    }
}
