//! The connected pieces of a mask's on-cells, found from its rows' runs.

/// How many connected pieces the on-cells of a row-major mask `width` cells wide fall
/// into (north, east, south, west), and the row-major index of the first on-cell outside
/// the first on-cell's piece (`None` where there is one piece, or none).
///
/// Each row's runs of on-cells are numbered in row-major order and joined to the runs of
/// the row above that they touch (a union-find over runs, the classic two-pass labelling
/// of connected components, run by run): one pass over the cells, no search. A run lies
/// within one piece, so the first on-cell outside the first piece starts a run. Memory
/// 8 bytes a run (at most one per two cells) and 12 bytes a run of two rows.
#[allow(clippy::cast_possible_truncation)] // cells ≤ MAX_CELLS < u32::MAX
pub(super) fn pieces(on: &[bool], width: usize) -> (usize, Option<usize>) {
    // Per run: its union-find parent, and its first cell.
    let mut parent: Vec<u32> = Vec::new();
    let mut starts: Vec<u32> = Vec::new();
    // The runs of the row above and of this row: first column, column past the end, run.
    let mut above: Vec<(usize, usize, u32)> = Vec::new();
    let mut row_runs: Vec<(usize, usize, u32)> = Vec::new();
    for (r, row) in on.chunks_exact(width.max(1)).enumerate() {
        row_runs.clear();
        let mut c = 0;
        while let Some(skip) = row[c..].iter().position(|&o| o) {
            let start = c + skip;
            let end = row[start..]
                .iter()
                .position(|&o| !o)
                .map_or(width, |n| start + n);
            let run = parent.len() as u32;
            parent.push(run);
            starts.push((r * width + start) as u32);
            row_runs.push((start, end, run));
            c = end;
        }
        // Runs touch where their columns overlap; walk both rows' runs left to right.
        let (mut i, mut j) = (0, 0);
        while let (Some(&(a0, a1, a)), Some(&(b0, b1, b))) = (above.get(i), row_runs.get(j)) {
            if a0 < b1 && b0 < a1 {
                join(&mut parent, a, b);
            }
            if a1 < b1 {
                i += 1;
            } else {
                j += 1;
            }
        }
        std::mem::swap(&mut above, &mut row_runs);
    }
    let mut count = 0;
    let mut outside = None;
    let first = if parent.is_empty() {
        0
    } else {
        root(&mut parent, 0)
    };
    for run in 0..parent.len() as u32 {
        let top = root(&mut parent, run);
        count += usize::from(top == run);
        if top != first && outside.is_none() {
            outside = Some(starts[run as usize] as usize);
        }
    }
    (count, outside)
}

/// The root of `run`'s tree, halving the path on the way (each run visited points to its
/// grandparent).
fn root(parent: &mut [u32], mut run: u32) -> u32 {
    while parent[run as usize] != run {
        let grand = parent[parent[run as usize] as usize];
        parent[run as usize] = grand;
        run = grand;
    }
    run
}

/// Put runs `a` and `b` in one piece: the later root points to the earlier.
fn join(parent: &mut [u32], a: u32, b: u32) {
    let (a, b) = (root(parent, a), root(parent, b));
    parent[a.max(b) as usize] = a.min(b);
}
