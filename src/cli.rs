//! Command-line types and headless commands (to be written).
