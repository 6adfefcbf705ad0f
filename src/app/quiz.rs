//! Quiz mode: before each step the explorer asks the question that step answers (the
//! machine states it: [`Teach::question`]); the learner answers with a hint letter, with
//! the cursor and Enter, or with a click; the answer is scored, named by its rule, written
//! to the quiz log if one is kept, and then the step is taken so the learner sees it.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::mode::Mode;
use super::stage::Stage;
use super::state::App;
use crate::maze::Pos;
use crate::teach::{Answer, Question, Teach};

/// What a quiz key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuizAction {
    /// Quiz mode on or off (`Q`).
    Toggle,
    /// The choice with this hint letter.
    Letter(char),
    /// Move the cursor among the choices by this many.
    Cursor(i32),
    /// Answer the choice under the cursor (Enter).
    Confirm,
    /// "Which algorithm made this?": answer the round with choice `a`–`d` (0–3).
    Pick(usize),
    /// "Which algorithm made this?": the next round (after the last one: quit).
    NextRound,
    /// "Which algorithm made this?": the terminal is now `cols × rows`.
    Resize(u16, u16),
    /// "Which algorithm made this?": a key the rounds do not use (so it does nothing).
    Idle,
}

/// The quiz's state: on or off, the score, the cursor, the last verdict.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Quiz {
    /// Asking before each step.
    pub on: bool,
    /// Questions answered.
    pub asked: u32,
    /// Answered right.
    pub right: u32,
    /// Right answers in a row, up to the last one.
    pub streak: u32,
    /// The longest streak so far.
    pub best: u32,
    /// The choice under the cursor (an index into the question's choices).
    pub cursor: usize,
    /// The feedback on the last answer: whether it was right, and the rule with the
    /// accepted answers.
    pub verdict: Option<(bool, String)>,
    /// The file each answer is appended to as one JSON line (`--quiz-log`).
    pub log: Option<PathBuf>,
}

/// One line of the quiz log.
#[derive(serde::Serialize)]
struct LogLine<'a> {
    step: u64,
    algorithm: &'a str,
    question: &'a str,
    chosen: String,
    accepted: Vec<String>,
    correct: bool,
}

/// Check that `path` can take the quiz log: a regular file (created if missing), opened
/// for appending.
///
/// # Errors
/// [`crate::Error::Invalid`] for a directory, device or pipe; [`crate::Error::Io`] when
/// it cannot be opened.
pub fn check_log(path: &Path) -> Result<(), crate::Error> {
    if let Ok(meta) = std::fs::metadata(path)
        && !meta.is_file()
    {
        return Err(crate::Error::Invalid(format!(
            "--quiz-log {}: not a regular file",
            path.display()
        )));
    }
    open_log(path)
        .map(drop)
        .map_err(|e| crate::Error::Io(format!("cannot open quiz log {}: {e}", path.display())))
}

fn open_log(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
}

impl Quiz {
    /// The quiz as `config` starts it: on with `--quiz`, logging to `--quiz-log`.
    #[must_use]
    pub fn of(config: &super::Config) -> Self {
        let (on, log) = (config.quiz, config.quiz_log.clone());
        Self {
            on,
            log,
            ..Self::default()
        }
    }
}

impl App {
    /// The question the next step answers, while quiz mode is on and the explorer is
    /// stepping one run (no race, no edit, walk or inspect mode); `None` otherwise.
    #[must_use]
    pub fn question(&self) -> Option<Question> {
        if !self.quiz.on || !matches!(self.mode, Mode::Explore) || self.job.is_some() {
            return None;
        }
        match &self.stage {
            Stage::Generating { run, .. } => run.machine().generator().question(),
            Stage::Solving { run, .. } => run.machine().solver().question(),
            _ => None,
        }
    }

    /// The tile of a choice's answer: a generator's cells sit at odd tiles.
    #[must_use]
    pub fn answer_tile(&self, answer: Answer) -> Option<Pos> {
        let Answer::At(at) = answer else {
            return None;
        };
        Some(match self.stage {
            Stage::Generating { .. } => Pos::new(2 * at.row + 1, 2 * at.col + 1),
            _ => at,
        })
    }

    /// The name and the question of the algorithm running, for the log and the bar.
    fn asker(&self) -> Option<(&'static str, Option<&'static str>)> {
        match &self.stage {
            Stage::Generating { run, .. } => {
                let g = run.machine().generator();
                Some((g.kind().name(), g.asks()))
            }
            Stage::Solving { run, .. } => {
                let s = run.machine().solver();
                Some((s.kind().name(), s.asks()))
            }
            _ => None,
        }
    }

    pub(super) fn quiz_action(&mut self, action: QuizAction) {
        match action {
            QuizAction::Toggle => {
                self.quiz.on = !self.quiz.on;
                self.quiz.cursor = 0;
                self.play.set_playing(false);
                self.status = Some(self.quiz_status());
            }
            QuizAction::Letter(c) => {
                if let Some(i) = self.question().and_then(|q| q.index_of(c)) {
                    self.answer(i);
                }
            }
            QuizAction::Cursor(by) => {
                if let Some(q) = self.question() {
                    let n = i64::try_from(q.choices.len()).unwrap_or(1).max(1);
                    let at = i64::try_from(self.quiz.cursor).unwrap_or(0) + i64::from(by);
                    self.quiz.cursor = usize::try_from(at.rem_euclid(n)).unwrap_or(0);
                }
            }
            QuizAction::Confirm => self.answer(self.quiz.cursor),
            QuizAction::Pick(_)
            | QuizAction::NextRound
            | QuizAction::Resize(..)
            | QuizAction::Idle => self.guess_action(action),
        }
    }

    /// What turning the quiz on or off says.
    fn quiz_status(&self) -> String {
        if !self.quiz.on {
            return "quiz off".to_owned();
        }
        match self.asker() {
            Some((name, None)) => {
                format!("quiz on: {name} has no question; its steps pass unasked")
            }
            _ => "quiz on: press the letter of your answer (b, n, q keep their meaning)".to_owned(),
        }
    }

    /// A click on the maze while a question is asked: the choice on that tile, if any.
    /// Returns whether the click was taken.
    pub(super) fn quiz_click(&mut self, tile: Pos) -> bool {
        let Some(q) = self.question() else {
            return false;
        };
        let Some(i) = q
            .choices
            .iter()
            .position(|c| self.answer_tile(c.answer) == Some(tile))
        else {
            return false;
        };
        self.answer(i);
        true
    }

    /// Answer choice `index` of the question asked: score it, say the rule, log it, and
    /// take the step.
    fn answer(&mut self, index: usize) {
        let Some(q) = self.question() else {
            return;
        };
        let Some(choice) = q.choices.get(index) else {
            return;
        };
        let right = choice.accepted;
        self.quiz.asked += 1;
        if right {
            self.quiz.right += 1;
            self.quiz.streak += 1;
            self.quiz.best = self.quiz.best.max(self.quiz.streak);
        } else {
            self.quiz.streak = 0;
        }
        let verdict = q.verdict(index);
        self.log.note(format!("quiz: {verdict}"));
        self.status = Some(verdict.clone());
        self.quiz.verdict = Some((right, verdict));
        self.quiz.cursor = 0;
        if let Some(path) = self.quiz.log.clone()
            && let Err(e) = self.write_log(&path, &q, index)
        {
            self.status = Some(format!("quiz log {}: {e}", path.display()));
        }
        self.step_forward(q.steps.max(1));
    }

    /// Append one JSON line for the answer to choice `index` of `q`: one `write` of the
    /// whole line to a file opened for appending, so lines from several runs never mix.
    fn write_log(&self, path: &Path, q: &Question, index: usize) -> std::io::Result<()> {
        let choice = &q.choices[index];
        let line = LogLine {
            step: self.stage.active_step(),
            algorithm: self.asker().map_or("", |(name, _)| name),
            question: &q.ask,
            chosen: choice.answer.to_string(),
            accepted: q.accepted().map(|c| c.answer.to_string()).collect(),
            correct: choice.accepted,
        };
        let mut text = serde_json::to_string(&line).map_err(std::io::Error::other)?;
        text.push('\n');
        open_log(path)?.write_all(text.as_bytes())
    }
}
