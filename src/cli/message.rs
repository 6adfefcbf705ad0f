//! Messages for a terminal: one line, with every control character shown, not sent.
//!
//! A message may quote what a user typed (an algorithm name, a file name), and a control
//! character in it would reach the terminal as a command: a form feed clears the screen,
//! a C1 CSI (U+009B) starts an escape sequence. So every control character, C0 (U+0000 to
//! U+001F), DEL and C1 (U+0080 to U+009F) alike, is written as Rust writes it in a string
//! (`\u{c}`, `\u{9b}`), except line breaks, which become spaces.

/// `message` trimmed, on one line, with its control characters escaped. O(length).
#[must_use]
pub fn one_line(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for c in message.trim().chars() {
        match c {
            '\n' | '\r' => out.push(' '),
            c if c.is_control() => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn control_characters_are_shown_not_sent() {
        assert_eq!(one_line("a\u{c}b"), "a\\u{c}b");
        assert_eq!(one_line("a\u{9b}2Jb"), "a\\u{9b}2Jb");
        assert_eq!(one_line("x\u{1b}[2Jy\u{7f}"), "x\\u{1b}[2Jy\\u{7f}");
        assert_eq!(one_line(" two\nlines\r\n"), "two lines");
        assert_eq!(one_line("café ▸ ok"), "café ▸ ok");
    }
}
