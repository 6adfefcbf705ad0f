#!/bin/sh
# Same arguments, same bytes: runs `generate`, `solve` and `compare` of two maze-tui binaries
# over a matrix of algorithms, sizes, seeds and options, and reports every output (and exit
# code) that differs. For checking that a change kept every maze and every path.
#
# Usage, from the repository root:
#   benches/same-output.sh BASELINE_BINARY [NEW_BINARY]
# NEW_BINARY defaults to target/release/maze-tui (build it first). A baseline comes from
# an earlier commit: git archive COMMIT | tar -x -C DIR && (cd DIR && cargo build --release).
# Exit 0 when everything matched, 1 otherwise.
set -u
base=${1:?usage: same-output.sh BASELINE_BINARY [NEW_BINARY]}
new=${2:-target/release/maze-tui}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
runs=0
diffs=0

# run NAME ARGS...: both binaries, outputs and exit codes compared.
run() {
    name=$1
    shift
    "$base" "$@" >"$work/a" 2>"$work/a.err"
    a=$?
    "$new" "$@" >"$work/b" 2>"$work/b.err"
    b=$?
    runs=$((runs + 1))
    if [ "$a" != "$b" ] || ! cmp -s "$work/a" "$work/b" || ! cmp -s "$work/a.err" "$work/b.err"; then
        diffs=$((diffs + 1))
        echo "DIFFERS: $name: maze-tui $* (exit $a vs $b)"
    fi
}

generators=$("$base" algorithms | awk '/^Generators/{g=1;next} /^Solvers/{g=0} g&&NF{print $1}')
solvers=$("$base" algorithms | awk '/^Solvers/{s=1;next} s&&NF{print $1}')

for g in $generators; do
    for size in "1 1" "1 9" "9 1" "2 2" "17 11" "64 40" "300 120"; do
        set -- $size
        for seed in 1 7 123456789; do
            run "gen $g" generate -a "$g" --width "$1" --height "$2" --seed "$seed"
        done
    done
    run "gen $g json" generate -a "$g" --width 23 --height 9 --seed 5 --format json
    run "gen $g braid" generate -a "$g" --width 40 --height 25 --seed 3 --braid 0.5
    run "gen $g braid json" generate -a "$g" --width 12 --height 8 --seed 3 --braid 1 --format json
done
for bias in ne nw se sw; do
    run "gen bias $bias" generate -a binary-tree --width 31 --height 13 --seed 9 --bias "$bias"
done
for choice in newest random oldest mix mix:0.25; do
    run "gen growing $choice" generate -a growing-tree --width 31 --height 13 --seed 9 --cell-choice "$choice"
done

# Mazes to solve: perfect, braided, terrain, an open room, a thin corridor, no path.
"$base" generate -a recursive-backtracker --width 60 --height 30 --seed 11 -o "$work/perfect.txt"
"$base" generate -a kruskal --width 60 --height 30 --seed 12 --braid 0.6 -o "$work/braided.txt"
"$base" generate -a prim --width 300 --height 100 --seed 13 --braid 0.3 -o "$work/large.txt"
"$base" generate -a growing-tree --width 50 --height 30 --seed 14 --cell-choice random -o "$work/ida.txt"
# Terrain: digits painted over a braided maze, deterministically.
awk 'NR>1 { s = ""; for (i = 1; i <= length($0); i++) { c = substr($0, i, 1);
        if (c == " " && (i * 7 + NR * 13) % 5 == 0) c = (i + NR) % 8 + 2; s = s c } $0 = s } { print }' \
    "$work/braided.txt" >"$work/terrain.txt"
printf 'S         \n          \n   ####   \n          \n         E\n' >"$work/room.txt"
printf 'S%0500dE\n' 0 | tr 0 ' ' >"$work/thin.txt"
printf 'S #  \n  # E\n  #  \n' >"$work/walled.txt"

for s in $solvers; do
    for m in perfect braided terrain room thin walled large ida; do
        run "solve $s $m" solve -a "$s" "$work/$m.txt"
        run "solve $s $m json" solve -a "$s" "$work/$m.txt" --format json
    done
    for opts in "--diagonal" "--diagonal --corners no-cut" "--diagonal --corners never" \
        "--heuristic octile --diagonal" "--heuristic euclidean" "--heuristic chebyshev" \
        "--heuristic zero" "--heuristic-weight 3" "--tie-break low-h" "--tie-break fifo" \
        "--tie-break lifo" "--seed 5"; do
        for m in braided terrain room; do
            # shellcheck disable=SC2086
            run "solve $s $m $opts" solve -a "$s" "$work/$m.txt" --format json $opts
        done
    done
done
for m in perfect braided terrain room thin walled ida; do
    run "compare $m" compare "$work/$m.txt"
    run "compare $m json" compare "$work/$m.txt" --format json
    run "compare $m diagonal" compare "$work/$m.txt" --diagonal --heuristic octile
    run "compare $m weighted" compare "$work/$m.txt" --heuristic-weight 2 --tie-break lifo
done

echo "$runs runs, $diffs differ"
[ "$diffs" = 0 ]
