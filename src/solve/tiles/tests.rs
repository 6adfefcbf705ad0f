use super::*;
use crate::solve::Corners;

#[test]
fn padded_indices_round_trip_and_neighbours_follow_the_rules() {
    let g = Grid::parse("S#  \n  # \n  E9\n").expect("valid");
    let l = Layout::new(&g);
    assert_eq!(l.len(), 5 * 6);
    let nodes: Vec<Node> = l.fill(&g, Node::WALL, |_| Node::UNREACHED);
    let terrain = l.terrain(&g);
    for r in 0..3 {
        for c in 0..4 {
            let p = Pos::new(r, c);
            assert_eq!(l.pos(l.at(p)), p);
            assert_eq!(nodes[l.at(p) as usize].is_wall(), !g.is_open(p));
        }
    }
    assert_eq!(l.index(Pos::new(3, 0)), None);
    // A neighbour's place, found from the tile moved from, is its tile's.
    for p in (0..3).flat_map(|r| (0..4).map(move |c| Pos::new(r, c))) {
        if g.is_open(p) {
            let all = l.neighbours(
                |i| nodes[i].is_wall(),
                None,
                l.at(p),
                Moves::Eight(Corners::Allow),
            );
            assert!(all.into_iter().all(|n| n.pos == l.pos(n.tile)), "from {p}");
        }
    }
    let around = |moves| {
        l.neighbours(
            |i| nodes[i].is_wall(),
            terrain.as_deref(),
            l.at(Pos::new(1, 1)),
            moves,
        )
        .into_iter()
        .map(|n| (l.pos(n.tile), n.cost))
        .collect::<Vec<_>>()
    };
    // From (1,1): north (0,1) is a wall; NE (0,2) has walls on both sides.
    assert_eq!(
        around(Moves::Four),
        [(Pos::new(2, 1), 10), (Pos::new(1, 0), 10)]
    );
    let diagonals = |corners| {
        around(Moves::Eight(corners))
            .into_iter()
            .filter(|&(_, cost)| cost == DIAGONAL)
            .map(|(p, _)| p)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        diagonals(Corners::Allow),
        [
            Pos::new(0, 2),
            Pos::new(2, 2),
            Pos::new(2, 0),
            Pos::new(0, 0)
        ]
    );
    assert_eq!(
        diagonals(Corners::NoCut),
        [Pos::new(2, 2), Pos::new(2, 0), Pos::new(0, 0)]
    );
    assert_eq!(diagonals(Corners::Never), [Pos::new(2, 0)]);
    // Terrain: entering the 9 from E costs 90.
    let from_e = l.neighbours(
        |i| nodes[i].is_wall(),
        terrain.as_deref(),
        l.at(Pos::new(2, 2)),
        Moves::Four,
    );
    assert!(
        from_e
            .into_iter()
            .any(|n| l.pos(n.tile) == Pos::new(2, 3) && n.cost == 90)
    );
}

#[test]
fn a_node_packs_g_came_from_and_closed() {
    let n = Node::UNREACHED;
    assert!(!n.is_reached() && !n.is_closed() && !n.is_wall());
    assert_eq!(n.g(), INFINITY);
    let r = Node::reached(123_456, 6);
    assert_eq!(
        (r.g(), r.from(), r.is_reached(), r.is_closed()),
        (123_456, 6, true, false)
    );
    let c = r.closed();
    assert_eq!((c.g(), c.from(), c.is_closed()), (123_456, 6, true));
    assert!(Node::WALL.is_wall() && !Node::WALL.is_reached() && !Node::WALL.is_closed());
    assert_eq!(Node::reached(u32::MAX - 3, 0).g(), MAX_G, "saturates");
}
