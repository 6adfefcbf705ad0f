use super::*;

#[test]
fn build_wall_closes_each_side_but_the_gap_for_every_length() {
    // Against one add_wall per side (and a carve at the gap), on an open field and on a
    // field with some walls already, for lengths 0–8 (the unrolled first four sides,
    // wrapping round on short walls, and the loop after them), both orientations,
    // every gap and none.
    let mut mixed = Maze::new(9, 9).expect("valid size");
    mixed.open_all();
    for i in (0..81).step_by(3) {
        mixed.cells[i] &= !(if i % 2 == 0 { SOUTH } else { EAST });
    }
    let mut open = Maze::new(9, 9).expect("valid size");
    open.open_all();
    for field in [open, mixed] {
        for horizontal in [true, false] {
            let (along, dir) = if horizontal {
                (Dir::East, Dir::South)
            } else {
                (Dir::South, Dir::East)
            };
            let from = Pos::new(1, 0);
            for len in 0..=8 {
                for gap in 0..=len + 1 {
                    let mut built = field.clone();
                    built.build_wall(from, horizontal, len, gap);
                    let mut expected = field.clone();
                    let mut cell = from;
                    for k in 0..len {
                        if k == gap {
                            expected.carve(cell, dir);
                        } else {
                            expected.add_wall(cell, dir);
                        }
                        cell = expected.neighbor(cell, along).unwrap_or(cell);
                    }
                    assert_eq!(
                        built, expected,
                        "horizontal {horizontal} len {len} gap {gap}"
                    );
                }
            }
        }
    }
}

#[test]
fn new_maze_has_no_passages_and_rejects_bad_sizes() {
    let m = Maze::new(3, 2).expect("valid size");
    assert_eq!((m.width(), m.height(), m.cell_count()), (3, 2, 6));
    assert_eq!(m.passage_count(), 0);
    assert!(Maze::new(0, 5).is_err());
    assert!(Maze::new(5, 0).is_err());
    assert!(Maze::new(100_000, 100_000).is_err());
}

#[test]
fn carve_is_symmetric_and_outer_wall_stays_closed() {
    let mut m = Maze::new(2, 2).expect("valid size");
    assert_eq!(m.carve(Pos::new(0, 1), Dir::West), Some(Pos::new(0, 0)));
    assert!(m.has_passage(Pos::new(0, 0), Dir::East));
    assert!(m.has_passage(Pos::new(0, 1), Dir::West));
    assert_eq!(m.carve(Pos::new(0, 0), Dir::North), None);
    assert_eq!(m.carve(Pos::new(1, 1), Dir::East), None);
    assert_eq!(m.passage_count(), 1);
    m.add_wall(Pos::new(0, 0), Dir::East);
    assert_eq!(m.passage_count(), 0);
}

#[test]
fn perfect_needs_connected_and_no_loops() {
    let mut m = Maze::new(2, 2).expect("valid size");
    m.carve(Pos::new(0, 0), Dir::East);
    m.carve(Pos::new(0, 0), Dir::South);
    assert!(!m.is_perfect(), "one cell unreachable");
    m.carve(Pos::new(1, 0), Dir::East);
    assert!(m.is_perfect());
    m.carve(Pos::new(0, 1), Dir::South);
    assert!(!m.is_perfect(), "a loop");
    m.open_all();
    assert_eq!(m.passage_count(), 4);
    let mut wide = Maze::new(3, 2).expect("valid size");
    wide.open_all();
    assert_eq!(wide.passage_count(), 2 * 2 + 3);
    assert!(!wide.has_passage(Pos::new(0, 2), Dir::East));
    assert!(!wide.has_passage(Pos::new(1, 0), Dir::South));
    assert!(wide.has_passage(Pos::new(0, 2), Dir::South));
}

#[test]
fn tiles_follow_the_seed_layout() {
    let mut m = Maze::new(2, 1).expect("valid size");
    m.carve(Pos::new(0, 0), Dir::East);
    let g = m.to_grid();
    assert_eq!(g.to_text(None), "#####\n#S E#\n#####\n");
    assert_eq!(Maze::from_grid(&g), Some(m));
}
