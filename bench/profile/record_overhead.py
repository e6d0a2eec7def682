#!/usr/bin/env python3
"""What sampling at 4 kHz costs a program: perfdash-cli record against perf record.

Runs the fixed CPU-bound workload of stat_overhead.py (perfdash_bench_cpu_work)
four ways, rotating the order round after round so that a change of load
hits all four alike:

  bare        the workload alone
  perfdash    perfdash-cli record -e cpu-clock -F 4000 -o FILE -- workload
  perf        perf record -e cpu-clock -F 4000 -g -o FILE -- workload
  perf-group  perf record -e '{cpu-clock}:S' --sample-cpu -F 4000 -g -o FILE -- workload

All sample cpu-clock (it samples in VMs without a PMU) with frame-pointer
call stacks. perf's default samples are lighter than perfdash's, which read
the sampled group with each sample (PERF_SAMPLE_READ, as `record -g GROUP`
needs) and carry the event's ID and the CPU; perf-group is perf recording
those same contents (leader sampling), so that the kernel's share of the
cost is told from perfdash's own. It reports the medians of the command's wall time (the tool's
start-up and, for perfdash, symbolizing and writing the session included)
and of the program's own time (the workload times its loop itself: what the
sampling costs the program while it runs). The target: perfdash's program
time no longer than perf's (ratio <= 1).

The machine's speed drifts over minutes by more than the difference looked
for, so the program's time is also compared round by round: perfdash's run
against perf's of the same round. The script prints the median of these
paired ratios with a 95 % bootstrap interval, and the verdict says which of
"met", "missed" and "not told apart" the rounds support.

  bench/profile/record_overhead.py [--build DIR] [--rounds N] [--iterations N]
"""
import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "stat_overhead"))
from stat_overhead import (DEFAULT_ITERATIONS, default_build, hold_task_counter, print_times, run_rounds,  # noqa: E402
                           timed_run, tools)


def paired_interval(ratios, resamples=10000):
    """The 95 % bootstrap interval of the median of per-round ratios (seeded: the same rounds give the same interval)."""
    rng = random.Random(1)
    medians = sorted(statistics.median(rng.choices(ratios, k=len(ratios))) for _ in range(resamples))
    return medians[int(0.025 * resamples)], medians[int(0.975 * resamples) - 1]


def verdict(ratio_of_medians, paired, interval):
    if ratio_of_medians <= 1 and paired <= 1:
        return "met"
    if interval[0] > 1:
        return "missed"
    return (f"not told apart: the rounds allow perfdash {100 * (1 - interval[0]):.1f} % faster to "
            f"{100 * (interval[1] - 1):.1f} % slower than perf")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=default_build())
    parser.add_argument("--rounds", type=int, default=15, help="rounds of the four runs (default 15)")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    args = parser.parse_args()

    cli, work, perf = tools(args.build)

    held = hold_task_counter()  # the kernel's per-task hooks stay on for all four (stat_overhead.py says why)
    scratch = tempfile.mkdtemp(prefix="record_overhead.")
    timing_file = os.path.join(scratch, "loop-seconds")
    workload = [work, str(args.iterations), timing_file]
    commands = {
        "bare": workload,
        "perfdash": [cli, "record", "-e", "cpu-clock", "-F", "4000", "-o", os.path.join(scratch, "s.json"), "--"] + workload,
        "perf": [perf, "record", "-q", "-e", "cpu-clock", "-F", "4000", "-g", "-o", os.path.join(scratch, "perf.data"),
                 "--"] + workload,
        "perf-group": [perf, "record", "-q", "-e", "{cpu-clock}:S", "--sample-cpu", "-F", "4000", "-g", "-o",
                       os.path.join(scratch, "perf-group.data"), "--"] + workload,
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
        print(f"perfdash vs perf: {ratios[-1]:.4f}x; vs perf-group: {median['perfdash'] / median['perf-group']:.4f}x")
    print("\nthe program's own time, round by round (the median of each round's ratio, its 95 % interval):")
    paired = {}
    for a, b in (("perfdash", "perf"), ("perfdash", "perf-group"), ("perf-group", "perf")):
        rounds = [x / y for x, y in zip(loop[a], loop[b])]  # run_rounds keeps each round's index
        paired[(a, b)] = (statistics.median(rounds), paired_interval(rounds))
        median, interval = paired[(a, b)]
        print(f"{a + '/' + b:22} {median:.4f}x, {interval[0]:.4f}x to {interval[1]:.4f}x; "
              f"{a} faster in {sum(r < 1 for r in rounds)} of {len(rounds)} rounds")
    median, interval = paired[("perfdash", "perf")]
    print(f"\nperfdash/perf: wall {ratios[0]:.4f}x, program's own time {ratios[1]:.4f}x (medians), {median:.4f}x "
          f"(paired) (target <= 1 for the program's time: {verdict(ratios[1], median, interval)})")

if __name__ == "__main__":
    main()
