#!/usr/bin/env python3
"""Paired CPU time of two commands: run A and B alternately (which one goes first
alternates), measure each run's CPU time (user + sys of the child, from wait4), and report
both medians and the median of the per-pair ratios B / A.

On a shared machine CPU time moves much less with the load than wall time does, and a
burst of other work slows both runs of a pair alike.

Usage:  benches/cpu-pair.py PAIRS -- COMMAND_A... -- COMMAND_B...
Prints one line: `A <median ms> B <median ms> B/A <median ratio> (min A, min B)`.
Standard output of both commands is discarded; a command that fails stops the script.
"""

import os
import statistics
import subprocess
import sys


def cpu(cmd):
    """CPU seconds (user + sys) of one run of `cmd`."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"cpu-pair: {' '.join(cmd)} exited {proc.returncode}")
    return usage.ru_utime + usage.ru_stime


def main():
    args = sys.argv[1:]
    if len(args) < 4 or args[1] != "--" or "--" not in args[2:]:
        sys.exit(__doc__)
    pairs = int(args[0])
    split = args.index("--", 2)
    a_cmd, b_cmd = args[2:split], args[split + 1 :]
    cpu(a_cmd), cpu(b_cmd)  # warm the page cache
    a, b, ratio = [], [], []
    for i in range(pairs):
        if i % 2 == 0:
            x = cpu(a_cmd)
            y = cpu(b_cmd)
        else:
            y = cpu(b_cmd)
            x = cpu(a_cmd)
        a.append(x)
        b.append(y)
        ratio.append(y / x if x > 0 else float("inf"))
    print(
        f"A {statistics.median(a) * 1e3:.1f} ms  B {statistics.median(b) * 1e3:.1f} ms  "
        f"B/A {statistics.median(ratio):.2f}  (min A {min(a) * 1e3:.1f}, min B {min(b) * 1e3:.1f})"
    )


if __name__ == "__main__":
    main()
