#!/bin/sh
# Peak resident set of `maze-tui solve`, every solver, on the shapes that cost the most
# memory a tile, at the tile cap (`maze::MAX_TILES`: at most 101,000,000 tiles in the
# padded grid, (rows + 2) × (cols + 2); a square meets the 25 M-cell limit first, at
# 10,001 × 10,001 tiles) or at a fraction of it:
#
#   hline   one line, S + spaces + E          (1 × n tiles: 3 padded tiles a tile)
#   vline   one column                        (n × 1: its text is 2 bytes a tile)
#   serp    a square serpentine: open rows joined at alternate ends, so about half of the
#           tiles lie on the only path (the path, the output and IDA*'s stack are largest)
#   open    a square open field, S and E in opposite corners (the widest frontier)
#
# Prints, per shape and solver, the exit code (3: IDA* gave up after its budget), peak RSS
# (`/usr/bin/time -f %M`) and bytes per padded tile above the fixed part (the RSS on a
# three-tile maze, about 5.5 MB); then the largest of them.
#
# Usage, from the repository root:   benches/memory.sh [SCALE] [BIN]
#   SCALE  fraction of the cap (default 1: the largest accepted grids, up to ~2 GB each)
#   BIN    the program (default: target/release/maze-tui, built if missing)
# Needs python3 and GNU time (/usr/bin/time).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
scale=${1:-1}
bin=${2:-${CARGO_TARGET_DIR:-$root/target}/release/maze-tui}
[ -x "$bin" ] || cargo build --release --manifest-path "$root/Cargo.toml" >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" "$scale" <<'PY'
import math, sys
work, scale = sys.argv[1], float(sys.argv[2])
cap = 101_000_000 * scale
line = int(cap // 3) - 2                      # 3 × (n + 2) ≤ cap
side = min(int(math.isqrt(int(cap))) - 2,     # (n + 2)² ≤ cap, and
           10_001)                            # ⌊n / 2⌋² ≤ 25 M cells
side -= 1 - side % 2                          # odd, so the serpentine ends on an open row
def write(name, rows):
    with open(f"{work}/{name}.txt", "w") as f:
        for row in rows:
            f.write(row + "\n")
write("hline", ["S" + " " * (line - 2) + "E"])
write("vline", ["S"] + [" "] * (line - 2) + ["E"])
def serp():
    for r in range(side):
        if r % 2 == 0:
            row = " " * side
        elif r % 4 == 1:
            row = "#" * (side - 1) + " "
        else:
            row = " " + "#" * (side - 1)
        if r == 0:
            row = "S" + row[1:]
        if r == side - 1:
            row = row[:-1] + "E" if (side // 2) % 2 == 0 else "E" + row[1:]
        yield row
write("serp", serp())
write("open", ["S" + " " * (side - 1)] + [" " * side] * (side - 2) + [" " * (side - 1) + "E"])
PY
solvers=$("$bin" algorithms | awk '/^Solvers/ {on = 1; next} on && NF {print $1}')
# The fixed part: the program itself on a three-tile maze.
printf 'S E\n' > "$work/tiny.txt"
/usr/bin/time -o "$work/time" -f %M "$bin" solve -a jump-point-search "$work/tiny.txt" > /dev/null
base=$(tail -n 1 "$work/time")
echo "fixed: $base KiB (a three-tile maze); bytes a padded tile are counted above it"
worst=0
for shape in hline vline serp open; do
  f="$work/$shape.txt"
  rows=$(wc -l < "$f")
  cols=$(head -n 1 "$f" | tr -d '\n' | wc -c)
  padded=$(( (rows + 2) * (cols + 2) ))
  for s in $solvers; do
    set +e
    /usr/bin/time -o "$work/time" -f %M "$bin" solve -a "$s" "$f" > /dev/null 2> "$work/err"
    code=$?
    set -e
    kb=$(tail -n 1 "$work/time")
    per=$(( (kb - base) * 1024 * 10 / padded ))
    printf '%-6s %-24s exit %d  %8d KiB  %3d.%d B a padded tile (%d tiles)\n' \
      "$shape" "$s" "$code" "$kb" $((per / 10)) $((per % 10)) "$padded"
    [ "$per" -gt "$worst" ] && worst=$per
  done
done
echo "largest: $((worst / 10)).$((worst % 10)) bytes a padded tile"
