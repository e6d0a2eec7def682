#!/usr/bin/env python3
"""What sampling at 4 kHz costs a program: perfdash-cli record against perf record.

Runs the fixed CPU-bound workload of stat_overhead.py (perfdash_bench_cpu_work)
three ways, rotating the order round after round so that a change of load
hits all three alike:

  bare       the workload alone
  perfdash   perfdash-cli record -e cpu-clock -F 4000 -o FILE -- workload
  perf       perf record -e cpu-clock -F 4000 -g -o FILE -- workload

Both sample cpu-clock (it samples in VMs without a PMU) with frame-pointer
call stacks. It reports the medians of the command's wall time (the tool's
start-up and, for perfdash, symbolizing and writing the session included)
and of the program's own time (the workload times its loop itself: what the
sampling costs the program while it runs). The target: perfdash's program
time no longer than perf's (ratio <= 1).

  bench/profile/record_overhead.py [--build DIR] [--rounds N] [--iterations N]
"""
import argparse
import os
import shutil
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "stat_overhead"))
from stat_overhead import DEFAULT_ITERATIONS, fail, hold_task_counter, timed_run  # noqa: E402


def main():
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=os.path.join(repo, "build", "release"))
    parser.add_argument("--rounds", type=int, default=15, help="rounds of the three runs (default 15)")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    args = parser.parse_args()

    cli = os.path.join(args.build, "app", "cli", "perfdash-cli")
    work = os.path.join(args.build, "bench", "stat_overhead", "perfdash_bench_cpu_work")
    perf = shutil.which("perf")
    for path in (cli, work):
        if not os.access(path, os.X_OK):
            fail(f"{path} is missing: build first (cmake --build --preset release)")
    if not perf:
        fail("perf is not installed (Debian: apt-get install linux-perf)")

    held = hold_task_counter()  # the kernel's per-task hooks stay on for all three (stat_overhead.py says why)
    scratch = tempfile.mkdtemp(prefix="record_overhead.")
    timing_file = os.path.join(scratch, "loop-seconds")
    workload = [work, str(args.iterations), timing_file]
    commands = {
        "bare": workload,
        "perfdash": [cli, "record", "-e", "cpu-clock", "-F", "4000", "-o", os.path.join(scratch, "s.json"), "--"] + workload,
        "perf": [perf, "record", "-q", "-e", "cpu-clock", "-F", "4000", "-g", "-o", os.path.join(scratch, "perf.data"),
                 "--"] + workload,
    }
    load_before = os.getloadavg()
    for name in commands:  # warm-up: page cache, the CPU's clock
        timed_run(commands[name], timing_file)

    wall = {name: [] for name in commands}
    loop = {name: [] for name in commands}
    order = list(commands)
    for r in range(args.rounds):
        for name in order[r % 3:] + order[:r % 3]:
            w, l = timed_run(commands[name], timing_file)
            wall[name].append(w)
            loop[name].append(l)
    load_after = os.getloadavg()
    shutil.rmtree(scratch)
    os.close(held)

    print(f"workload: {args.iterations} xorshift steps; cpu-clock at 4000 Hz, frame-pointer stacks; "
          f"{args.rounds} rounds, rotating")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} (1-minute)")
    ratios = []
    for title, times in (("wall time of the whole command", wall), ("the program's own time (its loop)", loop)):
        median = {name: statistics.median(t) for name, t in times.items()}
        print(f"\n{title}")
        print(f"{'':10} {'median s':>10} {'min s':>10} {'max s':>10} {'vs bare':>9}")
        for name in commands:
            t = times[name]
            print(f"{name:10} {median[name]:10.4f} {min(t):10.4f} {max(t):10.4f} {median[name] / median['bare']:8.4f}x")
        ratios.append(median["perfdash"] / median["perf"])
        print(f"perfdash vs perf: {ratios[-1]:.4f}x")
    print(f"\nperfdash/perf: wall {ratios[0]:.4f}x, program's own time {ratios[1]:.4f}x "
          f"(target <= 1 for the program's time: {'met' if ratios[1] <= 1 else 'missed'})")


if __name__ == "__main__":
    main()
