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
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "stat_overhead"))
from stat_overhead import (DEFAULT_ITERATIONS, default_build, hold_task_counter, print_times, run_rounds,  # noqa: E402
                           timed_run, tools)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=default_build())
    parser.add_argument("--rounds", type=int, default=15, help="rounds of the three runs (default 15)")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    args = parser.parse_args()

    cli, work, perf = tools(args.build)

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

    wall, loop = run_rounds(commands, args.rounds, timing_file)
    load_after = os.getloadavg()
    shutil.rmtree(scratch)
    os.close(held)

    print(f"workload: {args.iterations} xorshift steps; cpu-clock at 4000 Hz, frame-pointer stacks; "
          f"{args.rounds} rounds, rotating")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} (1-minute)")
    ratios = []
    for title, times in (("wall time of the whole command", wall), ("the program's own time (its loop)", loop)):
        median = print_times(title, times)
        ratios.append(median["perfdash"] / median["perf"])
        print(f"perfdash vs perf: {ratios[-1]:.4f}x")
    print(f"\nperfdash/perf: wall {ratios[0]:.4f}x, program's own time {ratios[1]:.4f}x "
          f"(target <= 1 for the program's time: {'met' if ratios[1] <= 1 else 'missed'})")


if __name__ == "__main__":
    main()
