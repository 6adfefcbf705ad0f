//! Handing the walk to a [`Pilot`]: the AI escape from where the player stands (`A`), the
//! walker on a solver's traced path (`W`), its ticks and its pace.

use std::time::Duration;

use super::mode::Mode;
use super::pilot::{Pilot, Search};
use super::state::App;
use super::walk::{Walk, Walker};
use super::{Item, Stage};
use crate::solve::{SolveOptions, Solver, SolverKind};

impl App {
    /// `A` in walk mode: the AI walks from the player's tile to E along the route of the
    /// solver selected in the list (or the one at work; else A*), A* standing in when that
    /// solver finds none. Pressed again (or any move key), the player takes the walk back.
    pub(super) fn hand_to_ai(&mut self) {
        let kind = match self.items.get(self.selected) {
            Some(Item::Solve(kind)) => *kind,
            _ => self.active_solver().map_or(SolverKind::Astar, |(k, _)| k),
        };
        let options = self.config.solve_options;
        let Some(walk) = self.live_walk() else {
            self.status = Some("A: in walk mode (p), the AI walks on from where you stand".into());
            return;
        };
        if walk.pilot.take().is_some() {
            self.status = Some(format!("you have the walk back from {}", walk.pilot_name()));
            return;
        }
        if walk.reached() {
            self.status = Some("you are on E already (p: walk again)".to_owned());
            return;
        }
        let here = walk.player();
        let grid = walk.grid_from(here);
        let options = SolveOptions {
            moves: walk.moves,
            ..options
        };
        walk.hand_to(Pilot::escape(kind, &grid, options));
        self.status = Some(format!(
            "the AI takes over at {here}: {} searches",
            kind.title()
        ));
    }

    /// `W`: once a solver's path is traced, a walker follows it from S, one tile a tick
    /// (in walk mode, so a move key takes over and `A` hands it to the AI).
    pub(super) fn start_walker(&mut self) {
        let Stage::Solving { run, world, .. } = &self.stage else {
            self.status =
                Some("W: a walker follows a solver's path once it is traced (Enter, f)".into());
            return;
        };
        let search = run.machine();
        let Some(path) = search.solver().path() else {
            self.status = Some(format!(
                "W: {} has no path yet (f runs it to the end)",
                search.kind().title()
            ));
            return;
        };
        if !std::sync::Arc::ptr_eq(search.grid_arc(), &world.grid) {
            self.status = Some("the path is of the maze before the edit: Enter re-runs".into());
            return;
        }
        let options = *search.options();
        let mut walk = Walk::new(std::sync::Arc::clone(&world.grid), options.moves);
        walk.hand_to(Pilot::follow(
            search.kind(),
            &world.grid,
            path.to_vec(),
            options,
        ));
        let title = search.kind().title();
        self.status = Some(format!(
            "a walker on {title}'s path, {}/s (+/- pace)",
            walk.pace.per_second()
        ));
        self.mode = Mode::Walk(Box::new(walk));
        self.pan = (0, 0);
    }

    /// Search the AI's route in slices: say when it is found, when A* stands in, or when
    /// E cannot be reached.
    pub(super) fn search_route(&mut self, out_of_time: impl FnMut() -> bool) {
        let Mode::Walk(walk) = &mut self.mode else {
            return;
        };
        let Some(pilot) = &mut walk.pilot else {
            return;
        };
        let asked = pilot.kind.title();
        match pilot.search(out_of_time) {
            Search::Pending => {}
            Search::Found => {
                walk.pace.restart();
                let moves = pilot.length().unwrap_or(0);
                self.status = Some(format!(
                    "the AI walks {}: {moves} moves, {}/s",
                    pilot.whose(),
                    walk.pace.per_second()
                ));
            }
            Search::Fallback => {
                self.status = Some(format!("{asked} found no route from here: A* searches"));
            }
            Search::NoRoute => {
                walk.pilot = None;
                self.status = Some("E cannot be reached from here: the walk is yours".into());
            }
        }
    }

    /// Whether the route of the walk's pilot is being searched.
    #[must_use]
    pub fn route_pending(&self) -> bool {
        matches!(&self.mode, Mode::Walk(walk) if walk.pilot.as_ref().is_some_and(Pilot::searching))
    }

    /// Whether a pilot walks: the event loop ticks the app while one does.
    #[must_use]
    pub fn piloting(&self) -> bool {
        matches!(&self.mode, Mode::Walk(walk) if walk.pilot.as_ref().is_some_and(|p| !p.searching()))
    }

    /// A tick of `dt` for the pilot (`Update(deltaTick)`): the tiles its pace owes, along
    /// its route; on E it hands back with the walk's verdict. Returns whether it moved.
    pub(super) fn walk_tick(&mut self, dt: Duration) -> bool {
        if !self.piloting() {
            return false;
        }
        let Some(walk) = self.live_walk() else {
            return false;
        };
        let Some(mut pilot) = walk.pilot.take() else {
            return false;
        };
        let mut moved = false;
        for _ in 0..walk.pace.due(dt) {
            let Some(next) = pilot.next() else { break };
            let at = walk.player();
            let by = (
                i32::try_from(i64::from(next.row) - i64::from(at.row)).unwrap_or(0),
                i32::try_from(i64::from(next.col) - i64::from(at.col)).unwrap_or(0),
            );
            if !walk.step(by, Walker::Pilot) {
                break;
            }
            pilot.advance();
            moved = true;
        }
        let done = walk.reached() || pilot.next().is_none();
        walk.pilot = Some(pilot);
        if done {
            walk.pilot = None;
            // Short, so the key bar keeps its keys; the stats and the log compare it.
            self.status = Some(format!(
                "{} reached E: {} moves ({} by {0}), cost {}",
                walk.pilot_name(),
                walk.moves(),
                walk.pilot_moves,
                walk.cost()
            ));
        }
        moved
    }

    /// `+` / `-` in walk mode: the pilot's pace.
    pub(super) fn change_pace(&mut self, faster: bool, by: usize) {
        let Mode::Walk(walk) = &mut self.mode else {
            return;
        };
        if faster {
            walk.pace.faster(by);
        } else {
            walk.pace.slower(by);
        }
        let who = walk.pilot_name().trim_start_matches("the ");
        self.status = Some(format!("{who}'s pace: {}", walk.pace.label()));
    }

    /// Esc while a pilot walks: the player takes the walk back. Returns whether one did.
    pub(super) fn stop_pilot(&mut self) -> bool {
        let Mode::Walk(walk) = &mut self.mode else {
            return false;
        };
        if walk.pilot.take().is_none() {
            return false;
        }
        self.status = Some(format!("you have the walk back from {}", walk.pilot_name()));
        true
    }
}
