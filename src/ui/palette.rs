//! The colours of the three themes (`--theme dark|light|high-contrast`), each a
//! [`Palette`] of named roles, and the WCAG contrast ratio every text pair meets.
//!
//! Colours are xterm-256 indices 16–255, whose RGB values are fixed by the xterm palette
//! (unlike the first 16, which each terminal picks), so the contrast a theme promises is
//! the contrast the screen shows; every theme paints its own background.
//!
//! Contrast ratio: WCAG 2.1, "contrast ratio" and "relative luminance" definitions
//! (w3.org/TR/WCAG21/#dfn-contrast-ratio); 4.5:1 is the level AA minimum for text.

use ratatui::style::Color;

use crate::app::ThemeName;

/// A foreground drawn on its own background.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    /// The glyph's colour.
    pub fg: Color,
    /// The colour behind it.
    pub bg: Color,
}

const fn on(fg: u8, bg: u8) -> Pair {
    Pair {
        fg: Color::Indexed(fg),
        bg: Color::Indexed(bg),
    }
}

const fn c(i: u8) -> Color {
    Color::Indexed(i)
}

/// The colours of one theme, by role. Every colour without a background of its own is
/// drawn on [`Palette::bg`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// The screen's background, painted under everything.
    pub bg: Color,
    /// Plain text.
    pub text: Color,
    /// Labels, hints, disabled rows.
    pub dim: Color,
    /// Borders of panes without focus.
    pub border: Color,
    /// The border of the pane with focus.
    pub focus: Color,
    /// Walls.
    pub wall: Color,
    /// The frontier (stack, queue, open set).
    pub frontier: Color,
    /// The closed set.
    pub closed: Color,
    /// Visited (solvers) or scanned (jump point search).
    pub visited: Color,
    /// A random walk (Wilson).
    pub walk: Color,
    /// A hunt's scan.
    pub scan: Color,
    /// Dead ends filled or walked twice.
    pub dead_end: Color,
    /// Came-from arrows.
    pub arrow: Color,
    /// Good news: the cheapest path.
    pub good: Color,
    /// A warning: a dearer path, an overestimating heuristic, a stale solver.
    pub warn: Color,
    /// What the last step did (under the pseudocode).
    pub note: Color,
    /// The timeline and the sparkline.
    pub accent: Color,
    /// Terrain of cost 2–5, and 6–9.
    pub terrain: [Color; 2],
    /// Kruskal's and Eller's sets, by set.
    pub sets: [Color; 6],
    /// The selection, the status line, the marked pseudocode lines.
    pub highlight: Pair,
    /// The tile the algorithm works on.
    pub current: Pair,
    /// The path found.
    pub path: Pair,
    /// The start.
    pub start: Pair,
    /// The goal.
    pub goal: Pair,
    /// The edit and inspect cursor.
    pub cursor: Pair,
    /// The heat map, near to far: a digit on a colour.
    pub heat: [Pair; 10],
}

/// For dark rooms: light text on near-black.
pub const DARK: Palette = Palette {
    bg: c(233),
    text: c(252),
    dim: c(246),
    border: c(244),
    focus: c(80),
    wall: c(250),
    frontier: c(87),
    closed: c(111),
    visited: c(245),
    walk: c(213),
    scan: c(177),
    dead_end: c(203),
    arrow: c(111),
    good: c(114),
    warn: c(221),
    note: c(222),
    accent: c(80),
    terrain: [c(221), c(209)],
    sets: [c(111), c(213), c(228), c(123), c(120), c(210)],
    highlight: on(16, 80),
    current: on(16, 220),
    path: on(16, 77),
    start: on(16, 120),
    goal: on(16, 210),
    cursor: on(16, 219),
    heat: [
        on(16, 153),
        on(16, 117),
        on(16, 123),
        on(16, 122),
        on(16, 121),
        on(16, 156),
        on(16, 192),
        on(16, 228),
        on(16, 222),
        on(16, 216),
    ],
};

/// For bright rooms and projectors: dark text on white.
pub const LIGHT: Palette = Palette {
    bg: c(231),
    text: c(235),
    dim: c(241),
    border: c(243),
    focus: c(25),
    wall: c(238),
    frontier: c(24),
    closed: c(19),
    visited: c(242),
    walk: c(90),
    scan: c(54),
    dead_end: c(124),
    arrow: c(19),
    good: c(22),
    warn: c(94),
    note: c(94),
    accent: c(25),
    terrain: [c(94), c(124)],
    sets: [c(19), c(90), c(94), c(23), c(22), c(124)],
    highlight: on(231, 25),
    current: on(16, 220),
    path: on(231, 28),
    start: on(16, 120),
    goal: on(16, 210),
    cursor: on(231, 90),
    heat: [
        on(16, 195),
        on(16, 159),
        on(16, 158),
        on(16, 157),
        on(16, 193),
        on(16, 229),
        on(16, 223),
        on(16, 224),
        on(16, 217),
        on(16, 210),
    ],
};

/// For low vision and washed-out projectors: white and saturated colours on black.
pub const HIGH_CONTRAST: Palette = Palette {
    bg: c(16),
    text: c(231),
    dim: c(250),
    border: c(250),
    focus: c(51),
    wall: c(231),
    frontier: c(51),
    closed: c(75),
    visited: c(250),
    walk: c(213),
    scan: c(177),
    dead_end: c(196),
    arrow: c(75),
    good: c(46),
    warn: c(226),
    note: c(226),
    accent: c(51),
    terrain: [c(226), c(208)],
    sets: [c(75), c(213), c(226), c(51), c(46), c(203)],
    highlight: on(16, 226),
    current: on(16, 226),
    path: on(16, 46),
    start: on(16, 48),
    goal: on(16, 203),
    cursor: on(16, 213),
    heat: [
        on(16, 45),
        on(16, 81),
        on(16, 87),
        on(16, 86),
        on(16, 84),
        on(16, 120),
        on(16, 154),
        on(16, 190),
        on(16, 226),
        on(16, 214),
    ],
};

impl Palette {
    /// The palette of theme `name`.
    #[must_use]
    pub const fn of(name: ThemeName) -> &'static Palette {
        match name {
            ThemeName::Dark => &DARK,
            ThemeName::Light => &LIGHT,
            ThemeName::HighContrast => &HIGH_CONTRAST,
        }
    }

    /// Every foreground the theme draws text or glyphs with, on the background it is drawn
    /// on, named by role.
    #[must_use]
    pub fn text_pairs(&self) -> Vec<(&'static str, Pair)> {
        let plain = |name, fg| (name, Pair { fg, bg: self.bg });
        let mut pairs = vec![
            plain("text", self.text),
            plain("dim", self.dim),
            plain("border", self.border),
            plain("focus", self.focus),
            plain("wall", self.wall),
            plain("frontier", self.frontier),
            plain("closed", self.closed),
            plain("visited", self.visited),
            plain("walk", self.walk),
            plain("scan", self.scan),
            plain("dead end", self.dead_end),
            plain("arrow", self.arrow),
            plain("good", self.good),
            plain("warn", self.warn),
            plain("note", self.note),
            plain("accent", self.accent),
            ("highlight", self.highlight),
            ("current", self.current),
            ("path", self.path),
            ("start", self.start),
            ("goal", self.goal),
            ("cursor", self.cursor),
        ];
        pairs.extend(self.terrain.iter().map(|&fg| plain("terrain", fg)));
        pairs.extend(self.sets.iter().map(|&fg| plain("set", fg)));
        pairs.extend(self.heat.iter().map(|&p| ("heat", p)));
        pairs
    }
}

/// The sRGB value of `color`: xterm-256 indices 16–255 and RGB colours (`None` for the
/// first 16 and the terminal's defaults, which each terminal picks).
#[must_use]
pub fn rgb(color: Color) -> Option<[u8; 3]> {
    match color {
        Color::Rgb(r, g, b) => Some([r, g, b]),
        Color::Indexed(i @ 16..=231) => {
            const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
            let i = usize::from(i - 16);
            Some([LEVELS[i / 36], LEVELS[i / 6 % 6], LEVELS[i % 6]])
        }
        Color::Indexed(i @ 232..=255) => {
            let v = 8 + 10 * (i - 232);
            Some([v, v, v])
        }
        _ => None,
    }
}

/// WCAG relative luminance of an sRGB colour, 0.0 (black) to 1.0 (white).
#[must_use]
pub fn luminance([r, g, b]: [u8; 3]) -> f64 {
    let linear = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.039_28 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// WCAG contrast ratio of two colours, 1.0 to 21.0 (`None` if either has no fixed RGB).
#[must_use]
pub fn contrast(a: Color, b: Color) -> Option<f64> {
    let (la, lb) = (luminance(rgb(a)?), luminance(rgb(b)?));
    let (hi, lo) = if la >= lb { (la, lb) } else { (lb, la) };
    Some((hi + 0.05) / (lo + 0.05))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_pair_of_every_theme_has_contrast_of_at_least_4_5() {
        for name in ThemeName::ALL {
            for (role, pair) in Palette::of(name).text_pairs() {
                let ratio = contrast(pair.fg, pair.bg).expect("fixed colours");
                assert!(ratio >= 4.5, "{name}: {role} {pair:?} is {ratio:.2}:1");
            }
        }
    }

    #[test]
    fn the_contrast_ratio_is_wcags() {
        // The ends of the scale and two published values: #777 on white is 4.48:1, the
        // classic "just fails AA" grey; #767676 is the lightest grey that passes (4.54:1).
        let white = Color::Rgb(255, 255, 255);
        let ratio = |a| contrast(a, white).expect("rgb");
        assert!((ratio(Color::Rgb(0, 0, 0)) - 21.0).abs() < 1e-9);
        assert!((ratio(white) - 1.0).abs() < 1e-9);
        assert!((ratio(Color::Rgb(0x77, 0x77, 0x77)) - 4.48).abs() < 0.01);
        assert!((ratio(Color::Rgb(0x76, 0x76, 0x76)) - 4.54).abs() < 0.01);
        // xterm-256 index 16 is black, 231 white, 244 is #808080.
        assert_eq!(rgb(Color::Indexed(16)), Some([0, 0, 0]));
        assert_eq!(rgb(Color::Indexed(231)), Some([255, 255, 255]));
        assert_eq!(rgb(Color::Indexed(244)), Some([128, 128, 128]));
        assert_eq!(rgb(Color::Indexed(33)), Some([0, 135, 255]));
    }

    #[test]
    fn the_themes_differ_and_each_keeps_start_goal_and_path_apart() {
        for name in ThemeName::ALL {
            let p = Palette::of(name);
            let bgs = [p.start.bg, p.goal.bg, p.path.bg, p.current.bg];
            for (i, a) in bgs.iter().enumerate() {
                assert!(!bgs[i + 1..].contains(a), "{name}: {bgs:?}");
            }
        }
        assert_ne!(DARK, LIGHT);
        assert_ne!(DARK, HIGH_CONTRAST);
    }
}
