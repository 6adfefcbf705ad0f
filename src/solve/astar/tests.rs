//! Unit tests of A*: tie-breaks, heuristics, terrain, weights.
use super::*;
use crate::Mark;
use crate::solve::{Corners, Flat, Moves, Push, run_to_end};

fn opts(heuristic: Heuristic, diagonal: bool) -> SolveOptions {
    SolveOptions {
        heuristic,
        moves: if diagonal {
            Moves::Eight(Corners::Allow)
        } else {
            Moves::Four
        },
        ..SolveOptions::default()
    }
}

fn path_of(s: &crate::solve::Solution) -> Vec<(u32, u32)> {
    s.path
        .as_deref()
        .unwrap_or(&[])
        .iter()
        .map(|p| (p.row, p.col))
        .collect()
}

#[test]
fn ties_toward_larger_g_walk_straight_to_the_goal() {
    // Open 3×4 floor, Manhattan, 4-way: every tile of the rectangle has f = 50. Larger g
    // first (then the lower tile) expands only the 6 tiles of one shortest path.
    let g = Grid::parse("S   \n    \n   E\n").expect("valid");
    let mut s = AStar::<Paged>::new(&g, &opts(Heuristic::Manhattan, false));
    let Some(SolveEvent::Expand {
        tile,
        g: 0,
        h: 50,
        pushed,
    }) = s.step(&g)
    else {
        panic!("first step expands the start");
    };
    assert_eq!(tile, Pos::new(0, 0));
    assert_eq!(
        pushed.as_slice(),
        [
            Push {
                tile: Pos::new(0, 1),
                g: 10,
                h: 40
            },
            Push {
                tile: Pos::new(1, 0),
                g: 10,
                h: 40
            }
        ]
    );
    // The structure pane lists the open set in pop order.
    let open = s.structure(5);
    assert_eq!((open.name, open.len), ("open set", 2));
    assert_eq!(open.entries[0].pos, Pos::new(0, 1));
    assert_eq!(open.entries[0].detail, "f=50 g=10 h=40");
    assert_eq!(
        s.lines(&s.clone().step(&g).expect("a step")),
        [2, 4, 6, 7, 8, 9, 10]
    );
    assert!(matches!(s.step(&g), Some(SolveEvent::Expand { tile, .. }) if tile == Pos::new(0, 1)));
    assert_eq!(s.mark(Pos::new(1, 0)), Mark::Frontier);
    assert_eq!(s.mark(Pos::new(0, 0)), Mark::Closed);
    assert_eq!(s.current(), Some(Pos::new(0, 1)));
    let sol = run_to_end(&mut s, &g);
    assert_eq!(
        path_of(&sol),
        [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3)]
    );
    assert_eq!((sol.length, sol.cost, sol.visited), (5, 50, 6));
    assert_eq!(s.step(&g), None);
}

#[test]
fn the_path_is_traced_back_one_tile_per_step() {
    let g = Grid::parse("S E\n").expect("valid");
    let mut s = AStar::<Paged>::new(&g, &opts(Heuristic::Manhattan, false));
    let events: Vec<SolveEvent> = std::iter::from_fn(|| s.step(&g)).collect();
    let traced: Vec<Pos> = events
        .iter()
        .filter_map(|e| match e {
            SolveEvent::Trace { tile } => Some(*tile),
            _ => None,
        })
        .collect();
    assert_eq!(traced, [Pos::new(0, 2), Pos::new(0, 1), Pos::new(0, 0)]);
    assert_eq!(
        events.last(),
        Some(&SolveEvent::Found {
            length: 2,
            cost: 20
        })
    );
    assert_eq!(s.mark(Pos::new(0, 1)), Mark::Path);
}

#[test]
fn manhattan_with_diagonals_overestimates_and_returns_a_longer_path() {
    // From S (bottom right) Manhattan, which overestimates a diagonal move (20 for 14),
    // pulls A* up the right column first, closing (1,3) and (0,2) with too large a g;
    // octile is admissible and finds 10 + 14 + 14 = 38 (Amit Patel, "Heuristics",
    // section "Diagonal distance").
    let g = Grid::parse("E   \n  # \n   S\n").expect("valid");
    let man = run_to_end(
        &mut AStar::<Paged>::new(&g, &opts(Heuristic::Manhattan, true)),
        &g,
    );
    assert_eq!(path_of(&man), [(2, 3), (1, 3), (0, 2), (0, 1), (0, 0)]);
    assert_eq!(man.cost, 44);
    let oct = run_to_end(
        &mut AStar::<Paged>::new(&g, &opts(Heuristic::Octile, true)),
        &g,
    );
    assert_eq!(path_of(&oct), [(2, 3), (2, 2), (1, 1), (0, 0)]);
    assert_eq!(oct.cost, 38);
    assert!(!Heuristic::Manhattan.is_admissible(true));
}

#[test]
fn terrain_costs_are_paid_and_the_cheaper_detour_is_taken() {
    // Straight through the 9s costs 10·9 + 10·9 + 10 = 190; around them costs 60.
    let g = Grid::parse("     \nS99 E\n     \n").expect("valid");
    let sol = run_to_end(
        &mut AStar::<Paged>::new(&g, &opts(Heuristic::Manhattan, false)),
        &g,
    );
    assert_eq!(sol.cost, 60);
    assert_eq!(sol.length, 6);
}

#[test]
fn weighted_astar_stays_within_its_bound() {
    let g = Grid::parse("S    #    \n ## ##  # \n  #    #  \n# ## ### E\n").expect("valid");
    let best = run_to_end(
        &mut AStar::<Paged>::new(&g, &opts(Heuristic::Manhattan, false)),
        &g,
    );
    let weighted = SolveOptions {
        heuristic_weight: 300,
        ..opts(Heuristic::Manhattan, false)
    };
    let fast = run_to_end(&mut AStar::<Paged>::new(&g, &weighted), &g);
    assert!(fast.cost <= best.cost * 3, "{} vs {}", fast.cost, best.cost);
    assert!(fast.visited <= best.visited);
}

#[test]
fn unreachable_goal_gives_no_path() {
    let g = Grid::parse("S#\n#E\n").expect("valid");
    let mut s = AStar::<Paged>::new(&g, &opts(Heuristic::Manhattan, false));
    assert!(matches!(
        s.step(&g),
        Some(SolveEvent::Expand { pushed, .. }) if pushed.is_empty()
    ));
    assert_eq!(s.step(&g), Some(SolveEvent::NoPath));
    assert_eq!(s.lines(&SolveEvent::NoPath), [1, 11]);
    assert_eq!(s.step(&g), None);
}

/// Weighted A* on a grid long enough that `w·h` passes `u32` (10 × 430,000 × 1000): `f`
/// saturates instead of wrapping, and the straight path along the row is found.
#[test]
fn a_weight_times_a_long_estimate_does_not_wrap() {
    let width = 430_001;
    let text = format!("S{}E\n{}\n", " ".repeat(width - 2), " ".repeat(width));
    let grid = Grid::parse(&text).expect("valid");
    let options = SolveOptions {
        heuristic_weight: 1000,
        ..opts(Heuristic::Manhattan, false)
    };
    let solution = run_to_end(&mut AStar::<Flat>::new(&grid, &options), &grid);
    assert_eq!(solution.outcome, crate::solve::Outcome::Found);
    assert_eq!(solution.cost, 10 * (width as u32 - 1));
}
