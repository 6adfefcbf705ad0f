//! IDA\*'s quiz question: which tile does it go deeper to next? The tile on top of the
//! stack tries its neighbours one by one; a neighbour is entered when its `f = g + h` is
//! within the round's bound and this round has not entered it as cheaply, else it is
//! pruned or skipped. The choices are the neighbours the top has still to try; every one
//! that would be entered is accepted (the order the top tries them in, N E S W, is the
//! machine's tie-break, not the rule), and the answer takes the steps up to the first one.

use super::{BUDGET, IdaStar};
use crate::solve::store::{Nodes, Store};
use crate::teach::{Answer, Choice, Question};

impl<K: Store> IdaStar<K> {
    /// The question the next steps answer; `None` when the top has no neighbour left that
    /// it would enter (the next steps prune, skip and back up), between rounds, at the goal
    /// and after the search. O(neighbours).
    pub(super) fn next_question(&self) -> Option<Question> {
        if !self.progress.searching() || self.expansions >= BUDGET {
            return None;
        }
        let &top = self.stack.last()?;
        if top.tile == self.goal {
            return None;
        }
        let visits = &self.visits;
        let around = self.layout.neighbours(
            |i| visits.get(i).is_wall(),
            self.terrain.as_deref(),
            top.tile,
            self.moves,
        );
        let mut choices: Vec<Choice> = Vec::new();
        for n in around
            .into_iter()
            .filter(|n| !self.visit(n.tile).on_stack())
            .skip(usize::from(top.tried))
        {
            let g = top.g + n.cost;
            let f = g.saturating_add(self.h(n.tile));
            let seen = self.visit(n.tile);
            let as_cheaply = seen.round() == self.round && g >= seen.g;
            let detail = if as_cheaply {
                format!("f={f} g={g}, entered with g={}", seen.g)
            } else {
                format!("f={f} g={g}")
            };
            choices.push(Choice {
                answer: Answer::At(self.layout.pos(n.tile)),
                detail,
                accepted: !as_cheaply && f <= self.bound,
            });
        }
        // The steps: the neighbours tried before the first one entered, and that one.
        let steps = choices.iter().position(|c| c.accepted)? + 1;
        choices.sort_by_key(|c| match c.answer {
            Answer::At(p) => (p.row, p.col),
            _ => (u32::MAX, u32::MAX),
        });
        let at = self.layout.pos(top.tile);
        Some(Question {
            ask: format!("which neighbour of {at} does IDA* go deeper to next?"),
            rule: format!(
                "IDA* enters a neighbour whose f = g + h is within the bound {} and that this round has not entered as cheaply",
                self.bound
            ),
            choices,
            steps: steps as u64,
        })
    }
}
