//! `maze-tui quiz`: rounds of "which algorithm made this?" — a finished maze from a hidden
//! generator, or a finished search from a hidden solver, four choices, then the signature
//! that gives it away (dead-end share, corridor texture, explored shape). Plain lines on
//! standard input and output, so it runs in any terminal or over a pipe.

#[allow(clippy::wildcard_imports)]
use super::*;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};

use crate::solve::Solver;
use crate::teach::Teach;

/// Options of `maze-tui quiz`.
#[derive(Clone, Debug, Args)]
pub struct QuizArgs {
    /// Rounds to play
    #[arg(long, value_name = "N", default_value = "5")]
    pub rounds: u32,
    /// Seed of the rounds (the same seed asks the same rounds) [default: from the clock]
    #[arg(long, value_name = "SEED", value_parser = parse_seed)]
    pub seed: Option<u64>,
}

/// Generators with a signature a learner can read off a small maze, and the signature.
const GENERATORS: [(GeneratorKind, &str); 8] = [
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
const SOLVERS: [(SolverKind, &str); 6] = [
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

/// Four choices: `answer` and three others of `all`, shuffled.
fn choices<T: Copy + PartialEq>(answer: T, all: &[T], rng: &mut impl Rng) -> Vec<T> {
    let mut others: Vec<T> = all.iter().copied().filter(|&k| k != answer).collect();
    others.shuffle(rng);
    let mut four: Vec<T> = others.into_iter().take(3).collect();
    four.push(answer);
    four.shuffle(rng);
    four
}

/// Play `args.rounds` rounds, reading answers (a letter a-d) from `input`, writing to
/// `out`. Returns the number answered right.
///
/// # Errors
/// [`Error::Io`] when `out` cannot be written.
pub fn quiz(
    args: &QuizArgs,
    input: &mut impl io::BufRead,
    out: &mut impl Write,
) -> Result<u32, Error> {
    let io = |e: io::Error| Error::Io(format!("cannot write: {e}"));
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut right = 0;
    for round in 1..=args.rounds {
        let maze_seed = rng.random_range(0..1_000_000);
        let solver_round = rng.random_bool(0.5);
        let (picture, names, answer, signature, what) = if solver_round {
            let &(kind, signature) = SOLVERS.choose(&mut rng).unwrap_or(&SOLVERS[0]);
            let (mut maze, _) = GeneratorKind::RecursiveBacktracker.generate(
                16,
                8,
                maze_seed,
                &GenOptions::default(),
            )?;
            braid::braid(&mut maze, 0.5, maze_seed);
            let grid = maze.to_grid();
            let mut solver = kind.build(&grid, &SolveOptions::default());
            let solution = solver.run(&grid);
            // The path as `*`, other tiles the search touched as `.`, S and E kept.
            let path = solution.path.as_deref().unwrap_or_default();
            let mut lines: Vec<Vec<char>> = grid
                .to_text(None)
                .lines()
                .map(|l| l.chars().collect())
                .collect();
            for (r, line) in (0u32..).zip(lines.iter_mut()) {
                for (c, ch) in (0u32..).zip(line.iter_mut()) {
                    let tile = Pos::new(r, c);
                    if *ch != ' ' {
                        continue;
                    }
                    if path.contains(&tile) {
                        *ch = '*';
                    } else if solver.mark(tile) != crate::Mark::None {
                        *ch = '.';
                    }
                }
            }
            let text: String = lines
                .into_iter()
                .map(|l| l.into_iter().collect::<String>() + "\n")
                .collect();
            let kinds: Vec<SolverKind> = SOLVERS.iter().map(|(k, _)| *k).collect();
            let four = choices(kind, &kinds, &mut rng);
            let names: Vec<&str> = four.iter().map(|k| k.name()).collect();
            let at = four.iter().position(|&k| k == kind).unwrap_or(0);
            let what = format!(
                "expanded {} tiles, path {} moves",
                solution.visited, solution.length
            );
            (text, names, at, signature, what)
        } else {
            let &(kind, signature) = GENERATORS.choose(&mut rng).unwrap_or(&GENERATORS[0]);
            let (maze, _) = kind.generate(16, 8, maze_seed, &GenOptions::default())?;
            let mut text = Vec::new();
            write_maze_text(&maze, &mut text).map_err(io)?;
            let kinds: Vec<GeneratorKind> = GENERATORS.iter().map(|(k, _)| *k).collect();
            let four = choices(kind, &kinds, &mut rng);
            let names: Vec<&str> = four.iter().map(|k| k.name()).collect();
            let at = four.iter().position(|&k| k == kind).unwrap_or(0);
            let share = maze_stats::dead_end_share(&maze) * 100.0;
            let what = format!("dead ends {share:.0}% of the cells");
            (
                String::from_utf8_lossy(&text).into_owned(),
                names,
                at,
                signature,
                what,
            )
        };
        let thing = if solver_round {
            "search (. explored, * path)"
        } else {
            "maze"
        };
        writeln!(
            out,
            "round {round}/{}: which algorithm made this {thing}?",
            args.rounds
        )
        .map_err(io)?;
        write!(out, "{picture}").map_err(io)?;
        for (i, name) in names.iter().enumerate() {
            writeln!(
                out,
                "  {}) {name}",
                char::from(b'a' + u8::try_from(i).unwrap_or(0))
            )
            .map_err(io)?;
        }
        write!(out, "your answer (a-d): ").map_err(io)?;
        out.flush().map_err(io)?;
        let mut line = String::new();
        if input.read_line(&mut line).unwrap_or(0) == 0 {
            writeln!(out).map_err(io)?;
            break;
        }
        let chosen = line
            .trim()
            .chars()
            .next()
            .map(|c| usize::from(c as u8).wrapping_sub(usize::from(b'a')));
        let verdict = if chosen == Some(answer) {
            right += 1;
            "right"
        } else {
            "wrong"
        };
        writeln!(out, "{verdict}: {} — {signature} ({what})\n", names[answer]).map_err(io)?;
    }
    writeln!(
        out,
        "{right}/{} right (seed {seed}: --seed {seed} asks the same rounds)",
        args.rounds
    )
    .map_err(io)?;
    Ok(right)
}
