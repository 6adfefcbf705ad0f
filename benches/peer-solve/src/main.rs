//! `peer-solve ALGORITHM FILE OUT`: the peer of `maze-tui solve -a ALGORITHM FILE -o OUT`,
//! written as a user of the `pathfinding` crate would write it (ALGORITHM: bfs, dijkstra or
//! astar). Reads the text format (`#` wall, `S` start, `E` goal, anything else open; every
//! move costs 10 as in maze-tui's plain mazes), solves with 4-way moves, writes the maze
//! with the path marked `.`. Exit 1 with a message on any failure or when there is no path.

use std::process::ExitCode;

use pathfinding::prelude::{astar, bfs, dijkstra};

/// The maze: row-major wall flags, the width, and start and goal as indices.
struct Maze {
    open: Vec<bool>,
    cols: usize,
    rows: usize,
    start: usize,
    goal: usize,
}

impl Maze {
    fn parse(text: &[u8]) -> Result<Self, String> {
        let mut open = Vec::with_capacity(text.len());
        let (mut start, mut goal, mut cols, mut rows) = (None, None, 0, 0);
        for line in text.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if rows == 0 {
                cols = line.len();
            } else if line.len() != cols {
                return Err(format!("line {} is ragged", rows + 1));
            }
            for (c, &b) in line.iter().enumerate() {
                match b {
                    b'S' => start = Some(rows * cols + c),
                    b'E' => goal = Some(rows * cols + c),
                    _ => {}
                }
                open.push(b != b'#');
            }
            rows += 1;
        }
        Ok(Self {
            open,
            cols,
            rows,
            start: start.ok_or("no S")?,
            goal: goal.ok_or("no E")?,
        })
    }

    fn successors(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (row, col) = (i / self.cols, i % self.cols);
        let north = (row > 0).then(|| i - self.cols);
        let east = (col + 1 < self.cols).then(|| i + 1);
        let south = (row + 1 < self.rows).then(|| i + self.cols);
        let west = (col > 0).then(|| i - 1);
        [north, east, south, west]
            .into_iter()
            .flatten()
            .filter(|&n| self.open[n])
    }

    fn manhattan(&self, i: usize) -> u32 {
        let (r, c) = (i / self.cols, i % self.cols);
        let (gr, gc) = (self.goal / self.cols, self.goal % self.cols);
        (10 * (r.abs_diff(gr) + c.abs_diff(gc))) as u32
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let [_, algorithm, file, out] = &args[..] else {
        return Err("usage: peer-solve bfs|dijkstra|astar FILE OUT".into());
    };
    let mut text = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let maze = Maze::parse(&text)?;
    let goal = |&i: &usize| i == maze.goal;
    let path = match algorithm.as_str() {
        "bfs" => bfs(&maze.start, |&i| maze.successors(i), goal),
        "dijkstra" => dijkstra(&maze.start, |&i| maze.successors(i).map(|n| (n, 10u32)), goal)
            .map(|(p, _)| p),
        "astar" => astar(
            &maze.start,
            |&i| maze.successors(i).map(|n| (n, 10u32)),
            |&i| maze.manhattan(i),
            goal,
        )
        .map(|(p, _)| p),
        other => return Err(format!("unknown algorithm {other}")),
    }
    .ok_or("no path")?;
    // Mark the path in the text itself: each line is `cols` bytes and a newline.
    let stride = text.iter().position(|&b| b == b'\n').map_or(maze.cols, |n| n + 1);
    for &i in &path[1..path.len().saturating_sub(1)] {
        text[(i / maze.cols) * stride + i % maze.cols] = b'.';
    }
    std::fs::write(out, &text).map_err(|e| format!("{out}: {e}"))
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("peer-solve: {e}");
            ExitCode::FAILURE
        }
    }
}
