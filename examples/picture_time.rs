//! Time a picture of a large maze: building it, SVG text, PNG bytes.
//!
//! `cargo run --release --features examples --example picture_time [-- WIDTH HEIGHT OUT_PREFIX]`
//! (default 1000×300 cells; with OUT_PREFIX the files are written as PREFIX.svg/.png).

use std::sync::Arc;
use std::time::Instant;

use maze_tui::export::{Layers, Picture, Style};
use maze_tui::generate::GeneratorKind;
use maze_tui::run::Machine;
use maze_tui::solve::{Search, SolveOptions, Solver, SolverKind};
use maze_tui::teach::Teach;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let width = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let height = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(300);
    let (maze, _) = GeneratorKind::RecursiveBacktracker
        .generate(width, height, 1, &Default::default())
        .expect("valid size");
    let grid = Arc::new(maze.to_grid());
    let mut search = Search::new(
        SolverKind::Astar,
        Arc::clone(&grid),
        SolveOptions::default(),
    );
    while search.step().is_some() {}
    let path = search.solver().path().map(<[_]>::to_vec);
    let explored: Vec<bool> = (0..grid.len())
        .map(|i| search.solver().mark(grid.pos(i)) != maze_tui::Mark::None)
        .collect();
    let layers = Layers {
        path: path.as_deref(),
        explored: Some(&explored),
        heat: None,
    };
    let t = Instant::now();
    let picture = Picture::of(&grid, layers, Style::default());
    let build = t.elapsed();
    let t = Instant::now();
    let svg = picture.svg();
    let svg_time = t.elapsed();
    let t = Instant::now();
    let png = picture.png().expect("encodes");
    let png_time = t.elapsed();
    println!(
        "{width}x{height} cells: picture {} rects, {}x{} px, built in {build:.1?}; SVG {} bytes in {svg_time:.1?}; PNG {} bytes in {png_time:.1?}",
        picture.rects.len(),
        picture.width,
        picture.height,
        svg.len(),
        png.len()
    );
    if let Some(prefix) = args.get(2) {
        std::fs::write(format!("{prefix}.svg"), svg).expect("write svg");
        std::fs::write(format!("{prefix}.png"), png).expect("write png");
    }
}
