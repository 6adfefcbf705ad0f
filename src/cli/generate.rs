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
            write!(
                out,
                "{{\"width\":{},\"height\":{},\"seed\":{},\"algorithm\":",
                maze.width(),
                maze.height(),
                args.seed
            )?;
            serde_json::to_writer(&mut *out, args.algorithm.name())?;
            if args.braid > 0.0 {
                out.write_all(b",\"braid\":")?;
                serde_json::to_writer(&mut *out, &args.braid)?;
            }
            if args.algorithm == GeneratorKind::GrowingTree {
                out.write_all(b",\"cell_choice\":")?;
                serde_json::to_writer(&mut *out, &args.cell_choice.label())?;
            }
            if args.algorithm == GeneratorKind::BinaryTree {
                out.write_all(b",\"bias\":")?;
                serde_json::to_writer(&mut *out, Bias::from(args.bias).label())?;
            }
            out.write_all(b",\"rows\":[\n")?;
            let mut rows = JsonRows::new(&mut *out);
            write_maze_text(maze, &mut rows)?;
            rows.finish()?;
            out.write_all(b"]}\n")?;
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

/// A writer that turns text lines into JSON string array items: `"line",\n"line"\n`.
/// Works byte by byte, so it does not depend on how the text is chunked. Quotes,
/// backslashes and control characters are escaped.
pub(super) struct JsonRows<W: Write> {
    out: W,
    in_row: bool,
    rows: u64,
    buf: Vec<u8>,
}

impl<W: Write> JsonRows<W> {
    pub(super) fn new(out: W) -> Self {
        Self {
            out,
            in_row: false,
            rows: 0,
            buf: Vec::with_capacity(1 << 12),
        }
    }

    /// Close a last row that had no newline, and end the last item's line.
    pub(super) fn finish(mut self) -> io::Result<()> {
        if self.in_row {
            self.buf.push(b'"');
        }
        if self.rows > 0 {
            self.buf.push(b'\n');
        }
        self.out.write_all(&self.buf)
    }
}

impl<W: Write> Write for JsonRows<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buf.clear();
        let mut rest = bytes;
        while !rest.is_empty() {
            // Copy the run of plain bytes in one go, then handle the special byte.
            let plain = rest
                .iter()
                .position(|&b| b < 0x20 || b == b'"' || b == b'\\')
                .unwrap_or(rest.len());
            if plain > 0 {
                if !self.in_row {
                    self.open_row();
                }
                self.buf.extend_from_slice(&rest[..plain]);
            }
            let Some(&special) = rest.get(plain) else {
                break;
            };
            if !self.in_row {
                self.open_row();
            }
            match special {
                b'\n' => {
                    self.buf.push(b'"');
                    self.in_row = false;
                }
                b'"' => self.buf.extend_from_slice(b"\\\""),
                b'\\' => self.buf.extend_from_slice(b"\\\\"),
                other => self
                    .buf
                    .extend_from_slice(format!("\\u{other:04x}").as_bytes()),
            }
            rest = &rest[plain + 1..];
        }
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl<W: Write> JsonRows<W> {
    fn open_row(&mut self) {
        if self.rows > 0 {
            self.buf.extend_from_slice(b",\n");
        }
        self.buf.push(b'"');
        self.in_row = true;
        self.rows += 1;
    }
}
