//! `maze-tui generate`: a maze as text, JSON or a picture.

#[allow(clippy::wildcard_imports)]
use super::*;

/// `maze-tui generate`: generate (in the shape of `--mask` / `--mask-text` if given),
/// braid if asked, place S and E by `--ends`, and write the maze to `out`. A masked
/// maze's size is its mask's; with `--ends corners` its S and E go to the two ends of a
/// longest path ([`Maze::far_ends`]), and its text writes `X` outside the shape.
///
/// Text: (2H+1) lines of (2W+1) characters. JSON: one object
/// `{"width", "height", "seed", "algorithm", "braid" (if > 0), "cell_choice" (Growing Tree),
/// "bias" (Binary Tree), "ends" and "par" (unless `--ends corners`), "rows": ["#####", …]}`,
/// one row per line. Memory: with `--ends corners`, the maze (one byte per cell) and one
/// row, streamed (a masked maze also 5 bytes per cell for its far ends' search); with
/// another rule, also the tile grid (one byte per tile) and one
/// breadth-first search's distances (four bytes per tile). Byte-identical for the same
/// arguments.
///
/// # Errors
/// [`Error::Size`] / [`Error::TooLarge`] for bad sizes, [`Error::Invalid`] for a PNG over
/// [`crate::export::MAX_PNG_PIXELS`] (both checked before allocating); [`MaskArgs::load`]'s
/// errors; a generator that cannot carve a mask ([`Error::Invalid`]);
/// [`Error::Io`] when writing fails (a closed pipe is not an error).
pub fn generate(args: &GenerateArgs, out: &mut impl Write) -> Result<(), Error> {
    let (width, height) = check_size(args.width, args.height)?;
    let mask = args.shape.load(width, height)?;
    if args.format == Format::Png {
        let (w, h) = mask
            .as_ref()
            .map_or((width, height), |m| (m.width(), m.height()));
        let tiles = |cells: u32| 2 * u64::from(cells) + 1;
        crate::export::check_png(tiles(h), tiles(w), args.picture.style())?;
    }
    let options = args.field.apply(GenOptions {
        cell_choice: args.cell_choice,
        bias: args.bias.into(),
        ..GenOptions::default()
    });
    let (mut maze, _steps) =
        args.algorithm
            .generate_in(mask.as_ref(), width, height, args.seed, &options)?;
    if args.braid > 0.0 {
        braid::braid(&mut maze, args.braid, args.seed);
    }
    let placed = match args.field.ends(args.ends.rule()) {
        Ends::Corners => None,
        rule => {
            let mut grid = maze.to_grid();
            let placement = rule.place(&mut grid, args.seed);
            Some((grid, placement))
        }
    };
    finish(write_generated(args, &maze, placed.as_ref(), out))
}

/// Write `maze` as `args.format` asks; `placed` is its grid with S and E moved by a rule
/// other than `corners`, and where they went.
pub(super) fn write_generated(
    args: &GenerateArgs,
    maze: &Maze,
    placed: Option<&(Grid, Placement)>,
    out: &mut impl Write,
) -> io::Result<()> {
    match args.format {
        Format::Text => write_text(maze, placed, out)?,
        Format::Svg | Format::Png => {
            let grid = placed.map_or_else(|| maze.to_grid(), |(grid, _)| grid.clone());
            let picture = crate::export::Picture::of(
                &grid,
                crate::export::Layers::default(),
                args.picture.style(),
            );
            write_picture(&picture, args.format, out)?;
        }
        Format::Json => {
            let mut text =
                Vec::with_capacity(maze.tile_rows() as usize * (maze.tile_cols() as usize + 1));
            write_text(maze, placed, &mut text)?;
            let text = String::from_utf8(text).map_err(io::Error::other)?;
            let json = MazeJson {
                width: maze.width(),
                height: maze.height(),
                seed: args.seed,
                algorithm: args.algorithm.name(),
                braid: (args.braid > 0.0).then_some(args.braid),
                cell_choice: (args.algorithm == GeneratorKind::GrowingTree)
                    .then(|| args.cell_choice.label()),
                bias: (args.algorithm == GeneratorKind::BinaryTree)
                    .then(|| Bias::from(args.bias).label()),
                ends: placed.map(|(_, p)| p.ends.name()),
                par: placed.and_then(|(_, p)| p.par),
                rows: text.lines().collect(),
            };
            serde_json::to_writer(&mut *out, &json)?;
            out.write_all(b"\n")?;
        }
    }
    out.flush()
}

/// The text format of `maze`, or of its `placed` grid: straight from the cells when S and
/// E are where [`Maze::to_grid`] puts them, else from the grid.
fn write_text(
    maze: &Maze,
    placed: Option<&(Grid, Placement)>,
    out: &mut impl Write,
) -> io::Result<()> {
    match placed {
        Some((grid, _)) => grid.write_text(out, None),
        // Also a masked maze's: its outside and its far ends, straight from the cells.
        None => write_maze_text(maze, out),
    }
}

/// Write `picture` as SVG or PNG.
pub(super) fn write_picture(
    picture: &crate::export::Picture,
    format: Format,
    out: &mut impl Write,
) -> io::Result<()> {
    if format == Format::Png {
        let bytes = picture.png().map_err(io::Error::other)?;
        out.write_all(&bytes)
    } else {
        out.write_all(picture.svg().as_bytes())
    }
}

/// `generate -f json`: the maze's size, how it was made, and its text rows.
#[derive(serde::Serialize)]
struct MazeJson<'a> {
    width: u32,
    height: u32,
    seed: u64,
    algorithm: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    braid: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cell_choice: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bias: Option<&'a str>,
    /// The `--ends` rule, unless `corners`.
    #[serde(skip_serializing_if = "Option::is_none")]
    ends: Option<&'a str>,
    /// Moves a breadth-first search takes from S to E, unless `--ends corners`.
    #[serde(skip_serializing_if = "Option::is_none")]
    par: Option<u32>,
    rows: Vec<&'a str>,
}
