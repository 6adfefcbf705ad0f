//! The key bar: the most useful keys, and a count being typed.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::theme::Theme;
use crate::app::keymap::{Command, Keymap};
use crate::app::{App, Mode};

/// The key of a key bar entry: the first key in force of each command (joined by `/`),
/// or a key no command owns.
#[derive(Clone, Copy, Debug)]
pub enum Shown {
    /// Commands' keys, from the key map.
    Of(&'static [Command]),
    /// Written as is (cursor and edit keys, Esc).
    Fixed(&'static str),
}

use Command as C;
use Shown::{Fixed, Of};

/// The keys shown, most useful first; the last two always show, the others as room allows.
pub const KEYS: [(Shown, &str); 9] = [
    (Of(&[C::Step]), "step"),
    (Of(&[C::Back]), "back"),
    (Of(&[C::Play]), "play"),
    (Of(&[C::Faster, C::Slower]), "speed"),
    (Of(&[C::ToEnd, C::ToStart]), "end/start"),
    (Of(&[C::Run]), "run"),
    (Of(&[C::NewMaze]), "new"),
    (Of(&[C::Help]), "help"),
    (Of(&[C::Quit]), "quit"),
];

/// The keys of a race.
pub const RACE_KEYS: [(Shown, &str); 7] = [
    (Of(&[C::Step]), "step all"),
    (Of(&[C::Back]), "back"),
    (Of(&[C::Play]), "play"),
    (Of(&[C::ToEnd, C::ToStart]), "end/start"),
    (Fixed("Esc"), "leave race"),
    (Of(&[C::Help]), "help"),
    (Of(&[C::Quit]), "quit"),
];

/// The keys of edit mode, most useful first.
pub const EDIT_KEYS: [(Shown, &str); 8] = [
    (Fixed("hjkl"), "move"),
    (Fixed("#"), "wall"),
    (Fixed("1-9"), "terrain"),
    (Fixed("S/X"), "start/goal"),
    (Of(&[C::Undo]), "undo"),
    (Of(&[C::AutoRerun]), "auto re-run"),
    (Of(&[C::Save]), "save"),
    (Of(&[C::Edit]), "done"),
];

/// The keys of walk mode.
pub const WALK_KEYS: [(Shown, &str); 6] = [
    (Fixed("hjkl"), "walk"),
    (Of(&[C::Reveal]), "cheapest"),
    (Of(&[C::HandOver]), "AI walks"),
    (Of(&[C::Faster, C::Slower]), "pace"),
    (Of(&[C::Walk]), "done"),
    (Of(&[C::Quit]), "quit"),
];

/// The keys of the robot in fog.
pub const ROBOT_KEYS: [(Shown, &str); 6] = [
    (Of(&[C::Play]), "walk/pause"),
    (Of(&[C::Step, C::Back]), "step/back"),
    (Of(&[C::Faster, C::Slower]), "speed"),
    (Of(&[C::ToStart, C::ToEnd]), "S/end"),
    (Of(&[C::Robot]), "stop"),
    (Of(&[C::Quit]), "quit"),
];

/// The keys of inspect mode.
pub const INSPECT_KEYS: [(Shown, &str); 5] = [
    (Fixed("hjkl"), "move"),
    (Of(&[C::Reveal]), "came-from"),
    (Of(&[C::Step, C::Back]), "step/back"),
    (Of(&[C::Inspect]), "done"),
    (Of(&[C::Quit]), "quit"),
];

/// The text of an entry's key with the keys in force, as a config file names them
/// (`n`, `space`, `enter`, `+/-`).
#[must_use]
pub fn shown(key: Shown, keys: &Keymap) -> String {
    match key {
        Fixed(text) => text.to_owned(),
        Of(commands) => {
            let firsts: Vec<String> = commands
                .iter()
                .map(|&c| {
                    keys.keys(c)
                        .first()
                        .map_or_else(|| "-".to_owned(), |k| k.config_name())
                })
                .collect();
            firsts.join("/")
        }
    }
}

/// Draw the key bar into `area` (one row), with the keys in force.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let mut spans = vec![Span::raw(" ")];
    if let Some(count) = app.count {
        spans.push(Span::styled(format!("{count}x "), theme.highlight()));
    }
    if let Some(status) = &app.status {
        spans.push(Span::styled(format!("{status} "), theme.highlight()));
        spans.push(Span::raw(" "));
    }
    let entries: &[(Shown, &str)] = match app.mode {
        Mode::Explore if matches!(app.stage, crate::app::Stage::Race { .. }) => &RACE_KEYS,
        Mode::Explore => &KEYS,
        Mode::Edit { .. } => &EDIT_KEYS,
        Mode::Walk(_) => &WALK_KEYS,
        Mode::Inspect { .. } => &INSPECT_KEYS,
        Mode::Robot(_) => &ROBOT_KEYS,
    };
    let keys: Vec<(String, &str)> = entries
        .iter()
        .map(|&(key, what)| (shown(key, &app.config.keys), what))
        .collect();
    // The last two keys (help, quit or done) always show: a narrow terminal drops the
    // keys before them that do not fit, so no one is left without a way out.
    let used: usize = spans.iter().map(Span::width).sum();
    let sep = theme.sep();
    let width = |(key, what): &(String, &str)| {
        sep.chars().count() + key.chars().count() + 1 + what.chars().count()
    };
    let pinned = keys.len().saturating_sub(2);
    let mut room = usize::from(area.width)
        .saturating_sub(used + keys[pinned..].iter().map(width).sum::<usize>());
    let mut bar: Vec<&(String, &str)> = Vec::with_capacity(keys.len());
    for item in &keys[..pinned] {
        if width(item) > room {
            break;
        }
        room -= width(item);
        bar.push(item);
    }
    bar.extend(&keys[pinned..]);
    for (i, (key, what)) in bar.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(sep, theme.dim()));
        }
        spans.push(Span::styled(key.clone(), theme.title()));
        spans.push(Span::raw(format!(" {what}")));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
