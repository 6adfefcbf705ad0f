use proptest::prelude::*;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::{Decoder, PASTE_PATIENCE};

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

fn plain(c: char) -> Event {
    key(KeyCode::Char(c), KeyModifiers::NONE)
}

/// Everything `bytes` give, flushing until nothing is held.
fn decode_all(decoder: &mut Decoder, bytes: &[u8]) -> Vec<Event> {
    let mut events = decoder.feed(bytes);
    for _ in 0..=PASTE_PATIENCE {
        if !decoder.pending() {
            break;
        }
        events.extend(decoder.flush());
    }
    events
}

fn mouse(kind: MouseEventKind, column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

#[test]
fn every_escape_prefix_then_q_delivers_q() {
    let prefixes: [&[u8]; 8] = [
        b"\x1b", b"\x1b[", b"\x1b[?", b"\x1bO", b"\x1b[1", b"\x1b[1;", b"\x1b[<", b"\x1b[M",
    ];
    for prefix in prefixes {
        // Together in one read.
        let mut decoder = Decoder::new();
        let mut bytes = prefix.to_vec();
        bytes.push(b'q');
        let events = decode_all(&mut decoder, &bytes);
        assert!(!decoder.pending(), "{prefix:?} + q: still held");
        let after = decode_all(&mut decoder, b"q");
        assert_eq!(after, vec![plain('q')], "{prefix:?} + q: q after it");
        // The prefix alone, given up on, then q.
        let mut decoder = Decoder::new();
        assert!(decoder.feed(prefix).is_empty() || prefix.len() > 1);
        assert!(decoder.pending(), "{prefix:?} is held until flushed");
        let _ = decoder.flush();
        assert!(!decoder.pending(), "{prefix:?} given up on");
        assert_eq!(decoder.feed(b"q"), vec![plain('q')], "{prefix:?} then q");
        // The X10 report takes three raw bytes, so `q` is one of them; any other prefix
        // lets a `q` in the same read come out as a key (alone, or with Alt).
        if prefix != b"\x1b[M" {
            assert!(
                events.iter().any(|e| matches!(e,
                    Event::Key(k) if k.code == KeyCode::Char('q'))),
                "{prefix:?} + q gave {events:?}"
            );
        }
    }
}

#[test]
fn the_bytes_that_froze_the_explorer_become_keys() {
    let mut decoder = Decoder::new();
    assert!(decoder.feed(b"\x1b[?").is_empty());
    let flushed = decoder.flush();
    assert_eq!(
        flushed,
        vec![key(KeyCode::Char('['), KeyModifiers::ALT), plain('?')]
    );
    assert_eq!(decoder.feed(b"qn"), vec![plain('q'), plain('n')]);
}

#[test]
fn a_lone_esc_is_esc_once_flushed() {
    let mut decoder = Decoder::new();
    assert!(decoder.feed(b"\x1b").is_empty());
    assert!(decoder.pending());
    assert_eq!(decoder.flush(), vec![key(KeyCode::Esc, KeyModifiers::NONE)]);
    assert!(!decoder.pending());
}

#[test]
fn an_arrow_split_over_reads_is_one_arrow() {
    let mut decoder = Decoder::new();
    assert!(decoder.feed(b"\x1b").is_empty());
    assert!(decoder.feed(b"[").is_empty());
    assert_eq!(
        decoder.feed(b"B"),
        vec![key(KeyCode::Down, KeyModifiers::NONE)]
    );
    assert!(!decoder.pending());
}

#[test]
fn arrows_f_keys_and_editing_keys() {
    let none = KeyModifiers::NONE;
    let cases: [(&[u8], Event); 14] = [
        (b"\x1b[A", key(KeyCode::Up, none)),
        (b"\x1b[B", key(KeyCode::Down, none)),
        (b"\x1b[C", key(KeyCode::Right, none)),
        (b"\x1b[D", key(KeyCode::Left, none)),
        (b"\x1bOA", key(KeyCode::Up, none)),
        (b"\x1b[1;5C", key(KeyCode::Right, KeyModifiers::CONTROL)),
        (b"\x1bOP", key(KeyCode::F(1), none)),
        (b"\x1b[15~", key(KeyCode::F(5), none)),
        (b"\x1b[24~", key(KeyCode::F(12), none)),
        (b"\x1b[5~", key(KeyCode::PageUp, none)),
        (b"\x1b[6~", key(KeyCode::PageDown, none)),
        (b"\x1b[H", key(KeyCode::Home, none)),
        (b"\x1b[3~", key(KeyCode::Delete, none)),
        (b"\x1b[Z", key(KeyCode::BackTab, KeyModifiers::SHIFT)),
    ];
    for (bytes, want) in cases {
        let mut decoder = Decoder::new();
        assert_eq!(decoder.feed(bytes), vec![want], "{bytes:?}");
        assert!(!decoder.pending(), "{bytes:?}");
    }
}

#[test]
fn ctrl_and_alt_letters_enter_tab_backspace() {
    let mut decoder = Decoder::new();
    let events = decode_all(&mut decoder, b"\x03\x1a\x1bx\r\t\x7fQ");
    assert_eq!(
        events,
        vec![
            key(KeyCode::Char('c'), KeyModifiers::CONTROL),
            key(KeyCode::Char('z'), KeyModifiers::CONTROL),
            key(KeyCode::Char('x'), KeyModifiers::ALT),
            key(KeyCode::Enter, KeyModifiers::NONE),
            key(KeyCode::Tab, KeyModifiers::NONE),
            key(KeyCode::Backspace, KeyModifiers::NONE),
            key(KeyCode::Char('Q'), KeyModifiers::SHIFT),
        ]
    );
}

#[test]
fn sgr_mouse_clicks_drags_and_wheel() {
    let mut decoder = Decoder::new();
    let events = decoder
        .feed(b"\x1b[<0;10;5M\x1b[<32;11;5M\x1b[<0;11;5m\x1b[<2;1;1M\x1b[<64;3;4M\x1b[<65;3;4M");
    assert_eq!(
        events,
        vec![
            mouse(MouseEventKind::Down(MouseButton::Left), 9, 4),
            mouse(MouseEventKind::Drag(MouseButton::Left), 10, 4),
            mouse(MouseEventKind::Up(MouseButton::Left), 10, 4),
            mouse(MouseEventKind::Down(MouseButton::Right), 0, 0),
            mouse(MouseEventKind::ScrollUp, 2, 3),
            mouse(MouseEventKind::ScrollDown, 2, 3),
        ]
    );
}

#[test]
fn a_mouse_report_split_over_reads_is_one_click() {
    let mut decoder = Decoder::new();
    assert!(decoder.feed(b"\x1b[<0;80").is_empty());
    assert!(decoder.pending());
    assert_eq!(
        decoder.feed(b";24M"),
        vec![mouse(MouseEventKind::Down(MouseButton::Left), 79, 23)]
    );
}

#[test]
fn x10_mouse_reports_never_become_keys() {
    // Column 81 is the byte `q`: a click there must not quit.
    let mut decoder = Decoder::new();
    let events = decoder.feed(b"\x1b[M q!\x1b[M#q!\x1b[M`!!");
    assert_eq!(
        events,
        vec![
            mouse(MouseEventKind::Down(MouseButton::Left), 80, 0),
            mouse(MouseEventKind::Up(MouseButton::Left), 80, 0),
            mouse(MouseEventKind::ScrollUp, 0, 0),
        ]
    );
}

#[test]
fn bracketed_paste_and_focus() {
    let mut decoder = Decoder::new();
    let events = decoder.feed(b"\x1b[I\x1b[200~q \x1b[A\x1b[201~n\x1b[O");
    assert_eq!(
        events,
        vec![
            Event::FocusGained,
            Event::Paste("q \x1b[A".to_owned()),
            plain('n'),
            Event::FocusLost,
        ]
    );
}

#[test]
fn a_paste_never_ended_gives_the_keyboard_back() {
    let mut decoder = Decoder::new();
    assert!(decoder.feed(b"\x1b[200~abc").is_empty());
    let mut events = Vec::new();
    for _ in 0..PASTE_PATIENCE {
        assert!(decoder.pending());
        events.extend(decoder.flush());
    }
    assert_eq!(events, vec![Event::Paste("abc".to_owned())]);
    assert!(!decoder.pending());
    assert_eq!(decoder.feed(b"q"), vec![plain('q')]);
}

#[test]
fn text_is_utf8_and_bad_bytes_do_not_stall() {
    let mut decoder = Decoder::new();
    // A character split over two reads.
    assert!(decoder.feed(b"\xc3").is_empty());
    assert_eq!(decoder.feed(b"\xa9"), vec![plain('é')]);
    // Bytes that are not UTF-8 (a C1 CSI of an 8-bit terminal) become U+FFFD.
    assert_eq!(
        decode_all(&mut decoder, b"\xff\x9bq"),
        vec![plain('\u{fffd}'), plain('\u{fffd}'), plain('q')]
    );
    // A lead byte given up on.
    assert!(decoder.feed(b"\xe2\x82").is_empty());
    assert_eq!(decoder.flush(), vec![plain('\u{fffd}')]);
    assert_eq!(decoder.feed(b"q"), vec![plain('q')]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Whatever bytes come, in whatever reads, nothing panics, flushing always empties the
    /// decoder, and then `q` is `q`.
    #[test]
    fn random_bytes_never_stall_the_keyboard(
        reads in proptest::collection::vec(
            proptest::collection::vec(
                prop_oneof![
                    any::<u8>(),
                    Just(0x1bu8),
                    Just(b'['),
                    Just(b'<'),
                    Just(b';'),
                    Just(b'M'),
                    Just(b'O'),
                    Just(b'2'),
                    Just(b'~'),
                ],
                0..24,
            ),
            0..8,
        )
    ) {
        let mut decoder = Decoder::new();
        for read in &reads {
            let _ = decoder.feed(read);
        }
        for _ in 0..=PASTE_PATIENCE {
            let _ = decoder.flush();
        }
        prop_assert!(!decoder.pending());
        prop_assert_eq!(decoder.feed(b"q"), vec![plain('q')]);
    }
}

/// Every short control sequence (up to three parameter or intermediate bytes, any final
/// byte, in `ESC [` and `ESC O`) gives its events in one read without a panic, holds
/// nothing back, and leaves `q` as `q`: the key tables are only ever given such pieces.
#[test]
fn every_short_control_sequence_decodes_and_holds_nothing() {
    let middle: Vec<u8> = (0x20..=0x3f).collect();
    let mut decoder = Decoder::new();
    let mut bodies: Vec<Vec<u8>> = vec![Vec::new()];
    for len in 1..=3 {
        let longer: Vec<Vec<u8>> = bodies
            .iter()
            .filter(|b| b.len() == len - 1)
            .flat_map(|b| {
                middle.iter().map(move |&m| {
                    let mut b = b.clone();
                    b.push(m);
                    b
                })
            })
            .collect();
        bodies.extend(longer);
    }
    for introducer in [b'[', b'O'] {
        for body in &bodies {
            for last in 0x40..=0x7e_u8 {
                let mut bytes = vec![0x1b, introducer];
                bytes.extend_from_slice(body);
                bytes.push(last);
                if bytes == b"\x1b[M" || bytes.starts_with(b"\x1b[200~") {
                    continue; // an X10 report waits for three more bytes; a paste for its end
                }
                let _ = decoder.feed(&bytes);
                assert!(!decoder.pending(), "{bytes:?} held back");
            }
        }
    }
    assert_eq!(decoder.feed(b"q"), vec![plain('q')]);
}
