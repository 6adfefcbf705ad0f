//! Kruskal's and Eller's sets as the maze pane draws them: at every step of whole runs, no
//! two live sets show the same letters (found in the explorer: two disjoint Kruskal sets
//! both drawn `gg`, which read as one set under `NO_COLOR`).

use std::collections::HashMap;

use maze_tui::Mark;
use maze_tui::app::ColorMode;
use maze_tui::generate::{GenOptions, Generation, GeneratorKind};
use maze_tui::maze::Maze;
use maze_tui::run::Machine;
use maze_tui::teach::Teach;
use maze_tui::ui::theme::Theme;

/// The connected piece of each cell by the maze's passages (a flood fill): the truth.
fn pieces(maze: &Maze) -> Vec<usize> {
    let cells = maze.width() as usize * maze.height() as usize;
    let mut piece = vec![usize::MAX; cells];
    for first in 0..cells {
        if piece[first] != usize::MAX {
            continue;
        }
        piece[first] = first;
        let mut todo = vec![maze.pos(first)];
        while let Some(cell) = todo.pop() {
            for n in maze.passages(cell).filter_map(|d| maze.neighbor(cell, d)) {
                if piece[maze.index(n)] == usize::MAX {
                    piece[maze.index(n)] = first;
                    todo.push(n);
                }
            }
        }
    }
    piece
}

/// Runs `kind` on `w × h` to its end; at every step the labelled cells of one piece show
/// one glyph, and two pieces never show the same one. Returns the most sets seen at once.
fn check(kind: GeneratorKind, w: u32, h: u32, seed: u64) -> usize {
    let theme = Theme::new(ColorMode::Never, true);
    let mut run = Generation::new(kind, w, h, seed, &GenOptions::default(), 0.0).expect("size");
    let mut most = 0;
    loop {
        let maze = run.maze();
        let pieces = pieces(maze);
        let mut glyph_of_piece = HashMap::new();
        let mut piece_of_glyph = HashMap::new();
        for (i, &piece) in pieces.iter().enumerate() {
            let cell = maze.pos(i);
            let mark = run.generator().mark(cell);
            if !matches!(mark, Mark::Set(_)) {
                continue;
            }
            let glyph = theme.glyph(mark, false);
            let first = *glyph_of_piece.entry(piece).or_insert(glyph);
            assert_eq!(
                first, glyph,
                "{kind:?} {w}x{h}: one set, two labels at {cell}"
            );
            let owner = *piece_of_glyph.entry(glyph).or_insert(piece);
            assert_eq!(
                owner, piece,
                "{kind:?} {w}x{h}: two live sets drawn {glyph} ({cell})"
            );
        }
        most = most.max(piece_of_glyph.len());
        if run.step().is_none() {
            return most;
        }
    }
}

#[test]
fn kruskal_sets_never_share_letters() {
    for (w, h, seed) in [(20, 10, 7), (30, 30, 1)] {
        let most = check(GeneratorKind::Kruskal, w, h, seed);
        assert!(most > 25, "{w}x{h}: at most {most} sets at once");
    }
}

#[test]
fn eller_row_sets_never_share_letters() {
    let most = check(GeneratorKind::Eller, 60, 8, 3);
    assert!(most > 25, "at most {most} sets at once");
}
