use super::*;

#[test]
fn parse_round_trips_and_marks_path() {
    let text = "#####\n#S  #\n### #\n#E  #\n#####\n";
    let g = Grid::parse(text).expect("valid maze");
    assert_eq!((g.rows(), g.cols()), (5, 5));
    assert_eq!((g.start(), g.goal()), (Pos::new(1, 1), Pos::new(3, 1)));
    assert_eq!(g.to_text(None), text);
    let path = [
        Pos::new(1, 1),
        Pos::new(1, 2),
        Pos::new(1, 3),
        Pos::new(2, 3),
    ];
    assert_eq!(
        g.to_text(Some(&path)),
        "#####\n#S..#\n###.#\n#E  #\n#####\n"
    );
    assert_eq!(
        g.open_neighbors(Pos::new(1, 3)).collect::<Vec<_>>(),
        [Pos::new(2, 3), Pos::new(1, 2)]
    );
}

#[test]
fn parse_rejects_bad_input_with_a_reason() {
    assert_eq!(Grid::parse(""), Err(ParseError::Empty));
    assert_eq!(
        Grid::parse("#S#\n#E\n"),
        Err(ParseError::Ragged {
            line: 2,
            expected: 3,
            found: 2
        })
    );
    assert_eq!(Grid::parse("# E\n"), Err(ParseError::NoStart));
    assert_eq!(Grid::parse("#S \n"), Err(ParseError::NoGoal));
    assert_eq!(
        Grid::parse("SSE\n"),
        Err(ParseError::Duplicate {
            symbol: 'S',
            count: 2
        })
    );
    assert!(Grid::parse("S\r\nE\r\n").is_ok());
}

#[test]
fn streamed_maze_text_equals_grid_text() {
    let mut m = Maze::new(3, 2).expect("valid size");
    m.carve(Pos::new(0, 0), Dir::East);
    m.carve(Pos::new(0, 1), Dir::South);
    let mut out = Vec::new();
    write_maze_text(&m, &mut out).expect("vec write");
    let text = String::from_utf8(out).expect("ascii");
    assert_eq!(text, "#######\n#S  # #\n### ###\n# # #E#\n#######\n");
    assert_eq!(text, m.to_grid().to_text(None));
}

#[test]
fn streamed_text_equals_grid_text_for_every_shape() {
    use crate::generate::{GenOptions, GeneratorKind};
    // Widths below, at and around multiples of the 8-cell groups.
    for (w, h) in [
        (1, 1),
        (1, 5),
        (5, 1),
        (2, 2),
        (7, 4),
        (8, 3),
        (16, 2),
        (33, 9),
        (65, 4),
    ] {
        for kind in [
            GeneratorKind::RecursiveBacktracker,
            GeneratorKind::RecursiveDivision,
        ] {
            let (m, _) = kind
                .generate(w, h, 3, &GenOptions::default())
                .expect("valid size");
            let mut out = Vec::new();
            write_maze_text(&m, &mut out).expect("vec write");
            assert_eq!(
                String::from_utf8(out).expect("ascii"),
                m.to_grid().to_text(None),
                "{w}x{h} {kind:?}"
            );
        }
    }
}
