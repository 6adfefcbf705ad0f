//! What the user (or the clock) can ask of the app.

use std::time::Duration;

/// One thing to do; [`super::App::update`] applies it. Counts repeat it (`10n` = `Step(10)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A digit typed before a key: the next repeatable action runs that many times.
    Digit(u8),
    /// Take `n` steps of the running generator or solver.
    Step(u64),
    /// Go back `n` steps (rebuilds the run from its seed and replays).
    StepBack(u64),
    /// Run the current generator or solver to its end.
    ToEnd,
    /// Back to step 0 of the current run.
    ToStart,
    /// Play or pause.
    TogglePlay,
    /// Play faster.
    Faster,
    /// Play slower.
    Slower,
    /// Move the selection down the algorithm list.
    SelectNext,
    /// Move the selection up the algorithm list.
    SelectPrev,
    /// Run the selected algorithm.
    RunSelected,
    /// A new maze with a new seed.
    NewSeed,
    /// Show or hide the help overlay.
    ToggleHelp,
    /// Blocks → thin walls → half-blocks.
    CycleView,
    /// Distance heat map on or off.
    ToggleHeat,
    /// A* / greedy heuristic: Manhattan → Euclidean → octile → Chebyshev → zero; restarts
    /// the running solver with it.
    CycleHeuristic,
    /// 8-way moves (diagonals cost 14) on or off; restarts the running solver.
    ToggleDiagonal,
    /// Move the focus between the list and the maze.
    FocusNext,
    /// Scroll the maze view by tiles (rows, cols).
    Pan(i32, i32),
    /// Scroll the log (positive = older lines).
    ScrollLog(i32),
    /// The terminal is now `cols × rows`.
    Resize(u16, u16),
    /// A mouse click at terminal column, row; `right` for the right button.
    Click {
        /// Column.
        x: u16,
        /// Row.
        y: u16,
        /// Right button.
        right: bool,
    },
    /// Time passed while playing.
    Tick(Duration),
    /// Leave.
    Quit,
}
