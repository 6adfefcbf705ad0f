use super::*;
use crate::Mark;
use crate::solve::store::{Flat, Paged};

fn trace_in<K: Store>() {
    let grid = Grid::parse("S 2\n##E\n").expect("valid");
    let mut tree = Tree::<K>::new(&grid, Moves::Four);
    let s = tree.start().expect("open");
    tree.reach_start(s);
    tree.close(s);
    let mut at = s;
    // East, east, south: each neighbour reached from the one before.
    for want in [Pos::new(0, 1), Pos::new(0, 2), Pos::new(1, 2)] {
        let n = tree
            .neighbours(at)
            .into_iter()
            .find(|n| tree.pos(n.tile) == want)
            .expect("a neighbour");
        let g = tree.g(at) + n.cost;
        tree.reach(n, g);
        tree.close(n.tile);
        at = n.tile;
    }
    assert_eq!(tree.g(at), 40, "10 + 20 (the 2) + 10");
    assert!(tree.is_goal(at));
    assert_eq!(
        Record::came_from(&tree, Pos::new(1, 2)),
        Some(Pos::new(0, 2))
    );
    assert_eq!(Record::came_from(&tree, Pos::new(0, 0)), None);
    tree.trace_from(at);
    for tile in [
        Pos::new(1, 2),
        Pos::new(0, 2),
        Pos::new(0, 1),
        Pos::new(0, 0),
    ] {
        assert_eq!(tree.trace(&grid), Some(SolveEvent::Trace { tile }));
        assert_eq!(Record::mark(&tree, tile), Mark::Path);
    }
    assert_eq!(
        tree.trace(&grid),
        Some(SolveEvent::Found {
            length: 3,
            cost: 40
        })
    );
    assert_eq!(Record::path(&tree).map(<[Pos]>::len), Some(4));
    assert_eq!(tree.trace(&grid), None);
}

#[test]
fn tracing_follows_came_from_links_one_tile_per_step() {
    trace_in::<Flat>();
    trace_in::<Paged>();
}
