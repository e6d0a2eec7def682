#!/usr/bin/env python3
"""What counting with a 10 ms timeline costs a program, in wall time.

Runs a fixed CPU-bound workload (perfdash_bench_cpu_work, a few seconds)
three ways, alternating them round after round so that a change of load
hits all three alike:

  bare       the workload alone
  perfdash   perfdash-cli stat -t 10ms -e EVENTS -- workload
  perf       perf stat -I 10 -e EVENTS -- workload

with the same four software events (they count in VMs without a hardware
PMU too). Both tools print their timeline to stderr, which goes to
/dev/null here, as their tables do. It reports the median wall time of
each, and the ratios against the targets: perfdash at most 1 % slower than
the bare workload, and no slower than perf.

  bench/stat_overhead/stat_overhead.py [--build DIR] [--rounds N] [--iterations N]

Run it on the release build (cmake --preset release), on a quiet machine.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

EVENTS = "task-clock,context-switches,cpu-migrations,page-faults"
# About 2.5 s of xorshift chain on the development machine (see README.md).
DEFAULT_ITERATIONS = 1_300_000_000


def fail(message):
    sys.exit(f"stat_overhead: {message}")


def wall_time(command):
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        fail(f"'{' '.join(command)}' exited with {done.returncode}")
    return elapsed


def interval_lines(command):
    """How many timeline lines a command prints on stderr (a check that it really sampled)."""
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        fail(f"'{' '.join(command)}' exited with {done.returncode}:\n{done.stderr}")
    return sum(1 for line in done.stderr.splitlines() if "task-clock" in line)


def main():
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=os.path.join(repo, "build", "release"),
                        help="build directory holding perfdash-cli and the workload (default: build/release)")
    parser.add_argument("--rounds", type=int, default=15, help="rounds of the three runs (default 15)")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS,
                        help=f"workload size (default {DEFAULT_ITERATIONS})")
    args = parser.parse_args()

    cli = os.path.join(args.build, "app", "cli", "perfdash-cli")
    work = os.path.join(args.build, "bench", "stat_overhead", "perfdash_bench_cpu_work")
    perf = shutil.which("perf")
    for path in (cli, work):
        if not os.access(path, os.X_OK):
            fail(f"{path} is missing: build first (cmake --build --preset release)")
    if not perf:
        fail("perf is not installed (Debian: apt-get install linux-perf)")

    workload = [work, str(args.iterations)]
    commands = {
        "bare": workload,
        "perfdash": [cli, "stat", "-t", "10ms", "-e", EVENTS, "--"] + workload,
        "perf": [perf, "stat", "-I", "10", "-e", EVENTS, "--"] + workload,
    }

    load_before = os.getloadavg()
    # Warm-up (page cache, the CPU's clock), and proof that both tools sample every 10 ms.
    lines = {name: interval_lines(commands[name]) for name in ("perfdash", "perf")}
    wall_time(commands["bare"])

    times = {name: [] for name in commands}
    order = list(commands)
    for r in range(args.rounds):
        for name in order[r % 3:] + order[:r % 3]:  # rotate, so no variant always runs first
            times[name].append(wall_time(commands[name]))
    load_after = os.getloadavg()

    median = {name: statistics.median(t) for name, t in times.items()}
    print(f"workload: {args.iterations} xorshift steps; events: {EVENTS}; {args.rounds} rounds, alternating")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} (1-minute)")
    print(f"timeline lines printed in the warm-up run: perfdash {lines['perfdash']}, perf {lines['perf']}")
    print(f"{'':10} {'median s':>10} {'min s':>10} {'max s':>10} {'vs bare':>9}")
    for name in commands:
        t = times[name]
        print(f"{name:10} {median[name]:10.4f} {min(t):10.4f} {max(t):10.4f} {median[name] / median['bare']:8.4f}x")
    overhead = median["perfdash"] / median["bare"] - 1
    perf_overhead = median["perf"] / median["bare"] - 1
    print(f"perfdash overhead over bare: {100 * overhead:+.2f}% (target <= 1%): "
          f"{'met' if overhead <= 0.01 else 'missed'}")
    print(f"perf overhead over bare:     {100 * perf_overhead:+.2f}%")
    print(f"perfdash vs perf: {median['perfdash'] / median['perf']:.4f}x (target <= 1): "
          f"{'met' if median['perfdash'] <= median['perf'] else 'missed'}")


if __name__ == "__main__":
    main()
