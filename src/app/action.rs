//! What the user (or the clock) can ask of the app.

use std::time::Duration;

/// One thing to do; [`super::App::update`] applies it. Counts repeat it (`10n` = `Step(10)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A digit typed before a key: the next repeatable action runs that many times.
    Digit(u8),
    /// Take `n` steps of the running generator or solver.
    Step(u64),
    /// Go back `n` steps (a rewind: the nearest checkpoint, then a short replay).
    StepBack(u64),
    /// Run the current generator or solver to its end.
    ToEnd,
    /// Back to step 0 of the current run.
    ToStart,
    /// Go to the step typed before it (`1500G`); without a count, to the end.
    GoTo,
    /// Jump to the next milestone of the timeline (maze complete, first dead end, goal
    /// reached, path traced).
    NextMilestone,
    /// Jump back to the previous milestone.
    PrevMilestone,
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
    /// A new maze with a new seed (and, if no size was given, fitted to the terminal).
    NewSeed,
    /// Show or hide the help overlay.
    ToggleHelp,
    /// Scroll the help overlay.
    ScrollHelp(super::help::Scroll),
    /// Close the overlay, cancel long work, or leave the maze focus — never quits.
    Cancel,
    /// Blocks → thin walls → half-blocks.
    CycleView,
    /// Zoom out to the whole maze (`true`) or in to the tiles.
    Zoom(bool),
    /// Distance heat map on or off.
    ToggleHeat,
    /// A* / greedy heuristic: Manhattan → Euclidean → octile → Chebyshev → zero; restarts
    /// a solver that uses one.
    CycleHeuristic,
    /// 8-way moves (diagonals cost 14) on or off; restarts a solver that moves on tiles.
    ToggleDiagonal,
    /// Move the focus between the list and the maze.
    FocusNext,
    /// Scroll the maze view by tiles (rows, cols).
    Pan(i32, i32),
    /// Put the view back on the active cell (undo panning).
    Recenter,
    /// Scroll the log (positive = older lines).
    ScrollLog(i32),
    /// Show the next tab of the side panel (small terminals show one pane at a time).
    NextTab,
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
    /// Time passed while playing or while a pilot walks.
    Tick(Duration),
    /// A key of the edit, walk or inspect mode or of the prompt.
    Mode(super::mode::ModeAction),
    /// Mark or unmark the selected solver for a race (`m`).
    MarkRace,
    /// Race the marked solvers (`R`).
    StartRace,
    /// A key of the quiz: on / off, an answer, the cursor.
    Quiz(super::quiz::QuizAction),
    /// Move this many stops along the lesson (`]` 1, `[` −1).
    Lesson(i32),
    /// Leave.
    Quit,
}
