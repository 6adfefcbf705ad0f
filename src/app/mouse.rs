//! What a mouse click hits: a row of the algorithm list, a tile of the maze, a side tab.

use super::state::{App, Item};
use super::viewport::{self, Pane};
use crate::maze::Pos;

impl App {
    /// A click at terminal cell `(x, y)`: on the list, select and run that row; on a tab,
    /// show it; on the maze, move the start (left button) or the goal (right button) of a
    /// complete maze to that open tile — a running solver restarts from there.
    pub(super) fn click(&mut self, x: u16, y: u16, right: bool) {
        let Some(areas) = self.areas() else {
            return;
        };
        let pos = ratatui::layout::Position::new(x, y);
        if let Some((bar, _)) = areas.tabs
            && bar.contains(pos)
        {
            let mut left = bar.x;
            for pane in areas.tabbed() {
                let width = u16::try_from(pane.tab().len()).unwrap_or(0) + 3;
                if x < left + width {
                    self.tab = pane;
                    return;
                }
                left += width;
            }
            return;
        }
        let list = match areas.tabs {
            Some((_, body)) if areas.tab_shown(self.tab) == Some(Pane::List) => Some(body),
            _ => areas.pane(Pane::List),
        };
        if let Some(list) = list.map(viewport::inner)
            && list.contains(pos)
        {
            let i = self.list_offset(list.height) + usize::from(y - list.y);
            if let Some(&item) = self.items.get(i)
                && !matches!(item, Item::GenHeader | Item::SolveHeader)
            {
                self.selected = i;
                self.run_selected();
            }
            return;
        }
        let inner = viewport::inner(areas.maze);
        let hit = match self.whole_fit() {
            Some(fit) => fit.tile_at(x, y),
            None => viewport::tile_at(self.view, inner, self.scroll, x, y),
        };
        let Some((row, col)) = hit else {
            return;
        };
        let tile = Pos::new(row, col);
        if self.quiz_click(tile) {
            return;
        }
        if !self.stage.is_open(tile) || self.stage.grid().is_none() {
            if self.stage.grid().is_none() {
                self.status =
                    Some("the start and goal can be moved once the maze is complete".to_owned());
            }
            return;
        }
        let what = if right { "goal" } else { "start" };
        self.status = Some(format!("{what} moved to {tile}"));
        if right {
            self.move_ends(None, Some(tile));
        } else {
            self.move_ends(Some(tile), None);
        }
    }
}
