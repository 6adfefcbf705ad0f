//! [`Robot`]: a robot in fog walks from S to E along D* Lite's path, knowing only the
//! tiles it has seen (within a radius of where it has stood); every other tile it assumes
//! open ground of cost 1. When it sees that the map was wrong (a wall, a dearer tile) it
//! tells D* Lite, which repairs its search; the next move follows the repaired path.
//!
//! This is the setting D* Lite was made for (Koenig & Likhachev, "D* Lite", AAAI 2002,
//! section 2: "goal-directed navigation in unknown terrain"). The robot reaches E whenever
//! the true map has a path: its map is optimistic (never a wall or a cost the true map does
//! not have beyond what it has seen), so a plan exists while a true path does, and each
//! wrong belief is corrected once. For comparison it also counts what A* would have
//! expanded searching its map from scratch at every discovery.

use std::sync::Arc;

use get_size2::GetSize;

use crate::maze::{Grid, Pos};
use crate::run::{Machine, Milestone};
use crate::solve::d_star_lite::DStarLite;
use crate::solve::replan::Replan;
use crate::solve::{Flat, SolveOptions, Solver, SolverKind};

/// What one move of the robot did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stride {
    /// It moved to `tile` and saw `discovered` tiles differ from what it believed.
    Moved {
        /// Where it stands now.
        tile: Pos,
        /// Tiles whose terrain it found different (0: nothing new).
        discovered: usize,
    },
    /// It stands on E.
    Arrived,
    /// Its map has no path to E, so the true map has none.
    NoPath,
}

/// Counts for the stats pane and the headless report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Moves made.
    pub moves: u64,
    /// Cost of the moves made (10 a move times the terrain entered).
    pub cost: u64,
    /// Moves after which something new was seen, so the plan was repaired.
    pub replans: u64,
    /// D* Lite's expansions, first search included.
    pub expanded: u64,
    /// What A* would have expanded searching the robot's map from scratch, at the start
    /// and at every discovery.
    pub astar_expanded: u64,
}

/// The robot, its map and its planner; see the module documentation.
#[derive(Clone, Debug)]
pub struct Robot {
    /// The true map, shared between clones (a run's checkpoints).
    truth: Arc<Grid>,
    known: Grid,
    radius: u32,
    options: SolveOptions,
    planner: DStarLite<Flat>,
    at: Pos,
    trail: Vec<Pos>,
    seen: Vec<bool>,
    /// Per tile: stood on at some time.
    walked: Vec<bool>,
    tally: Tally,
    over: Option<Stride>,
}

impl Robot {
    /// A robot on S of `truth` that sees `radius` tiles around it (Euclidean; at least 1,
    /// so that it sees a wall before walking into it), with D* Lite's `options` (heuristic,
    /// moves). It looks around and plans at once. O(tiles) plus the first search.
    #[must_use]
    pub fn new(truth: &Grid, radius: u32, options: &SolveOptions) -> Self {
        Self::on(Arc::new(truth.clone()), radius, options)
    }

    /// [`Robot::new`] on a shared true map (not copied).
    #[must_use]
    pub fn on(truth: Arc<Grid>, radius: u32, options: &SolveOptions) -> Self {
        let cells = vec![1; truth.len()];
        let known = Grid::from_costs(
            truth.rows(),
            truth.cols(),
            cells,
            truth.start(),
            truth.goal(),
        );
        let planner = DStarLite::new(&known, options);
        let mut walked = vec![false; truth.len()];
        walked[truth.index(truth.start())] = true;
        let mut robot = Self {
            seen: vec![false; truth.len()],
            walked,
            truth: Arc::clone(&truth),
            known,
            radius: radius.max(1),
            options: *options,
            planner,
            at: truth.start(),
            trail: vec![truth.start()],
            tally: Tally::default(),
            over: None,
        };
        let changed = robot.look();
        robot.planner.repair(&robot.known, &changed);
        robot.plan(true);
        robot
    }

    /// See every tile within the radius: the ones that differ from the map are corrected
    /// and returned.
    fn look(&mut self) -> Vec<Pos> {
        let r = self.radius;
        let mut changed = Vec::new();
        let rows = self.at.row.saturating_sub(r)..=(self.at.row + r).min(self.truth.rows() - 1);
        for row in rows {
            let cols = self.at.col.saturating_sub(r)..=(self.at.col + r).min(self.truth.cols() - 1);
            for col in cols {
                let (dr, dc) = (row.abs_diff(self.at.row), col.abs_diff(self.at.col));
                // A disc of radius r (r² + r: its eight neighbours at radius 1).
                if dr * dr + dc * dc > r * r + r {
                    continue;
                }
                let p = Pos::new(row, col);
                self.seen[self.truth.index(p)] = true;
                if p != self.at && self.known.cost(p) != self.truth.cost(p) {
                    let terrain = self.truth.cost(p).and_then(|c| u8::try_from(c).ok());
                    self.known.set_terrain(p, terrain);
                    changed.push(p);
                }
            }
        }
        changed
    }

    /// Run D* Lite to the end of its search on the map; with `discovery`, also count A*
    /// from scratch there.
    fn plan(&mut self, discovery: bool) {
        self.planner.run(&self.known);
        self.tally.expanded = self.planner.expansions();
        if discovery {
            let astar = SolverKind::Astar.solve(&self.known, &self.options);
            self.tally.astar_expanded += astar.visited as u64;
        }
    }

    /// One move along the plan, then a look around and a repair if anything was new;
    /// `None` once arrived or stuck. O(radius²) plus the repair.
    pub fn step(&mut self) -> Option<Stride> {
        if self.over.is_some() {
            return None;
        }
        if self.at == self.truth.goal() {
            self.over = Some(Stride::Arrived);
            return self.over;
        }
        let next = self.planner.path().and_then(|p| p.get(1).copied());
        let budget = 8 * self.truth.len() as u64;
        let Some(next) = next.filter(|_| self.tally.moves < budget) else {
            self.over = Some(Stride::NoPath);
            return self.over;
        };
        let from = self.at;
        self.at = next;
        self.trail.push(next);
        self.walked[self.truth.index(next)] = true;
        self.tally.moves += 1;
        self.tally.cost += 10 * u64::from(self.truth.cost(next).unwrap_or(1));
        // The start tile is plain ground in a grid: the one left gets its terrain back.
        self.known.set_start(next);
        let back = self.truth.cost(from).and_then(|c| u8::try_from(c).ok());
        self.known.set_terrain(from, back);
        let discovered = self.look();
        let mut changed = discovered.clone();
        changed.extend([from, next]);
        self.planner.repair(&self.known, &changed);
        if !discovered.is_empty() {
            self.tally.replans += 1;
        }
        self.plan(!discovered.is_empty());
        Some(Stride::Moved {
            tile: next,
            discovered: discovered.len(),
        })
    }

    /// Walk until arrived or stuck; the last stride says which.
    pub fn walk(&mut self) -> Stride {
        let mut last = Stride::NoPath;
        while let Some(stride) = self.step() {
            last = stride;
        }
        last
    }

    /// Where it stands.
    #[must_use]
    pub const fn at(&self) -> Pos {
        self.at
    }

    /// The tiles it has stood on, S first.
    #[must_use]
    pub fn trail(&self) -> &[Pos] {
        &self.trail
    }

    /// Its plan from where it stands to E, if it has one (none once on E: the map's
    /// start cannot share E's tile, so the planner's last path is from the tile before).
    #[must_use]
    pub fn plan_ahead(&self) -> Option<&[Pos]> {
        self.planner
            .path()
            .filter(|p| p.first() == Some(&self.at) && self.at != self.truth.goal())
    }

    /// Whether it has seen `tile`.
    #[must_use]
    pub fn has_seen(&self, tile: Pos) -> bool {
        self.truth.contains(tile) && self.seen[self.truth.index(tile)]
    }

    /// Whether it has stood on `tile`.
    #[must_use]
    pub fn has_walked(&self, tile: Pos) -> bool {
        self.truth.contains(tile) && self.walked[self.truth.index(tile)]
    }

    /// Tiles seen so far. O(tiles).
    #[must_use]
    pub fn seen_count(&self) -> usize {
        self.seen.iter().filter(|&&s| s).count()
    }

    /// How it ended, once it has: [`Stride::Arrived`] or [`Stride::NoPath`].
    #[must_use]
    pub const fn outcome(&self) -> Option<Stride> {
        self.over
    }

    /// How far it sees, in tiles.
    #[must_use]
    pub const fn radius(&self) -> u32 {
        self.radius
    }

    /// The true map it walks.
    #[must_use]
    pub fn truth(&self) -> &Arc<Grid> {
        &self.truth
    }

    /// Its map: seen tiles as they are, the rest open ground of cost 1.
    #[must_use]
    pub const fn map(&self) -> &Grid {
        &self.known
    }

    /// The counts so far.
    #[must_use]
    pub const fn tally(&self) -> Tally {
        self.tally
    }
}

/// A robot is a step machine: one step is one move (with its look and repair), and a last
/// step says it arrived or is stuck; a [`crate::run::Run`] of it steps back by checkpoints.
impl Machine for Robot {
    type Event = Stride;

    fn step(&mut self) -> Option<Stride> {
        Robot::step(self)
    }

    /// The planner's queue `U`.
    fn structure_len(&self) -> usize {
        crate::teach::Teach::structure_len(&self.planner)
    }

    fn heap_bytes(&self) -> usize {
        self.known.get_heap_size()
            + self.planner.get_heap_size()
            + self.seen.capacity()
            + self.walked.capacity()
            + self.trail.capacity() * size_of::<Pos>()
    }

    fn milestone(&self, event: &Stride) -> Option<Milestone> {
        match event {
            Stride::Moved { .. } => None,
            Stride::Arrived => Some(Milestone::GoalReached),
            Stride::NoPath => Some(Milestone::NoPath),
        }
    }
}
