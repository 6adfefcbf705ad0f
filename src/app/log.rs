//! The log: events in words, in time order, newest at the bottom, one section per run.
//!
//! The live sections are made from the runs themselves (their recent events, which a
//! rewind restores exactly), so the log always reads as the run stands. When a run is
//! replaced (another algorithm, a new maze), its section is archived as text above the new
//! ones; older lines scroll away above, and runs are never interleaved.

use std::collections::VecDeque;

use crate::generate::{GenEvent, Generation, GeneratorKind};
use crate::maze::Pos;
use crate::run::Run;
use crate::solve::{GiveUp, Search, SolveEvent, SolverKind};

/// Lines of earlier runs kept above the live sections.
pub const ARCHIVE_CAP: usize = 400;
/// Events of a live run shown (its latest); the pane shows the last rows of all.
pub const LIVE_EVENTS: usize = 64;
/// Pushes listed one per line; more are listed together on one line.
const PUSH_LINES: usize = 3;

/// Lines of runs that are over, oldest first, bounded by [`ARCHIVE_CAP`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Log {
    archive: VecDeque<String>,
}

impl Log {
    /// Archive `lines` (a finished section), dropping the oldest lines beyond the cap.
    pub fn archive(&mut self, lines: impl IntoIterator<Item = String>) {
        for line in lines {
            if self.archive.len() == ARCHIVE_CAP {
                self.archive.pop_front();
            }
            self.archive.push_back(line);
        }
    }

    /// Add one line to the archive (a note that belongs to no run).
    pub fn note(&mut self, line: impl Into<String>) {
        self.archive(std::iter::once(line.into()));
    }

    /// The archived lines, oldest first.
    pub fn archived(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator {
        self.archive.iter().map(String::as_str)
    }
}

/// The arrow used between two positions (`→`, or `->` in ASCII mode).
#[must_use]
pub const fn arrow(ascii: bool) -> &'static str {
    if ascii { "->" } else { "→" }
}

/// The multiplication sign (`×`, or `x` in ASCII mode).
#[must_use]
pub const fn times(ascii: bool) -> &'static str {
    if ascii { "x" } else { "×" }
}

/// A section header: `── title`, or `-- title` in ASCII mode (no closing rule, so a
/// header that wraps in a narrow pane leaves no stray rule on a line of its own).
#[must_use]
pub fn header(title: &str, ascii: bool) -> String {
    let rule = if ascii { "--" } else { "──" };
    format!("{rule} {title}")
}

/// Prim's 31-bit random weight on a scale a reader can compare by eye: thousandths of the
/// largest weight (`.036`); the stored weights are unchanged.
#[must_use]
pub fn weight(w: u32) -> String {
    crate::generate::per_mille(w)
}

/// A generator event in words; positions are cells `(row,col)`.
#[must_use]
pub fn gen_line(kind: GeneratorKind, event: GenEvent, ascii: bool) -> String {
    let to = arrow(ascii);
    let w = |w: u32| {
        if kind == GeneratorKind::Prim {
            weight(w)
        } else {
            w.to_string()
        }
    };
    match event {
        GenEvent::Carve { from, to: next } => format!("carve {from}{to}{next}"),
        GenEvent::Push { cell, weight: 0 } => format!("push {cell}"),
        GenEvent::Push { cell, weight } => format!("push {cell} w={}", w(weight)),
        GenEvent::Pop { cell, from, weight } => {
            format!("pop {cell} w={}: carve {from}{to}{cell}", w(weight))
        }
        GenEvent::Skip { cell, .. } if kind == GeneratorKind::Kruskal => {
            format!("reject wall at {cell}: same set")
        }
        GenEvent::Skip { cell, weight } => format!("skip {cell} w={}: in maze", w(weight)),
        GenEvent::Backtrack { cell } => format!("dead end {cell}: back up"),
        GenEvent::Scan { cell } => format!("hunt: scan {cell}"),
        GenEvent::Walk { from, to: next } => format!("walk {from}{to}{next}"),
        GenEvent::Erase { cell } => format!("erase loop back to {cell}"),
        GenEvent::Divide {
            horizontal,
            at,
            start,
            end,
            gap,
        } => {
            let (side, line, span) = if horizontal {
                ("S", "row", "cols")
            } else {
                ("E", "col", "rows")
            };
            format!("wall {side} of {line} {at}, {span} {start}-{end}, gap {gap}")
        }
        GenEvent::Shift {
            from,
            to: next,
            removed: Some(old),
        } => format!("origin {from}{to}{next}, wall {next}|{old}"),
        GenEvent::Shift { from, to: next, .. } => format!("origin {from}{to}{next}"),
        GenEvent::Room { top, bottom } => format!("room {top}-{bottom}"),
        GenEvent::Wall { tile } => format!("wall tile {tile}"),
        GenEvent::Done => "maze complete".to_owned(),
    }
}

/// What a priority-queue solver orders by, for its log lines.
fn key(kind: SolverKind) -> Key {
    match kind {
        SolverKind::Astar | SolverKind::IdaStar | SolverKind::JumpPointSearch => Key::F,
        SolverKind::GreedyBestFirst => Key::H,
        SolverKind::Dijkstra => Key::G,
        _ => Key::Moves,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Key {
    /// f = g + h (A*): show f, g and h.
    F,
    /// h alone (greedy best-first): show h (and g for reference).
    H,
    /// g alone (Dijkstra).
    G,
    /// Moves from the start (BFS, DFS and walkers): show g only where it is a cost.
    Moves,
}

/// A solver event in words, one or more lines (an expansion lists its pushes, indented);
/// positions are tiles `(row,col)`.
#[must_use]
pub fn solve_lines(kind: SolverKind, event: SolveEvent) -> Vec<String> {
    let key = key(kind);
    match event {
        SolveEvent::Expand { tile, g, h, pushed } => {
            let mut lines = vec![match key {
                Key::F => format!("pop {tile} f={} g={g} h={h}", g + h),
                Key::H => format!("pop {tile} h={h} (g={g})"),
                Key::G => format!("pop {tile} g={g}"),
                Key::Moves => format!("expand {tile} g={g}"),
            }];
            let push = |p: &crate::solve::Push| match key {
                Key::F => format!("{} f={} g={}", p.tile, p.g + p.h, p.g),
                Key::H => format!("{} h={}", p.tile, p.h),
                Key::G | Key::Moves => format!("{} g={}", p.tile, p.g),
            };
            if pushed.len() <= PUSH_LINES {
                lines.extend(
                    pushed
                        .as_slice()
                        .iter()
                        .map(|p| format!("  push {}", push(p))),
                );
            } else {
                let tiles: Vec<String> = pushed
                    .as_slice()
                    .iter()
                    .map(|p| p.tile.to_string())
                    .collect();
                lines.push(format!("  push {}: {}", pushed.len(), tiles.join(" ")));
            }
            lines
        }
        SolveEvent::Skip { tile, priority } => {
            vec![format!("skip {tile} (stale, {}={priority})", key_name(key))]
        }
        SolveEvent::Move { tile } => vec![format!("move {tile}")],
        SolveEvent::Backtrack { tile } => vec![format!("dead end {tile}: back up")],
        SolveEvent::Fill { tile } => vec![format!("fill dead end {tile}")],
        SolveEvent::Meet { tile } => vec![format!("searches meet at {tile}")],
        SolveEvent::Goal { tile } => vec![format!("goal {tile} on top of the stack")],
        SolveEvent::Trace { tile } => vec![format!("trace back {tile}")],
        SolveEvent::Found { length, cost } => {
            vec![format!("path found: {length} moves, cost {cost}")]
        }
        SolveEvent::NoPath => vec!["no path: the frontier is empty".to_owned()],
        SolveEvent::Round { bound } => vec![format!("── new round: bound f ≤ {bound}")],
        SolveEvent::Prune { tile, f } => vec![format!("prune {tile} f={f} (over the bound)")],
        SolveEvent::Settle { tile, key, g } => {
            let key = crate::solve::replan::Key::from(key);
            vec![format!("pop {tile} {key}: lower g to rhs {g}")]
        }
        SolveEvent::Raise { tile, key, .. } => {
            let key = crate::solve::replan::Key::from(key);
            vec![format!("pop {tile} {key}: raise g to inf")]
        }
        SolveEvent::Rekey { tile, new, .. } => {
            let key = crate::solve::replan::Key::from(new);
            vec![format!("re-key {tile} to {key}")]
        }
        SolveEvent::GaveUp {
            reason: GiveUp::BackAtStart,
        } => vec!["gave up: back at its start (a loop)".to_owned()],
        SolveEvent::GaveUp {
            reason: GiveUp::Budget { expansions },
        } => vec![format!("gave up after {expansions} expansions")],
        SolveEvent::GaveUp {
            reason: GiveUp::UniformCostOnly,
        } => vec!["refused: terrain costs, and JPS assumes uniform cost".to_owned()],
    }
}

const fn key_name(key: Key) -> &'static str {
    match key {
        Key::F => "f",
        Key::H => "h",
        Key::G | Key::Moves => "g",
    }
}

/// The header of a generation's section.
#[must_use]
pub fn gen_header(run: &Run<Generation>, ascii: bool) -> String {
    let m = run.machine();
    let maze = m.maze();
    header(
        &format!(
            "{}: {}{}{} cells, seed {}",
            m.kind().title(),
            maze.width(),
            times(ascii),
            maze.height(),
            m.seed()
        ),
        ascii,
    )
}

/// The header of a search's section.
#[must_use]
pub fn solve_header(run: &Run<Search>, ascii: bool) -> String {
    let m = run.machine();
    let (s, g): (Pos, Pos) = (m.grid().start(), m.grid().goal());
    header(&format!("{}: {s} to {g} (tiles)", m.kind().title()), ascii)
}

/// The lines of a generation's section, header first, at most the latest `events` events.
#[must_use]
pub fn gen_section(run: &Run<Generation>, ascii: bool, events: usize) -> Vec<String> {
    let kind = run.machine().kind();
    let mut lines = vec![gen_header(run, ascii)];
    let recent = run.recent();
    let skip = recent.len().saturating_sub(events);
    if run.step() as usize > recent.len() - skip {
        lines.push("…".to_owned());
    }
    for &(_, event) in run.recent().skip(skip) {
        lines.push(gen_line(kind, event, ascii));
        if event == GenEvent::Done {
            let m = run.machine();
            if let Some(opened) = m.braided() {
                lines.push(format!(
                    "braid {:.0}%: opened {opened} walls",
                    m.braid() * 100.0
                ));
            }
        }
    }
    lines
}

/// The lines of a search's section, header first, at most the latest `events` events.
#[must_use]
pub fn solve_section(run: &Run<Search>, ascii: bool, events: usize) -> Vec<String> {
    let kind = run.machine().kind();
    let mut lines = vec![solve_header(run, ascii)];
    let recent = run.recent();
    let skip = recent.len().saturating_sub(events);
    if run.step() as usize > recent.len() - skip {
        lines.push("…".to_owned());
    }
    for &(_, event) in run.recent().skip(skip) {
        lines.extend(solve_lines(kind, event));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Push, Pushes};

    #[test]
    fn an_expansion_lists_its_pushes_with_their_keys() {
        let mut pushed = Pushes::default();
        pushed.push(Push {
            tile: Pos::new(3, 8),
            g: 11,
            h: 13,
        });
        let pop = SolveEvent::Expand {
            tile: Pos::new(3, 7),
            g: 10,
            h: 14,
            pushed,
        };
        assert_eq!(
            solve_lines(SolverKind::Astar, pop),
            ["pop (3,7) f=24 g=10 h=14", "  push (3,8) f=24 g=11"]
        );
        assert_eq!(
            solve_lines(SolverKind::GreedyBestFirst, pop),
            ["pop (3,7) h=14 (g=10)", "  push (3,8) h=13"]
        );
        for _ in 0..3 {
            pushed.push(Push::default());
        }
        let many = SolveEvent::Expand {
            tile: Pos::new(3, 7),
            g: 10,
            h: 14,
            pushed,
        };
        assert_eq!(
            solve_lines(SolverKind::Dijkstra, many),
            ["pop (3,7) g=10", "  push 4: (3,8) (0,0) (0,0) (0,0)"]
        );
    }

    #[test]
    fn prim_weights_read_as_thousandths_and_kruskal_rejects_walls() {
        assert_eq!(weight(0), ".000");
        assert_eq!(weight(u32::MAX >> 1), ".999");
        assert_eq!(weight(1 << 30), ".500");
        let skip = GenEvent::Skip {
            cell: Pos::new(1, 2),
            weight: 0,
        };
        assert_eq!(
            gen_line(GeneratorKind::Kruskal, skip, false),
            "reject wall at (1,2): same set"
        );
    }

    #[test]
    fn the_archive_is_bounded() {
        let mut log = Log::default();
        log.archive((0..ARCHIVE_CAP + 3).map(|i| i.to_string()));
        assert_eq!(log.archived().len(), ARCHIVE_CAP);
        assert_eq!(log.archived().next(), Some("3"));
    }
}
