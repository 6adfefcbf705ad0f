//! `maze-tui stats`: generators compared over many mazes, as in *Mazes for
//! Programmers*.

#[allow(clippy::wildcard_imports)]
use super::*;

/// One generator's figures over all runs of [`stats`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GeneratorStats {
    /// Mean share of cells that are dead ends, in percent.
    pub dead_end_percent: f64,
    /// Mean moves from the top-left to the bottom-right cell (`None` if never connected).
    pub solution_mean: Option<f64>,
    /// With a rule other than `corners`: the mean par, moves a breadth-first search takes
    /// from S to E, in **tiles** (`None` with `corners`, or if E was never reachable).
    pub par_mean: Option<f64>,
    /// Mean longest path (diameter) in moves.
    pub longest_mean: f64,
    /// Largest longest path over the runs, in moves.
    pub longest_max: u32,
    /// Mean wall time to generate one maze, in milliseconds.
    pub ms_per_maze: f64,
}

/// Measure `kind` over `runs` mazes of `width × height` cells with seeds `seed`,
/// `seed + 1`, … (wrapping), S and E placed by `ends` (each maze's seed drawing for it).
/// Time per maze covers generation only. Memory: one maze at a time, and with a rule other
/// than `corners` its tile grid and distances. O(runs × cells).
///
/// # Errors
/// As [`GeneratorKind::generate`].
#[allow(clippy::too_many_arguments)]
pub fn measure(
    kind: GeneratorKind,
    mask: Option<&crate::maze::Mask>,
    width: u32,
    height: u32,
    runs: u32,
    seed: u64,
    options: &GenOptions,
    ends: Ends,
) -> Result<GeneratorStats, Error> {
    let (mut dead, mut longest_sum, mut longest_max, mut secs) = (0.0, 0.0, 0, 0.0);
    let (mut solution_sum, mut solved) = (0.0, 0u32);
    let (mut par_sum, mut pars) = (0.0, 0u32);
    for i in 0..runs {
        let started = Instant::now();
        let maze_seed = seed.wrapping_add(u64::from(i));
        let (maze, _) = kind.generate_in(mask, width, height, maze_seed, options)?;
        secs += started.elapsed().as_secs_f64();
        if ends != Ends::Corners
            && let Some(par) = ends.place(&mut maze.to_grid(), maze_seed).par
        {
            par_sum += f64::from(par);
            pars += 1;
        }
        dead += maze_stats::dead_end_share(&maze);
        if let Some(len) = maze_stats::solution_length(&maze) {
            solution_sum += f64::from(len);
            solved += 1;
        }
        let longest = maze_stats::longest_path(&maze);
        longest_sum += f64::from(longest);
        longest_max = longest_max.max(longest);
    }
    let n = f64::from(runs.max(1));
    Ok(GeneratorStats {
        dead_end_percent: 100.0 * dead / n,
        solution_mean: (solved > 0).then(|| solution_sum / f64::from(solved)),
        par_mean: (pars > 0).then(|| par_sum / f64::from(pars)),
        longest_mean: longest_sum / n,
        longest_max,
        ms_per_maze: 1000.0 * secs / n,
    })
}

/// `maze-tui stats`: the *Mazes for Programmers* comparison table, one row per generator
/// (or only `--algorithm`): mean dead-end share (%), mean solution length (top-left to
/// bottom-right, moves), mean and max longest path (moves), mean milliseconds per maze.
/// With `--ends` other than `corners`, the header names the rule and the solution column
/// becomes `par`: the mean moves a breadth-first search takes from S to E, counted in
/// tiles (one cell to the next is two).
///
/// # Errors
/// As [`check_size`]; [`Error::Io`] when writing fails (a closed pipe is not an error).
pub fn stats(args: &StatsArgs, out: &mut impl Write) -> Result<(), Error> {
    let (width, height) = check_size(args.width, args.height)?;
    let options = args.field.apply(GenOptions {
        cell_choice: args.cell_choice,
        bias: args.bias.into(),
        ..GenOptions::default()
    });
    let mask = args.shape.load(width, height)?;
    let kinds: Vec<GeneratorKind> = match args.algorithm {
        Some(kind) => vec![kind],
        // In a shape, only the generators that can carve one.
        None => GeneratorKind::ALL
            .iter()
            .copied()
            .filter(|k| mask.is_none() || k.carves_any_shape())
            .collect(),
    };
    let (width, height) = mask
        .as_ref()
        .map_or((width, height), |m| (m.width(), m.height()));
    let name_w = kinds
        .iter()
        .map(|k| k.name().len())
        .max()
        .unwrap_or(0)
        .max("generator".len());
    let last_seed = args.seed.wrapping_add(u64::from(args.runs) - 1);
    let ends = args.field.ends(args.ends.rule());
    let (rule, solution) = match ends {
        Ends::Corners => (String::new(), "solution"),
        rule => (
            format!(
                ", ends {}: par = BFS moves from S to E in tiles (2 per cell)",
                rule.name()
            ),
            "par",
        ),
    };
    let header = (|| {
        writeln!(
            out,
            "{width}x{height} cells, {} runs per generator, seeds {}..={last_seed}{rule}",
            args.runs, args.seed
        )?;
        writeln!(
            out,
            "{:<name_w$}  {:>10}  {:>8}  {:>7}  {:>11}  {:>9}",
            "generator", "dead-ends%", solution, "longest", "longest-max", "ms/maze"
        )?;
        out.flush()
    })();
    finish(header)?;
    for kind in kinds {
        let s = measure(
            kind,
            mask.as_ref(),
            width,
            height,
            args.runs,
            args.seed,
            &options,
            ends,
        )?;
        let mean = if ends == Ends::Corners {
            s.solution_mean
        } else {
            s.par_mean
        };
        let solution = mean.map_or_else(|| "-".to_owned(), |m| format!("{m:.1}"));
        let row = (|| {
            writeln!(
                out,
                "{:<name_w$}  {:>10.1}  {:>8}  {:>7.1}  {:>11}  {:>9.3}",
                kind.name(),
                s.dead_end_percent,
                solution,
                s.longest_mean,
                s.longest_max,
                s.ms_per_maze
            )?;
            out.flush()
        })();
        // A closed pipe: stop measuring, nobody reads the rest.
        if let Err(e) = row {
            return finish(Err(e));
        }
    }
    Ok(())
}
