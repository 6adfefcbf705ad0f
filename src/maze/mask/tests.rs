use super::*;

#[test]
fn text_masks_read_x_as_off_and_dot_or_space_as_on() {
    let mask = Mask::parse_text("X..\n. X\r\n...\n\n").expect("valid mask");
    assert_eq!((mask.width(), mask.height(), mask.on_count()), (3, 3, 7));
    assert!(!mask.is_on(Pos::new(0, 0)));
    assert!(mask.is_on(Pos::new(1, 1)));
    assert!(!mask.is_on(Pos::new(1, 2)));
    assert!(!mask.is_on(Pos::new(3, 0)), "outside the rectangle is off");
    assert_eq!(mask.to_text(), "X..\n..X\n...\n");
}

#[test]
fn text_mask_errors_name_the_problem() {
    assert_eq!(Mask::parse_text(""), Err(MaskError::Empty));
    assert_eq!(
        Mask::parse_text("...\n..\n"),
        Err(MaskError::Ragged {
            line: 2,
            expected: 3,
            found: 2
        })
    );
    assert_eq!(
        Mask::parse_text("..\n.#\n"),
        Err(MaskError::BadChar {
            line: 2,
            column: 2,
            found: '#'
        })
    );
    assert_eq!(Mask::parse_text("X.\nXX\n"), Err(MaskError::TooFew(1)));
    assert_eq!(
        Mask::parse_text(".X.\n.X.\n"),
        Err(MaskError::Disconnected {
            pieces: 2,
            unreached: Pos::new(0, 2)
        })
    );
    // Touching at a corner is not connected: passages run north, east, south, west.
    assert!(matches!(
        Mask::parse_text(".X\nX.\n"),
        Err(MaskError::Disconnected { pieces: 2, .. })
    ));
}

#[test]
fn pieces_are_counted_on_a_mask_of_many_pieces() {
    // A checkerboard of on-cells: each on-cell is a piece of its own (corners do not
    // join), (side² + 1) / 2 of them. Counting them once searched the whole mask per
    // piece (quadratic: 19 s for a 1000×1000 checkerboard); one search per piece over
    // its own cells is linear. Stripes with a few bridges: as many pieces as the
    // unbridged groups of stripes, counted by hand.
    for side in [3_u32, 64, 301] {
        let on = (0..side * side)
            .map(|i| (i / side + i % side) % 2 == 0)
            .collect();
        let pieces = (side * side).div_ceil(2) as usize;
        assert_eq!(
            Mask::from_cells(side, side, on),
            Err(MaskError::Disconnected {
                pieces,
                unreached: Pos::new(0, 2)
            })
        );
    }
    // Rows 0, 2, 4, … 18 on (ten stripes), joined by one on-cell between stripes 0–1 and
    // 1–2 (at column 5, rows 1 and 3) and between 7–8 (row 15): 10 − 3 = 7 pieces.
    let (w, h) = (12_u32, 19_u32);
    let bridges = [(1, 5), (3, 5), (15, 5)];
    let on = (0..w * h)
        .map(|i| (i / w) % 2 == 0 || bridges.contains(&(i / w, i % w)))
        .collect();
    assert!(matches!(
        Mask::from_cells(w, h, on),
        Err(MaskError::Disconnected {
            pieces: 7,
            unreached: Pos { row: 6, col: 0 }
        })
    ));
}

#[test]
fn pieces_match_a_flood_fill_on_random_masks() {
    // The reference: label every on-cell by flooding from each unlabelled one in
    // row-major order (a stack of positions); the pieces are the labels, the first cell
    // outside the first piece the first with another label.
    use rand::{Rng, SeedableRng};
    fn flood(on: &[bool], w: usize) -> (usize, Option<usize>) {
        let mut label = vec![usize::MAX; on.len()];
        let mut pieces = 0;
        for start in 0..on.len() {
            if !on[start] || label[start] != usize::MAX {
                continue;
            }
            let mut stack = vec![start];
            label[start] = pieces;
            while let Some(i) = stack.pop() {
                let (r, c) = (i / w, i % w);
                let mut around = vec![];
                if r > 0 {
                    around.push(i - w);
                }
                if i + w < on.len() {
                    around.push(i + w);
                }
                if c > 0 {
                    around.push(i - 1);
                }
                if c + 1 < w {
                    around.push(i + 1);
                }
                for j in around {
                    if on[j] && label[j] == usize::MAX {
                        label[j] = pieces;
                        stack.push(j);
                    }
                }
            }
            pieces += 1;
        }
        let outside = (0..on.len()).find(|&i| on[i] && label[i] != 0);
        (pieces, outside)
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2027);
    for _ in 0..3000 {
        let (w, h) = (rng.random_range(1..14_usize), rng.random_range(1..14_usize));
        let odds = rng.random_range(0.1..0.9);
        let on: Vec<bool> = (0..w * h).map(|_| rng.random_bool(odds)).collect();
        assert_eq!(pieces::pieces(&on, w), flood(&on, w), "{w}x{h} {on:?}");
    }
}

#[test]
fn builtin_shapes_are_connected_at_many_sizes() {
    for name in BUILTIN_SHAPES {
        for (w, h) in [(8, 5), (20, 10), (41, 23), (100, 100)] {
            let mask = Mask::builtin(name, w, h)
                .expect("a built-in name")
                .unwrap_or_else(|e| panic!("{name} {w}x{h}: {e}"));
            assert!(
                mask.on_count() < (w * h) as usize,
                "{name} {w}x{h} has a shape"
            );
        }
    }
    assert!(Mask::builtin("square", 5, 5).is_none());
}

#[test]
fn every_glyph_makes_a_connected_word() {
    let font = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for ch in font.chars() {
        let mask = Mask::text(&ch.to_string()).unwrap_or_else(|e| panic!("{ch}: {e}"));
        assert_eq!((mask.width(), mask.height()), (12, 18));
    }
    let word = Mask::text("Maze 27").expect("letters, digits and a space");
    assert_eq!(word.width(), 12 * 7);
    assert_eq!(Mask::text("a!"), Err(MaskError::NoGlyph('!')));
    assert_eq!(Mask::text(""), Err(MaskError::Empty));
}

/// A PNG of `width × height` grey pixels.
fn grey_png(width: u32, height: u32, pixels: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("header");
        writer.write_image_data(pixels).expect("pixels");
    }
    bytes
}

#[test]
fn png_masks_read_dark_pixels_as_off() {
    let png = grey_png(3, 2, &[0, 255, 200, 127, 128, 255]);
    let mask = Mask::from_png(&png).expect("valid mask");
    assert_eq!(mask.to_text(), "X..\nX..\n");
    let mut rgba = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut rgba, 2, 1);
        encoder.set_color(png::ColorType::Rgba);
        let mut writer = encoder.write_header().expect("header");
        // Light red (on) and transparent black (on).
        writer
            .write_image_data(&[255, 200, 200, 255, 0, 0, 0, 0])
            .expect("pixels");
    }
    assert_eq!(Mask::from_png(&rgba).expect("valid mask").to_text(), "..\n");
    assert!(matches!(
        Mask::from_png(b"not a png"),
        Err(MaskError::Png(_))
    ));
    assert!(matches!(
        Mask::from_png(&grey_png(3, 1, &[255, 0, 255])),
        Err(MaskError::Disconnected { .. })
    ));
}

#[test]
fn a_masked_maze_writes_x_outside_and_reads_back_the_same() {
    use crate::generate::{GenOptions, GeneratorKind};
    use crate::maze::{Grid, Maze};
    let mask = Mask::parse_text("X...\n....\n..XX\n").expect("valid mask");
    let (maze, _) = GeneratorKind::Wilson
        .generate_in(Some(&mask), 0, 0, 3, &GenOptions::default())
        .expect("a shape generator");
    let grid = maze.to_grid();
    let text = grid.to_text(None);
    let lines: Vec<&str> = text.lines().collect();
    // The off-cell at the top-left and the tiles around it that touch no on-cell.
    assert!(lines[0].starts_with("XX#"), "{text}");
    assert!(lines[1].starts_with("XX#"), "{text}");
    assert!(lines[6].ends_with("#XXXX"), "{text}");
    assert!(lines[5].ends_with("#XXXX"), "{text}");
    // S and E on on-cells (cell tiles), the two ends of the longest path.
    for end in [grid.start(), grid.goal()] {
        assert!(end.row % 2 == 1 && end.col % 2 == 1, "{end}");
        assert!(mask.is_on(Pos::new(end.row / 2, end.col / 2)));
    }
    let read = Grid::parse(&text).expect("parses");
    assert_eq!(read, grid);
    assert_eq!(read.to_text(None), text);
    assert!(read.is_outside(Pos::new(1, 1)) && !read.is_open(Pos::new(1, 1)));
    let back = Maze::from_grid(&read).expect("a maze");
    assert_eq!(back, maze);
    assert_eq!(back.mask(), Some(mask));
}

#[test]
fn every_solver_solves_a_masked_maze_without_leaving_the_shape() {
    use crate::generate::{GenOptions, GeneratorKind};
    use crate::solve::{SolveOptions, SolverKind};
    let mask = Mask::builtin("heart", 14, 9)
        .expect("built in")
        .expect("valid");
    let (maze, _) = GeneratorKind::RecursiveBacktracker
        .generate_in(Some(&mask), 0, 0, 5, &GenOptions::default())
        .expect("a shape generator");
    let grid = maze.to_grid();
    let options = SolveOptions::default();
    let shortest = SolverKind::Bfs.solve(&grid, &options).length;
    assert!(shortest > 0);
    for &kind in SolverKind::ALL {
        let solution = kind.solve(&grid, &options);
        let path = solution
            .path
            .unwrap_or_else(|| panic!("{} found no path", kind.name()));
        assert_eq!(path.first(), Some(&grid.start()), "{}", kind.name());
        assert_eq!(path.last(), Some(&grid.goal()), "{}", kind.name());
        for tile in &path {
            assert!(
                grid.is_open(*tile) && !grid.is_outside(*tile),
                "{}",
                kind.name()
            );
        }
        if kind.is_optimal(&options, false) {
            assert_eq!(solution.length, shortest, "{}", kind.name());
        }
    }
}
