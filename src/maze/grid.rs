//! [`Grid`]: a rectangle of open and wall tiles with a start and a goal; the text format.

use std::io::{self, Write};

use get_size2::GetSize;

use super::{Dir, Pos};

/// The terrain cost of a wall tile in [`Grid::cost`]'s byte encoding: not walkable.
pub const WALL: u8 = 0;
/// The cheapest terrain: an ordinary open tile (a space in the text format).
pub const MIN_COST: u8 = 1;
/// The dearest terrain (the digit `9` in the text format).
pub const MAX_COST: u8 = 9;

/// A `rows × cols` tile grid: each tile is a wall or open ground with a terrain cost of
/// 1–9 (entering it costs that many times a move's base cost), with one start and one goal
/// tile. Solvers work on this view. Memory: one byte per tile.
#[derive(Clone, Debug, PartialEq, Eq, GetSize)]
pub struct Grid {
    rows: u32,
    cols: u32,
    /// Row-major: [`WALL`] or a cost in [`MIN_COST`]..=[`MAX_COST`].
    tiles: Vec<u8>,
    start: Pos,
    goal: Pos,
    /// Row-major: whether the tile lies outside a masked maze's shape (drawn blank,
    /// written [`OUTSIDE`]; always a wall). Empty for a grid without a mask.
    outside: Vec<bool>,
}

/// The text format's character for a tile outside a masked maze's shape: a wall that is
/// drawn blank.
pub const OUTSIDE: u8 = b'X';

/// Why a text maze could not be read. Each message is one line naming the problem.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ParseError {
    /// The input had no lines (or only blank ones).
    #[error("the maze is empty (no lines)")]
    Empty,
    /// A blank line before the last line of the maze.
    #[error("line {line} is blank: a maze's lines are all the same length")]
    BlankLine {
        /// Its number, from 1.
        line: usize,
    },
    /// A line's length differs from the first line's.
    #[error("ragged lines: line {line} has {found} characters, line 1 has {expected}")]
    Ragged {
        /// 1-based line number.
        line: usize,
        /// Characters on the first line.
        expected: usize,
        /// Characters on this line.
        found: usize,
    },
    /// No `S` tile.
    #[error("no start: the maze has no 'S'")]
    NoStart,
    /// No `E` tile.
    #[error("no end: the maze has no 'E'")]
    NoGoal,
    /// More than one `S` or `E`.
    #[error("{count} '{symbol}' tiles: a maze needs exactly one")]
    Duplicate {
        /// `S` or `E`.
        symbol: char,
        /// How many were found.
        count: usize,
    },
    /// More than [`crate::maze::MAX_CELLS`] cells ([`cells_of`]): the limit `generate`
    /// and the explorer apply, so whatever they write loads back.
    #[error(
        "the maze is too large: {rows}x{cols} tiles is {cells} cells; the limit is {} cells",
        super::MAX_CELLS
    )]
    TooLarge {
        /// Lines.
        rows: usize,
        /// Characters per line.
        cols: usize,
        /// Its cells.
        cells: u64,
    },
    /// A padded tile grid over [`crate::maze::MAX_TILES`] ([`crate::maze::padded_tiles`]):
    /// a thin shape within the cell limit whose searches would not fit the memory budget.
    #[error(
        "the maze is too large: {rows}x{cols} tiles is {tiles} tiles with the border searches \
         add; the limit is {} tiles",
        super::MAX_TILES
    )]
    TooManyTiles {
        /// Lines.
        rows: usize,
        /// Characters per line.
        cols: usize,
        /// Its padded tiles, `(rows + 2) × (cols + 2)`.
        tiles: u64,
    },
}

/// The cells of a grid of `rows` × `cols` tiles: a maze of W × H cells is written as
/// (2H + 1) × (2W + 1) tiles, so ⌊rows / 2⌋ × ⌊cols / 2⌋, each side at least 1 (a single
/// corridor line is one cell high). O(1).
#[must_use]
pub fn cells_of(rows: usize, cols: usize) -> u64 {
    let side = |tiles: usize| (tiles as u64 / 2).max(1);
    side(rows) * side(cols)
}

impl Grid {
    /// A grid of walls and cost-1 ground from its parts. `open` is row-major,
    /// `rows × cols` long.
    ///
    /// # Panics
    /// If `open.len() != rows × cols` or start/goal lie outside (a programming error,
    /// never user input: parsing goes through [`Grid::parse`]).
    #[must_use]
    pub fn from_parts(rows: u32, cols: u32, open: Vec<bool>, start: Pos, goal: Pos) -> Self {
        let tiles = open
            .into_iter()
            .map(|o| if o { MIN_COST } else { WALL })
            .collect();
        Self::from_costs(rows, cols, tiles, start, goal)
    }

    /// A grid from its parts. `tiles` is row-major, `rows × cols` long, each [`WALL`] or a
    /// cost in [`MIN_COST`]..=[`MAX_COST`] (larger values are clamped to [`MAX_COST`]).
    ///
    /// # Panics
    /// If `tiles.len() != rows × cols` or start/goal lie outside (a programming error,
    /// never user input: parsing goes through [`Grid::parse`]).
    #[must_use]
    pub fn from_costs(rows: u32, cols: u32, mut tiles: Vec<u8>, start: Pos, goal: Pos) -> Self {
        assert_eq!(tiles.len(), rows as usize * cols as usize, "grid size");
        assert!(start.row < rows && start.col < cols && goal.row < rows && goal.col < cols);
        for t in &mut tiles {
            *t = (*t).min(MAX_COST);
        }
        Self {
            rows,
            cols,
            tiles,
            start,
            goal,
            outside: Vec::new(),
        }
    }

    /// Read the text format: rectangular lines, `#` (or `█`) a wall, `X` a tile outside a
    /// masked maze's shape (a wall drawn blank), `2`–`9` open ground of
    /// that cost, any other character open ground of cost 1, exactly one `S` (start) and
    /// one `E` (goal). A trailing newline and `\r\n` line
    /// ends are accepted. O(characters).
    ///
    /// # Errors
    /// [`ParseError`] naming the first problem found.
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        // A byte-order mark is not a tile; trailing blank lines end the file, not the maze.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines: Vec<&str> = text
            .lines()
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        if lines.is_empty() {
            return Err(ParseError::Empty);
        }
        let cols = lines[0].chars().count();
        let rows = lines.len();
        if cols == 0 {
            return Err(ParseError::BlankLine { line: 1 });
        }
        let cells = cells_of(rows, cols);
        if cells > super::MAX_CELLS {
            return Err(ParseError::TooLarge { rows, cols, cells });
        }
        if !super::tiles_fit(rows as u64, cols as u64) {
            let tiles = super::padded_tiles(rows as u64, cols as u64);
            return Err(ParseError::TooManyTiles { rows, cols, tiles });
        }
        let mut tiles = Vec::with_capacity(rows * cols);
        let (mut starts, mut goals) = (Vec::new(), Vec::new());
        for (r, line) in lines.iter().enumerate() {
            // ASCII lines (every maze this program writes) are read byte by byte.
            let ascii = line.is_ascii();
            let found = if ascii {
                line.len()
            } else {
                line.chars().count()
            };
            if found == 0 {
                return Err(ParseError::BlankLine { line: r + 1 });
            }
            if found != cols {
                return Err(ParseError::Ragged {
                    line: r + 1,
                    expected: cols,
                    found,
                });
            }
            #[allow(clippy::cast_possible_truncation)] // rows × cols ≤ MAX_CELLS
            let at = |c: usize| Pos::new(r as u32, c as u32);
            if ascii {
                // One branch-free pass for the tiles, then a vector search for the rare S
                // and E, instead of a branch per byte.
                let bytes = line.as_bytes();
                tiles.extend(bytes.iter().map(|&b| match b {
                    b'#' => WALL,
                    b'2'..=b'9' => b - b'0',
                    _ => MIN_COST,
                }));
                for c in memchr::memchr2_iter(b'S', b'E', bytes) {
                    let ends = if bytes[c] == b'S' {
                        &mut starts
                    } else {
                        &mut goals
                    };
                    ends.push(at(c));
                }
                continue;
            }
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    'S' => starts.push(at(c)),
                    'E' => goals.push(at(c)),
                    _ => {}
                }
                tiles.push(match ch {
                    '#' | '█' => WALL,
                    '2'..='9' => ch as u8 - b'0',
                    _ => MIN_COST,
                });
            }
        }
        let start = match starts.as_slice() {
            [] => return Err(ParseError::NoStart),
            [s] => *s,
            _ => {
                return Err(ParseError::Duplicate {
                    symbol: 'S',
                    count: starts.len(),
                });
            }
        };
        let goal = match goals.as_slice() {
            // A one-tile maze or field is written with S alone: E shares its tile.
            [] if tiles.iter().filter(|&&t| t != WALL).count() == 1 => start,
            [] => return Err(ParseError::NoGoal),
            [g] => *g,
            _ => {
                return Err(ParseError::Duplicate {
                    symbol: 'E',
                    count: goals.len(),
                });
            }
        };
        #[allow(clippy::cast_possible_truncation)]
        let mut grid = Self {
            rows: rows as u32,
            cols: cols as u32,
            tiles,
            start,
            goal,
            outside: Vec::new(),
        };
        if lines.iter().any(|l| l.contains(OUTSIDE as char)) {
            let outside: Vec<bool> = lines
                .iter()
                .flat_map(|l| l.chars().map(|ch| ch == OUTSIDE as char))
                .collect();
            grid.set_outside(outside);
        }
        Ok(grid)
    }

    /// Mark the tiles outside a masked maze's shape (row-major, one per tile); they become
    /// walls. A slice of the wrong length, or one with no tile outside, clears the marks.
    pub fn set_outside(&mut self, outside: Vec<bool>) {
        if outside.len() != self.tiles.len() || !outside.contains(&true) {
            self.outside = Vec::new();
            return;
        }
        for (t, &o) in self.tiles.iter_mut().zip(&outside) {
            if o {
                *t = WALL;
            }
        }
        self.outside = outside;
    }

    /// Whether `tile` lies outside a masked maze's shape (drawn blank; a wall to every
    /// solver). False without a mask and outside the grid.
    #[must_use]
    #[inline]
    pub fn is_outside(&self, tile: Pos) -> bool {
        !self.outside.is_empty() && self.contains(tile) && self.outside[self.index(tile)]
    }

    /// Whether any tile is outside a masked maze's shape.
    #[must_use]
    pub fn has_outside(&self) -> bool {
        !self.outside.is_empty()
    }

    /// Rows of tiles.
    #[must_use]
    pub const fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of tiles.
    #[must_use]
    pub const fn cols(&self) -> u32 {
        self.cols
    }

    /// Number of tiles, `rows × cols`.
    #[must_use]
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether the grid has no tiles (never true for a parsed grid).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// The start tile.
    #[must_use]
    pub const fn start(&self) -> Pos {
        self.start
    }

    /// The goal tile.
    #[must_use]
    pub const fn goal(&self) -> Pos {
        self.goal
    }

    /// Move the start to `tile`, which becomes plain ground (cost 1: the text format writes
    /// `S` and `E` without a cost). Outside the grid, or onto the goal, nothing changes.
    pub fn set_start(&mut self, tile: Pos) {
        if self.contains(tile) && tile != self.goal && !self.is_outside(tile) {
            let i = self.index(tile);
            self.tiles[i] = MIN_COST;
            self.start = tile;
        }
    }

    /// Move the goal to `tile`, which becomes plain ground (cost 1). Outside the grid, or
    /// onto the start, nothing changes.
    pub fn set_goal(&mut self, tile: Pos) {
        if self.contains(tile) && tile != self.start && !self.is_outside(tile) {
            let i = self.index(tile);
            self.tiles[i] = MIN_COST;
            self.goal = tile;
        }
    }

    /// Move the start to `start` and the goal to `goal` at once (both become plain ground,
    /// cost 1), so that the two may trade places, which [`Grid::set_start`] and
    /// [`Grid::set_goal`] one after the other refuse. Nothing changes, and `false` is
    /// returned, when the two are the same tile or either lies outside.
    pub fn set_ends(&mut self, start: Pos, goal: Pos) -> bool {
        if start == goal
            || !self.contains(start)
            || !self.contains(goal)
            || self.is_outside(start)
            || self.is_outside(goal)
        {
            return false;
        }
        for tile in [start, goal] {
            let i = self.index(tile);
            self.tiles[i] = MIN_COST;
        }
        self.start = start;
        self.goal = goal;
        true
    }

    /// Whether `tile` is inside the grid.
    #[must_use]
    pub const fn contains(&self, tile: Pos) -> bool {
        tile.row < self.rows && tile.col < self.cols
    }

    /// Row-major index of a tile: `row × cols + col`.
    #[must_use]
    #[inline]
    pub fn index(&self, tile: Pos) -> usize {
        tile.row as usize * self.cols as usize + tile.col as usize
    }

    /// The tile at a row-major index (inverse of [`Grid::index`]).
    #[must_use]
    #[inline]
    #[allow(clippy::cast_possible_truncation)]
    pub fn pos(&self, index: usize) -> Pos {
        let c = self.cols as usize;
        Pos::new((index / c) as u32, (index % c) as u32)
    }

    /// Row `row`'s tiles, left to right: [`WALL`] or a terrain cost. Empty past the last row.
    #[must_use]
    pub fn row(&self, row: u32) -> &[u8] {
        let cols = self.cols as usize;
        self.tiles
            .get(row as usize * cols..(row as usize + 1) * cols)
            .unwrap_or_default()
    }

    /// Whether `tile` is open (walkable). Outside the grid is wall.
    #[must_use]
    #[inline]
    pub fn is_open(&self, tile: Pos) -> bool {
        self.contains(tile) && self.tiles[self.index(tile)] != WALL
    }

    /// The terrain cost of entering `tile` (1–9), or `None` for a wall or outside the grid.
    #[must_use]
    #[inline]
    pub fn cost(&self, tile: Pos) -> Option<u32> {
        if !self.contains(tile) {
            return None;
        }
        match self.tiles[self.index(tile)] {
            WALL => None,
            cost => Some(u32::from(cost)),
        }
    }

    /// Make `tile` a wall (`None`) or open ground of `cost` (clamped to 1–9). The start and
    /// goal stay open: walling them is refused. Returns whether anything changed.
    pub fn set_terrain(&mut self, tile: Pos, cost: Option<u8>) -> bool {
        if !self.contains(tile) || (cost.is_none() && (tile == self.start || tile == self.goal)) {
            return false;
        }
        let i = self.index(tile);
        let new = cost.map_or(WALL, |c| c.clamp(MIN_COST, MAX_COST));
        let changed = self.tiles[i] != new || self.is_outside(tile);
        self.tiles[i] = new;
        if let Some(o) = self.outside.get_mut(i) {
            *o = false;
        }
        changed
    }

    /// The cheapest terrain cost of any open tile (1 for a grid without terrain), or 1 if
    /// nothing is open. What an admissible heuristic must scale its estimate by. O(tiles).
    #[must_use]
    pub fn min_cost(&self) -> u32 {
        // A wall (0) becomes 255 and a cost `c` becomes `c - 1`, so the least byte of a block
        // is one min over it with no branch (a few vector instructions; a branch to skip
        // walls mispredicts all along a maze, where walls and passages alternate); done at
        // the first block that holds the least cost there is.
        const { assert!(WALL == 0) };
        let mut least = u8::MAX;
        for block in self.tiles.chunks(4096) {
            least = block.iter().fold(least, |m, &t| m.min(t.wrapping_sub(1)));
            if least == MIN_COST - 1 {
                break;
            }
        }
        if least == u8::MAX {
            1
        } else {
            u32::from(least) + 1
        }
    }

    /// Whether any open tile costs more than 1 (a weighted world). O(tiles).
    #[must_use]
    pub fn is_weighted(&self) -> bool {
        // The greatest byte of each block, with no early exit inside it: the compiler reads
        // a block in a few vector instructions (a byte at a time with `any`, every search
        // of a large maze paid a millisecond or more here).
        self.tiles
            .chunks(256)
            .any(|block| block.iter().fold(0, |m, &t| m.max(t)) > MIN_COST)
    }

    /// The open tile one step from `tile` in `dir`, if any.
    #[must_use]
    #[inline]
    pub fn open_neighbor(&self, tile: Pos, dir: Dir) -> Option<Pos> {
        dir.step(tile, self.rows, self.cols)
            .filter(|&n| self.tiles[self.index(n)] != WALL)
    }

    /// The open tiles 4-adjacent to `tile`, in [`Dir::ALL`] order.
    pub fn open_neighbors(&self, tile: Pos) -> impl Iterator<Item = Pos> + '_ {
        Dir::ALL
            .into_iter()
            .filter_map(move |d| self.open_neighbor(tile, d))
    }

    /// The grid as text: `#` wall, space open (cost 1), `2`–`9` open with that cost, `S`
    /// start, `E` goal, and `.` on every tile of `path` other than S and E (a path tile's
    /// cost is not written). Every line ends in `\n`. O(tiles).
    #[must_use]
    pub fn to_text(&self, path: Option<&[Pos]>) -> String {
        let mut out = Vec::with_capacity(self.len() + self.rows as usize);
        self.write_text(&mut out, path)
            .expect("writing to a Vec cannot fail");
        String::from_utf8(out).expect("ASCII only")
    }

    /// Write [`Grid::to_text`] to `w`, row by row.
    ///
    /// # Errors
    /// Any I/O error from `w`.
    pub fn write_text<W: Write>(&self, w: &mut W, path: Option<&[Pos]>) -> io::Result<()> {
        // A bit per tile for the path, then the text a block of about 64 KB of rows at a
        // time: the maze is never copied whole (4 MB of fresh memory at 1000×1000 cells).
        let cols = self.cols as usize;
        let mut on_path = Vec::new();
        for &p in path.unwrap_or(&[]) {
            if self.is_open(p) {
                let i = self.index(p);
                if on_path.is_empty() {
                    on_path = vec![0_u64; self.len().div_ceil(64)];
                }
                on_path[i / 64] |= 1 << (i % 64);
            }
        }
        let rows_per_block = ((1 << 16) / (cols + 1)).max(1);
        let mut text = Vec::with_capacity(rows_per_block * (cols + 1));
        for (r, row) in self.tiles.chunks(cols).enumerate() {
            let line = text.len();
            text.extend(row.iter().map(|&t| match t {
                WALL => b'#',
                MIN_COST => b' ',
                cost => b'0' + cost,
            }));
            let (first, end) = (r * cols, (r + 1) * cols);
            if let Some(outside) = self.outside.get(first..end) {
                for (c, _) in outside.iter().enumerate().filter(|&(_, &o)| o) {
                    text[line + c] = OUTSIDE;
                }
            }
            let words = on_path
                .get(first / 64..end.div_ceil(64))
                .unwrap_or_default();
            for (word, &bits) in (first / 64..).zip(words) {
                let mut bits = bits;
                while bits != 0 {
                    let i = word * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if (first..end).contains(&i) {
                        text[line + i - first] = b'.';
                    }
                }
            }
            for (end, symbol) in [(self.goal, b'E'), (self.start, b'S')] {
                if end.row as usize == r {
                    text[line + end.col as usize] = symbol;
                }
            }
            text.push(b'\n');
            if text.len() + cols + 1 > text.capacity() {
                w.write_all(&text)?;
                text.clear();
            }
        }
        w.write_all(&text)
    }
}

#[cfg(test)]
mod tests;
