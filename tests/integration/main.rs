//! Every integration test in one binary: the library is linked once instead of once per
//! file, which is most of what a fresh `cargo test` spends (one module per former file).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bytes;
mod cli;
mod cmd;
mod config;
mod edit;
mod ends;
mod fields;
mod flow;
mod generators;
mod help;
mod keyboard;
mod lesson;
mod limits;
mod masks;
mod matrix;
mod parser;
mod quiz;
mod quiz_pty;
mod quiz_rounds;
mod quiz_searches;
mod quiz_ui;
mod race;
mod race_edit;
mod record;
mod replan;
mod robot;
mod screen;
#[cfg(feature = "serve")]
mod serve;
mod sets;
mod settings;
mod solvers;
mod timeline;
mod tty;
mod ui;
mod views;
mod walk;
mod whole;
mod wire;
