//! `maze-tui quiz`: rounds of "which algorithm made this?" ([`crate::teach::guess`]) — a
//! finished maze from a hidden generator, or a finished search from a hidden solver, four
//! choices, then the signature that gives it away. On a terminal the explorer plays them
//! full-screen ([`crate::app::guess`]); otherwise (a pipe, a file, a script) [`quiz`] plays
//! them as plain lines on standard input and output.

#[allow(clippy::wildcard_imports)]
use super::*;

use crate::teach::guess::Game;

/// Options of `maze-tui quiz`.
#[derive(Clone, Debug, Args)]
pub struct QuizArgs {
    /// Rounds to play (at least 1)
    #[arg(long, value_name = "N", default_value = "5", value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: u32,
    /// Seed of the rounds (the same seed asks the same rounds) [default: from the clock]
    #[arg(long, value_name = "SEED", value_parser = parse_seed)]
    pub seed: Option<u64>,
}

/// Play the rounds in the explorer when standard input and output are a terminal, else
/// as lines ([`quiz`]); after the explorer, print the score line on `out`.
///
/// # Errors
/// As [`quiz`]; the explorer's errors.
pub fn quiz_command(args: &QuizArgs, out: &mut impl Write) -> Result<(), Error> {
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        return quiz(args, &mut io::stdin().lock(), out).map(drop);
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut config = tui_config(&TuiArgs::default(), std::env::var_os("NO_COLOR"))?;
    config.guess = Some(Game::new(args.rounds, seed)?);
    if let Some(app) = crate::tui::run(config)?
        && let Some(game) = &app.config.guess
    {
        writeln!(out, "{}", game.score()).map_err(|e| Error::Io(format!("cannot write: {e}")))?;
    }
    Ok(())
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
    let mut game = Game::new(args.rounds, seed)?;
    loop {
        let round = &game.round;
        let thing = if round.solver.is_some() {
            "search (. explored, * path)"
        } else {
            "maze"
        };
        writeln!(
            out,
            "round {}/{}: which algorithm made this {thing}?",
            game.number, game.rounds
        )
        .map_err(io)?;
        write!(out, "{}", round.picture).map_err(io)?;
        for (letter, name) in ('a'..).zip(&round.names) {
            writeln!(out, "  {letter}) {name}").map_err(io)?;
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
            .and_then(|c| ('a'..='d').position(|l| l == c))
            .unwrap_or(usize::MAX);
        game.answer(chosen);
        writeln!(out, "{}\n", game.round.verdict(chosen)).map_err(io)?;
        if !game.next_round()? {
            break;
        }
    }
    writeln!(out, "{}", game.score()).map_err(io)?;
    Ok(game.right)
}
