//! Fewer bytes on the wire for the same screen: [`Frugal`] is the crossterm backend with a
//! cheaper `draw`. ratatui sends only the cells that changed; how it sends them is this
//! file's job, and three habits of the stock backend cost most of a step's bytes:
//!
//! * before each run of changed cells it moves the cursor with `ESC [ row ; col H` (6–8
//!   bytes), even to skip one unchanged cell: a sentence that reflows, or a number that
//!   changes one digit of three, leaves gaps of one or two cells. Here a short gap in the
//!   same style is written again (a cell is usually one byte), and a move along the same
//!   row names only the column (`ESC [ col G`, 4–6 bytes);
//! * each change of colour sets both colours, `ESC [ 38;5;252;48;5;233 m` (20 bytes), and a
//!   change of boldness is a sequence of its own. Here one sequence carries only what
//!   changed (`ESC [ 38;5;222 m`, 11 bytes; `ESC [ 1;38;5;16;48;5;80 m`);
//! * each frame ends by resetting the colours, the underline colour and the attributes in
//!   four sequences (20 bytes), so the next frame starts by setting both colours again
//!   (another 20). Here the terminal keeps the colours of the last cell written, and the
//!   next frame changes only what differs; after anything that may have changed them
//!   behind this backend's back (a clear, [`Frugal::forget`]) the first change starts
//!   with a full reset (`ESC [ 0 ; … m`). Who hands the terminal back resets it
//!   (`src/tui.rs`'s restore, the SSH session's last bytes). And ratatui hides the cursor
//!   after every frame (6 bytes); here only when it is not hidden already.
//!
//! What the terminal shows is the same either way (`tests/integration/wire.rs` replays both
//! through a terminal emulator and compares every cell); only the bytes differ. Colours are
//! written in the forms crossterm writes (`38;5;n` for the sixteen named ones too).

use std::io::{self, Write};

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::{Cell, CellDiffOption};
use ratatui::crossterm::cursor::{Hide, MoveTo, Show};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{self, Clear};
use ratatui::layout::{Position, Size};
use ratatui::style::{Color, Modifier};
use ratatui::text::Span;

/// A crossterm backend writing to `W`, drawing with fewer bytes (see the module docs);
/// everything but `draw`, hiding the cursor and the reset before a clear is as ratatui's
/// `CrosstermBackend` does it.
///
/// It remembers every cell it has sent (one `Option<Cell>` per screen cell, `None` when not
/// known, e.g. after a clear), to know what a gap between two changed cells shows. A draw
/// costs O(changed cells + gap cells).
#[derive(Debug)]
pub struct Frugal<W: Write> {
    writer: W,
    /// What the terminal shows, row by row, `width` cells a row.
    shown: Vec<Option<Cell>>,
    width: u16,
    /// Whether this backend hid the cursor last (`None`: not known).
    hidden: Option<bool>,
    /// The colours and attributes the terminal writes with now (`None`: not known).
    pen: Option<Pen>,
}

impl<W: Write> Frugal<W> {
    /// A backend writing to `writer`; nothing is known of the screen yet.
    pub fn new(writer: W) -> Self {
        Self {
            writer,
            shown: Vec::new(),
            width: 0,
            hidden: None,
            pen: None,
        }
    }

    /// The writer, to write to the terminal directly (then call [`Frugal::forget`]).
    pub fn writer_mut(&mut self) -> &mut W {
        &mut self.writer
    }

    /// Forget what the screen shows, its colours and whether the cursor is hidden (after
    /// something else wrote to the terminal).
    pub fn forget(&mut self) {
        self.shown.clear();
        self.width = 0;
        self.hidden = None;
        self.pen = None;
    }

    fn index(&self, x: u16, y: u16) -> Option<usize> {
        (x < self.width).then(|| usize::from(y) * usize::from(self.width) + usize::from(x))
    }

    /// The cell the terminal shows at `(x, y)`, when known.
    fn at(&self, x: u16, y: u16) -> Option<&Cell> {
        self.shown.get(self.index(x, y)?)?.as_ref()
    }

    /// Note that `(x, y)` now shows `cell`, growing the memory to hold it.
    fn remember(&mut self, x: u16, y: u16, cell: Cell) {
        if x >= self.width {
            // A wider screen than before: lay the rows out again at the new width.
            let width = x.saturating_add(1);
            let old = usize::from(self.width);
            let rows = self.shown.len().checked_div(old).unwrap_or(0);
            let mut wider = vec![None; rows * usize::from(width)];
            for row in 0..rows {
                for col in 0..old {
                    wider[row * usize::from(width) + col] = self.shown[row * old + col].take();
                }
            }
            self.shown = wider;
            self.width = width;
        }
        let Some(i) = self.index(x, y) else { return };
        if i >= self.shown.len() {
            self.shown
                .resize((usize::from(y) + 1) * usize::from(self.width), None);
        }
        self.shown[i] = Some(cell);
    }

    /// Note that `cell` was written at `(x, y)`. Around a wide symbol the memory cannot
    /// know what the terminal shows: ratatui does not send the cell a wide symbol covers,
    /// and writing over half of one erases the other half on most terminals. Those cells
    /// become unknown, so no gap is filled from them.
    fn written(&mut self, x: u16, y: u16, cell: Cell) {
        let wide = |c: &Cell| width(c) > 1;
        let covers_left = x > 0 && self.at(x - 1, y).is_some_and(wide);
        let was_wide = self.at(x, y).is_some_and(wide);
        let columns = u16::try_from(width(&cell)).unwrap_or(u16::MAX);
        self.remember(x, y, cell);
        if covers_left {
            self.unknown(x - 1, y);
        }
        if was_wide || columns > 1 {
            for dx in 1..columns.max(2) {
                self.unknown(x.saturating_add(dx), y);
            }
        }
    }

    /// Forget what `(x, y)` shows.
    fn unknown(&mut self, x: u16, y: u16) {
        if let Some(i) = self.index(x, y)
            && let Some(cell) = self.shown.get_mut(i)
        {
            *cell = None;
        }
    }

    /// The cells of `gap` (on row `y`) to write again instead of moving the cursor to its
    /// end, right after a cell in the style of `after`: all known, one column wide, in
    /// that style, and fewer bytes than the move. `None` when the move is as cheap.
    fn fill(&self, gap: std::ops::Range<u16>, y: u16, after: &Cell) -> Option<Vec<Cell>> {
        let cost = column_move(gap.end).len();
        let mut cells = Vec::new();
        let mut bytes = 0;
        for x in gap {
            let cell = self.at(x, y)?;
            if cell.style() != after.style()
                || !matches!(cell.diff_option, CellDiffOption::None)
                || width(cell) != 1
            {
                return None;
            }
            bytes += cell.symbol().len();
            if bytes >= cost {
                return None;
            }
            cells.push(cell.clone());
        }
        Some(cells)
    }

    /// The changed cells, with the short gaps between them on a row filled in.
    fn with_gaps<'a>(
        &self,
        content: impl Iterator<Item = (u16, u16, &'a Cell)>,
    ) -> Vec<(u16, u16, Cell)> {
        let mut out: Vec<(u16, u16, Cell)> = Vec::new();
        for (x, y, cell) in content {
            let gap = match out.last() {
                Some((px, py, prev)) if *py == y && x > px + 1 && width(prev) == 1 => {
                    self.fill(px + 1..x, y, prev).map(|cells| (px + 1, cells))
                }
                _ => None,
            };
            if let Some((from, cells)) = gap {
                out.extend((from..).zip(cells).map(|(gx, c)| (gx, y, c)));
            }
            out.push((x, y, cell.clone()));
        }
        out
    }
}

/// Columns `cell` takes on the terminal.
fn width(cell: &Cell) -> usize {
    let symbol = cell.symbol();
    // Most cells are one printable ASCII byte: no need to ask Unicode.
    if let [b] = symbol.as_bytes()
        && b.is_ascii_graphic() | (*b == b' ')
    {
        return 1;
    }
    Span::raw(symbol).width()
}

/// The cursor move to column `x` (0-based) of the current row: `ESC [ x+1 G`.
fn column_move(x: u16) -> String {
    format!("\x1b[{}G", u32::from(x) + 1)
}

/// The colours and attributes the terminal draws with (its "pen").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pen {
    fg: Color,
    bg: Color,
    underline: Color,
    modifier: Modifier,
}

impl Pen {
    /// The terminal's default pen, as after `ESC [ 0 m`.
    const RESET: Self = Self {
        fg: Color::Reset,
        bg: Color::Reset,
        underline: Color::Reset,
        modifier: Modifier::empty(),
    };

    fn of(cell: &Cell) -> Self {
        Self {
            fg: cell.fg,
            bg: cell.bg,
            underline: cell.underline_color,
            modifier: cell.modifier,
        }
    }

    /// Append to `out` the SGR parameters that turn pen `self` into `to`, each followed
    /// by `;` (written straight into the frame's bytes: a full frame changes style
    /// thousands of times).
    fn change_to(self, to: Self, out: &mut Vec<u8>) {
        let removed = self.modifier - to.modifier;
        let mut added = to.modifier - self.modifier;
        if removed.intersects(Modifier::BOLD | Modifier::DIM) {
            // One code ends both bold and dim: the one that stays is set again.
            out.extend_from_slice(b"22;");
            added |= to.modifier & (Modifier::BOLD | Modifier::DIM);
        }
        if removed.intersects(Modifier::SLOW_BLINK | Modifier::RAPID_BLINK) {
            out.extend_from_slice(b"25;");
            added |= to.modifier & (Modifier::SLOW_BLINK | Modifier::RAPID_BLINK);
        }
        for (flag, off) in [
            (Modifier::ITALIC, b"23;"),
            (Modifier::UNDERLINED, b"24;"),
            (Modifier::REVERSED, b"27;"),
            (Modifier::HIDDEN, b"28;"),
            (Modifier::CROSSED_OUT, b"29;"),
        ] {
            if removed.contains(flag) {
                out.extend_from_slice(off);
            }
        }
        for (flag, on) in [
            (Modifier::BOLD, b"1;"),
            (Modifier::DIM, b"2;"),
            (Modifier::ITALIC, b"3;"),
            (Modifier::UNDERLINED, b"4;"),
            (Modifier::SLOW_BLINK, b"5;"),
            (Modifier::RAPID_BLINK, b"6;"),
            (Modifier::REVERSED, b"7;"),
            (Modifier::HIDDEN, b"8;"),
            (Modifier::CROSSED_OUT, b"9;"),
        ] {
            if added.contains(flag) {
                out.extend_from_slice(on);
            }
        }
        for (from, to, base) in [
            (self.fg, to.fg, 30),
            (self.bg, to.bg, 40),
            (self.underline, to.underline, 50),
        ] {
            if from != to {
                colour(to, base, out);
            }
        }
    }
}

/// Append to `out` the SGR parameter (and a `;`) for colour `c` as foreground (`base`
/// 30), background (40) or underline (50), in crossterm's forms: `39` for the default,
/// `38;5;n` (the sixteen named colours too), `38;2;r;g;b`.
fn colour(c: Color, base: u8, out: &mut Vec<u8>) {
    let set = base + 8;
    let n = match c {
        Color::Reset => {
            let _ = write!(out, "{};", base + 9);
            return;
        }
        Color::Rgb(r, g, b) => {
            let _ = write!(out, "{set};2;{r};{g};{b};");
            return;
        }
        Color::Black => 0,
        Color::Red => 1,
        Color::Green => 2,
        Color::Yellow => 3,
        Color::Blue => 4,
        Color::Magenta => 5,
        Color::Cyan => 6,
        Color::Gray => 7,
        Color::DarkGray => 8,
        Color::LightRed => 9,
        Color::LightGreen => 10,
        Color::LightYellow => 11,
        Color::LightBlue => 12,
        Color::LightMagenta => 13,
        Color::LightCyan => 14,
        Color::White => 15,
        Color::Indexed(n) => n,
    };
    let _ = write!(out, "{set};5;{n};");
}

impl<W: Write> Backend for Frugal<W> {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let cells = self.with_gaps(content);
        let mut out = Vec::with_capacity(cells.len() * 2);
        let mut pen = self.pen;
        let mut next: Option<Position> = None;
        // A move along the row names only the column while every symbol written on the
        // row since the last full move was one column wide: the cursor is surely still on
        // that row (a wide symbol at the edge could have wrapped it).
        let mut narrow = false;
        for (x, y, cell) in &cells {
            let (x, y) = (*x, *y);
            match next {
                Some(p) if p.x == x && p.y == y => {}
                Some(p) if p.y == y && narrow => out.extend_from_slice(column_move(x).as_bytes()),
                _ => {
                    write!(out, "\x1b[{};{}H", u32::from(y) + 1, u32::from(x) + 1)?;
                    narrow = true;
                }
            }
            narrow &= width(cell) == 1;
            next = Some(Position::new(x.saturating_add(1), y));
            let want = Pen::of(cell);
            if pen != Some(want) {
                out.extend_from_slice(b"\x1b[");
                match pen {
                    Some(now) => now.change_to(want, &mut out),
                    None => {
                        out.extend_from_slice(b"0;");
                        Pen::RESET.change_to(want, &mut out);
                    }
                }
                // Every parameter ends in `;`: the last one's becomes the `m`.
                if let Some(last) = out.last_mut() {
                    *last = b'm';
                }
                pen = Some(want);
            }
            out.extend_from_slice(cell.symbol().as_bytes());
        }
        self.pen = pen;
        for (x, y, cell) in cells {
            self.written(x, y, cell);
        }
        self.writer.write_all(&out)
    }

    fn append_lines(&mut self, n: u16) -> io::Result<()> {
        self.forget();
        for _ in 0..n {
            self.writer.write_all(b"\n")?;
        }
        self.writer.flush()
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        if self.hidden == Some(true) {
            return Ok(());
        }
        self.hidden = Some(true);
        execute!(self.writer, Hide)
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.hidden = Some(false);
        execute!(self.writer, Show)
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        ratatui::crossterm::cursor::position().map(|(x, y)| Position { x, y })
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        let Position { x, y } = position.into();
        execute!(self.writer, MoveTo(x, y))
    }

    fn clear(&mut self) -> io::Result<()> {
        self.clear_region(ClearType::All)
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        // The terminal erases in the current background colour: the default one, as after
        // the stock backend's frames (ratatui then leaves cells of the default style as
        // the clear left them).
        if self.pen != Some(Pen::RESET) {
            self.writer.write_all(b"\x1b[0m")?;
        }
        self.forget();
        let kind = match clear_type {
            ClearType::All => terminal::ClearType::All,
            ClearType::AfterCursor => terminal::ClearType::FromCursorDown,
            ClearType::BeforeCursor => terminal::ClearType::FromCursorUp,
            ClearType::CurrentLine => terminal::ClearType::CurrentLine,
            ClearType::UntilNewLine => terminal::ClearType::UntilNewLine,
        };
        execute!(self.writer, Clear(kind))
    }

    fn size(&self) -> io::Result<Size> {
        let (width, height) = terminal::size()?;
        Ok(Size { width, height })
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        let terminal::WindowSize {
            columns,
            rows,
            width,
            height,
        } = terminal::window_size()?;
        Ok(WindowSize {
            columns_rows: Size {
                width: columns,
                height: rows,
            },
            pixels: Size { width, height },
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}
