//! Keys and mouse events to [`Action`]s: the only place in `app` that knows crossterm.
//!
//! `Esc` never quits (only `q` and Ctrl-C do): it closes overlays and cancels. Bytes are
//! decoded into these events before ([`crate::input::Decoder`]), which keeps an arrow
//! whose bytes arrive apart one arrow.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::help::Scroll;
use super::keymap::{Command, Key, Keymap};
use super::{Action, App, Focus, ModeAction, ModeKind, Overlay, QuizAction};
use crate::app::edit::Edit;
use crate::app::robot::RobotKey;

/// The action for a terminal event, given which pane has focus and the keys in force;
/// `None` to ignore it.
#[must_use]
pub fn map_event(event: &Event, focus: Focus, keys: &Keymap) -> Option<Action> {
    match event {
        Event::Key(key) => map_key(*key, focus, keys),
        Event::Mouse(mouse) => map_mouse(*mouse),
        Event::Resize(cols, rows) => Some(Action::Resize(*cols, *rows)),
        _ => None,
    }
}

/// The action for a terminal event in the app as it is: the help takes the keys that
/// scroll it, the open prompt takes every key, the edit, walk and inspect modes take
/// theirs ([`map_mode_event`]), the rest as [`map_event`] says, with the app's keys.
#[must_use]
pub fn map_app_event(event: &Event, app: &App) -> Option<Action> {
    let keys = &app.config.keys;
    if app.overlay == Overlay::Help {
        return map_help_event(event, keys);
    }
    if app.prompt.is_none()
        && let Some(action) = map_quiz_event(event, app)
    {
        return Some(action);
    }
    match map_mode_event(event, app.prompt.is_some(), app.mode.kind(), keys) {
        Some(taken) => taken,
        None => map_event(event, app.focus, keys),
    }
}

/// The keys of a question being asked: its hint letters (never `b`, `n` or `q`), Left
/// and Right to move the cursor among the choices, Enter to answer the one under it.
fn map_quiz_event(event: &Event, app: &App) -> Option<Action> {
    if app.guess().is_some() {
        return Some(map_guess_event(event));
    }
    let Event::Key(key) = event else {
        return None;
    };
    if key.kind == KeyEventKind::Release || key.modifiers.contains(KeyModifiers::CONTROL) {
        return None;
    }
    let quiz = |a| Some(Action::Quiz(a));
    let question = app.question()?;
    match key.code {
        KeyCode::Char(c) if question.index_of(c).is_some() => quiz(QuizAction::Letter(c)),
        KeyCode::Left => quiz(QuizAction::Cursor(-1)),
        KeyCode::Right => quiz(QuizAction::Cursor(1)),
        KeyCode::Enter => quiz(QuizAction::Confirm),
        _ => None,
    }
}

/// The keys of "which algorithm made this?" ([`super::guess`]): `a`–`d` answer; Enter,
/// Space and `n` go on; `q`, Esc and Ctrl-C quit; a resize is told; the rest do nothing.
fn map_guess_event(event: &Event) -> Action {
    let quiz = Action::Quiz;
    match event {
        Event::Resize(cols, rows) => quiz(QuizAction::Resize(*cols, *rows)),
        Event::Key(key) if key.kind != KeyEventKind::Release => match key.code {
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => Action::Quit,
            _ if key.modifiers.contains(KeyModifiers::CONTROL) => quiz(QuizAction::Idle),
            KeyCode::Char(c @ 'a'..='d') => quiz(QuizAction::Pick(usize::from(c as u8 - b'a'))),
            KeyCode::Enter | KeyCode::Char(' ' | 'n') => quiz(QuizAction::NextRound),
            KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
            _ => quiz(QuizAction::Idle),
        },
        _ => quiz(QuizAction::Idle),
    }
}

/// The command of a key press in force: the key as pressed, else (for Ctrl with a key
/// no command takes) the key without Ctrl.
fn command(key: KeyEvent, keys: &Keymap) -> Option<Command> {
    let pressed = Key::of(key);
    keys.command(pressed).or_else(|| {
        let plain = Key::plain(pressed.code);
        pressed.ctrl.then(|| keys.command(plain)).flatten()
    })
}

/// The keys of the help overlay: a pager's (`j` `k` arrows, PgUp PgDn space, `g` `G` Home
/// End, the wheel); `?`, Esc and the help's own key close it, Ctrl-C and the quit keys
/// quit; other keys do nothing while it covers the screen.
#[must_use]
pub fn map_help_event(event: &Event, keys: &Keymap) -> Option<Action> {
    let scroll = |s| Some(Action::ScrollHelp(s));
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Release => None,
        Event::Key(key) if key.modifiers.contains(KeyModifiers::CONTROL) => {
            (key.code == KeyCode::Char('c')).then_some(Action::Quit)
        }
        Event::Key(key) => match key.code {
            KeyCode::Char('j') | KeyCode::Down => scroll(Scroll::Rows(1)),
            KeyCode::Char('k') | KeyCode::Up => scroll(Scroll::Rows(-1)),
            KeyCode::PageDown | KeyCode::Char(' ') => scroll(Scroll::Pages(1)),
            KeyCode::PageUp => scroll(Scroll::Pages(-1)),
            KeyCode::Char('g') | KeyCode::Home => scroll(Scroll::Top),
            KeyCode::Char('G') | KeyCode::End => scroll(Scroll::End),
            KeyCode::Char('?') | KeyCode::Esc => Some(Action::ToggleHelp),
            KeyCode::Char(d @ '0'..='9') => Some(Action::Digit(d as u8 - b'0')),
            _ => match command(*key, keys) {
                Some(Command::Help) => Some(Action::ToggleHelp),
                Some(Command::Quit) => Some(Action::Quit),
                _ => None,
            },
        },
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollUp => scroll(Scroll::Rows(-3)),
            MouseEventKind::ScrollDown => scroll(Scroll::Rows(3)),
            _ => None,
        },
        Event::Resize(cols, rows) => Some(Action::Resize(*cols, *rows)),
        _ => None,
    }
}

/// The keys of the prompt and the modes: `Some(action)` when the prompt or the mode takes
/// the event (`Some(None)`: swallowed), `None` when the usual keys apply.
#[must_use]
pub fn map_mode_event(
    event: &Event,
    prompt: bool,
    mode: ModeKind,
    keys: &Keymap,
) -> Option<Option<Action>> {
    let act = |a: ModeAction| Some(Some(Action::Mode(a)));
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Release => None,
        Event::Key(key) if key.modifiers.contains(KeyModifiers::CONTROL) => None,
        Event::Key(key) if prompt => match key.code {
            KeyCode::Esc => act(ModeAction::PromptCancel),
            KeyCode::Enter => act(ModeAction::PromptConfirm),
            KeyCode::Backspace => act(ModeAction::PromptBackspace),
            KeyCode::Char(c) => act(ModeAction::PromptChar(c)),
            _ => Some(None),
        },
        Event::Key(key) => map_mode_key(*key, mode, keys).map(|a| Some(Action::Mode(a))),
        Event::Mouse(mouse) if matches!(mode, ModeKind::Edit | ModeKind::Inspect) => {
            let (x, y) = (mouse.column, mouse.row);
            let click = |right, drag| act(ModeAction::Click { x, y, right, drag });
            match mouse.kind {
                MouseEventKind::Down(MouseButton::Left) => click(false, false),
                MouseEventKind::Down(MouseButton::Right) => click(true, false),
                MouseEventKind::Drag(MouseButton::Left) => click(false, true),
                MouseEventKind::Drag(MouseButton::Right) => click(true, true),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A key of the modes: in a mode with a cursor, arrows and `hjkl` move it; in edit mode
/// space / `#` toggle a wall, `1`–`9` paint terrain, `S` / `X` move the start / goal
/// there, Enter re-runs the solver; Esc leaves a mode once nothing else is to cancel.
/// With the robot out, the stepping commands (`n`, `b`, `space`, `g`, `f`) step its walk.
/// Then the mode commands in force (by default `E` edit, `p` walk, `i` inspect, `w` save,
/// `x` picture, `u` undo, `a` auto re-run, `v` reveal).
#[must_use]
pub fn map_mode_key(key: KeyEvent, mode: ModeKind, keys: &Keymap) -> Option<ModeAction> {
    let cursor = !matches!(mode, ModeKind::Explore | ModeKind::Robot);
    let edit = mode == ModeKind::Edit;
    Some(match key.code {
        KeyCode::Up | KeyCode::Char('k') if cursor => ModeAction::Cursor(-1, 0),
        KeyCode::Down | KeyCode::Char('j') if cursor => ModeAction::Cursor(1, 0),
        KeyCode::Left | KeyCode::Char('h') if cursor => ModeAction::Cursor(0, -1),
        KeyCode::Right | KeyCode::Char('l') if cursor => ModeAction::Cursor(0, 1),
        KeyCode::Char(' ' | '#') if edit => ModeAction::Edit(Edit::ToggleWall),
        KeyCode::Char(d @ '1'..='9') if edit => ModeAction::Edit(Edit::Paint(d as u8 - b'0')),
        KeyCode::Char('S') if edit => ModeAction::Edit(Edit::Start),
        KeyCode::Char('X') if edit => ModeAction::Edit(Edit::Goal),
        KeyCode::Enter if edit => ModeAction::Rerun,
        KeyCode::Esc if cursor => ModeAction::Leave,
        _ => match command(key, keys).map(Command::action) {
            Some(Action::Mode(action)) => action,
            Some(stepping) if mode == ModeKind::Robot => ModeAction::Robot(match stepping {
                Action::Step(_) => RobotKey::Step,
                Action::StepBack(_) => RobotKey::Back,
                Action::TogglePlay => RobotKey::Play,
                Action::ToStart => RobotKey::ToStart,
                Action::ToEnd => RobotKey::ToEnd,
                _ => return None,
            }),
            _ => return None,
        },
    })
}

/// The action for a key press: Ctrl-C quits, Esc cancels and digits type a count whatever
/// the key map says; arrows pan a focused maze (else Up and Down move in the list);
/// every other key is looked up in `keys`.
#[must_use]
pub fn map_key(key: KeyEvent, focus: Focus, keys: &Keymap) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let maze = focus == Focus::Maze;
    Some(match key.code {
        KeyCode::Char('c') if ctrl => Action::Quit,
        KeyCode::Esc => Action::Cancel,
        KeyCode::Char(d @ '0'..='9') if !ctrl => Action::Digit(d as u8 - b'0'),
        KeyCode::Down if maze => Action::Pan(1, 0),
        KeyCode::Up if maze => Action::Pan(-1, 0),
        KeyCode::Left if maze => Action::Pan(0, -1),
        KeyCode::Right if maze => Action::Pan(0, 1),
        KeyCode::BackTab => Action::FocusNext,
        _ => return command(key, keys).map(Command::action),
    })
}

/// The action for a mouse event: clicks and the wheel.
#[must_use]
pub fn map_mouse(mouse: MouseEvent) -> Option<Action> {
    let (x, y) = (mouse.column, mouse.row);
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => Some(Action::Click { x, y, right: false }),
        MouseEventKind::Down(MouseButton::Right) => Some(Action::Click { x, y, right: true }),
        MouseEventKind::ScrollUp => Some(Action::ScrollLog(1)),
        MouseEventKind::ScrollDown => Some(Action::ScrollLog(-1)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn esc_cancels_and_never_quits() {
        let keys = Keymap::default();
        assert_eq!(
            map_key(key(KeyCode::Esc), Focus::List, &keys),
            Some(Action::Cancel)
        );
        assert_eq!(
            map_key(key(KeyCode::Char('q')), Focus::List, &keys),
            Some(Action::Quit)
        );
    }
}
