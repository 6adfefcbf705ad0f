//! Measures what the TUI costs a terminal and a slow link, through the explorer's own
//! backend ([`Frugal`], crossterm's escape sequences, fewer of them) writing into a byte
//! buffer (no terminal needed):
//!
//! * bytes written for one `n` step after a full first frame, at 120×40 (and 80×24), and
//!   for comparison what ratatui's stock crossterm backend writes for the same frames,
//! * bytes written when nothing changed (a redraw of the same state),
//! * full-frame render time at 200×60 (median of many),
//! * key-burst catch-up: 1,000 queued `n` presses applied, then one frame,
//! * play mode at full speed on a 1000×300-cell maze: the work of one frame (the steps of
//!   one tick, then the draw), worst and median, so the input latency is measured;
//! * a race: bytes for one `n` with two runners at 120×40, and four solvers playing at full
//!   speed on a 1000×300-cell maze at 200×60;
//! * `why` (not part of "all"): for each step of `bytes` at 120×40 over [`BUDGET`], the bytes
//!   each screen row cost and the text written there, to see which pane a step's bytes
//!   went to.
//!
//! Run: `cargo run --release --features examples --example terminal_output [bytes|frame|burst|play|race|why]...`
//! (no argument: all sections but `why`; figures go in the README's Performance section).

use std::cell::{Cell, RefCell};
use std::io::{self, Write};
use std::rc::Rc;
use std::time::{Duration, Instant};

use maze_tui::app::race::Entrants;
use maze_tui::app::{Action, App, Config, SPEEDS};
use maze_tui::generate::GeneratorKind;
use maze_tui::solve::SolverKind;
use maze_tui::ui::render;
use maze_tui::ui::wire::Frugal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};

/// A writer that counts the bytes the backend sends (and keeps them, with `.1`).
#[derive(Clone, Default)]
struct Counter(Rc<Cell<usize>>, Option<Rc<RefCell<Vec<u8>>>>);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.set(self.0.get() + buf.len());
        if let Some(kept) = &self.1 {
            kept.borrow_mut().extend_from_slice(buf);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

type Term = (Terminal<Frugal<Counter>>, Counter);

/// A terminal of `cols × rows` emitting the real crossterm escape sequences into a counter.
fn terminal(cols: u16, rows: u16) -> Term {
    let counter = Counter::default();
    let term = Terminal::with_options(
        Frugal::new(counter.clone()),
        TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, cols, rows)),
        },
    )
    .expect("a terminal over a counter cannot fail");
    (term, counter)
}

/// Bytes the backend wrote for one draw of `app`.
fn draw_bytes<B: Backend>((term, counter): &mut (Terminal<B>, Counter), app: &App) -> usize {
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

/// The bytes one `n` may cost at 120×40 (issue #23's target); steps over it are counted.
const BUDGET: usize = 600;

fn step_bytes(cols: u16, rows: u16, generator: GeneratorKind, solver: Option<SolverKind>) {
    step_bytes_of(cols, rows, config(generator, solver));
}

fn step_bytes_of(cols: u16, rows: u16, config: Config) {
    let (solver, generator) = (config.solver, config.generator);
    let racing = config.race.clone();
    let mut app = App::new(config, (cols, rows));
    // A race starts once the maze is complete (generated to its end first).
    app.settle();
    if solver.is_some() {
        app.update(Action::ToEnd); // finish the maze; the solver starts
        app.settle();
    }
    app.update(Action::Step(20));
    let mut term = terminal(cols, rows);
    // The same frames through ratatui's own crossterm backend, for comparison.
    let counter = Counter::default();
    let mut stock = (
        Terminal::with_options(
            CrosstermBackend::new(counter.clone()),
            TerminalOptions {
                viewport: Viewport::Fixed(Rect::new(0, 0, cols, rows)),
            },
        )
        .expect("a terminal over a counter cannot fail"),
        counter,
    );
    let first = draw_bytes(&mut term, &app);
    draw_bytes(&mut stock, &app);
    let mut per_step = Vec::new();
    let mut stock_steps = Vec::new();
    for _ in 0..50 {
        app.update(Action::Step(1));
        per_step.push(draw_bytes(&mut term, &app));
        stock_steps.push(draw_bytes(&mut stock, &app));
    }
    let idle = draw_bytes(&mut term, &app);
    per_step.sort_unstable();
    stock_steps.sort_unstable();
    let what = if racing.is_empty() {
        solver.map_or(generator.name(), SolverKind::name).to_owned()
    } else {
        format!("race {}", racing.titles().join(","))
    };
    let over = per_step.iter().filter(|&&b| b > BUDGET).count();
    println!(
        "{cols}x{rows} {what:<22} first frame {first:>6} B; one step: median {:>4} B, max {:>4} B, over {BUDGET} B {over:>2}/{}; unchanged redraw {idle} B; ratatui's backend: median {:>4} B, max {:>4} B",
        per_step[per_step.len() / 2],
        per_step[per_step.len() - 1],
        per_step.len(),
        stock_steps[stock_steps.len() / 2],
        stock_steps[stock_steps.len() - 1],
    );
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

/// Generator and solver steps taken so far (the combined timeline).
fn steps_so_far(app: &App) -> u64 {
    app.stage.position()
}

/// Shortest time between two frames while playing, as in `src/tui.rs` (60 per second).
const FRAME: Duration = Duration::from_micros(16_667);

/// Plays `generator` (then `solver`, which waits for the maze) on a `cells`-sized maze at
/// the fastest speed, the way the event loop does: one `Tick` per frame, its duration the
/// time since the previous tick (at least [`FRAME`]; the loop restarts that clock after
/// the steps, so it is the draw plus the wait), then one draw. Reports the work of a
/// frame (steps + draw): a key pressed during it is read only after it. Plays at most
/// `max_frames` frames. With `stalled`, every tick is 1 s long instead (as after the
/// terminal blocked the loop): each asks for the most steps a tick may run.
fn play(
    (cols, rows): (u16, u16),
    cells: (u32, u32),
    (generator, solver): (GeneratorKind, Option<SolverKind>),
    max_frames: usize,
    stalled: bool,
) {
    play_race(
        (cols, rows),
        cells,
        (generator, solver),
        &[],
        max_frames,
        stalled,
    );
}

/// [`play`], with `race` (2–4 solvers) racing once the maze is complete.
fn play_race(
    (cols, rows): (u16, u16),
    cells: (u32, u32),
    (generator, solver): (GeneratorKind, Option<SolverKind>),
    race: &[SolverKind],
    max_frames: usize,
    stalled: bool,
) {
    let config = Config {
        width: Some(cells.0),
        height: Some(cells.1),
        race: Entrants::Solvers(race.to_vec()),
        ..config(generator, solver)
    };
    let mut app = App::new(config, (cols, rows));
    // A race starts once the maze is complete (generated to its end first).
    app.settle();
    let mut term = terminal(cols, rows);
    draw_bytes(&mut term, &app);
    while app.play.speed + 1 < SPEEDS.len() {
        app.update(Action::Faster);
    }
    app.update(Action::TogglePlay);
    let mut frames = Vec::new();
    let mut draws = Vec::new();
    let (mut worst, mut worst_at, mut worst_steps) = (Duration::ZERO, 0, 0);
    let mut worst_draw = Duration::ZERO;
    let mut dt = if stalled {
        Duration::from_secs(1)
    } else {
        FRAME
    };
    while app.play.playing && frames.len() < max_frames {
        let before = steps_so_far(&app);
        let start = Instant::now();
        app.update(Action::Tick(dt));
        let stepped = start.elapsed();
        draw_bytes(&mut term, &app);
        let frame = start.elapsed();
        dt = if stalled {
            Duration::from_secs(1)
        } else {
            (frame - stepped).max(FRAME)
        };
        let steps = steps_so_far(&app) - before;
        if frame > worst {
            (worst, worst_at, worst_steps) = (frame, frames.len(), steps);
            worst_draw = frame - stepped;
        }
        draws.push(frame - stepped);
        frames.push(frame);
    }
    let count = frames.len();
    let what = if race.is_empty() {
        solver.map_or(generator.name().to_owned(), |s| {
            format!("{}+{}", generator.name(), s.name())
        })
    } else {
        format!("race of {}", race.len())
    } + if stalled { " (1 s ticks)" } else { "" };
    println!(
        "{}x{} {what:<26} {count:>5} frames{}: frame work median {:>9.3?}, worst {:>9.3?} (frame {worst_at}: {worst_steps} steps + draw {worst_draw:.3?}); draw median {:.3?}",
        cells.0,
        cells.1,
        if app.play.playing { " (cut)" } else { "" },
        median(frames),
        worst,
        median(draws),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let want = |section: &str| args.is_empty() || args.iter().any(|a| a == section);
    if args.iter().any(|a| a == "why") {
        why();
    }
    if want("bytes") {
        bytes();
    }
    if want("frame") {
        frame();
    }
    if want("burst") {
        burst();
    }
    if want("play") {
        println!(
            "== play at full speed, 1000x300 cells, 200x60 terminal: one frame's steps + draw"
        );
        let cells = (1000, 300);
        for generator in [
            GeneratorKind::AldousBroder,
            GeneratorKind::Wilson,
            GeneratorKind::Prim,
            GeneratorKind::RecursiveBacktracker,
        ] {
            play((200, 60), cells, (generator, None), 20_000, false);
        }
        for solver in [SolverKind::Astar, SolverKind::Bfs] {
            let run = (GeneratorKind::Prim, Some(solver));
            play((200, 60), cells, run, 20_000, false);
        }
        play(
            (200, 60),
            cells,
            (GeneratorKind::Prim, Some(SolverKind::Astar)),
            20_000,
            true,
        );
    }
    if want("race") {
        println!("== race: one `n` with two runners, and four runners playing at full speed");
        for (cols, rows) in [(120, 40), (80, 24)] {
            step_bytes_of(
                cols,
                rows,
                Config {
                    race: Entrants::Solvers(vec![SolverKind::Astar, SolverKind::Dijkstra]),
                    ..config(GeneratorKind::Kruskal, None)
                },
            );
        }
        let four = [
            SolverKind::Astar,
            SolverKind::Dijkstra,
            SolverKind::Bfs,
            SolverKind::GreedyBestFirst,
        ];
        let run = (GeneratorKind::Prim, None);
        play_race((200, 60), (1000, 300), run, &four, 20_000, false);
    }
}

fn bytes() {
    println!("== bytes written to the terminal (crossterm backend into a buffer)");
    for (cols, rows) in [(120, 40), (80, 24)] {
        step_bytes(cols, rows, GeneratorKind::RecursiveBacktracker, None);
        step_bytes(cols, rows, GeneratorKind::Prim, None);
        step_bytes(cols, rows, GeneratorKind::Wilson, None);
        step_bytes(cols, rows, GeneratorKind::Kruskal, Some(SolverKind::Astar));
        step_bytes(cols, rows, GeneratorKind::Kruskal, Some(SolverKind::Bfs));
    }
}

fn frame() {
    println!("== full-frame render at 200x60 (render + diff + escape codes, fresh terminal)");
    let mut app = App::new(
        config(GeneratorKind::RecursiveBacktracker, Some(SolverKind::Astar)),
        (200, 60),
    );
    app.update(Action::ToEnd);
    app.settle();
    app.update(Action::Step(200));
    // Alternating with ratatui's own crossterm backend, so both see the same load.
    let (mut times, mut stock_times) = (Vec::new(), Vec::new());
    let (mut bytes, mut stock_bytes) = (0, 0);
    for _ in 0..300 {
        let mut term = terminal(200, 60);
        let start = Instant::now();
        bytes = draw_bytes(&mut term, &app);
        times.push(start.elapsed());
        let counter = Counter::default();
        let mut stock = (
            Terminal::with_options(
                CrosstermBackend::new(counter.clone()),
                TerminalOptions {
                    viewport: Viewport::Fixed(Rect::new(0, 0, 200, 60)),
                },
            )
            .expect("a terminal over a counter cannot fail"),
            counter,
        );
        let start = Instant::now();
        stock_bytes = draw_bytes(&mut stock, &app);
        stock_times.push(start.elapsed());
    }
    println!(
        "200x60 full frame: median {:?} ({bytes} B); ratatui's backend: median {:?} ({stock_bytes} B)",
        median(times),
        median(stock_times)
    );
}

fn burst() {
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

/// For each 120×40 run of [`bytes`], the steps over [`BUDGET`]: the bytes of each screen
/// row (a cursor move starts a row's share) and the row's text from the first column
/// written, so the pane that cost them can be read off.
fn why() {
    println!("== why: steps over {BUDGET} B at 120x40, bytes by screen row");
    let runs = [
        (GeneratorKind::RecursiveBacktracker, None),
        (GeneratorKind::Prim, None),
        (GeneratorKind::Wilson, None),
        (GeneratorKind::Kruskal, Some(SolverKind::Astar)),
        (GeneratorKind::Kruskal, Some(SolverKind::Bfs)),
    ];
    for (generator, solver) in runs {
        let mut app = App::new(config(generator, solver), (120, 40));
        app.settle();
        if solver.is_some() {
            app.update(Action::ToEnd);
            app.settle();
        }
        app.update(Action::Step(20));
        let kept = Rc::new(RefCell::new(Vec::new()));
        let (mut term, mut counter) = terminal(120, 40);
        counter.1 = Some(kept.clone());
        *term.backend_mut() = Frugal::new(counter.clone());
        let name = solver.map_or(generator.name(), SolverKind::name);
        term.draw(|f| render(&app, f)).expect("draw into a counter");
        for step in 1..=50 {
            app.update(Action::Step(1));
            kept.borrow_mut().clear();
            let frame = term.draw(|f| render(&app, f)).expect("draw into a counter");
            let bytes = kept.borrow().clone();
            if bytes.len() <= BUDGET {
                continue;
            }
            println!("{name} step {step}: {} B", bytes.len());
            for (row, col, cost) in by_row(&bytes) {
                let text: String = (col..frame.buffer.area.width)
                    .map(|x| frame.buffer[(x, row)].symbol())
                    .collect();
                let text: String = text.trim_end().chars().take(48).collect();
                println!("  row {row:>2} from col {col:>3}: {cost:>3} B  {text}");
            }
        }
    }
}

/// The bytes of `out` by the row its cursor moves (`ESC [ row ; col H`, 1-based) put them
/// on: `(row, first column, bytes)`, 0-based, rows in order of first appearance.
fn by_row(out: &[u8]) -> Vec<(u16, u16, usize)> {
    let mut rows: Vec<(u16, u16, usize)> = Vec::new();
    let mut at = 0;
    while at < out.len() {
        let moved = move_to(&out[at..]);
        let (len, row_col) = moved.map_or((1, None), |(len, rc)| (len, Some(rc)));
        if let Some((row, col)) = row_col
            && rows.last().is_none_or(|r| r.0 != row)
        {
            rows.push((row, col, 0));
        }
        if let Some(last) = rows.last_mut() {
            last.2 += len;
        }
        at += len;
    }
    rows
}

/// A cursor move at the start of `s`: its length and the 0-based `(row, col)`.
fn move_to(s: &[u8]) -> Option<(usize, (u16, u16))> {
    let body = s.strip_prefix(b"\x1b[")?;
    let end = body
        .iter()
        .position(|b| !(b.is_ascii_digit() || *b == b';'))?;
    if body.get(end) != Some(&b'H') {
        return None;
    }
    let text = std::str::from_utf8(&body[..end]).ok()?;
    let (row, col) = text.split_once(';')?;
    let (row, col): (u16, u16) = (row.parse().ok()?, col.parse().ok()?);
    Some((end + 3, (row.saturating_sub(1), col.saturating_sub(1))))
}
