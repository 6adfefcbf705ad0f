//! What `?` shows: every key binding, in one table grouped by what the user is doing, and
//! the help's rows laid out for a width (words wrapped at spaces), so the overlay can be
//! scrolled to its last line on any terminal.
//!
//! [`BINDINGS`] is the one list of keys the help draws from. Each row has a stable
//! [`Binding::name`], by which [`Keymap::row_keys`] puts the keys in force in place of
//! the defaults written here.

use super::keymap::{Command, Keymap};
use super::{App, Overlay};

/// What the user is doing when a key is useful: the help's sections, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// Moving along a run: steps, play, milestones.
    Stepping,
    /// The algorithm list, new mazes, search settings and races.
    ListsAndRaces,
    /// Edit mode, the player and the inspector.
    EditingAndWalking,
    /// Views, zoom, panes, the log, files.
    ViewsAndFiles,
    /// What the glyphs, the timeline and the log mean.
    Reading,
}

impl Group {
    /// Every group, in the help's order.
    pub const ALL: [Group; 5] = [
        Group::Stepping,
        Group::ListsAndRaces,
        Group::EditingAndWalking,
        Group::ViewsAndFiles,
        Group::Reading,
    ];

    /// The section's heading.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Group::Stepping => "Stepping",
            Group::ListsAndRaces => "Lists and races",
            Group::EditingAndWalking => "Editing and walking",
            Group::ViewsAndFiles => "Views and files",
            Group::Reading => "Reading the screen",
        }
    }
}

/// One row of the help: keys (or glyphs, in [`Group::Reading`]) and what they do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// A stable name for the row (kebab-case), for a key map to find it by.
    pub name: &'static str,
    /// Its section.
    pub group: Group,
    /// The keys, each as the user types or reads it (`n`, `Ctrl-C`, `PgUp`).
    pub keys: &'static [&'static str],
    /// What they do, in words.
    pub what: &'static str,
}

const fn bind(
    name: &'static str,
    group: Group,
    keys: &'static [&'static str],
    what: &'static str,
) -> Binding {
    Binding {
        name,
        group,
        keys,
        what,
    }
}

use Group::ViewsAndFiles as Views;
use Group::{EditingAndWalking as Edit, ListsAndRaces as Lists, Reading, Stepping as Step};

/// Every key of the explorer and every glyph it draws, in the help's order.
#[rustfmt::skip]
pub const BINDINGS: &[Binding] = &[
    bind("step", Step, &["n", "."], "one step; a count typed first repeats it (1, 0, then the key: ten steps)"),
    bind("back", Step, &["b", "Backspace"], "one step back, at once at any step (100b is one rewind)"),
    bind("to-end", Step, &["f"], "run to the end (in slices: keys still work, Esc cancels)"),
    bind("to-start", Step, &["g"], "back to step 0"),
    bind("go-to", Step, &["G"], "with a number first, go to that step (1500G); alone, to the end"),
    bind("milestones", Step, &["<", ">"], "previous / next milestone on the timeline: maze complete, first dead end, goal reached, path traced"),
    bind("play", Step, &["space"], "play / pause"),
    bind("speed", Step, &["+", "-"], "faster / slower (the top speed is as fast as the machine goes); walking, the pace of the AI or the walker"),
    bind("cancel", Step, &["Esc"], "close this help, cancel long work, leave a mode or a race; never quits"),
    bind("quit", Step, &["q", "Ctrl-C"], "quit (the terminal is restored)"),
    bind("select", Lists, &["j", "k", "Down", "Up"], "move in the algorithm list"),
    bind("run", Lists, &["Enter"], "run the selected algorithm (a solver waits for the maze)"),
    bind("new-maze", Lists, &["r"], "a new maze with a new seed (fits a resized terminal)"),
    bind("heuristic", Lists, &["e"], "A* and greedy heuristic: Manhattan, Euclidean, octile, Chebyshev, zero"),
    bind("diagonal", Lists, &["d"], "diagonal moves on / off (a diagonal costs 14)"),
    bind("mark", Lists, &["m"], "mark or unmark the selected solver or generator for a race (2 to 4 of one kind)"),
    bind("race", Lists, &["R"], "race the marked ones side by side; Esc leaves the race"),
    bind("edit", Edit, &["E"], "edit mode: arrows or hjkl move, space or # toggles a wall, 1-9 paint terrain, S and X move start and goal, Enter re-runs"),
    bind("undo", Edit, &["u"], "undo the last edit"),
    bind("auto-rerun", Edit, &["a"], "re-run the solver after every edit, to the step you were at (on / off)"),
    bind("walk", Edit, &["p"], "walk the maze yourself from S (arrows or hjkl)"),
    bind("inspect", Edit, &["i"], "inspect: a cursor; the stats show what the algorithm knows of that tile"),
    bind("reveal", Edit, &["v"], "walking: show the cheapest route from where you stand, its length against the par; inspecting: show came-from arrows"),
    bind("hand-over", Edit, &["A"], "walking: the AI walks on from where you stand to E, one tile a tick (the selected solver's route, else A*); A again or a move key takes the walk back"),
    bind("walker", Edit, &["W"], "once a solver's path is traced, a walker follows it from S one tile a tick; a move key takes over"),
    bind("robot", Edit, &["F"], "a robot walks from S to E seeing only R tiles around it (--fog R, else 2), the rest assumed open; D* Lite repairs its plan at each discovery: n b space g f step its walk"),
    bind("click", Edit, &["click"], "list: select and run; maze: left moves S, right moves E (edit mode: paint)"),
    bind("view", Views, &["t"], "view: blocks, thin walls, half-blocks"),
    bind("zoom", Views, &["z", "Z"], "zoom out to the whole maze, several tiles a character (quadrants 2×2, sextants 2×3, braille 2×4: the coarsest that holds every tile); z again: denser / Z: in to the tiles; a maze too big for its pane is shown whole until Z"),
    bind("heat", Views, &["h"], "heat map of distances from the start"),
    bind("centre", Views, &["c"], "centre the view on the active tile again"),
    bind("focus", Views, &["Tab"], "focus the list or the maze (arrows pan a focused maze)"),
    bind("pan", Views, &["H", "J", "K", "L"], "pan the maze by 4 tiles"),
    bind("tab", Views, &["s"], "next side pane (small terminals show one at a time)"),
    bind("log", Views, &["PgUp", "PgDn", "wheel"], "scroll the log"),
    bind("save", Views, &["w"], "save the maze as text (the name asked in a prompt)"),
    bind("picture", Views, &["x"], "save a picture of the maze (SVG)"),
    bind("help", Views, &["?"], "this help: j k, arrows, PgUp PgDn, g G scroll it"),
    bind("lesson", Step, &["[", "]"], "a lesson (maze-tui lesson NAME): the previous / next stop; explore freely in between"),
    bind("quiz", Step, &["Q"], "quiz mode: each step first asks what comes next; answer with the hint letter (b, n, q keep their meaning), Left/Right and Enter, or a click"),
    bind("glyph-current", Reading, &["@@"], "the tile the algorithm works on (current)"),
    bind("glyph-frontier", Reading, &["::"], "frontier: in the stack, queue or open set"),
    bind("glyph-closed", Reading, &[".."], "closed: expanded and final"),
    bind("glyph-visited", Reading, &["--"], "visited, or scanned by jump point search"),
    bind("glyph-path", Reading, &["**"], "the path found"),
    bind("glyph-dead-end", Reading, &["xx"], "a dead end filled or walked twice"),
    bind("glyph-walk", Reading, &["~~", "??"], "a random walk (Wilson), a hunt's scan; walking, your trail"),
    bind("glyph-pilot", Reading, &["→ ↓ ← ↑", "> v < ^"], "walking: the tiles the AI or the walker left, pointing the way it went"),
    bind("glyph-fog", Reading, &["░░", "%%"], "the robot in fog: a wall it has not seen yet (it believes every unseen tile open ground)"),
    bind("glyph-sets", Reading, &["aa", "ab"], "sets (Kruskal, Eller): one label per live set"),
    bind("glyph-terrain", Reading, &["2-9"], "terrain: entering costs 2 to 9 times a plain move"),
    bind("timeline", Reading, &["c d g p x"], "on the timeline: maze complete, first dead end, goal reached, path traced, no path or gave up"),
    bind("pseudocode", Reading, &[">"], "in the pseudocode: the lines the last step ran"),
    bind("log-pop", Reading, &["f=g+h"], "in the log: each pop with its f, g and h, then the tiles it pushed"),
];

/// Columns given to the keys in the help (more on wide terminals).
fn key_column(width: usize) -> usize {
    if width >= 100 { 22 } else { 16 }
}

/// One row of the help as laid out for a width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HelpRow {
    /// A section heading.
    Heading(&'static str),
    /// Keys (empty on a continuation row) and a piece of the description.
    Line {
        /// The keys, joined by spaces, or empty.
        keys: String,
        /// The text of this row.
        text: String,
    },
    /// A blank row between sections.
    Blank,
}

/// The help laid out `width` columns wide: headings, then each binding's keys in force
/// (`keys`) and its description wrapped at spaces, one column short of `width` (so no
/// word touches the edge). O(size of the table).
#[must_use]
pub fn rows(width: u16, keys: &Keymap) -> Vec<HelpRow> {
    let width = usize::from(width);
    let keys_w = key_column(width).min(width / 2);
    let text_w = width.saturating_sub(keys_w + 3).max(8);
    let mut out = Vec::new();
    for group in Group::ALL {
        if !out.is_empty() {
            out.push(HelpRow::Blank);
        }
        out.push(HelpRow::Heading(group.title()));
        for b in BINDINGS.iter().filter(|b| b.group == group) {
            let mut shown = keys.row_keys(b).join(" ");
            if shown.chars().count() >= keys_w {
                // Keys too long for their column get a row of their own.
                out.push(HelpRow::Line {
                    keys: std::mem::take(&mut shown),
                    text: String::new(),
                });
            }
            for piece in wrap(b.what, text_w) {
                out.push(HelpRow::Line {
                    keys: std::mem::take(&mut shown),
                    text: piece,
                });
            }
        }
    }
    out
}

/// The width of the keys column for rows laid out `width` wide.
#[must_use]
pub fn keys_width(width: u16) -> u16 {
    let width = usize::from(width);
    u16::try_from(key_column(width).min(width / 2)).unwrap_or(16)
}

/// `text` cut into rows of at most `width` characters at spaces; a word longer than a row
/// is cut (only a row narrower than the word can do that).
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    let mut row = String::new();
    let mut len = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        if len > 0 && len + 1 + word.len() > width {
            out.push(std::mem::take(&mut row));
            len = 0;
        }
        while word.len() > width {
            let rest = word.split_off(width);
            out.push(word.into_iter().collect());
            word = rest;
        }
        if len > 0 {
            row.push(' ');
            len += 1;
        }
        len += word.len();
        row.extend(word);
    }
    if !row.is_empty() || out.is_empty() {
        out.push(row);
    }
    out
}

/// The help as a Markdown table (the README's key table): a bold row per section, then
/// each binding's keys in force, in backticks, what they do, and the names of its
/// commands in a config file's `[keys]` table. O(size of the table).
#[must_use]
pub fn markdown(keys: &Keymap) -> String {
    let mut out = String::from("| keys | what they do | `[keys]` name |\n|---|---|---|\n");
    for group in Group::ALL {
        out.push_str(&format!("| **{}** | | |\n", group.title()));
        for b in BINDINGS.iter().filter(|b| b.group == group) {
            let shown: Vec<String> = keys
                .row_keys(b)
                .iter()
                .map(|k| {
                    if k == "/" {
                        k.clone()
                    } else {
                        format!("`{k}`")
                    }
                })
                .collect();
            let names: Vec<String> = Command::ALL
                .iter()
                .filter(|c| c.help_row() == b.name)
                .map(|c| format!("`{}`", c.name()))
                .collect();
            let (keys, names) = (shown.join(" "), names.join(" "));
            out.push_str(&format!("| {keys} | {} | {names} |\n", b.what));
        }
    }
    out
}

/// How the help is scrolled by a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scroll {
    /// By rows (positive: down).
    Rows(i32),
    /// By pages (positive: down).
    Pages(i32),
    /// To the first row.
    Top,
    /// To the last page.
    End,
}

impl App {
    /// Rows of help shown at once, and the help's rows, for the terminal's size (the
    /// overlay fills the terminal, inside a border).
    fn help_page(&self) -> (usize, usize) {
        let (w, h) = self.size;
        let shown = usize::from(h.saturating_sub(2)).max(1);
        (shown, rows(w.saturating_sub(2), &self.config.keys).len())
    }

    /// The first row of the help shown: the scroll kept within the help at this size.
    #[must_use]
    pub fn help_top(&self) -> usize {
        let (shown, total) = self.help_page();
        self.help_scroll.min(total.saturating_sub(shown))
    }

    /// Scroll the help.
    pub(super) fn scroll_help(&mut self, by: Scroll, times: u64) {
        let (shown, total) = self.help_page();
        let last = total.saturating_sub(shown);
        let now = i64::try_from(self.help_top()).unwrap_or(0);
        let times = i64::try_from(times).unwrap_or(1);
        let page = i64::try_from(shown.saturating_sub(1).max(1)).unwrap_or(1);
        let next = match by {
            Scroll::Rows(n) => now + i64::from(n) * times,
            Scroll::Pages(n) => now + i64::from(n) * page * times,
            Scroll::Top => 0,
            Scroll::End => i64::MAX,
        };
        self.help_scroll = usize::try_from(next.max(0)).unwrap_or(usize::MAX).min(last);
    }

    /// `?`: open the help at its top, or close it.
    pub(super) fn toggle_help(&mut self) {
        self.overlay = match self.overlay {
            Overlay::Help => Overlay::None,
            Overlay::None => Overlay::Help,
        };
        self.help_scroll = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_at_spaces_and_keeps_every_word() {
        let text = "previous / next milestone on the timeline: maze complete";
        for width in 10..60 {
            let rows = wrap(text, width);
            assert!(rows.iter().all(|r| r.chars().count() <= width), "{width}");
            assert_eq!(rows.join(" "), text, "{width}");
        }
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
    }

    #[test]
    fn every_binding_shows_at_every_width() {
        for width in [38, 78, 118, 198] {
            let text: String = rows(width, &Keymap::default())
                .iter()
                .map(|r| match r {
                    HelpRow::Line { keys, text } => format!("{keys} {text} "),
                    _ => String::new(),
                })
                .collect();
            let words: Vec<&str> = text.split_whitespace().collect();
            for b in BINDINGS {
                for word in b.what.split_whitespace() {
                    assert!(words.contains(&word), "{width}: {word:?} of {}", b.name);
                }
            }
        }
    }

    #[test]
    fn names_are_unique() {
        for (i, a) in BINDINGS.iter().enumerate() {
            assert!(
                BINDINGS[i + 1..].iter().all(|b| b.name != a.name),
                "{}",
                a.name
            );
        }
    }
}
