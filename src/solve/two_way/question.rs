//! The quiz's question on bidirectional Dijkstra and A*: which tile is taken next? The
//! side with the smaller least key pops its least entry, so the candidates are both open
//! sets' next entries in one order by key; every entry holding the next pop's key is
//! accepted, on either side (which side wins a tie is the machine's choice, not the rule).

use std::cmp::Reverse;

use super::{Side, TwoWay};
use crate::solve::store::Store;
use crate::teach::{MAX_CHOICES, Question, least};

/// A key in doubled cost units, as a cost: `17` is `8.5`.
fn half(key: i64) -> String {
    let sign = if key < 0 { "-" } else { "" };
    let (whole, half) = (key.unsigned_abs() / 2, key.unsigned_abs() % 2);
    match half {
        0 => format!("{sign}{whole}"),
        _ => format!("{sign}{whole}.5"),
    }
}

impl<K: Store> TwoWay<K> {
    /// The question `ask` on the next pop, answered by `rule`; `None` when the next step
    /// is not a pop of a live entry (the meeting, a stale entry skipped, the path traced).
    /// Choices name their side and `g`, and the key where it is not `g` (A*'s potential).
    /// O(open sets · log [`MAX_CHOICES`]).
    #[must_use]
    pub fn question(&self, ask: &str, rule: String) -> Option<Question> {
        if !self.progress.searching() || self.can_stop() {
            return None;
        }
        let next = self.side(self.next_side());
        let &Reverse((_, top)) = next.open.peek()?;
        if next.tree.is_closed(top) {
            return None;
        }
        let mut upcoming = Vec::with_capacity(2 * MAX_CHOICES);
        for (side, name) in [(Side::Forward, "from S"), (Side::Backward, "from E")] {
            let search = self.side(side);
            let live = search
                .open
                .iter()
                .map(|Reverse(e)| *e)
                .filter(|&(_, t)| !search.tree.is_closed(t));
            for (key, tile) in least(live, MAX_CHOICES, |e| *e) {
                let g = search.tree.g(tile);
                let detail = match self.mode {
                    super::Mode::Cost => format!("{name} g={g}"),
                    super::Mode::Potential(_) => format!("{name} g={g} key={}", half(key)),
                };
                upcoming.push((key, side == Side::Backward, tile, detail));
            }
        }
        // The order of the pops: least key, the forward side on a tie, then the heap's tile
        // order; the first is the entry popped next (the top checked above).
        upcoming.sort_by_key(|&(key, backward, tile, _)| (key, backward, tile));
        let upcoming = upcoming
            .into_iter()
            .map(|(key, _, tile, detail)| (self.forward.tree.pos(tile), key, detail));
        Question::next_of(ask.to_owned(), rule, upcoming)
    }
}

#[cfg(test)]
mod tests {
    use super::half;

    #[test]
    fn doubled_keys_read_as_costs() {
        assert_eq!(half(40), "20");
        assert_eq!(half(17), "8.5");
        assert_eq!(half(-3), "-1.5");
        assert_eq!(half(-1), "-0.5");
        assert_eq!(half(0), "0");
    }
}
