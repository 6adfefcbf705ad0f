//! The generation cases shared by the `generate` (criterion) and `paired` benchmarks: our
//! generators by kind and options, each with the knossos 1.2 algorithm of the same name
//! where it has one.

use knossos::maze::{
    AldousBroder, Algorithm, Bias, BinaryTree, Eller, GrowingTree, HuntAndKill, Kruskal, Method,
    OrthogonalMazeBuilder, Prim, RecursiveBacktracking, RecursiveDivision, Sidewinder,
};
use maze_tui::generate::{CellChoice, GenOptions, GeneratorKind};

/// The seed of every generated maze.
pub const SEED: u64 = 20_240_501;

/// Stack for the benchmark thread: knossos's recursive backtracker at 1000×1000 cells
/// recurses up to about a million frames deep.
pub const STACK_BYTES: usize = 2 << 30;

/// A knossos algorithm factory (the builder consumes a boxed algorithm per maze).
pub type Peer = fn() -> Box<dyn Algorithm>;

/// One row of the comparison: our generator (kind + options) and, if knossos has the same
/// algorithm, its factory; `sizes` are square side lengths in cells, with whether the peer
/// runs at that size (knossos's Kruskal is quadratic).
pub struct Case {
    pub id: &'static str,
    pub kind: GeneratorKind,
    pub options: GenOptions,
    pub peer: Option<Peer>,
    pub sizes: &'static [(u32, bool)],
}

const BOTH: &[(u32, bool)] = &[(100, true), (1000, true)];
const OURS_ONLY: &[(u32, bool)] = &[(100, false), (1000, false)];
/// Knossos's Kruskal merges sets by walking the whole arena: 43 s at 500×500 cells.
const KRUSKAL: &[(u32, bool)] = &[(100, true), (200, true), (1000, false)];

fn opts(cell_choice: CellChoice) -> GenOptions {
    GenOptions {
        cell_choice,
        ..GenOptions::default()
    }
}

pub fn cases() -> Vec<Case> {
    let default = GenOptions::default();
    vec![
        Case {
            id: "binary-tree",
            kind: GeneratorKind::BinaryTree,
            options: default,
            // Ours carves south or east: corridors along the south and east sides.
            peer: Some(|| Box::new(BinaryTree::new(Bias::SouthEast))),
            sizes: BOTH,
        },
        Case {
            id: "sidewinder",
            kind: GeneratorKind::Sidewinder,
            options: default,
            peer: Some(|| Box::new(Sidewinder)),
            sizes: BOTH,
        },
        Case {
            id: "recursive-division",
            kind: GeneratorKind::RecursiveDivision,
            options: default,
            peer: Some(|| Box::new(RecursiveDivision)),
            sizes: BOTH,
        },
        Case {
            id: "recursive-backtracker",
            kind: GeneratorKind::RecursiveBacktracker,
            options: default,
            peer: Some(|| Box::new(RecursiveBacktracking)),
            sizes: BOTH,
        },
        Case {
            id: "growing-tree-newest",
            kind: GeneratorKind::GrowingTree,
            options: opts(CellChoice::Newest),
            peer: Some(|| Box::new(GrowingTree::new(Method::Newest))),
            sizes: BOTH,
        },
        Case {
            id: "growing-tree-random",
            kind: GeneratorKind::GrowingTree,
            options: opts(CellChoice::Random),
            peer: Some(|| Box::new(GrowingTree::new(Method::Random))),
            sizes: BOTH,
        },
        Case {
            id: "hunt-and-kill",
            kind: GeneratorKind::HuntAndKill,
            options: default,
            peer: Some(|| Box::new(HuntAndKill::new())),
            sizes: BOTH,
        },
        Case {
            id: "eller",
            kind: GeneratorKind::Eller,
            options: default,
            peer: Some(|| Box::new(Eller)),
            sizes: BOTH,
        },
        Case {
            // Knossos's "Prim" grows from a random frontier cell (no weights); ours is the
            // weighted (true) Prim. Both rows are shown: simplified-prim below is the closer
            // algorithm.
            id: "prim",
            kind: GeneratorKind::Prim,
            options: default,
            peer: Some(|| Box::new(Prim::new())),
            sizes: BOTH,
        },
        Case {
            id: "simplified-prim",
            kind: GeneratorKind::SimplifiedPrim,
            options: default,
            peer: Some(|| Box::new(Prim::new())),
            sizes: BOTH,
        },
        Case {
            id: "aldous-broder",
            kind: GeneratorKind::AldousBroder,
            options: default,
            peer: Some(|| Box::new(AldousBroder)),
            sizes: BOTH,
        },
        Case {
            id: "kruskal",
            kind: GeneratorKind::Kruskal,
            options: default,
            peer: Some(|| Box::new(Kruskal)),
            sizes: KRUSKAL,
        },
        Case {
            id: "wilson",
            kind: GeneratorKind::Wilson,
            options: default,
            peer: None,
            sizes: OURS_ONLY,
        },
        Case {
            id: "growing-tree-oldest",
            kind: GeneratorKind::GrowingTree,
            options: opts(CellChoice::Oldest),
            peer: None,
            sizes: OURS_ONLY,
        },
        Case {
            id: "growing-tree-mix",
            kind: GeneratorKind::GrowingTree,
            options: opts(CellChoice::Mix(0.5)),
            peer: None,
            sizes: OURS_ONLY,
        },
    ]
}

pub fn knossos_maze(peer: Peer, side: u32) -> knossos::maze::OrthogonalMaze {
    OrthogonalMazeBuilder::new()
        .width(side as usize)
        .height(side as usize)
        .algorithm(peer())
        .seed(Some(SEED))
        .build()
}
