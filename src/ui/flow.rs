//! Styled lines laid out by words for a pane: a line longer than the pane breaks at a
//! space (the continuation indented two columns), so a number or a coordinate such as
//! `(12,7)` or `f=1480` is never split or cut at the border. One column is kept free on
//! the right, so a character in a pane's last column always means a word wider than the
//! whole pane.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// One word of a line: its pieces (text, style), and the spaces after it.
struct Word {
    pieces: Vec<(String, Style)>,
    gap: usize,
}

impl Word {
    fn width(&self) -> usize {
        self.pieces.iter().map(|(t, _)| t.chars().count()).sum()
    }
}

/// The words of `line`, and how many spaces led it (its indent).
fn words(line: &Line) -> (usize, Vec<Word>) {
    let mut out: Vec<Word> = Vec::new();
    let mut indent = 0;
    for span in &line.spans {
        let style = line.style.patch(span.style);
        for (i, part) in span.content.split(' ').enumerate() {
            if i > 0 {
                match out.last_mut() {
                    Some(word) => word.gap += 1,
                    None => indent += 1,
                }
            }
            if part.is_empty() {
                continue;
            }
            match out.last_mut() {
                Some(word) if word.gap == 0 => word.pieces.push((part.to_owned(), style)),
                _ => out.push(Word {
                    pieces: vec![(part.to_owned(), style)],
                    gap: 0,
                }),
            }
        }
    }
    (indent, out)
}

/// `lines` laid out in `width` columns (one kept free): each line as it is when it fits,
/// else broken at spaces (the spaces between words on a row kept, so columns stay
/// aligned), continuations indented two columns more than the line. O(characters).
#[must_use]
pub fn flow(lines: Vec<Line<'static>>, width: u16) -> Vec<Line<'static>> {
    let room = usize::from(width.saturating_sub(1)).max(1);
    let mut out = Vec::new();
    for line in lines {
        if line.width() <= room {
            out.push(line);
            continue;
        }
        let (indent, words) = words(&line);
        let mut spans: Vec<Span<'static>> = vec![Span::raw(" ".repeat(indent))];
        let mut used = indent;
        let mut gap: Option<usize> = None;
        for word in words {
            let w = word.width();
            if let Some(g) = gap {
                if used + g + w > room {
                    out.push(Line::from(std::mem::take(&mut spans)));
                    spans.push(Span::raw(" ".repeat(indent + 2)));
                    used = indent + 2;
                } else {
                    spans.push(Span::raw(" ".repeat(g)));
                    used += g;
                }
            }
            spans.extend(word.pieces.into_iter().map(|(t, s)| Span::styled(t, s)));
            used += w;
            gap = Some(word.gap.max(1));
        }
        out.push(Line::from(spans));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: &[Line]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_long_line_breaks_between_words_never_inside_a_coordinate() {
        let line = Line::from(vec![
            Span::raw("came from "),
            Span::styled("(12,7)", Style::new().bold()),
            Span::raw("  g 1480  h=860"),
        ]);
        let out = flow(vec![line], 16);
        assert_eq!(text(&out), ["came from", "  (12,7)  g", "  1480  h=860"]);
        assert!(out.iter().all(|l| l.width() <= 15));
        // The style of a word survives the break.
        assert_eq!(out[1].spans[1].style, Style::new().bold());
        // Columns stay aligned: the padding after a first word is kept.
        let entry = Line::from("(0,10)   w=.322 from the west (stale)");
        assert_eq!(
            text(&flow(vec![entry], 30)),
            ["(0,10)   w=.322 from the west", "  (stale)"]
        );
    }

    #[test]
    fn a_line_that_fits_is_left_alone() {
        let line = Line::from("open set 4  peak 6");
        assert_eq!(flow(vec![line.clone()], 30), vec![line]);
    }
}
