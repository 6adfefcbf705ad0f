#!/bin/sh
# Whole-process comparison of `maze-tui solve` with a program built on the `pathfinding`
# crate (benches/peer-solve): the same text maze in, the same text out (the path marked
# `.`), for BFS, Dijkstra and A*, on a perfect and a braided maze. Both programs run
# alternately, one run each in turn (which goes first alternates), and each pair gives a
# speed-up; the table shows both sides' median CPU time (user + sys: on a shared machine it
# moves far less with the load than wall time) and the median of the per-pair speed-ups in
# CPU and in wall time, so a burst of other work slows both sides of a pair alike.
#
# Usage, from the repository root:   benches/solve-compare.sh [SIDE] [PAIRS]
#   SIDE   square maze side in cells (default 1000), PAIRS  runs of each side (default 15)
# Builds both programs with `cargo build --release`. Needs python3.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
side=${1:-1000}
pairs=${2:-15}
cargo build --release --manifest-path "$root/Cargo.toml" >&2
cargo build --release --manifest-path "$here/peer-solve/Cargo.toml" >&2
ours="${CARGO_TARGET_DIR:-$root/target}/release/maze-tui"
peer="$here/peer-solve/target/release/peer-solve"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$ours" generate -a recursive-backtracker --width "$side" --height "$side" --seed 7 -o "$work/perfect.txt"
"$ours" generate -a recursive-backtracker --width "$side" --height "$side" --seed 7 --braid 0.5 -o "$work/braided.txt"
python3 - "$ours" "$peer" "$work" "$pairs" "$side" <<'PY'
import os, statistics, subprocess, sys, time
ours, peer, work, pairs, side = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
def timed(cmd):
    """Wall and CPU (user + sys of the child) seconds of one run."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(cmd)} failed")
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime
print(f"Whole process, {side}×{side} cells, {pairs} alternating pairs each (CPU: user + sys):\n")
print("| maze | algorithm | ours CPU (median) | pathfinding CPU (median) | speed-up, CPU (median of pairs) | speed-up, wall (median of pairs) |")
print("|---|---|--:|--:|--:|--:|")
for maze in ["perfect", "braided"]:
    for algorithm in ["bfs", "dijkstra", "astar"]:
        text = f"{work}/{maze}.txt"
        mine = [ours, "solve", "-a", algorithm, text, "-o", f"{work}/ours.txt"]
        theirs = [peer, algorithm, text, f"{work}/peer.txt"]
        timed(mine), timed(theirs)
        a, b, wall, cpu = [], [], [], []
        for i in range(pairs):
            if i % 2 == 0:
                x = timed(mine); y = timed(theirs)
            else:
                y = timed(theirs); x = timed(mine)
            a.append(x[1]); b.append(y[1]); wall.append(y[0] / x[0]); cpu.append(y[1] / x[1])
        same = open(f"{work}/ours.txt", "rb").read() == open(f"{work}/peer.txt", "rb").read()
        note = "" if same else " (outputs differ)"
        print(f"| {maze} | {algorithm} | {statistics.median(a)*1e3:.0f} ms | {statistics.median(b)*1e3:.0f} ms | {statistics.median(cpu):.1f}×{note} | {statistics.median(wall):.1f}× |")
PY
