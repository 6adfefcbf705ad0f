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

/// Random masked mazes: random masks (each cell off with some odds, kept when the mask is
/// valid), some carved by generators (perfect), some with random passages between
/// on-cells (loops, pieces the passages do not join), some with a field's walled cells
/// and open pillars.
fn random_masked_mazes() -> Vec<Maze> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(27);
    let mut mazes = Vec::new();
    while mazes.len() < 120 {
        let (w, h) = (rng.random_range(1..9_u32), rng.random_range(1..9_u32));
        let odds = rng.random_range(0.05..0.5);
        let on: Vec<bool> = (0..w * h).map(|_| !rng.random_bool(odds)).collect();
        let Ok(mask) = Mask::from_cells(w, h, on) else {
            continue;
        };
        if mask.on_count() as u32 == w * h {
            continue;
        }
        let kinds = [
            crate::generate::GeneratorKind::RecursiveBacktracker,
            crate::generate::GeneratorKind::Wilson,
            crate::generate::GeneratorKind::Kruskal,
        ];
        let mut maze = match mazes.len() % 4 {
            k @ 0..=2 => {
                let options = crate::generate::GenOptions::default();
                let seed = rng.random();
                kinds[k]
                    .generate_in(Some(&mask), w, h, seed, &options)
                    .expect("a connected mask")
                    .0
            }
            _ => {
                let mut maze = Maze::with_mask(&mask).expect("valid");
                for i in 0..maze.cell_count() {
                    let cell = maze.pos(i);
                    for dir in [Dir::East, Dir::South] {
                        if maze.is_on(cell)
                            && maze.on_neighbor(cell, dir).is_some()
                            && rng.random_bool(0.6)
                        {
                            maze.carve(cell, dir);
                        }
                    }
                }
                maze
            }
        };
        if mazes.len() % 5 == 0 {
            // A field's marks: a walled cell tile, an open pillar.
            let (r, c) = (
                2 * rng.random_range(0..h) + 1,
                2 * rng.random_range(0..w) + 1,
            );
            maze.set_tile_open(Pos::new(r, c), false);
            maze.set_tile_open(Pos::new(r + 1, c + 1), true);
        }
        mazes.push(maze);
    }
    mazes
}

#[test]
fn far_ends_are_the_ends_of_two_breadth_first_searches() {
    // The reference: a search by positions, a distance table, and the farthest cell
    // picked by (largest distance, then smallest row-major index), as the searches were
    // first written.
    fn farthest(maze: &Maze, from: Pos) -> Pos {
        let mut dist = vec![u32::MAX; maze.cell_count()];
        dist[maze.index(from)] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(cell) = queue.pop_front() {
            for dir in maze.passages(cell).collect::<Vec<_>>() {
                let next = maze.neighbor(cell, dir).expect("a passage inside");
                if dist[maze.index(next)] == u32::MAX {
                    dist[maze.index(next)] = dist[maze.index(cell)] + 1;
                    queue.push_back(next);
                }
            }
        }
        let far = (0..dist.len())
            .filter(|&i| dist[i] != u32::MAX)
            .max_by_key(|&i| (dist[i], std::cmp::Reverse(i)))
            .expect("from is reached");
        maze.pos(far)
    }
    for maze in random_masked_mazes() {
        let on: Vec<Pos> = (0..maze.cell_count())
            .filter(|&i| maze.is_on_index(i))
            .map(|i| maze.pos(i))
            .collect();
        let a = farthest(&maze, on[0]);
        let mut b = farthest(&maze, a);
        if b == a {
            b = on[on.len() - 1];
        }
        assert_eq!(maze.far_ends(), (a, b), "{maze:?}");
    }
}

#[test]
fn a_masked_maze_is_written_as_its_grid() {
    for maze in random_masked_mazes() {
        let mut streamed = Vec::new();
        crate::maze::write_maze_text(&maze, &mut streamed).expect("vec");
        let streamed = String::from_utf8(streamed).expect("ASCII");
        assert_eq!(streamed, maze.to_grid().to_text(None));
        assert!(streamed.contains('X'), "{streamed}");
    }
}
