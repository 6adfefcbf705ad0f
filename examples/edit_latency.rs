//! How long an edit takes to show: from the key that paints a wall to the frame of the
//! solver re-run on the edited maze back to the step it was at, on a 1000×300-cell maze
//! (2001×601 tiles).
//!
//! Method: a Recursive Backtracker maze (seed 5) is loaded into the app with A* at work,
//! run 4000 steps (so the edit throws away a real search), at 200×60; edit mode is on.
//! Each sample toggles a wall beside the cursor, through the same `App::update` the event
//! loop calls (a new grid, the undo record, the search restarted and a job to take it
//! back to step 4000), then does what the event loop does: a slice of work of at most
//! 12 ms and a frame drawn with `ui::render` on ratatui's `TestBackend`, until the job is
//! done. Samples alternate between painting and erasing, so the maze stays the same; the
//! median and worst of 50 are printed, with the edit, the re-run and the frames timed
//! apart, and the most frames a re-run took.
//!
//! Run: `cargo run --release --features examples --example edit_latency [WIDTH HEIGHT]`

use std::time::{Duration, Instant};

use maze_tui::app::edit::Edit;
use maze_tui::app::{Action, App, ColorMode, Config, ModeAction};
use maze_tui::generate::{GenOptions, GeneratorKind};
use maze_tui::solve::SolverKind;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const SAMPLES: usize = 50;
/// The event loop's slice of work between frames (`WORK_BUDGET` in `src/tui.rs`).
const WORK_BUDGET: Duration = Duration::from_millis(12);

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (w, h) = match args[..] {
        [w, h] => (w, h),
        _ => (1000, 300),
    };
    let (maze, _) = GeneratorKind::RecursiveBacktracker
        .generate(w, h, 5, &GenOptions::default())
        .expect("a valid size");
    let grid = maze.to_grid();
    let size = (200, 60);
    let mut app = App::new(
        Config {
            load: Some(grid),
            solver: Some(SolverKind::Astar),
            color: ColorMode::Auto,
            ..Config::default()
        },
        size,
    );
    app.update(Action::Step(4000));
    app.settle();
    let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).expect("test backend");
    app.update(Action::Mode(ModeAction::ToggleEdit));
    // The cursor starts on S; the tile to its right is edited.
    app.update(Action::Mode(ModeAction::Cursor(0, 1)));
    let mut edits = Vec::new();
    let mut reruns = Vec::new();
    let mut frames = Vec::new();
    let mut totals = Vec::new();
    let mut most_frames = 0;
    for _ in 0..SAMPLES {
        let start = Instant::now();
        app.update(Action::Mode(ModeAction::Edit(Edit::ToggleWall)));
        let edited = start.elapsed();
        let (mut worked, mut drawn, mut count) = (Duration::ZERO, Duration::ZERO, 0);
        loop {
            let slice = Instant::now();
            let busy = app.work(|| slice.elapsed() >= WORK_BUDGET);
            worked += slice.elapsed();
            let frame = Instant::now();
            terminal
                .draw(|f| maze_tui::ui::render(&app, f))
                .expect("draw");
            drawn += frame.elapsed();
            count += 1;
            if !busy {
                break;
            }
        }
        let total = start.elapsed();
        assert_eq!(app.stage.search().map(|r| r.step()), Some(4000), "re-run");
        most_frames = most_frames.max(count);
        edits.push(edited);
        reruns.push(worked);
        frames.push(drawn);
        totals.push(total);
    }
    let worst = totals.iter().copied().max().unwrap_or_default();
    println!(
        "{w}x{h} cells, {}x{} tiles: edit to the frame re-run to step 4000 median {:.3?} (edit {:.3?} + re-run {:.3?} + frames {:.3?}), worst {:.3?}, at most {most_frames} frames, {SAMPLES} samples",
        2 * w + 1,
        2 * h + 1,
        median(totals),
        median(edits),
        median(reruns),
        median(frames),
        worst
    );
}
