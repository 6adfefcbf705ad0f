use crate::generate::testing::{assert_seeded, generate};
use crate::generate::{GenOptions, Generator, GeneratorKind};
use crate::maze::Pos;

fn field(w: u32, h: u32, seed: u64, density: f64) -> crate::maze::Maze {
    let options = GenOptions {
        density,
        ..GenOptions::default()
    };
    GeneratorKind::Obstacles
        .generate(w, h, seed, &options)
        .expect("valid")
        .0
}

#[test]
fn density_sets_the_share_of_walls_and_keeps_s_and_e_open() {
    let (w, h) = (60, 40);
    let inner = (2 * w as usize - 1) * (2 * h as usize - 1);
    for density in [0.0, 0.1, 0.3, 0.6, 1.0] {
        let maze = field(w, h, 5, density);
        let walls = inner - maze.open_tile_count();
        #[allow(clippy::cast_precision_loss)]
        let share = walls as f64 / (inner - 2) as f64;
        assert!((share - density).abs() < 0.02, "{density}: {share}");
        assert!(maze.is_open_tile(Pos::new(1, 1)));
        assert!(maze.is_open_tile(Pos::new(2 * h - 1, 2 * w - 1)));
    }
}

#[test]
fn one_step_per_wall_and_the_same_field_for_a_seed() {
    assert_seeded(GeneratorKind::Obstacles);
    let mut maze = GeneratorKind::Obstacles.initial_maze(9, 7).expect("valid");
    let mut machine = GeneratorKind::Obstacles.build(&maze, 3, &GenOptions::default());
    let mut walls = 0;
    while let Some(event) = machine.step(&mut maze) {
        if let crate::generate::GenEvent::Wall { tile } = event {
            assert!(!maze.is_open_tile(tile));
            walls += 1;
        }
    }
    let inner = 17 * 13;
    assert_eq!(inner - maze.open_tile_count(), walls);
    assert_eq!(maze, generate(GeneratorKind::Obstacles, 9, 7, 3));
}

#[test]
fn a_one_cell_field_has_nothing_to_draw() {
    let maze = field(1, 1, 0, 1.0);
    assert_eq!(maze.open_tile_count(), 1);
}
