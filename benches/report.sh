#!/bin/sh
# Run the comparison benchmarks and print the Markdown table (issue 5).
#
# Usage, from anywhere:   benches/report.sh [criterion filter regex]
# e.g.                    benches/report.sh 'gen-binary-tree|solve-perfect'
#
# Builds with the benches package's `bench` profile (see benches/Cargo.toml), runs
# benches/benches/generate.rs and solve.rs (criterion, same run: ours and the peer side by
# side per algorithm and size), then `bench-report` reads criterion's JSON and prints:
# algorithm, size, ours (median), peer, peer (median), speed-up, our throughput.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
manifest="$here/Cargo.toml"
target=${CARGO_TARGET_DIR:-$here/target}
export CARGO_TARGET_DIR="$target"

cargo bench --manifest-path "$manifest" --bench generate --bench solve -- "$@" >&2
{
    echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(rustc --version)"
    echo
    cargo run --quiet --release --manifest-path "$manifest" --bin bench-report -- "$target/criterion"
}
