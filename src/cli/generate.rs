//! `maze-tui generate`: a maze as text, JSON or a picture.

#[allow(clippy::wildcard_imports)]
use super::*;

/// `maze-tui generate`: generate, braid if asked, and stream the maze to `out`.
///
/// Text: (2H+1) lines of (2W+1) characters. JSON: one object
/// `{"width", "height", "seed", "algorithm", "braid" (if > 0), "cell_choice" (Growing Tree),
/// "bias" (Binary Tree), "rows": ["#####", …]}`, one row per line. Memory: the maze (one byte per cell) and one
/// row; output is never held whole. Byte-identical for the same arguments.
///
/// # Errors
/// [`Error::Size`] / [`Error::TooLarge`] for bad sizes (checked before allocating);
/// [`Error::Io`] when writing fails (a closed pipe is not an error).
pub fn generate(args: &GenerateArgs, out: &mut impl Write) -> Result<(), Error> {
    let (width, height) = check_size(args.width, args.height)?;
    let options = GenOptions {
        cell_choice: args.cell_choice,
        bias: args.bias.into(),
    };
    let (mut maze, _steps) = args
        .algorithm
        .generate(width, height, args.seed, &options)?;
    if args.braid > 0.0 {
        braid::braid(&mut maze, args.braid, args.seed);
    }
    finish(write_generated(args, &maze, out))
}

pub(super) fn write_generated(
    args: &GenerateArgs,
    maze: &Maze,
    out: &mut impl Write,
) -> io::Result<()> {
    match args.format {
        Format::Text => write_maze_text(maze, out)?,
        Format::Svg | Format::Png => {
            let grid = maze.to_grid();
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
            write_maze_text(maze, &mut text)?;
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
                rows: text.lines().collect(),
            };
            serde_json::to_writer(&mut *out, &json)?;
            out.write_all(b"\n")?;
        }
    }
    out.flush()
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
    rows: Vec<&'a str>,
}
