//! `maze-tui solve`: a text maze solved from `S` to `E`, as text, JSON or a picture.

#[allow(clippy::wildcard_imports)]
use super::*;

/// `maze-tui solve` on a parsed grid: run the solver from `S` to `E` and write the result.
///
/// Text: the maze with the path marked `.` (S and E kept). JSON: one line
/// `{"algorithm", "path": [[row, col], …] (tiles, S first, E last), "length" (moves),
/// "cost" (10 per orthogonal, 14 per diagonal move), "visited" (tiles)}`.
///
/// # Errors
/// [`Error::NoPath`] when `E` cannot be reached (nothing is written to `out`),
/// [`Error::GaveUp`] when the solver stopped without an answer (the wall follower on a loop),
/// or when writing fails (a closed pipe is not an error); [`Error::Invalid`] for a PNG over
/// [`crate::export::MAX_PNG_PIXELS`] (checked before solving).
pub fn solve(args: &SolveArgs, grid: &Grid, out: &mut impl Write) -> Result<(), Error> {
    if args.format == Format::Png {
        let (rows, cols) = (u64::from(grid.rows()), u64::from(grid.cols()));
        crate::export::check_png(rows, cols, args.picture.style())?;
    }
    let options = args.search.options(args.seed);
    let solution = args.algorithm.solve(grid, &options);
    if let crate::solve::Outcome::GaveUp(reason) = solution.outcome {
        return Err(Error::GaveUp {
            solver: args.algorithm.name(),
            reason,
        });
    }
    let Some(path) = solution.path.as_deref() else {
        return Err(Error::NoPath {
            start: grid.start(),
            goal: grid.goal(),
            solver: args.algorithm.name(),
            visited: solution.visited,
        });
    };
    let result = match args.format {
        Format::Text => grid.write_text(out, Some(path)),
        Format::Json => write_solution_json(args.algorithm, path, &solution, out),
        Format::Svg | Format::Png => {
            let explored = args
                .show
                .contains(&Show::Explored)
                .then(|| explored_tiles(args.algorithm, grid, &options));
            let heat = args
                .show
                .contains(&Show::Heat)
                .then(|| crate::maze::stats::tile_distances(grid, grid.start()));
            let layers = crate::export::Layers {
                path: Some(path),
                explored: explored.as_deref(),
                heat: heat.as_deref(),
            };
            let picture = crate::export::Picture::of(grid, layers, args.picture.style());
            write_picture(&picture, args.format, out)
        }
    };
    finish(result.and_then(|()| out.flush()))
}

/// Per tile: whether `kind` expanded or reached it on its way to the end.
pub(super) fn explored_tiles(kind: SolverKind, grid: &Grid, options: &SolveOptions) -> Vec<bool> {
    use crate::solve::Solver;
    use crate::teach::Teach;
    let mut solver = kind.build_in::<crate::solve::Flat>(grid, options);
    while solver.step(grid).is_some() {}
    (0..grid.len())
        .map(|i| solver.mark(grid.pos(i)) != crate::Mark::None)
        .collect()
}

pub(super) fn write_solution_json(
    algorithm: SolverKind,
    path: &[Pos],
    solution: &crate::solve::Solution,
    out: &mut impl Write,
) -> io::Result<()> {
    #[derive(serde::Serialize)]
    struct Report<'a> {
        algorithm: &'a str,
        path: TilePath<'a>,
        length: u32,
        cost: u32,
        visited: usize,
    }
    struct TilePath<'a>(&'a [Pos]);
    impl serde::Serialize for TilePath<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(self.0.iter().map(|p| [p.row, p.col]))
        }
    }
    serde_json::to_writer(
        &mut *out,
        &Report {
            algorithm: algorithm.name(),
            path: TilePath(path),
            length: solution.length,
            cost: solution.cost,
            visited: solution.visited,
        },
    )?;
    out.write_all(b"\n")
}
