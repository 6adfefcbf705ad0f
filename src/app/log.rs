//! The log pane's data: a bounded ring of recent lines, and the words for each event.

use std::collections::VecDeque;

use crate::generate::GenEvent;
use crate::solve::SolveEvent;

/// Most lines the log keeps (older ones are dropped). Also how many of the last replayed
/// steps get their lines formatted when a run is rebuilt for a step back.
pub const LOG_CAP: usize = 64;

/// A bounded ring of log lines, oldest first, and the count of every line ever logged
/// (the pane pages by it; a replay counts the lines it does not format, so the count is the
/// same after a step back as it was the first time).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Log {
    lines: VecDeque<String>,
    total: u64,
}

impl Log {
    /// Append a line, dropping the oldest once [`LOG_CAP`] lines are held.
    pub fn push(&mut self, line: String) {
        if self.lines.len() == LOG_CAP {
            self.lines.pop_front();
        }
        self.lines.push_back(line);
        self.total += 1;
    }

    /// Count `n` lines that were logged without being formatted (they would have scrolled
    /// out of the ring anyway).
    pub fn skip(&mut self, n: u64) {
        self.total += n;
    }

    /// Lines logged since the log began, including those no longer held.
    #[must_use]
    pub const fn total(&self) -> u64 {
        self.total
    }

    /// Which held lines the pane shows in `height` rows: it fills downward and, when full,
    /// turns a page keeping the last two lines, so one new line usually redraws one row
    /// (kind to slow links) instead of scrolling every row. Returns `(skip, take)` over
    /// [`Log::lines`]. A pure function of the log and the height.
    #[must_use]
    pub fn page(&self, height: usize) -> (usize, usize) {
        let (total, held) = (self.total, self.lines.len() as u64);
        let height = height as u64;
        if height == 0 {
            return (self.lines.len(), 0);
        }
        let page = height.saturating_sub(2).max(1);
        let start = if total <= height {
            0
        } else {
            (total - height).div_ceil(page) * page
        };
        let first_held = total - held;
        let skip = start.saturating_sub(first_held).min(held);
        #[allow(clippy::cast_possible_truncation)] // both ≤ LOG_CAP
        (skip as usize, (held - skip).min(height) as usize)
    }

    /// The lines, oldest first.
    pub fn lines(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator {
        self.lines.iter().map(String::as_str)
    }

    /// Number of lines held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether the log is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

/// The arrow used between two positions (`→`, or `->` in ASCII mode).
#[must_use]
pub const fn arrow(ascii: bool) -> &'static str {
    if ascii { "->" } else { "→" }
}

/// A generator event in words; positions are cells `(row,col)`. `passages` is the number of
/// passages in the maze, shown when it is complete (ignored for other events).
#[must_use]
pub fn gen_line(event: GenEvent, ascii: bool, passages: usize) -> String {
    let to = arrow(ascii);
    match event {
        GenEvent::Carve { from, to: next } => format!("carve {from}{to}{next}"),
        GenEvent::Push { cell, weight: 0 } => format!("push {cell}"),
        GenEvent::Push { cell, weight } => format!("push {cell} w={weight}"),
        GenEvent::Pop { cell, from, weight } => {
            format!("pop {cell} w={weight}, carve {from}{to}{cell}")
        }
        GenEvent::Skip { cell, weight } => format!("skip stale entry {cell} w={weight}"),
        GenEvent::Backtrack { cell } => format!("dead end {cell}, back up"),
        GenEvent::Scan { cell } => format!("scan {cell}"),
        GenEvent::Walk { from, to: next } => format!("walk {from}{to}{next}"),
        GenEvent::Erase { cell } => format!("erase loop, back to {cell}"),
        GenEvent::Divide {
            horizontal,
            at,
            start,
            end,
            gap,
        } => {
            let (line, span) = if horizontal {
                ("row", "cols")
            } else {
                ("col", "rows")
            };
            format!("wall below {line} {at}, {span} {start}-{end}, gap at {gap}")
        }
        GenEvent::Done => format!("maze complete, {passages} passages"),
    }
}

/// A solver event in words; positions are tiles `(row,col)`. `heuristic`: whether the solver
/// orders by f = g + h (then pops show f, g and h). `+N` after a pop: N neighbours pushed.
#[must_use]
pub fn solve_line(event: SolveEvent, heuristic: bool) -> String {
    match event {
        SolveEvent::Pop { tile, g, h, pushed } if heuristic => {
            format!("pop {tile} f={} g={g} h={h} +{pushed}", g + h)
        }
        SolveEvent::Pop {
            tile, g, pushed, ..
        } => format!("pop {tile} g={g} +{pushed}"),
        SolveEvent::Skip { tile, priority } => format!("skip stale entry {tile} w={priority}"),
        SolveEvent::Move { tile } => format!("move {tile}"),
        SolveEvent::Backtrack { tile } => format!("dead end {tile}"),
        SolveEvent::Fill { tile } => format!("fill dead end {tile}"),
        SolveEvent::Meet { tile } => format!("searches meet at {tile}"),
        SolveEvent::Found { length, cost } => {
            format!("path found, length {length}, cost {cost}")
        }
        SolveEvent::NoPath => "no path from start to goal".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maze::Pos;

    #[test]
    fn ring_is_bounded() {
        let mut log = Log::default();
        for i in 0..LOG_CAP + 5 {
            log.push(i.to_string());
        }
        assert_eq!(log.len(), LOG_CAP);
        assert_eq!(log.lines().next(), Some("5"));
    }

    #[test]
    fn events_in_words() {
        let carve = GenEvent::Carve {
            from: Pos::new(3, 7),
            to: Pos::new(3, 8),
        };
        assert_eq!(gen_line(carve, false, 0), "carve (3,7)→(3,8)");
        assert_eq!(gen_line(carve, true, 0), "carve (3,7)->(3,8)");
        let pop = SolveEvent::Pop {
            tile: Pos::new(3, 7),
            g: 10,
            h: 14,
            pushed: 2,
        };
        assert_eq!(solve_line(pop, true), "pop (3,7) f=24 g=10 h=14 +2");
    }

    #[test]
    fn pages_fill_down_then_turn_keeping_two_lines() {
        let mut log = Log::default();
        for i in 0..5 {
            log.push(i.to_string());
        }
        assert_eq!(log.page(6), (0, 5)); // filling down
        log.push("5".into());
        assert_eq!(log.page(6), (0, 6)); // full
        log.push("6".into());
        assert_eq!(log.page(6), (4, 3)); // a new page: lines 4, 5 as context, then 6
        log.push("7".into());
        assert_eq!(log.page(6), (4, 4)); // the next line adds one row only
        log.skip(100); // lines counted by a replay, not held
        assert_eq!(log.total(), 108);
        let (skip, take) = log.page(6);
        assert!(skip + take <= log.len() && take <= 6);
        let found = SolveEvent::Found {
            length: 58,
            cost: 580,
        };
        assert_eq!(solve_line(found, false), "path found, length 58, cost 580");
    }
}
