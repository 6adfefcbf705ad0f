//! The one trace-back every solver ends with: once the search knows its path, the steps
//! that follow add it to the picture, from the goal back to the start, and then report it
//! ([`SolveEvent::Found`] with its moves and cost).
//!
//! How the path is known differs (came-from links followed back from the goal, two halves
//! joined at a meeting tile, the stack of a depth-first search, a walker's route); how it is
//! shown is the same. A step stops at every tile ([`Trace::every_tile`]), at chosen tiles
//! such as the jump points of jump point search ([`Trace::at`]), or nowhere: the whole path
//! at once with the report ([`Trace::at_once`], the walkers).
//! Following the links is Amit Patel's `came_from` walk (*Introduction to A\**, Red Blob
//! Games): from the goal to the start, then reversed.

use get_size2::GetSize;

use crate::maze::{Grid, Pos};
use crate::solve::{SolveEvent, flat_path_cost, path_cost};

/// A known path, being added to the picture.
#[derive(Clone, Debug, GetSize)]
pub struct Trace {
    /// The path, start first.
    path: Vec<Pos>,
    /// Where steps stop, as indices into `path`, goal end first (`None`: every tile).
    stops: Option<Vec<u32>>,
    /// Trace steps taken.
    taken: usize,
    /// Tiles `path[low..]` are on the picture.
    low: usize,
    /// Whether the ground has no terrain: the report's cost then reads no tile.
    flat: bool,
}

impl Trace {
    /// One step per tile of `path` (start first), from the goal back.
    #[must_use]
    pub fn every_tile(path: Vec<Pos>) -> Self {
        let low = path.len();
        Self {
            path,
            stops: None,
            taken: 0,
            low,
            flat: false,
        }
    }

    /// One step per index of `stops` (into `path`, highest first, ending at 0), each adding
    /// the tiles from that index up to the previous stop.
    #[must_use]
    pub fn at(path: Vec<Pos>, stops: Vec<u32>) -> Self {
        let low = path.len();
        Self {
            path,
            stops: Some(stops),
            taken: 0,
            low,
            flat: false,
        }
    }

    /// The same trace, on ground known to have no terrain (every open tile costs 1), so
    /// the report's cost counts the moves' base costs without reading the grid.
    #[must_use]
    pub const fn on_flat_ground(mut self) -> Self {
        self.flat = true;
        self
    }

    /// No step but the report, which adds the whole path.
    #[must_use]
    pub fn at_once(path: Vec<Pos>) -> Self {
        Self::at(path, Vec::new())
    }
}

/// What one step of a trace reports: the event it becomes, small. A whole [`SolveEvent`]
/// has room for an expansion's pushes (over 128 bytes), and one made here and handed back
/// through the solver would be copied at every step of a long path; this one becomes the
/// event where the solver returns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Traced {
    /// [`SolveEvent::Trace`].
    Tile(Pos),
    /// [`SolveEvent::Found`].
    Found {
        /// Moves.
        length: u32,
        /// Path cost.
        cost: u32,
    },
}

impl From<Traced> for SolveEvent {
    #[inline]
    fn from(traced: Traced) -> Self {
        match traced {
            Traced::Tile(tile) => SolveEvent::Trace { tile },
            Traced::Found { length, cost } => SolveEvent::Found { length, cost },
        }
    }
}

/// Where a solver is in its life: searching, showing the path it found, or done.
#[derive(Clone, Debug, Default, GetSize)]
pub enum Progress {
    /// Taking tiles from the frontier, walking, filling.
    #[default]
    Searching,
    /// The path is known: adding it to the picture.
    Tracing(Trace),
    /// Found (with the path), no path, or gave up: nothing more to do.
    Done(Option<Vec<Pos>>),
}

impl Progress {
    /// Whether the search is still going.
    #[must_use]
    pub const fn searching(&self) -> bool {
        matches!(self, Progress::Searching)
    }

    /// The search ended without a path.
    pub fn fail(&mut self) {
        *self = Progress::Done(None);
    }

    /// The step after the search: the event, and the tiles it added to the path (goal end
    /// last); `None` unless tracing.
    #[inline]
    pub fn step(&mut self, grid: &Grid) -> Option<(Traced, &[Pos])> {
        let Progress::Tracing(trace) = self else {
            return None;
        };
        let n = trace.path.len();
        let stop = match &trace.stops {
            None => (trace.taken < n).then(|| (n - 1 - trace.taken, n - 1 - trace.taken)),
            Some(stops) => stops.get(trace.taken).map(|&s| {
                let low = stops.get(trace.taken + 1).map_or(0, |&s| s as usize + 1);
                (s as usize, low)
            }),
        };
        let high = trace.low;
        if let Some((at, low)) = stop {
            let Progress::Tracing(trace) = self else {
                return None;
            };
            trace.taken += 1;
            trace.low = low;
            let tile = trace.path[at];
            return Some((Traced::Tile(tile), &trace.path[low..high]));
        }
        #[allow(clippy::cast_possible_truncation)] // a path is shorter than the tile count
        let length = n.saturating_sub(1) as u32;
        let cost = if trace.flat {
            flat_path_cost(&trace.path)
        } else {
            path_cost(grid, &trace.path)
        };
        let path = std::mem::take(&mut trace.path);
        *self = Progress::Done(Some(path));
        let Progress::Done(Some(path)) = self else {
            return None;
        };
        Some((Traced::Found { length, cost }, &path[..high]))
    }

    /// The path, start first, once done.
    #[must_use]
    pub fn path(&self) -> Option<&[Pos]> {
        match self {
            Progress::Done(path) => path.as_deref(),
            _ => None,
        }
    }

    /// The path's tiles on the picture so far: those the trace has added (the goal end of
    /// the path), or the whole path once found; `None` while searching or without a path.
    #[must_use]
    pub fn drawn(&self) -> Option<&[Pos]> {
        match self {
            Progress::Tracing(trace) => Some(&trace.path[trace.low..]),
            Progress::Done(path) => path.as_deref(),
            Progress::Searching => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(mut progress: Progress, grid: &Grid) -> Vec<(SolveEvent, Vec<Pos>)> {
        std::iter::from_fn(|| progress.step(grid).map(|(e, new)| (e.into(), new.to_vec())))
            .collect()
    }

    #[test]
    fn every_tile_then_found_with_the_cost_of_the_terrain() {
        let grid = Grid::parse("S2E\n").expect("valid");
        let path: Vec<Pos> = (0..3).map(|c| Pos::new(0, c)).collect();
        let steps = run(Progress::Tracing(Trace::every_tile(path.clone())), &grid);
        let tiles: Vec<_> = steps.iter().map(|(_, new)| new.clone()).collect();
        assert_eq!(tiles, [vec![path[2]], vec![path[1]], vec![path[0]], vec![]]);
        assert_eq!(steps[0].0, SolveEvent::Trace { tile: path[2] });
        assert_eq!(
            steps[3].0,
            SolveEvent::Found {
                length: 2,
                cost: 30
            }
        );
    }

    #[test]
    fn flat_ground_reports_the_base_costs_of_the_moves() {
        let grid = Grid::parse("S  \n   \n  E\n").expect("valid");
        // East (10), south-east (14), south (10).
        let path = vec![
            Pos::new(0, 0),
            Pos::new(0, 1),
            Pos::new(1, 2),
            Pos::new(2, 2),
        ];
        let steps = run(
            Progress::Tracing(Trace::every_tile(path.clone()).on_flat_ground()),
            &grid,
        );
        let found = SolveEvent::Found {
            length: 3,
            cost: 34,
        };
        assert_eq!(steps.last().map(|(e, _)| *e), Some(found));
        assert_eq!(crate::solve::path_cost(&grid, &path), 34);
    }

    #[test]
    fn stops_add_their_segments_and_at_once_adds_everything() {
        let grid = Grid::parse("S   E\n").expect("valid");
        let path: Vec<Pos> = (0..5).map(|c| Pos::new(0, c)).collect();
        let steps = run(
            Progress::Tracing(Trace::at(path.clone(), vec![4, 1, 0])),
            &grid,
        );
        let tiles: Vec<_> = steps.iter().map(|(_, new)| new.clone()).collect();
        assert_eq!(
            tiles,
            [path[2..5].to_vec(), vec![path[1]], vec![path[0]], vec![]]
        );
        let once = run(Progress::Tracing(Trace::at_once(path.clone())), &grid);
        assert_eq!(
            once,
            [(
                SolveEvent::Found {
                    length: 4,
                    cost: 40
                },
                path
            )]
        );
    }
}
