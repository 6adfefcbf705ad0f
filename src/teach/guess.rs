//! "Which algorithm made this?": rounds that each show a finished maze from a hidden
//! generator, or a finished search from a hidden solver on a braided maze, with four
//! choices; the answer names the signature that gives the algorithm away (dead-end share,
//! corridor texture, explored shape) with a measure of this maze. The explorer plays the
//! rounds full-screen ([`crate::app::guess`]); `maze-tui quiz` without a terminal plays
//! them as plain lines. Nothing here draws.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::generate::{GenOptions, GeneratorKind, braid};
use crate::maze::{Grid, Pos, stats as maze_stats, write_maze_text};
use crate::solve::{SolveOptions, Solver, SolverKind};
use crate::teach::Teach;

/// Generators with a signature a learner can read off a small maze, and the signature.
pub const GENERATORS: [(GeneratorKind, &str); 8] = [
    (
        GeneratorKind::BinaryTree,
        "two unbroken corridors along two sides, and every path runs diagonally towards that corner",
    ),
    (
        GeneratorKind::Sidewinder,
        "one unbroken corridor along the top row; the rest runs in horizontal runs joined upwards",
    ),
    (
        GeneratorKind::RecursiveBacktracker,
        "long winding corridors and few dead ends (about a tenth of the cells): a depth-first walk",
    ),
    (
        GeneratorKind::Prim,
        "many short dead ends radiating from where it began (about a third of the cells)",
    ),
    (
        GeneratorKind::Kruskal,
        "many short dead ends all over, no direction favoured: walls removed in random order",
    ),
    (
        GeneratorKind::AldousBroder,
        "a uniform spanning tree: short dead ends everywhere, no bias at all",
    ),
    (
        GeneratorKind::HuntAndKill,
        "long corridors like the backtracker's, but joined by short ones found row by row",
    ),
    (
        GeneratorKind::RecursiveDivision,
        "long straight walls cutting the maze into rooms, each with one door",
    ),
];

/// Solvers with a signature on a braided maze, and the signature.
pub const SOLVERS: [(SolverKind, &str); 6] = [
    (
        SolverKind::Bfs,
        "it explored a round wave from S, every tile nearer than E, and found the fewest moves",
    ),
    (
        SolverKind::Dfs,
        "it ran down single corridors, explored on one side, and its path wanders",
    ),
    (
        SolverKind::Astar,
        "it explored a narrow band between S and E and found the cheapest path",
    ),
    (
        SolverKind::GreedyBestFirst,
        "it rushed straight at E, explored very little, and its path need not be the shortest",
    ),
    (
        SolverKind::WallFollower,
        "it explored nothing but its own walk, keeping one hand on the wall",
    ),
    (
        SolverKind::DeadEndFilling,
        "it filled every dead end until only the corridors of the solution were left",
    ),
];

/// The size of a round's maze, in cells.
pub const SIZE: (u32, u32) = (16, 8);

/// Four choices: `answer` and three others of `all`, shuffled.
fn four<T: Copy + PartialEq>(answer: T, all: &[T], rng: &mut impl Rng) -> Vec<T> {
    let mut others: Vec<T> = all.iter().copied().filter(|&k| k != answer).collect();
    others.shuffle(rng);
    let mut four: Vec<T> = others.into_iter().take(3).collect();
    four.push(answer);
    four.shuffle(rng);
    four
}

/// One round: the maze, the hidden algorithm among four names, and what gives it away.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    /// The finished maze (a solver round's is braided: half its dead ends opened).
    pub grid: Grid,
    /// The hidden solver of a search round (run it on `grid` to see its search); `None`
    /// for a maze round, whose generator made `grid`.
    pub solver: Option<SolverKind>,
    /// The four names offered, `a` to `d`.
    pub names: Vec<&'static str>,
    /// The index in `names` of the hidden algorithm.
    pub answer: usize,
    /// What gives it away.
    pub signature: &'static str,
    /// A measure of this maze or search: `dead ends 31% of the cells`, `expanded 233
    /// tiles, path 96 moves`.
    pub measure: String,
    /// The round as text: the maze, a search's explored tiles as `.` and its path as `*`.
    pub picture: String,
}

impl Round {
    /// Draw a round from `rng`. O(cells).
    ///
    /// # Errors
    /// None in practice: the generators take the fixed [`SIZE`].
    pub fn draw(rng: &mut impl Rng) -> Result<Self, crate::Error> {
        let maze_seed = rng.random_range(0..1_000_000);
        let (w, h) = SIZE;
        if rng.random_bool(0.5) {
            let &(kind, signature) = SOLVERS.choose(rng).unwrap_or(&SOLVERS[0]);
            let (mut maze, _) = GeneratorKind::RecursiveBacktracker.generate(
                w,
                h,
                maze_seed,
                &GenOptions::default(),
            )?;
            braid::braid(&mut maze, 0.5, maze_seed);
            let grid = maze.to_grid();
            let mut solver = kind.build(&grid, &SolveOptions::default());
            let solution = solver.run(&grid);
            let picture =
                search_picture(&grid, solution.path.as_deref().unwrap_or_default(), |t| {
                    solver.mark(t) != crate::Mark::None
                });
            let kinds: Vec<SolverKind> = SOLVERS.iter().map(|(k, _)| *k).collect();
            let four = four(kind, &kinds, rng);
            Ok(Self {
                grid,
                solver: Some(kind),
                names: four.iter().map(|k| k.title()).collect(),
                answer: four.iter().position(|&k| k == kind).unwrap_or(0),
                signature,
                measure: format!(
                    "expanded {} tiles, path {} moves",
                    solution.visited, solution.length
                ),
                picture,
            })
        } else {
            let &(kind, signature) = GENERATORS.choose(rng).unwrap_or(&GENERATORS[0]);
            let (maze, _) = kind.generate(w, h, maze_seed, &GenOptions::default())?;
            let mut text = Vec::new();
            write_maze_text(&maze, &mut text)
                .map_err(|e| crate::Error::Io(format!("cannot write: {e}")))?;
            let kinds: Vec<GeneratorKind> = GENERATORS.iter().map(|(k, _)| *k).collect();
            let four = four(kind, &kinds, rng);
            let share = maze_stats::dead_end_share(&maze) * 100.0;
            Ok(Self {
                grid: maze.to_grid(),
                solver: None,
                names: four.iter().map(|k| k.title()).collect(),
                answer: four.iter().position(|&k| k == kind).unwrap_or(0),
                signature,
                measure: format!("dead ends {share:.0}% of the cells"),
                picture: String::from_utf8_lossy(&text).into_owned(),
            })
        }
    }

    /// What the round asks.
    #[must_use]
    pub fn ask(&self) -> &'static str {
        if self.solver.is_some() {
            "which algorithm made this search?"
        } else {
            "which algorithm made this maze?"
        }
    }

    /// The verdict on choice `chosen`: `right: kruskal — many short dead ends … (dead
    /// ends 31% of the cells)`, or `wrong: …` naming the hidden one.
    #[must_use]
    pub fn verdict(&self, chosen: usize) -> String {
        let word = if chosen == self.answer {
            "right"
        } else {
            "wrong"
        };
        let name = self.names.get(self.answer).copied().unwrap_or_default();
        format!("{word}: {name} — {} ({})", self.signature, self.measure)
    }
}

/// `grid` as text with the `path` as `*` and the other tiles `touched` as `.`.
fn search_picture(grid: &Grid, path: &[Pos], touched: impl Fn(Pos) -> bool) -> String {
    let mut out = String::new();
    for (r, line) in (0u32..).zip(grid.to_text(None).lines()) {
        for (c, ch) in (0u32..).zip(line.chars()) {
            let tile = Pos::new(r, c);
            out.push(match ch {
                ' ' if path.contains(&tile) => '*',
                ' ' if touched(tile) => '.',
                other => other,
            });
        }
        out.push('\n');
    }
    out
}

/// A game of rounds: the round shown, the answer given to it, the score.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// Rounds in the game.
    pub rounds: u32,
    /// The seed the rounds are drawn from (the same seed, the same rounds).
    pub seed: u64,
    rng: ChaCha8Rng,
    /// The round shown, from 1.
    pub number: u32,
    /// The round shown.
    pub round: Round,
    /// The choice given to it, once answered.
    pub chosen: Option<usize>,
    /// Rounds answered right.
    pub right: u32,
}

impl Game {
    /// A game of `rounds` rounds drawn from `seed`, showing the first.
    ///
    /// # Errors
    /// As [`Round::draw`].
    pub fn new(rounds: u32, seed: u64) -> Result<Self, crate::Error> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let round = Round::draw(&mut rng)?;
        Ok(Self {
            rounds: rounds.max(1),
            seed,
            rng,
            number: 1,
            round,
            chosen: None,
            right: 0,
        })
    }

    /// Answer the round shown with choice `index` (0–3; any other is wrong); `None` when
    /// it is answered already, else whether it was right.
    pub fn answer(&mut self, index: usize) -> Option<bool> {
        if self.chosen.is_some() {
            return None;
        }
        self.chosen = Some(index);
        let right = index == self.round.answer;
        self.right += u32::from(right);
        Some(right)
    }

    /// Whether the round shown is the last and answered.
    #[must_use]
    pub fn over(&self) -> bool {
        self.chosen.is_some() && self.number >= self.rounds
    }

    /// Go on to the next round once the one shown is answered; returns whether it did.
    ///
    /// # Errors
    /// As [`Round::draw`].
    pub fn next_round(&mut self) -> Result<bool, crate::Error> {
        if self.chosen.is_none() || self.over() {
            return Ok(false);
        }
        self.round = Round::draw(&mut self.rng)?;
        self.number += 1;
        self.chosen = None;
        Ok(true)
    }

    /// The final line: `3/5 right (seed 7: --seed 7 asks the same rounds)`.
    #[must_use]
    pub fn score(&self) -> String {
        format!(
            "{}/{} right (seed {}: --seed {} asks the same rounds)",
            self.right, self.rounds, self.seed, self.seed
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_scores_its_rounds_and_ends() {
        let mut game = Game::new(2, 5).expect("rounds");
        assert_eq!(game.round.names.len(), 4);
        assert_eq!(game.next_round().ok(), Some(false), "not answered yet");
        let answer = game.round.answer;
        assert_eq!(game.answer(answer), Some(true));
        assert_eq!(game.answer(answer), None, "answered once");
        assert!(game.round.verdict(answer).starts_with("right: "));
        assert_eq!(game.next_round().ok(), Some(true));
        assert_eq!(game.number, 2);
        let wrong = (game.round.answer + 1) % 4;
        assert_eq!(game.answer(wrong), Some(false));
        assert!(game.over());
        assert_eq!(game.next_round().ok(), Some(false));
        assert!(game.score().starts_with("1/2 right (seed 5"));
    }
}
