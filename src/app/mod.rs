//! TUI state, actions and update (to be written).
