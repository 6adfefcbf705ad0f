//! The question a step answers, for the quiz: what a learner predicts before pressing `n`.
//!
//! Predicting the next step is what makes an animation teach (Byrne, Catrambone & Stasko,
//! "Evaluating animations as student aids in learning computer algorithms", Computers &
//! Education 33(4), 1999; Naps et al., "Exploring the role of visualization and engagement
//! in computer science education", ITiCSE WGR 2003). A machine that has a question states
//! it through [`crate::teach::Teach::question`]: the choices a learner can pick from, which
//! of them the next step takes (every tie), and the rule that decides.

use crate::maze::Pos;

/// The most choices a question offers: one hint letter each ([`HINT_LETTERS`]).
pub const MAX_CHOICES: usize = 23;

/// The fewest choices a "which is next" question offers when the structure holds that
/// many entries: the next ones in the algorithm's order beyond the ties.
pub const MIN_CHOICES: usize = 6;

/// The hint letters, in the order choices get them: the lower-case letters except `b`, `n`
/// and `q`, which still step back, step and quit while a question is asked.
pub const HINT_LETTERS: &str = "acdefghijklmoprstuvwxyz";

/// One answer a learner can give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// A cell (generators) or tile (solvers).
    At(Pos),
    /// Yes.
    Yes,
    /// No.
    No,
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::At(pos) => write!(f, "{pos}"),
            Answer::Yes => f.write_str("yes"),
            Answer::No => f.write_str("no"),
        }
    }
}

/// One choice of a [`Question`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What choosing it answers.
    pub answer: Answer,
    /// What the algorithm knows of it, in its own terms (`f=120 g=80 h=40`); may be empty.
    pub detail: String,
    /// Whether the next step takes it (every choice tied with the next one is).
    pub accepted: bool,
}

/// A question the next step answers; see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// The question, e.g. `which tile does A* take next?`.
    pub ask: String,
    /// The rule that answers it, e.g. `A* pops the lowest f`.
    pub rule: String,
    /// The choices, at most [`MAX_CHOICES`], cells and tiles in row-major order (so the
    /// order tells nothing), yes before no; at least one is accepted.
    pub choices: Vec<Choice>,
    /// The steps that answer it (1 for most; a hunt answers after all its scans).
    pub steps: u64,
}

impl Question {
    /// A "which is next" question over `upcoming`: entries `(where, key, detail)` in the
    /// order the algorithm takes them, without entries it will skip. The first one is
    /// next; every entry with its key is accepted (ties); the choices are the ties, then
    /// the following entries up to [`MIN_CHOICES`], never more than [`MAX_CHOICES`].
    /// `None` when `upcoming` is empty. O(n log n).
    #[must_use]
    pub fn next_of<K: PartialEq>(
        ask: String,
        rule: String,
        upcoming: impl IntoIterator<Item = (Pos, K, String)>,
    ) -> Option<Self> {
        let mut upcoming = upcoming.into_iter();
        let (pos, next_key, detail) = upcoming.next()?;
        let mut choices = vec![Choice {
            answer: Answer::At(pos),
            detail,
            accepted: true,
        }];
        for (pos, key, detail) in upcoming {
            let accepted = key == next_key;
            if choices.len() >= MAX_CHOICES || (!accepted && choices.len() >= MIN_CHOICES) {
                break;
            }
            if choices.iter().any(|c| c.answer == Answer::At(pos)) {
                continue;
            }
            choices.push(Choice {
                answer: Answer::At(pos),
                detail,
                accepted,
            });
        }
        choices.sort_by_key(|c| match c.answer {
            Answer::At(p) => (0, p.row, p.col),
            Answer::Yes => (1, 0, 0),
            Answer::No => (1, 1, 0),
        });
        Some(Self {
            ask,
            rule,
            choices,
            steps: 1,
        })
    }

    /// A yes/no question whose answer is `yes`; `detail` says what the choice is about.
    #[must_use]
    pub fn yes_no(ask: String, rule: String, yes: bool) -> Self {
        let choice = |answer, accepted| Choice {
            answer,
            detail: String::new(),
            accepted,
        };
        Self {
            ask,
            rule,
            choices: vec![choice(Answer::Yes, yes), choice(Answer::No, !yes)],
            steps: 1,
        }
    }

    /// The hint letter of choice `index` (`None` past [`MAX_CHOICES`]).
    #[must_use]
    pub fn letter(index: usize) -> Option<char> {
        HINT_LETTERS.chars().nth(index)
    }

    /// The index of the choice hint letter `letter` names, if any.
    #[must_use]
    pub fn index_of(&self, letter: char) -> Option<usize> {
        HINT_LETTERS
            .chars()
            .position(|c| c == letter)
            .filter(|&i| i < self.choices.len())
    }

    /// The choice at cell or tile `at`, if any.
    #[must_use]
    pub fn index_at(&self, at: Pos) -> Option<usize> {
        self.choices.iter().position(|c| c.answer == Answer::At(at))
    }

    /// The accepted choices.
    pub fn accepted(&self) -> impl Iterator<Item = &Choice> {
        self.choices.iter().filter(|c| c.accepted)
    }

    /// The feedback for choice `index`, naming the rule: `right: A* pops the lowest f:
    /// (3,4) f=120 g=80 h=40` or `wrong: A* pops the lowest f: (3,4) f=120 g=80 h=40; you
    /// chose (5,6) f=140 g=60 h=80`. At most three accepted choices are listed.
    #[must_use]
    pub fn verdict(&self, index: usize) -> String {
        let Some(chosen) = self.choices.get(index) else {
            return String::new();
        };
        let say = |c: &Choice| {
            if c.detail.is_empty() {
                c.answer.to_string()
            } else {
                format!("{} {}", c.answer, c.detail)
            }
        };
        let all: Vec<&Choice> = self.accepted().collect();
        let mut listed: Vec<String> = all.iter().take(3).map(|c| say(c)).collect();
        if all.len() > 3 {
            listed.push(format!("and {} more tied", all.len() - 3));
        }
        let listed = listed.join(", ");
        if chosen.accepted {
            format!("right: {}: {listed}", self.rule)
        } else {
            format!("wrong: {}: {listed}; you chose {}", self.rule, say(chosen))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_are_accepted_and_the_order_hides_the_answer() {
        let up = [(3, 1), (5, 1), (0, 2), (1, 3), (2, 4)]
            .into_iter()
            .enumerate()
            .map(|(i, (row, key))| (Pos::new(row, 1), key, format!("#{i}")));
        let q = Question::next_of("which?".into(), "least key".into(), up).expect("entries");
        let rows: Vec<u32> = q
            .choices
            .iter()
            .map(|c| match c.answer {
                Answer::At(p) => p.row,
                _ => 99,
            })
            .collect();
        assert_eq!(rows, [0, 1, 2, 3, 5]);
        let accepted: Vec<bool> = q.choices.iter().map(|c| c.accepted).collect();
        assert_eq!(accepted, [false, false, false, true, true]);
        assert_eq!(q.index_of('a'), Some(0));
        assert_eq!(q.index_of('b'), None);
        assert_eq!(q.index_of('f'), Some(4));
        assert_eq!(q.index_of('g'), None);
        assert!(
            q.verdict(0)
                .starts_with("wrong: least key: (3,1) #0, (5,1) #1; you chose (0,1)")
        );
        assert!(q.verdict(3).starts_with("right"));
    }

    #[test]
    fn hint_letters_skip_the_keys_that_still_act() {
        assert_eq!(HINT_LETTERS.len(), MAX_CHOICES);
        for key in ['b', 'n', 'q'] {
            assert!(!HINT_LETTERS.contains(key));
        }
    }
}
