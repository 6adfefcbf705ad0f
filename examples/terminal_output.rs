//! Measures what the TUI costs a terminal and a slow link, through the real crossterm
//! backend writing into a byte buffer (no terminal needed):
//!
//! * bytes written for one `n` step after a full first frame, at 120×40 (and 80×24),
//! * bytes written when nothing changed (a redraw of the same state),
//! * full-frame render time at 200×60 (median of many),
//! * key-burst catch-up: 1,000 queued `n` presses applied, then one frame.
//!
//! Run: `cargo run --release --example terminal_output`
//! (figures go in the README's Performance section).

use std::cell::Cell;
use std::io::{self, Write};
use std::rc::Rc;
use std::time::{Duration, Instant};

use maze_tui::app::{Action, App, Config};
use maze_tui::generate::GeneratorKind;
use maze_tui::solve::SolverKind;
use maze_tui::ui::render;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};

/// A writer that only counts the bytes the backend sends.
#[derive(Clone, Default)]
struct Counter(Rc<Cell<usize>>);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.set(self.0.get() + buf.len());
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

type Term = (Terminal<CrosstermBackend<Counter>>, Counter);

/// A terminal of `cols × rows` emitting the real crossterm escape sequences into a counter.
fn terminal(cols: u16, rows: u16) -> Term {
    let counter = Counter::default();
    let term = Terminal::with_options(
        CrosstermBackend::new(counter.clone()),
        TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, cols, rows)),
        },
    )
    .expect("a terminal over a counter cannot fail");
    (term, counter)
}

/// Bytes the backend wrote for one draw of `app`.
fn draw_bytes((term, counter): &mut Term, app: &App) -> usize {
    counter.0.set(0);
    term.draw(|f| render(app, f)).expect("draw into a counter");
    counter.0.get()
}

fn config(generator: GeneratorKind, solver: Option<SolverKind>) -> Config {
    Config {
        seed: 7,
        generator,
        solver,
        ..Config::default()
    }
}

fn step_bytes(cols: u16, rows: u16, generator: GeneratorKind, solver: Option<SolverKind>) {
    let mut app = App::new(config(generator, solver), (cols, rows));
    if solver.is_some() {
        app.update(Action::ToEnd); // finish the maze; the solver starts
        app.update(Action::Step(20));
    } else {
        app.update(Action::Step(20));
    }
    let mut term = terminal(cols, rows);
    let first = draw_bytes(&mut term, &app);
    let mut per_step = Vec::new();
    for _ in 0..50 {
        app.update(Action::Step(1));
        per_step.push(draw_bytes(&mut term, &app));
    }
    let idle = draw_bytes(&mut term, &app);
    per_step.sort_unstable();
    let what = solver.map_or(generator.name(), SolverKind::name);
    println!(
        "{cols}x{rows} {what:<22} first frame {first:>6} B; one step: median {:>4} B, max {:>4} B; unchanged redraw {idle} B",
        per_step[per_step.len() / 2],
        per_step[per_step.len() - 1],
    );
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn main() {
    println!("== bytes written to the terminal (crossterm backend into a buffer)");
    for (cols, rows) in [(120, 40), (80, 24)] {
        step_bytes(cols, rows, GeneratorKind::RecursiveBacktracker, None);
        step_bytes(cols, rows, GeneratorKind::Prim, None);
        step_bytes(cols, rows, GeneratorKind::Wilson, None);
        step_bytes(cols, rows, GeneratorKind::Kruskal, Some(SolverKind::Astar));
        step_bytes(cols, rows, GeneratorKind::Kruskal, Some(SolverKind::Bfs));
    }

    println!("== full-frame render at 200x60 (render + diff + escape codes, fresh terminal)");
    let mut app = App::new(
        config(GeneratorKind::RecursiveBacktracker, Some(SolverKind::Astar)),
        (200, 60),
    );
    app.update(Action::ToEnd);
    app.update(Action::Step(200));
    let mut times = Vec::new();
    let mut bytes = 0;
    for _ in 0..300 {
        let mut term = terminal(200, 60);
        let start = Instant::now();
        bytes = draw_bytes(&mut term, &app);
        times.push(start.elapsed());
    }
    println!("200x60 full frame: median {:?} ({bytes} B)", median(times));

    println!("== key burst: 1000 queued `n` presses applied, then one frame (120x40)");
    let mut times = Vec::new();
    for _ in 0..30 {
        let mut app = App::new(config(GeneratorKind::Prim, None), (120, 40));
        let mut term = terminal(120, 40);
        draw_bytes(&mut term, &app);
        let start = Instant::now();
        for _ in 0..1000 {
            app.update(Action::Step(1));
        }
        draw_bytes(&mut term, &app);
        times.push(start.elapsed());
    }
    println!("1000 x n then one frame: median {:?}", median(times));
}
