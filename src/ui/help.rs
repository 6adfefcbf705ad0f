//! The `?` overlay: every key.

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use super::theme::Theme;

/// Every key and what it does.
pub const HELP: [(&str, &str); 38] = [
    ("n  .", "one step (a number first repeats: 10n)"),
    ("b  Backspace", "one step back (100b), at once"),
    ("f  g", "run to the end / back to step 0"),
    ("1500G", "go to step 1500 (G alone: the end)"),
    ("<  >", "previous / next milestone on the timeline"),
    ("space", "play / pause"),
    ("+  -", "faster / slower (max: as fast as it goes)"),
    ("j  k  Up  Down", "move in the list"),
    ("Enter", "run the selected algorithm"),
    ("r", "new maze, new seed (fits a resized terminal)"),
    ("w  x", "save the maze (text) / a picture (SVG)"),
    ("m", "mark the selected solver for a race (2-4)"),
    ("R", "race the marked solvers; Esc leaves the race"),
    ("Tab", "focus list / maze"),
    ("arrows (maze)", "pan the maze"),
    ("H  J  K  L", "pan the maze by 4"),
    ("c", "centre the view on the active cell again"),
    ("s", "next side pane (small terminals: tabs)"),
    ("t", "view: blocks / thin / half-blocks"),
    ("h", "heat map of distances from start"),
    ("e", "heuristic: manhattan, euclid, octile, ..."),
    ("d", "diagonal moves on/off (cost 14)"),
    ("PgUp PgDn wheel", "scroll the log"),
    ("E  u  a", "edit (hjkl # 1-9 S X), undo, auto re-run"),
    ("p  i  v", "walk / inspect; v: cheapest / came-from"),
    ("A  W", "AI walks on for you / walker on path"),
    ("click list", "select and run"),
    ("click maze", "left/right: start/goal (E: wall/terrain)"),
    ("?", "this help"),
    ("Esc", "close this / cancel long work"),
    ("q  Ctrl-C", "quit"),
    ("glyphs", "@@ current  :: frontier  .. closed"),
    ("", "** path  ?? scan  ~~ walk  xx dead end"),
    ("", "aa bb ... sets (Kruskal, Eller)"),
    ("timeline", "c complete  d first dead end"),
    ("", "g goal reached  p path traced  x no path"),
    ("log", "pop f=g+h g h, then the tiles pushed"),
    ("", "Pseudocode pane: > marks the lines just run"),
];

/// Draw the help overlay centred in `area`.
pub fn render(theme: &Theme, frame: &mut Frame, area: Rect) {
    let width = 58.min(area.width);
    let height = (HELP.len() as u16 + 2).min(area.height);
    let [row] = Layout::vertical([Constraint::Length(height)])
        .flex(Flex::Center)
        .areas(area);
    let [popup] = Layout::horizontal([Constraint::Length(width)])
        .flex(Flex::Center)
        .areas(row);
    let lines: Vec<Line> = HELP
        .iter()
        .map(|(key, what)| {
            Line::from(vec![
                Span::styled(format!(" {key:<16}"), theme.title()),
                Span::raw(*what),
            ])
        })
        .collect();
    let block = Block::bordered()
        .border_set(theme.border())
        .border_style(theme.border_style(true))
        .title(Span::styled(" Keys (? to close) ", theme.title()));
    frame.render_widget(Clear, popup);
    frame.render_widget(Paragraph::new(lines).block(block), popup);
}
