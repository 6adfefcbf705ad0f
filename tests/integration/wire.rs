//! [`Frugal`] draws what ratatui's crossterm backend draws, in fewer bytes: both backends'
//! output is replayed through a terminal emulator (the `vt100` crate, the independent
//! truth here) and every cell's text, colours and attributes must agree, frame after
//! frame: random frames with wide symbols and every attribute, and the explorer's runs.
//! And the figure of issue #23: one `n` at 120×40 writes at most 600 bytes.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use maze_tui::app::{Action, App, Config};
use maze_tui::generate::GeneratorKind;
use maze_tui::solve::SolverKind;
use maze_tui::ui::render;
use maze_tui::ui::wire::Frugal;
use proptest::prelude::*;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::{Terminal, TerminalOptions, Viewport};

/// A writer that keeps what it is given.
#[derive(Clone, Default)]
struct Kept(Rc<RefCell<Vec<u8>>>);

impl Write for Kept {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Kept {
    /// The bytes written since the last call.
    fn take(&self) -> Vec<u8> {
        std::mem::take(&mut self.0.borrow_mut())
    }
}

fn terminal<B: Backend>(backend: B, cols: u16, rows: u16) -> Terminal<B> {
    Terminal::with_options(
        backend,
        TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, cols, rows)),
        },
    )
    .expect("a terminal over a buffer")
}

/// One side of the comparison: a terminal, the bytes it wrote, and an emulator fed them.
struct Side<B: Backend> {
    term: Terminal<B>,
    kept: Kept,
    screen: vt100::Parser,
    bytes: usize,
}

impl<B: Backend> Side<B> {
    fn draw(&mut self, draw: impl FnOnce(&mut ratatui::Frame)) -> usize {
        self.term.draw(draw).expect("draw into a buffer");
        let out = self.kept.take();
        self.screen.process(&out);
        self.bytes += out.len();
        out.len()
    }
}

fn sides(cols: u16, rows: u16) -> (Side<CrosstermBackend<Kept>>, Side<Frugal<Kept>>) {
    let (a, b) = (Kept::default(), Kept::default());
    let stock = Side {
        term: terminal(CrosstermBackend::new(a.clone()), cols, rows),
        kept: a,
        screen: parser(cols, rows),
        bytes: 0,
    };
    let frugal = Side {
        term: terminal(Frugal::new(b.clone()), cols, rows),
        kept: b,
        screen: parser(cols, rows),
        bytes: 0,
    };
    (stock, frugal)
}

fn parser(cols: u16, rows: u16) -> vt100::Parser {
    let size = |n: u16| n.try_into().expect("a screen is not empty");
    vt100::Parser::new(size(rows), size(cols), 0)
}

/// The first cell where the two emulated screens differ, described.
fn difference(a: &vt100::Screen, b: &vt100::Screen) -> Option<String> {
    let (rows, cols) = a.size();
    for row in 0..rows.get() {
        for col in 0..cols.get() {
            let (x, y) = (a.cell(row, col)?, b.cell(row, col)?);
            let look = |c: &vt100::Cell| {
                (
                    c.contents().to_owned(),
                    c.fgcolor(),
                    c.bgcolor(),
                    (c.bold(), c.dim(), c.italic(), c.underline(), c.inverse()),
                    (c.is_wide(), c.is_wide_continuation()),
                )
            };
            if look(x) != look(y) {
                return Some(format!(
                    "row {row} col {col}: stock {:?}, frugal {:?}",
                    look(x),
                    look(y)
                ));
            }
        }
    }
    None
}

const SYMBOLS: &[&str] = &[
    " ", "a", "b", "7", "(", "█", "▀", "▶", "─", "⠿", "🬀", "中", "é",
];

fn colour() -> impl Strategy<Value = Color> {
    prop_oneof![
        Just(Color::Reset),
        Just(Color::Red),
        Just(Color::White),
        Just(Color::DarkGray),
        (0u8..=255).prop_map(Color::Indexed),
        (any::<u8>(), any::<u8>(), any::<u8>()).prop_map(|(r, g, b)| Color::Rgb(r, g, b)),
    ]
}

/// A style with any colours and attributes, except bold and dim at once: a terminal (and
/// the emulator) keeps one intensity, the one set last, and ratatui's own backend sets
/// them in either order depending on the style before.
fn style() -> impl Strategy<Value = Style> {
    (colour(), colour(), 0u16..0x200).prop_map(|(fg, bg, bits)| {
        let mut modifier = Modifier::from_bits_truncate(bits);
        if modifier.contains(Modifier::BOLD) {
            modifier.remove(Modifier::DIM);
        }
        Style::default().fg(fg).bg(bg).add_modifier(modifier)
    })
}

/// A frame: `(x, y, symbol, style)` writes over a blank 20×6 buffer, mostly in a few
/// styles (as a screen is), so runs and gaps of one style occur.
fn frame() -> impl Strategy<Value = Vec<(u16, u16, usize, usize)>> {
    proptest::collection::vec((0u16..20, 0u16..6, 0..SYMBOLS.len(), 0usize..4), 0..60)
}

fn paint(buf: &mut Buffer, writes: &[(u16, u16, usize, usize)], styles: &[Style]) {
    for &(x, y, symbol, style) in writes {
        buf.set_string(x, y, SYMBOLS[symbol], styles[style]);
    }
    // A style written over another adds its attributes: keep bold and dim apart (see
    // `style`).
    for cell in &mut buf.content {
        if cell.modifier.contains(Modifier::BOLD) {
            cell.modifier.remove(Modifier::DIM);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_frames_look_the_same_and_cost_no_more(
        styles in proptest::collection::vec(style(), 4),
        frames in proptest::collection::vec(frame(), 1..6),
    ) {
        let (mut stock, mut frugal) = sides(20, 6);
        for writes in &frames {
            stock.draw(|f| paint(f.buffer_mut(), writes, &styles));
            frugal.draw(|f| paint(f.buffer_mut(), writes, &styles));
            if let Some(d) = difference(stock.screen.screen(), frugal.screen.screen()) {
                prop_assert!(false, "{d}");
            }
            // Over the frames so far, not each: a frame may pay to undo the attributes the
            // last one left set, which the stock backend paid at that frame's end.
            let (a, b) = (stock.bytes, frugal.bytes);
            prop_assert!(b <= a, "frugal {b} B, stock {a} B");
        }
    }
}

/// A gap is never filled from a cell a wide symbol covered: `a`, then `中` over it and
/// the cell before (ratatui does not send the covered cell, so a memory of `a` stays),
/// then a blank screen but an `a` one cell further: the stock backend writes the blanks
/// and the `a`; the frugal one once filled the covered cell from its memory, with `a`.
#[test]
fn a_cell_a_wide_symbol_covered_is_not_written_from_memory() {
    let styles = [Style::default(); 4];
    let frames: [&[(u16, u16, usize, usize)]; 3] =
        [&[(10, 2, 1, 0)], &[(9, 2, 11, 0)], &[(11, 2, 1, 0)]];
    assert_eq!(SYMBOLS[1], "a");
    assert_eq!(SYMBOLS[11], "中");
    let (mut stock, mut frugal) = sides(20, 6);
    for (i, writes) in frames.iter().enumerate() {
        stock.draw(|f| paint(f.buffer_mut(), writes, &styles));
        frugal.draw(|f| paint(f.buffer_mut(), writes, &styles));
        let d = difference(stock.screen.screen(), frugal.screen.screen());
        assert_eq!(d, None, "frame {i}");
    }
}

/// A clear (as on a resize or a resume) erases in the terminal's current background: the
/// frugal backend, which leaves the last cell's colours set, resets them first, or the
/// screen would be painted in that colour where the next frame has default cells.
#[test]
fn a_clear_after_a_coloured_cell_leaves_the_default_background() {
    let kept = Kept::default();
    let mut backend = Frugal::new(kept.clone());
    let mut red = ratatui::buffer::Cell::new("a");
    red.set_bg(Color::Red);
    backend.draw([(19, 5, &red)].into_iter()).expect("draw");
    ratatui::backend::Backend::clear(&mut backend).expect("clear");
    let mut screen = parser(20, 6);
    screen.process(&kept.take());
    for row in 0..6 {
        for col in 0..20 {
            let cell = screen.screen().cell(row, col).expect("a cell");
            assert_eq!(cell.bgcolor(), vt100::Color::Default, "row {row} col {col}");
        }
    }
}

fn config(generator: GeneratorKind, solver: Option<SolverKind>) -> Config {
    Config {
        seed: 7,
        generator,
        solver,
        ..Config::default()
    }
}

/// The explorer's runs as `examples/terminal_output.rs bytes` takes them: 20 steps in,
/// then 50 `n`, each drawn at 120×40. Returns the bytes of each `n` (frugal) after
/// checking every frame against the stock backend.
fn steps(generator: GeneratorKind, solver: Option<SolverKind>) -> Vec<usize> {
    let mut app = App::new(config(generator, solver), (120, 40));
    app.settle();
    if solver.is_some() {
        app.update(Action::ToEnd);
        app.settle();
    }
    app.update(Action::Step(20));
    let (mut stock, mut frugal) = sides(120, 40);
    stock.draw(|f| render(&app, f));
    frugal.draw(|f| render(&app, f));
    let mut sizes = Vec::new();
    for step in 1..=50 {
        app.update(Action::Step(1));
        stock.draw(|f| render(&app, f));
        sizes.push(frugal.draw(|f| render(&app, f)));
        let d = difference(stock.screen.screen(), frugal.screen.screen());
        assert_eq!(d, None, "{generator:?} {solver:?} step {step}");
    }
    assert!(frugal.bytes < stock.bytes);
    sizes
}

const RUNS: [(GeneratorKind, Option<SolverKind>); 5] = [
    (GeneratorKind::RecursiveBacktracker, None),
    (GeneratorKind::Prim, None),
    (GeneratorKind::Wilson, None),
    (GeneratorKind::Kruskal, Some(SolverKind::Astar)),
    (GeneratorKind::Kruskal, Some(SolverKind::Bfs)),
];

#[test]
fn the_explorer_looks_the_same_through_the_frugal_backend() {
    for (generator, solver) in RUNS {
        steps(generator, solver);
    }
}

/// Issue #23's target, the figure `examples/terminal_output.rs bytes` prints: every one
/// of 50 `n` steps of each run writes at most 600 bytes at 120×40 (deterministic: the
/// same seed, the same frames, the same bytes).
#[test]
fn every_step_writes_at_most_600_bytes_at_120x40() {
    for (generator, solver) in RUNS {
        let sizes = steps(generator, solver);
        let max = sizes.iter().max().copied().unwrap_or(0);
        assert!(
            max <= 600,
            "{generator:?} {solver:?}: max {max} B over 50 steps: {sizes:?}"
        );
    }
}
