//! The `maze-tui` binary (to be written).

fn main() {}
