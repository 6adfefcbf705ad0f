//! The log pane's data: a bounded ring of recent lines, and the words for each event.

use std::collections::VecDeque;

use crate::generate::GenEvent;
use crate::solve::SolveEvent;

/// Most lines the log keeps (older ones are dropped). Also how many of the last replayed
/// steps get their lines formatted when a run is rebuilt for a step back.
pub const LOG_CAP: usize = 64;

/// A bounded ring of log lines, oldest first, and the count of every line ever logged
/// (the pane places lines by it; a replay counts the lines it does not format, so the count is the
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

    /// What each of `height` rows of the pane shows, top to bottom (`None`: a blank row, or
    /// a line a replay counted without formatting).
    ///
    /// Lines fill downward; once the pane is full they wrap round to the top, each new line
    /// taking the row of the oldest one (the pane shows it bold: [`Log::newest_row`]). So
    /// the line above the newest is the one before it, and the line below it the oldest
    /// shown. One new line redraws two rows (the new one, and the previous newest losing its
    /// bold), kind to slow links, where scrolling or turning a page would redraw them all.
    /// Panes of one or two rows show the newest lines in order. A pure function of the log
    /// and the height, so a step back shows exactly what was shown one step earlier.
    #[must_use]
    pub fn rows(&self, height: usize) -> Vec<Option<&str>> {
        let (total, held) = (self.total, self.lines.len() as u64);
        let first_held = total - held;
        let line = |n: u64| {
            n.checked_sub(first_held)
                .and_then(|i| usize::try_from(i).ok())
                .and_then(|i| self.lines.get(i))
                .map(String::as_str)
        };
        let h = height as u64;
        if total <= h {
            return (0..h)
                .map(|n| if n < total { line(n) } else { None })
                .collect();
        }
        if h <= 2 {
            return (total - h..total).map(line).collect();
        }
        let newest = total - 1;
        (0..h)
            .map(|row| line(newest - (newest - row) % h))
            .collect()
    }

    /// The row of [`Log::rows`] that holds the newest line (`None` when there is none).
    #[must_use]
    pub fn newest_row(&self, height: usize) -> Option<usize> {
        let h = height as u64;
        if self.total == 0 || h == 0 {
            return None;
        }
        let newest = self.total - 1;
        let row = if self.total <= h || h <= 2 {
            newest.min(h - 1)
        } else {
            newest % h
        };
        usize::try_from(row).ok()
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
            // A horizontal wall closes the south sides of row `at`, a vertical one the
            // east sides of column `at` (compass letters: the log pane is narrow).
            let (side, line, span) = if horizontal {
                ("S", "row", "cols")
            } else {
                ("E", "col", "rows")
            };
            format!("wall {side} of {line} {at}, {span} {start}-{end}, gap {gap}")
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
        let wall = |horizontal| GenEvent::Divide {
            horizontal,
            at: 2,
            start: 0,
            end: 9,
            gap: 4,
        };
        assert_eq!(
            gen_line(wall(true), false, 0),
            "wall S of row 2, cols 0-9, gap 4"
        );
        assert_eq!(
            gen_line(wall(false), false, 0),
            "wall E of col 2, rows 0-9, gap 4"
        );
    }

    #[test]
    fn lines_fill_down_then_wrap_round_with_the_newest_marked() {
        let mut log = Log::default();
        assert_eq!(log.newest_row(6), None);
        for i in 0..5 {
            log.push(i.to_string());
        }
        assert_eq!(
            log.rows(6),
            [Some("0"), Some("1"), Some("2"), Some("3"), Some("4"), None]
        ); // filling down
        assert_eq!(log.newest_row(6), Some(4));
        log.push("5".into());
        assert_eq!(
            log.rows(6),
            [
                Some("0"),
                Some("1"),
                Some("2"),
                Some("3"),
                Some("4"),
                Some("5")
            ]
        ); // full
        assert_eq!(log.newest_row(6), Some(5));
        log.push("6".into());
        assert_eq!(
            log.rows(6),
            [
                Some("6"),
                Some("1"),
                Some("2"),
                Some("3"),
                Some("4"),
                Some("5")
            ]
        ); // wrapped: the newest takes the oldest's row
        assert_eq!(log.newest_row(6), Some(0));
        log.push("7".into());
        assert_eq!(
            log.rows(6),
            [
                Some("6"),
                Some("7"),
                Some("2"),
                Some("3"),
                Some("4"),
                Some("5")
            ]
        ); // one more line changes one row's text
        assert_eq!(log.newest_row(6), Some(1));
        for i in 8..12 {
            log.push(i.to_string());
        }
        assert_eq!(
            log.rows(6),
            [
                Some("6"),
                Some("7"),
                Some("8"),
                Some("9"),
                Some("10"),
                Some("11")
            ]
        );
        assert_eq!(log.newest_row(6), Some(5));
        // Small panes show the newest lines in order.
        assert_eq!(log.rows(2), [Some("10"), Some("11")]);
        assert_eq!(log.newest_row(2), Some(1));
        assert_eq!(log.rows(1), [Some("11")]);
        assert_eq!(log.newest_row(1), Some(0));
        assert!(log.rows(0).is_empty());
        assert_eq!(log.newest_row(0), None);
        // A replay counts lines it does not format: rows that would show them are blank,
        // and every line stays on the row it had the first time.
        let mut replayed = Log::default();
        replayed.skip(100);
        for line in ["a", "b", "c"] {
            replayed.push(line.into());
        }
        assert_eq!(replayed.total(), 103);
        assert_eq!(
            replayed.rows(6),
            [Some("c"), None, None, None, Some("a"), Some("b")]
        );
        assert_eq!(replayed.newest_row(6), Some(0));
        let found = SolveEvent::Found {
            length: 58,
            cost: 580,
        };
        assert_eq!(solve_line(found, false), "path found, length 58, cost 580");
    }
}
