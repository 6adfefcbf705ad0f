//! What the explorer reads of a [`Tree`]: each tile's mark, the inspector's fields (g, h,
//! f, came from), the current tile and the path.

use super::Tree;
use crate::Mark;
use crate::maze::Pos;
use crate::solve::nodes::TreeNodes;
use crate::solve::store::Store;
use crate::solve::tiles::Status;
use crate::teach::{Inspection, Record};

impl<K: Store, N: TreeNodes> Record for Tree<K, N> {
    fn mark(&self, tile: Pos) -> Mark {
        let Some(i) = self.tile(tile) else {
            return Mark::None;
        };
        match self.status(i) {
            Status::Path => Mark::Path,
            _ if self.current == Some(i) => Mark::Current,
            Status::Closed => Mark::Closed,
            Status::Open => Mark::Frontier,
            Status::Unreached => Mark::None,
        }
    }

    fn current(&self) -> Option<Pos> {
        self.current.map(|t| self.pos(t))
    }

    fn inspect(&self, tile: Pos) -> Inspection {
        let Some(i) = self.tile(tile) else {
            return Inspection::new("not reached");
        };
        let status = match self.status(i) {
            Status::Unreached => return Inspection::new("not reached"),
            Status::Open => "in the frontier (open)",
            Status::Closed => "expanded (closed)",
            Status::Path => "on the path",
        };
        let g = self.g(i);
        let mut inspection = Inspection::new(status).with("g", g);
        if let Some(h) = self.h(tile) {
            inspection = inspection.with("h", h).with("f", g.saturating_add(h));
        }
        match Record::came_from(self, tile) {
            Some(from) => inspection.with("came from", from),
            None => inspection.with("came from", "- (the start)"),
        }
    }

    fn came_from(&self, tile: Pos) -> Option<Pos> {
        let i = self.tile(tile)?;
        if !self.is_reached(i) {
            return None;
        }
        self.parent(i).map(|p| self.pos(p))
    }

    fn visited(&self) -> usize {
        self.closed
    }

    fn path(&self) -> Option<&[Pos]> {
        self.progress.path()
    }
}
