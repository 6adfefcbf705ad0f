//! Terminal input bytes to crossterm events, without ever holding the keyboard.
//!
//! A terminal sends keys, mouse reports, pastes and focus changes as one byte stream, and
//! a read can end in the middle of a sequence (`ESC [` now, `B` 10 ms later over a slow
//! link). The [`Decoder`] cuts the stream into complete pieces itself, so that nothing
//! it does not understand can stall it:
//!
//! * a control sequence (ECMA-48 § 5.4: `ESC [` or `ESC O`, parameter bytes 0x30–0x3F,
//!   intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E) ends at its final byte, at
//!   the first byte that cannot be part of it, or after [`MAX_SEQUENCE`] bytes;
//! * an X10 mouse report (`ESC [ M` and three raw bytes) and an SGR one (`ESC [ <` … `M`
//!   or `m`, xterm's "Mouse Tracking" in ctlseqs) become mouse events;
//! * a bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`) becomes one paste event, given up
//!   after [`PASTE_PATIENCE`] flushes without a byte;
//! * text is UTF-8; a byte that cannot be UTF-8 becomes U+FFFD.
//!
//! Each piece goes whole to a new `termina::Parser` (Helix's terminal crate: crossterm's
//! key tables, arrows, F-keys, modifiers, CSI u, SGR mouse), so no bytes stay behind in
//! it; a piece it has no key for (a sequence still open when the caller gives up waiting,
//! [`Decoder::flush`], or one it does not know) comes out as plain keys: Alt and its
//! second byte, then the rest as text (`ESC [ ?` becomes Alt-`[` and `?`).

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use termina::event::{
    KeyCode as TermKey, KeyEvent as TermKeyEvent, KeyEventKind as TermKind,
    Modifiers as TermModifiers, MouseButton as TermButton, MouseEvent as TermMouse,
    MouseEventKind as TermMouseKind,
};

/// Longest control sequence held back, in bytes: a longer one is handed over as keys.
pub const MAX_SEQUENCE: usize = 64;
/// How many flushes in a row without a new byte end an unfinished bracketed paste (with
/// a flush every 50 ms, half a second of silence).
pub const PASTE_PATIENCE: u8 = 10;
/// Largest paste delivered as one event, in bytes; a longer one arrives in pieces.
pub const PASTE_LIMIT: usize = 1 << 20;

const ESC: u8 = 0x1b;
const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

/// Decodes terminal input bytes (keys, mouse SGR/X10 reports, bracketed paste, focus) into
/// crossterm events; an escape sequence left incomplete is flushed as keys by `flush`.
///
/// Memory: at most [`MAX_SEQUENCE`] bytes held back, plus a paste of at most
/// [`PASTE_LIMIT`] bytes. Each byte is looked at a bounded number of times: O(n) in the
/// bytes fed.
pub struct Decoder {
    /// Bytes of a piece not complete yet.
    held: Vec<u8>,
    /// Inside a bracketed paste: its text so far.
    paste: Option<Vec<u8>>,
    /// Flushes since the last byte arrived (ends a paste left open).
    idle_flushes: u8,
}

impl Default for Decoder {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for Decoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Decoder")
            .field("held", &self.held)
            .field("pasting", &self.paste.is_some())
            .finish_non_exhaustive()
    }
}

/// One complete piece at the front of the held bytes.
enum Piece {
    /// Keys: text, a lone Esc, Alt and a key, a control sequence.
    Keys(usize),
    /// `ESC [ 200 ~`.
    PasteStart(usize),
    /// `ESC [ I` / `ESC [ O`.
    Focus(bool, usize),
    /// `ESC [ <` … `M` / `m`.
    SgrMouse(usize),
    /// `ESC [ M` and three bytes.
    X10Mouse(usize),
}

/// Where a paste stands after the bytes held.
enum Paste {
    /// Ended; decoding goes on at this index of the held bytes.
    Ended(usize),
    /// Still open; the held bytes before this index are in it.
    Open(usize),
}

impl Piece {
    /// Its length in bytes.
    const fn len(&self) -> usize {
        match *self {
            Piece::Keys(n)
            | Piece::PasteStart(n)
            | Piece::Focus(_, n)
            | Piece::SgrMouse(n)
            | Piece::X10Mouse(n) => n,
        }
    }
}

impl Decoder {
    /// A decoder with nothing held.
    #[must_use]
    pub fn new() -> Self {
        Self {
            held: Vec::new(),
            paste: None,
            idle_flushes: 0,
        }
    }

    /// Feed bytes as they arrive; returns the complete events they finish.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        if !bytes.is_empty() {
            self.idle_flushes = 0;
        }
        self.held.extend_from_slice(bytes);
        let mut out = Vec::new();
        self.drain(false, &mut out);
        out
    }

    /// Whether bytes of an unfinished sequence are held back (call `flush` after ~50 ms).
    #[must_use]
    pub fn pending(&self) -> bool {
        !self.held.is_empty() || self.paste.is_some()
    }

    /// Give up waiting: held-back bytes become plain keys (Esc, '[', '?', ...). A paste
    /// left open ends after [`PASTE_PATIENCE`] flushes in a row.
    pub fn flush(&mut self) -> Vec<Event> {
        self.idle_flushes = self.idle_flushes.saturating_add(1);
        let mut out = Vec::new();
        self.drain(true, &mut out);
        out
    }

    /// Decode every complete piece of `held`; with `give_up`, the incomplete rest too.
    fn drain(&mut self, give_up: bool, out: &mut Vec<Event>) {
        let mut at = 0;
        while at < self.held.len() || (give_up && self.paste.is_some()) {
            if self.paste.is_some() {
                match self.pasting(at, give_up, out) {
                    Paste::Ended(next) => {
                        at = next;
                        continue;
                    }
                    Paste::Open(taken) => {
                        at = taken;
                        break;
                    }
                }
            }
            let rest = &self.held[at..];
            let piece = if rest[0] == ESC {
                escape(rest)
            } else {
                text(rest)
            };
            let piece = match piece {
                Some(piece) => piece,
                None if give_up => Piece::Keys(rest.len()),
                None => break,
            };
            let bytes = rest[..piece.len()].to_vec();
            at += bytes.len();
            out.extend(self.decode(&bytes, piece));
        }
        self.held.drain(..at);
    }

    /// Inside a paste, from `at`: the paste ends at its end marker, or takes every byte
    /// that cannot begin the marker and stays open (unless given up).
    fn pasting(&mut self, at: usize, give_up: bool, out: &mut Vec<Event>) -> Paste {
        let rest = &self.held[at..];
        let paste = self.paste.get_or_insert_with(Vec::new);
        if let Some(end) = find(rest, PASTE_END) {
            paste.extend_from_slice(&rest[..end]);
            out.push(Event::Paste(lossy(paste)));
            self.paste = None;
            return Paste::Ended(at + end + PASTE_END.len());
        }
        if give_up && self.idle_flushes >= PASTE_PATIENCE {
            paste.extend_from_slice(rest);
            out.push(Event::Paste(lossy(paste)));
            self.paste = None;
            return Paste::Ended(self.held.len());
        }
        let keep = (1..PASTE_END.len())
            .rev()
            .find(|&n| rest.ends_with(&PASTE_END[..n]))
            .unwrap_or(0);
        paste.extend_from_slice(&rest[..rest.len() - keep]);
        if paste.len() >= PASTE_LIMIT {
            out.push(Event::Paste(lossy(&std::mem::take(paste))));
        }
        Paste::Open(self.held.len() - keep)
    }

    /// The events of one complete piece, `bytes` long.
    fn decode(&mut self, bytes: &[u8], piece: Piece) -> Vec<Event> {
        match piece {
            Piece::PasteStart(_) => {
                self.paste = Some(Vec::new());
                Vec::new()
            }
            Piece::Focus(true, _) => vec![Event::FocusGained],
            Piece::Focus(false, _) => vec![Event::FocusLost],
            Piece::SgrMouse(_) => match sgr_mouse(bytes) {
                Some(event) => vec![event],
                None => keys(bytes),
            },
            Piece::X10Mouse(_) => x10_mouse(bytes).into_iter().collect(),
            Piece::Keys(_) => keys(bytes),
        }
    }
}

/// Keys of complete bytes, through termina's tables; a sequence they have no key for
/// becomes Alt and its second byte, then the rest as text.
fn keys(bytes: &[u8]) -> Vec<Event> {
    let text = String::from_utf8_lossy(bytes);
    let parsed = parse(text.as_bytes());
    if !parsed.is_empty() || bytes.len() < 2 || bytes[0] != ESC {
        return parsed.into_iter().filter_map(key_event).collect();
    }
    let mut out: Vec<Event> = keys(&bytes[1..2]).into_iter().map(with_alt).collect();
    out.extend(keys(&bytes[2..]));
    out
}

/// Every event termina reads in `bytes`, a complete piece; a new parser each time, so
/// that nothing it holds back (a sequence it thinks unfinished) outlives the piece.
fn parse(bytes: &[u8]) -> Vec<termina::Event> {
    let mut parser = termina::Parser::default();
    parser.parse(bytes, false);
    std::iter::from_fn(|| parser.pop()).collect()
}

/// The piece that starts with ESC at the front of `rest`, or `None` while it may go on.
fn escape(rest: &[u8]) -> Option<Piece> {
    let &second = rest.get(1)?;
    match second {
        b'[' if rest.get(2) == Some(&b'M') => (rest.len() >= 6).then_some(Piece::X10Mouse(6)),
        b'[' | b'O' => {
            let len = sequence(rest)?;
            let piece = &rest[..len];
            Some(if piece == PASTE_START {
                Piece::PasteStart(len)
            } else if piece == b"\x1b[I" || piece == b"\x1b[O" {
                Piece::Focus(piece[2] == b'I', len)
            } else if piece.starts_with(b"\x1b[<") {
                Piece::SgrMouse(len)
            } else {
                Piece::Keys(len)
            })
        }
        // Alt and an ASCII key; before anything else Esc stands alone.
        0x20..=0x7e | 0x00..=0x1a | 0x1c..=0x1f => Some(Piece::Keys(2)),
        _ => Some(Piece::Keys(1)),
    }
}

/// Length of the control sequence `ESC [` / `ESC O` … at the front of `rest`: through its
/// final byte, or up to the first byte that cannot be in it; `None` while it may go on.
fn sequence(rest: &[u8]) -> Option<usize> {
    for (i, &b) in rest.iter().enumerate().skip(2) {
        if i >= MAX_SEQUENCE {
            return Some(i);
        }
        match b {
            0x20..=0x3f => {}
            0x40..=0x7e => return Some(i + 1),
            _ => return Some(i),
        }
    }
    None
}

/// The text before the next ESC, or `None` when it is only the start of a UTF-8
/// character that may go on.
fn text(rest: &[u8]) -> Option<Piece> {
    let end = rest.iter().position(|&b| b == ESC).unwrap_or(rest.len());
    let run = &rest[..end];
    match std::str::from_utf8(run) {
        Err(e) if e.error_len().is_none() && end == rest.len() => {
            let valid = e.valid_up_to();
            (valid > 0).then_some(Piece::Keys(valid))
        }
        _ => Some(Piece::Keys(end)),
    }
}

/// The first index of `needle` in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// crossterm's modifiers of termina's.
fn modifiers(mods: TermModifiers) -> KeyModifiers {
    let mut out = KeyModifiers::NONE;
    for (theirs, ours) in [
        (TermModifiers::SHIFT, KeyModifiers::SHIFT),
        (TermModifiers::ALT, KeyModifiers::ALT),
        (TermModifiers::CONTROL, KeyModifiers::CONTROL),
        (TermModifiers::SUPER, KeyModifiers::SUPER),
    ] {
        if mods.contains(theirs) {
            out |= ours;
        }
    }
    out
}

/// The crossterm key press of a termina key event (both read the bytes as crossterm's
/// own reader does: uppercase letters carry Shift, Ctrl-letters are the letter and
/// Control); `None` for keys the explorer has no use for and for other events.
fn key_event(event: termina::Event) -> Option<Event> {
    let termina::Event::Key(TermKeyEvent {
        code,
        modifiers: mods,
        kind: TermKind::Press,
        ..
    }) = event
    else {
        return None;
    };
    let code = match code {
        TermKey::Char(c) => KeyCode::Char(c),
        TermKey::BackTab => KeyCode::BackTab,
        TermKey::Tab => KeyCode::Tab,
        TermKey::Enter => KeyCode::Enter,
        TermKey::Backspace => KeyCode::Backspace,
        TermKey::Escape => KeyCode::Esc,
        TermKey::Up => KeyCode::Up,
        TermKey::Down => KeyCode::Down,
        TermKey::Left => KeyCode::Left,
        TermKey::Right => KeyCode::Right,
        TermKey::Home => KeyCode::Home,
        TermKey::End => KeyCode::End,
        TermKey::PageUp => KeyCode::PageUp,
        TermKey::PageDown => KeyCode::PageDown,
        TermKey::Insert => KeyCode::Insert,
        TermKey::Delete => KeyCode::Delete,
        TermKey::Function(n) => KeyCode::F(n),
        _ => return None,
    };
    Some(Event::Key(KeyEvent {
        code,
        modifiers: modifiers(mods),
        kind: KeyEventKind::Press,
        state: KeyEventState::NONE,
    }))
}

/// `event` with Alt held, if it is a key.
fn with_alt(mut event: Event) -> Event {
    if let Event::Key(key) = &mut event {
        key.modifiers |= KeyModifiers::ALT;
    }
    event
}

/// The mouse event of a complete SGR report (`ESC [ < button ; column ; row M|m`, 1-based),
/// read by termina; `None` if it is not one.
fn sgr_mouse(bytes: &[u8]) -> Option<Event> {
    let [
        termina::Event::Mouse(TermMouse {
            kind,
            column,
            row,
            modifiers: mods,
        }),
    ] = parse(bytes)[..]
    else {
        return None;
    };
    let button = |b: TermButton| match b {
        TermButton::Left => MouseButton::Left,
        TermButton::Middle => MouseButton::Middle,
        TermButton::Right => MouseButton::Right,
    };
    use MouseEventKind as K;
    let kind = match kind {
        TermMouseKind::Down(b) => K::Down(button(b)),
        TermMouseKind::Up(b) => K::Up(button(b)),
        TermMouseKind::Drag(b) => K::Drag(button(b)),
        TermMouseKind::Moved => K::Moved,
        TermMouseKind::ScrollUp => K::ScrollUp,
        TermMouseKind::ScrollDown => K::ScrollDown,
        TermMouseKind::ScrollLeft => K::ScrollLeft,
        TermMouseKind::ScrollRight => K::ScrollRight,
    };
    // termina counts from 0 already, as crossterm does.
    Some(Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: modifiers(mods),
    }))
}

/// The mouse event of an X10 report: `ESC [ M`, then 32 + the button code, 32 + the
/// 1-based column, 32 + the 1-based row, each one byte (xterm's ctlseqs, "X10
/// compatibility mode" and "Normal tracking mode"). The code's low two bits are the
/// button (3: released, which one unsaid), 4 / 8 / 16 Shift / Alt / Ctrl, 32 motion,
/// 64 the wheel.
fn x10_mouse(bytes: &[u8]) -> Option<Event> {
    let [_, _, _, code, column, row] = *bytes else {
        return None;
    };
    let code = code.wrapping_sub(32);
    let mut mods = KeyModifiers::NONE;
    for (bit, m) in [
        (4, KeyModifiers::SHIFT),
        (8, KeyModifiers::ALT),
        (16, KeyModifiers::CONTROL),
    ] {
        if code & bit != 0 {
            mods |= m;
        }
    }
    let button = match code & 3 {
        0 => MouseButton::Left,
        1 => MouseButton::Middle,
        _ => MouseButton::Right,
    };
    use MouseEventKind as K;
    let kind = match (code & 0xe0, code & 3) {
        (64, 0) => K::ScrollUp,
        (64, 1) => K::ScrollDown,
        (64, 2) => K::ScrollLeft,
        (64, _) => K::ScrollRight,
        (32, 3) => K::Moved,
        (32, _) => K::Drag(button),
        (0, 3) => K::Up(MouseButton::Left),
        (0, _) => K::Down(button),
        _ => return None,
    };
    let at = |b: u8| u16::from(b.saturating_sub(32));
    Some(mouse(kind, at(column), at(row), mods))
}

/// A mouse event at the 1-based `column`, `row` (crossterm counts from 0).
fn mouse(kind: MouseEventKind, column: u16, row: u16, modifiers: KeyModifiers) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column: column.saturating_sub(1),
        row: row.saturating_sub(1),
        modifiers,
    })
}

#[cfg(test)]
mod tests;
