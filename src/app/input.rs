//! Keys and mouse events to [`Action`]s: the only place in `app` that knows crossterm.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::{Action, Focus};

/// The action for a terminal event, given which pane has focus; `None` to ignore it.
#[must_use]
pub fn map_event(event: &Event, focus: Focus) -> Option<Action> {
    match event {
        Event::Key(key) => map_key(*key, focus),
        Event::Mouse(mouse) => map_mouse(*mouse),
        Event::Resize(cols, rows) => Some(Action::Resize(*cols, *rows)),
        _ => None,
    }
}

/// The action for a key press.
#[must_use]
pub fn map_key(key: KeyEvent, focus: Focus) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let maze = focus == Focus::Maze;
    Some(match key.code {
        KeyCode::Char('c') if ctrl => Action::Quit,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        KeyCode::Char(d @ '0'..='9') => Action::Digit(d as u8 - b'0'),
        KeyCode::Char('n') | KeyCode::Char('.') => Action::Step(1),
        KeyCode::Char('b') | KeyCode::Backspace => Action::StepBack(1),
        KeyCode::Char('f') => Action::ToEnd,
        KeyCode::Char('g') => Action::ToStart,
        KeyCode::Char(' ') => Action::TogglePlay,
        KeyCode::Char('+' | '=') => Action::Faster,
        KeyCode::Char('-' | '_') => Action::Slower,
        KeyCode::Enter => Action::RunSelected,
        KeyCode::Char('r') => Action::NewSeed,
        KeyCode::Char('?') => Action::ToggleHelp,
        KeyCode::Char('t') => Action::CycleView,
        KeyCode::Char('h') => Action::ToggleHeat,
        KeyCode::Char('e') => Action::CycleHeuristic,
        KeyCode::Char('d') => Action::ToggleDiagonal,
        KeyCode::Tab | KeyCode::BackTab => Action::FocusNext,
        KeyCode::Char('j') => Action::SelectNext,
        KeyCode::Char('k') => Action::SelectPrev,
        KeyCode::Char('H') => Action::Pan(0, -4),
        KeyCode::Char('L') => Action::Pan(0, 4),
        KeyCode::Char('K') => Action::Pan(-4, 0),
        KeyCode::Char('J') => Action::Pan(4, 0),
        KeyCode::Down if maze => Action::Pan(1, 0),
        KeyCode::Up if maze => Action::Pan(-1, 0),
        KeyCode::Left if maze => Action::Pan(0, -1),
        KeyCode::Right if maze => Action::Pan(0, 1),
        KeyCode::Down => Action::SelectNext,
        KeyCode::Up => Action::SelectPrev,
        KeyCode::PageUp => Action::ScrollLog(5),
        KeyCode::PageDown => Action::ScrollLog(-5),
        _ => return None,
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
