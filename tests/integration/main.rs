//! Every integration test in one binary: the library is linked once instead of once per
//! file, which is most of what a fresh `cargo test` spends (one module per former file).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod cli;
mod config;
mod edit;
mod ends;
mod generators;
mod help;
mod masks;
mod parser;
mod race;
mod record;
mod screen;
mod solvers;
mod tty;
mod ui;
mod views;
mod walk;
