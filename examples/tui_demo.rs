//! Run the explorer with the default settings (for trying the TUI before the CLI exists):
//! `cargo run --features examples --example tui_demo`.

fn main() {
    if let Err(e) = maze_tui::tui::run(maze_tui::app::Config::default()) {
        eprintln!("maze-tui: {e}");
        std::process::exit(e.exit_code());
    }
}
