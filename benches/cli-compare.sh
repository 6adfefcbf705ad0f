#!/bin/sh
# Whole-process comparison, as issue 5 says it will be checked: `maze-tui generate`
# against the `knossos` command line, same algorithm and size, output written to a file,
# timed from outside by hyperfine (process start, generation and output included).
#
# Usage, from the repository root:   benches/cli-compare.sh [SIDE] [RUNS]
#   SIDE  square maze side in cells (default 1000), RUNS  timed runs per command (default 10)
#
# Needs: hyperfine (Debian package `hyperfine`) and python3 on PATH. The knossos 1.2 CLI is
# installed from crates.io on first use into benches/target/knossos-cli (not committed).
# Our binary is built with `cargo build --release` from this checkout.
#
# Formats differ: ours writes (2W+1)×(2H+1) characters (the text format of DESIGN.md,
# 4 MB at 1000×1000), knossos's `ascii` narrow format (2W+1)×(H+1) (2 MB).
# Knossos's recursive backtracking recurses once per cell and overflows its stack at
# 1000×1000, so that row is skipped above 300×300.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
side=${1:-1000}
runs=${2:-10}
knossos_root="$here/target/knossos-cli"
knossos="$knossos_root/bin/knossos"
if [ ! -x "$knossos" ]; then
    CARGO_TARGET_DIR="$here/target/knossos-cli-build" \
        cargo install knossos --version 1.2.0 --locked --root "$knossos_root" >&2
fi
cargo build --release --manifest-path "$root/Cargo.toml" >&2
ours="${CARGO_TARGET_DIR:-$root/target}/release/maze-tui"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "Whole process, ${side}×${side} cells, hyperfine median of $runs runs (output to a file):"
echo
echo "| algorithm (ours / knossos) | ours | knossos | speed-up |"
echo "|---|--:|--:|--:|"
for pair in binary-tree:binary-tree sidewinder:sidewinder \
    recursive-division:recursive-division recursive-backtracker:recursive-backtracking \
    "growing-tree --cell-choice newest:growing-tree --growing-method=newest" \
    "growing-tree --cell-choice random:growing-tree --growing-method=random" \
    hunt-and-kill:hunt-and-kill eller:eller simplified-prim:prim prim:prim \
    aldous-broder:aldous-broder; do
    mine=${pair%%:*}
    theirs=${pair#*:}
    if [ "$theirs" = recursive-backtracking ] && [ "$side" -gt 300 ]; then
        continue
    fi
    hyperfine -N --warmup 1 --runs "$runs" --export-json "$out/run.json" \
        "$ours generate -a $mine --width $side --height $side --seed 7 -o $out/ours.txt" \
        "$knossos generate -A $theirs -W $side -H $side --seed 7 ascii -O $out/theirs.txt" \
        >/dev/null 2>&1
    python3 - "$out/run.json" "$mine" "$theirs" <<'EOF'
import json, sys
ours, theirs = (r["median"] for r in json.load(open(sys.argv[1]))["results"])
print(f"| {sys.argv[2]} / {sys.argv[3]} | {ours * 1e3:.1f} ms | {theirs * 1e3:.1f} ms | {theirs / ours:.1f}× |")
EOF
done
