//! Colours, glyphs and borders in one place. Every overlay has its own glyph, so a screen
//! without colour (or a plain-text snapshot) still tells them apart; colours come from the
//! theme's [`Palette`] (see [`super::palette`]), and none at all without colour.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols;

use super::palette::{Pair, Palette};
use crate::Mark;
use crate::app::{ColorMode, Config, ThemeName};

/// What to draw with: colour on or off, Unicode or ASCII only, and the theme's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Colours allowed.
    pub color: bool,
    /// Only ASCII characters.
    pub ascii: bool,
    /// The colours, when allowed.
    pub palette: &'static Palette,
}

/// The letters set labels are made of: lower case but `x` (a dead end's `xx`), then
/// upper case but `S`, `E` and `X` (the ends, and `X` beside `x`).
const SET_LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwyzABCDFGHIJKLMNOPQRTUVWYZ";

/// How many sets [`set_label`] tells apart: a doubled letter each (`aa`, …, `ZZ`), then
/// each pair of two different letters (`ab`, `ac`, …).
pub const SET_LABELS: usize = SET_LETTERS.len() * SET_LETTERS.len();

/// The two letters of set label `id` (a number the generator gives each live set, unique
/// among them: Kruskal's and Eller's sets): `aa`, `bb`, … for the first 48, then pairs of
/// two different letters, [`SET_LABELS`] in all; beyond that they repeat.
#[must_use]
pub fn set_label(id: u32) -> &'static str {
    static LABELS: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
        let letters: Vec<char> = SET_LETTERS.iter().map(|&b| char::from(b)).collect();
        let doubled = letters.iter().map(|&a| format!("{a}{a}"));
        let pairs = letters.iter().flat_map(|&a| {
            letters
                .iter()
                .filter(move |&&b| b != a)
                .map(move |&b| format!("{a}{b}"))
        });
        doubled.chain(pairs).collect()
    });
    &LABELS[id as usize % SET_LABELS]
}

impl Theme {
    /// The dark theme for a colour mode and the ASCII flag.
    #[must_use]
    pub fn new(color: ColorMode, ascii: bool) -> Self {
        Self {
            color: color != ColorMode::Never,
            ascii,
            palette: Palette::of(ThemeName::Dark),
        }
    }

    /// The theme `config` asks for: its colour mode, ASCII flag and theme.
    #[must_use]
    pub fn of(config: &Config) -> Self {
        Self {
            palette: Palette::of(config.theme),
            ..Self::new(config.color, config.ascii)
        }
    }

    fn style(self, style: Style) -> Style {
        if self.color {
            style
        } else {
            // Keep modifiers (bold, reverse), drop colours.
            Style::default().add_modifier(style.add_modifier)
        }
    }

    /// The style every cell starts from: the theme's text on its background (none
    /// without colour).
    #[must_use]
    pub fn base(self) -> Style {
        self.style(Style::default().fg(self.palette.text).bg(self.palette.bg))
    }

    /// Blank `area` of `buf` to the base style (what `Clear` does, in the theme's colours).
    pub fn clear(self, buf: &mut Buffer, area: Rect) {
        let area = area.intersection(buf.area);
        for y in area.top()..area.bottom() {
            for x in area.left()..area.right() {
                buf[(x, y)].reset();
            }
        }
        buf.set_style(area, self.base());
    }

    /// Background colour `c`.
    #[must_use]
    pub fn style_bg(self, c: Color) -> Style {
        self.style(Style::default().bg(c))
    }

    /// Foreground colour `c`.
    #[must_use]
    pub fn fg(self, c: Color) -> Style {
        self.style(Style::default().fg(c))
    }

    fn pair(self, pair: Pair) -> Style {
        self.style(Style::default().fg(pair.fg).bg(pair.bg))
    }

    /// Good news (the cheapest path).
    #[must_use]
    pub fn good(self) -> Style {
        self.fg(self.palette.good)
    }

    /// A warning (a dearer path, an overestimating heuristic, a stale solver).
    #[must_use]
    pub fn warn(self) -> Style {
        self.fg(self.palette.warn)
    }

    /// What the last step did, under the pseudocode.
    #[must_use]
    pub fn note(self) -> Style {
        self.fg(self.palette.note)
    }

    /// The timeline and the sparkline.
    #[must_use]
    pub fn accent(self) -> Style {
        self.fg(self.palette.accent)
    }

    /// Pane borders: plain lines, or `+-|` in ASCII mode.
    #[must_use]
    pub fn border(self) -> symbols::border::Set<'static> {
        if self.ascii {
            symbols::border::Set {
                top_left: "+",
                top_right: "+",
                bottom_left: "+",
                bottom_right: "+",
                vertical_left: "|",
                vertical_right: "|",
                horizontal_top: "-",
                horizontal_bottom: "-",
            }
        } else {
            symbols::border::PLAIN
        }
    }

    /// Border style of a pane (`focused`: it has the movement keys).
    #[must_use]
    pub fn border_style(self, focused: bool) -> Style {
        if focused {
            self.style(
                Style::default()
                    .fg(self.palette.focus)
                    .add_modifier(Modifier::BOLD),
            )
        } else {
            self.fg(self.palette.border)
        }
    }

    /// Pane titles.
    #[must_use]
    pub fn title(self) -> Style {
        self.style(Style::default().add_modifier(Modifier::BOLD))
    }

    /// Dimmed text (disabled list rows, hints).
    #[must_use]
    pub fn dim(self) -> Style {
        self.fg(self.palette.dim)
    }

    /// The wall glyph (two columns) and its style.
    #[must_use]
    pub fn wall(self) -> (&'static str, Style) {
        (
            if self.ascii { "##" } else { "██" },
            self.fg(self.palette.wall),
        )
    }

    /// The two-column glyph of a tile the robot in fog has not seen, and its style: a
    /// wall it does not know of yet as light shade (`%%` in ASCII), dimmed; open ground
    /// as floor.
    #[must_use]
    pub fn fog(self, wall: bool) -> (&'static str, Style) {
        match (wall, self.ascii) {
            (false, _) => ("  ", Style::default()),
            (true, false) => ("░░", self.dim()),
            (true, true) => ("%%", self.dim()),
        }
    }

    /// The two-column glyph of a mark (solvers' `Visited` differs from generators', which
    /// shows as open floor). A set shows letters of its own ([`set_label`]), so sets are
    /// told apart without colour too.
    #[must_use]
    pub fn glyph(self, mark: Mark, solver: bool) -> &'static str {
        match mark {
            Mark::Set(id) => set_label(id),
            Mark::None => "  ",
            Mark::Current => "@@",
            Mark::Frontier => "::",
            Mark::Visited if solver => "--",
            Mark::Visited => "  ",
            Mark::Closed => "..",
            Mark::Walk => "~~",
            Mark::Scan => "??",
            Mark::DeadEnd => "xx",
            Mark::Inconsistent => "!!",
            Mark::Path => "**",
        }
    }

    /// The colour of a mark in pictures (half-blocks, the whole-maze view); `None`: plain
    /// floor.
    #[must_use]
    pub const fn mark_color(self, mark: Mark, solver: bool) -> Option<Color> {
        let p = self.palette;
        match mark {
            Mark::None => None,
            Mark::Visited if !solver => None,
            Mark::Current => Some(p.current.bg),
            Mark::Frontier => Some(p.frontier),
            Mark::Visited => Some(p.visited),
            Mark::Closed => Some(p.closed),
            Mark::Walk => Some(p.walk),
            Mark::Scan => Some(p.scan),
            Mark::DeadEnd => Some(p.dead_end),
            Mark::Inconsistent => Some(p.scan),
            Mark::Path => Some(p.path.bg),
            Mark::Set(id) => Some(p.sets[id as usize % p.sets.len()]),
        }
    }

    /// The style of a mark's glyph.
    #[must_use]
    pub fn mark(self, mark: Mark, solver: bool) -> Style {
        let p = self.palette;
        let style = match mark {
            Mark::Current => Style::default()
                .fg(p.current.fg)
                .bg(p.current.bg)
                .add_modifier(Modifier::BOLD),
            Mark::Path => Style::default()
                .fg(p.path.fg)
                .bg(p.path.bg)
                .add_modifier(Modifier::BOLD),
            Mark::Frontier => Style::default().fg(p.frontier).add_modifier(Modifier::BOLD),
            Mark::Inconsistent => Style::default().fg(p.scan).add_modifier(Modifier::BOLD),
            other => self
                .mark_color(other, solver)
                .map_or(Style::default(), |c| Style::default().fg(c)),
        };
        self.style(style)
    }

    /// Start (`S `) or goal (`E `) glyph and style.
    #[must_use]
    pub fn endpoint(self, goal: bool) -> (&'static str, Style) {
        let (glyph, pair) = if goal {
            ("E ", self.palette.goal)
        } else {
            ("S ", self.palette.start)
        };
        (glyph, self.pair(pair).add_modifier(Modifier::BOLD))
    }

    /// Heat map glyph (distance decile 0–9) and style.
    #[must_use]
    pub fn heat(self, decile: usize) -> (&'static str, Style) {
        const DIGITS: [&str; 10] = ["0 ", "1 ", "2 ", "3 ", "4 ", "5 ", "6 ", "7 ", "8 ", "9 "];
        let d = decile.min(9);
        (DIGITS[d], self.pair(self.palette.heat[d]))
    }

    /// The two-column glyph of open ground of terrain cost `cost` (2–9) and its style: the
    /// digit, then a shade that darkens with the cost (`22`… in ASCII, where the digit
    /// alone tells the cost), so the cost reads without colour.
    #[must_use]
    pub fn terrain(self, cost: u8) -> (&'static str, Style) {
        const SHADED: [&str; 10] = ["  ", "  ", "2░", "3░", "4░", "5▒", "6▒", "7▒", "8▓", "9▓"];
        const PLAIN: [&str; 10] = ["  ", "  ", "22", "33", "44", "55", "66", "77", "88", "99"];
        let i = usize::from(cost.min(9));
        let glyph = if self.ascii { PLAIN[i] } else { SHADED[i] };
        (glyph, self.fg(self.terrain_color(cost)))
    }

    /// The colour of terrain of cost `cost` (2–9).
    #[must_use]
    pub const fn terrain_color(self, cost: u8) -> Color {
        self.palette.terrain[if cost >= 6 { 1 } else { 0 }]
    }

    /// The two-column glyph of a search overlay on terrain of cost `cost` (2–9): the digit,
    /// then the overlay's own character (`5.` closed, `5:` frontier, `5-` visited, `5*`
    /// path, `5x` dead end); `None` for overlays that hide the ground (current, sets).
    #[must_use]
    pub const fn marked_terrain(self, mark: Mark, cost: u8) -> Option<&'static str> {
        const CLOSED: [&str; 8] = ["2.", "3.", "4.", "5.", "6.", "7.", "8.", "9."];
        const FRONTIER: [&str; 8] = ["2:", "3:", "4:", "5:", "6:", "7:", "8:", "9:"];
        const VISITED: [&str; 8] = ["2-", "3-", "4-", "5-", "6-", "7-", "8-", "9-"];
        const PATH: [&str; 8] = ["2*", "3*", "4*", "5*", "6*", "7*", "8*", "9*"];
        const DEAD: [&str; 8] = ["2x", "3x", "4x", "5x", "6x", "7x", "8x", "9x"];
        const INCONSISTENT: [&str; 8] = ["2!", "3!", "4!", "5!", "6!", "7!", "8!", "9!"];
        if cost < 2 || cost > 9 {
            return None;
        }
        let i = (cost - 2) as usize;
        match mark {
            Mark::Closed => Some(CLOSED[i]),
            Mark::Frontier => Some(FRONTIER[i]),
            Mark::Visited => Some(VISITED[i]),
            Mark::Path => Some(PATH[i]),
            Mark::DeadEnd => Some(DEAD[i]),
            Mark::Inconsistent => Some(INCONSISTENT[i]),
            _ => None,
        }
    }

    /// The edit / inspect cursor's glyph and style (`open`: on open ground).
    #[must_use]
    pub fn cursor(self, open: bool) -> (&'static str, Style) {
        // On a wall the cursor is reversed (its colours swapped), on open ground not.
        let style = self.pair(self.palette.cursor).add_modifier(Modifier::BOLD);
        let style = if open {
            style
        } else {
            style.add_modifier(Modifier::REVERSED)
        };
        ("[]", style)
    }

    /// A came-from arrow pointing by `(dr, dc)` (each -1, 0 or 1) to the tile a search
    /// reached this one from.
    #[must_use]
    pub fn arrow(self, dr: i32, dc: i32) -> (&'static str, Style) {
        let glyph = match (dr, dc, self.ascii) {
            (-1, 0, false) => "↑ ",
            (1, 0, false) => "↓ ",
            (0, -1, false) => "← ",
            (0, 1, false) => "→ ",
            (-1, -1, false) => "↖ ",
            (-1, 1, false) => "↗ ",
            (1, -1, false) => "↙ ",
            (1, 1, false) => "↘ ",
            (-1, 0, true) => "^ ",
            (1, 0, true) => "v ",
            (0, -1, true) => "< ",
            (0, 1, true) => "> ",
            (-1, -1, true) | (1, 1, true) => "\\ ",
            (-1, 1, true) | (1, -1, true) => "/ ",
            _ => "  ",
        };
        (glyph, self.fg(self.palette.arrow))
    }

    /// Heat colour of a decile, for pictures.
    #[must_use]
    pub const fn heat_color(self, decile: usize) -> Color {
        self.palette.heat[if decile > 9 { 9 } else { decile }].bg
    }

    /// The character for a wall joining its wall neighbours (thin view).
    #[must_use]
    pub const fn joint(self, up: bool, right: bool, down: bool, left: bool) -> &'static str {
        if self.ascii {
            return match (up || down, left || right) {
                (true, true) => "+",
                (true, false) => "|",
                (false, true) => "-",
                (false, false) => "+",
            };
        }
        match (up, right, down, left) {
            (false, false, false, false) => "·",
            (true, false, false, false)
            | (false, false, true, false)
            | (true, false, true, false) => "│",
            (false, true, false, false)
            | (false, false, false, true)
            | (false, true, false, true) => "─",
            (false, true, true, false) => "┌",
            (false, false, true, true) => "┐",
            (true, true, false, false) => "└",
            (true, false, false, true) => "┘",
            (true, true, true, false) => "├",
            (true, false, true, true) => "┤",
            (false, true, true, true) => "┬",
            (true, true, false, true) => "┴",
            (true, true, true, true) => "┼",
        }
    }

    /// A horizontal wall piece (thin view).
    #[must_use]
    pub const fn horizontal(self) -> &'static str {
        if self.ascii { "-" } else { "─" }
    }

    /// Separator between key hints.
    #[must_use]
    pub const fn sep(self) -> &'static str {
        if self.ascii { " | " } else { " · " }
    }

    /// The multiplication sign in sizes.
    #[must_use]
    pub const fn times(self) -> &'static str {
        if self.ascii { "x" } else { "×" }
    }

    /// Bars for the sparkline.
    #[must_use]
    pub fn bars(self) -> symbols::bar::Set<'static> {
        if self.ascii {
            symbols::bar::Set {
                full: "#",
                seven_eighths: "#",
                three_quarters: "=",
                five_eighths: "=",
                half: "-",
                three_eighths: "-",
                one_quarter: "_",
                one_eighth: "_",
                empty: " ",
            }
        } else {
            symbols::bar::NINE_LEVELS
        }
    }

    /// The selection marker of the list.
    #[must_use]
    pub fn highlight(self) -> Style {
        if !self.color {
            return Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD);
        }
        self.pair(self.palette.highlight)
            .add_modifier(Modifier::BOLD)
    }
}

/// `text` with the non-ASCII symbols the algorithms' pseudocode and explanations use
/// replaced by ASCII ones (`←` `<-`, `→` `->`, `≤` `<=`, `×` `x`, …), for `--ascii`; any
/// other non-ASCII character becomes `?`.
#[must_use]
pub fn ascii_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '←' => out.push_str("<-"),
            '→' => out.push_str("->"),
            '↑' => out.push('^'),
            '↓' => out.push('v'),
            '≤' => out.push_str("<="),
            '≥' => out.push_str(">="),
            '≠' => out.push_str("!="),
            '×' | '·' => out.push(if ch == '×' { 'x' } else { '*' }),
            '∞' => out.push_str("inf"),
            '∪' => out.push('U'),
            '∈' => out.push_str(" in "),
            '∅' => out.push_str("{}"),
            '–' | '—' | '─' => out.push('-'),
            '…' => out.push_str("..."),
            'é' => out.push('e'),
            '′' | '’' => out.push('\''),
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_labels_are_two_letters_all_different_and_no_other_marks_glyph() {
        let theme = Theme::new(ColorMode::Never, true);
        let others: Vec<&str> = [
            Mark::None,
            Mark::Current,
            Mark::Frontier,
            Mark::Closed,
            Mark::Walk,
            Mark::Scan,
            Mark::DeadEnd,
            Mark::Inconsistent,
            Mark::Path,
        ]
        .into_iter()
        .flat_map(|m| [theme.glyph(m, true), theme.glyph(m, false)])
        .collect();
        let mut seen = std::collections::HashSet::new();
        for id in 0..u32::try_from(SET_LABELS).expect("small") {
            let label = set_label(id);
            assert_eq!(label.len(), 2, "{label}");
            assert!(label.bytes().all(|b| b.is_ascii_alphabetic()), "{label}");
            assert!(seen.insert(label), "{label} twice");
            assert!(!others.contains(&label), "{label}");
        }
        assert_eq!(
            (set_label(0), set_label(47), set_label(48)),
            ("aa", "ZZ", "ab")
        );
    }
}
