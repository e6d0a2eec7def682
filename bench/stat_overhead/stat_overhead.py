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
/dev/null here, as their tables do. It reports, for each, the median of
two times: the whole command's wall time (what a user waits for, the
tool's start-up and exit included) and the program's own time (the
workload times its loop itself: what sampling every 10 ms costs the
program while it runs). The targets: perfdash at most 1 % slower than the
bare workload, and no slower than perf.

The kernel switches on its per-task context-switch hooks (a static key:
code patched on every CPU, about 10 ms on the development machine) when
the first per-task counter of the system is opened, and off again about a
second after the last one closes. Whichever tool runs right after a bare
run pays that, and the rotation puts perfdash there in two rounds of
three, perf in one. So the script holds one per-task dummy counter of its
own open for the whole run (--cold-kernel does not), and both tools find
the hooks on.

  bench/stat_overhead/stat_overhead.py [--build DIR] [--rounds N] [--iterations N] [--cold-kernel]

Run it on the release build (cmake --preset release), on a quiet machine.
"""
import argparse
import ctypes
import os
import shutil
import statistics
import subprocess
import struct
import sys
import tempfile
import time

EVENTS = "task-clock,context-switches,cpu-migrations,page-faults"
# About 2.5 s of xorshift chain on the development machine (see README.md).
DEFAULT_ITERATIONS = 1_300_000_000


def fail(message):
    sys.exit(f"stat_overhead: {message}")


def hold_task_counter():
    """Opens a software dummy counter on this process and returns its fd (kept open by the caller)."""
    numbers = {"x86_64": 298, "aarch64": 241}  # __NR_perf_event_open
    machine = os.uname().machine
    if machine not in numbers:
        fail(f"no perf_event_open system call number known for {machine}: run with --cold-kernel")
    attr = ctypes.create_string_buffer(64)  # PERF_ATTR_SIZE_VER0
    # type PERF_TYPE_SOFTWARE (1), size, config PERF_COUNT_SW_DUMMY (9); flags: exclude_kernel, exclude_hv
    struct.pack_into("IIQ", attr, 0, 1, 64, 9)
    struct.pack_into("Q", attr, 40, (1 << 5) | (1 << 6))
    libc = ctypes.CDLL(None, use_errno=True)
    fd = libc.syscall(numbers[machine], attr, 0, -1, -1, 0)
    if fd < 0:
        fail(f"cannot open a dummy counter on this process: {os.strerror(ctypes.get_errno())} "
             "(perf_event_paranoid too high?); or run with --cold-kernel")
    return fd


def timed_run(command, timing_file):
    """The command's wall time and the workload's own loop time, in seconds."""
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        fail(f"'{' '.join(command)}' exited with {done.returncode}")
    with open(timing_file) as f:
        return elapsed, float(f.read())


def interval_lines(command):
    """How many timeline lines a command prints on stderr (a check that it really sampled)."""
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        fail(f"'{' '.join(command)}' exited with {done.returncode}:\n{done.stderr}")
    return sum(1 for line in done.stderr.splitlines() if "task-clock" in line)


def tools(build):
    """perfdash-cli and the workload in the build directory, and perf; fails with the fix where one is missing."""
    cli = os.path.join(build, "app", "cli", "perfdash-cli")
    work = os.path.join(build, "bench", "stat_overhead", "perfdash_bench_cpu_work")
    perf = shutil.which("perf")
    for path in (cli, work):
        if not os.access(path, os.X_OK):
            fail(f"{path} is missing: build first (cmake --build --preset release)")
    if not perf:
        fail("perf is not installed (Debian: apt-get install linux-perf)")
    return cli, work, perf


def default_build():
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return os.path.join(repo, "build", "release")


def run_rounds(commands, rounds, timing_file):
    """Wall and loop times of each command over `rounds` rounds, the order rotating from round to round."""
    wall = {name: [] for name in commands}
    loop = {name: [] for name in commands}
    order = list(commands)
    for r in range(rounds):
        for name in order[r % len(order):] + order[:r % len(order)]:  # rotate, so no variant always runs first
            w, l = timed_run(commands[name], timing_file)
            wall[name].append(w)
            loop[name].append(l)
    return wall, loop


def print_times(title, times):
    """Median, min, max and the ratio to "bare" of each variant; returns the medians."""
    median = {name: statistics.median(t) for name, t in times.items()}
    print(f"\n{title}")
    print(f"{'':10} {'median s':>10} {'min s':>10} {'max s':>10} {'vs bare':>9}")
    for name, t in times.items():
        print(f"{name:10} {median[name]:10.4f} {min(t):10.4f} {max(t):10.4f} {median[name] / median['bare']:8.4f}x")
    return median


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=default_build(),
                        help="build directory holding perfdash-cli and the workload (default: build/release)")
    parser.add_argument("--rounds", type=int, default=15, help="rounds of the three runs (default 15)")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS,
                        help=f"workload size (default {DEFAULT_ITERATIONS})")
    parser.add_argument("--cold-kernel", action="store_true",
                        help="do not hold a counter open: each tool run right after a bare run "
                             "pays for switching the kernel's per-task hooks on")
    args = parser.parse_args()

    cli, work, perf = tools(args.build)

    held = None if args.cold_kernel else hold_task_counter()
    timing_file = os.path.join(tempfile.mkdtemp(prefix="stat_overhead."), "loop-seconds")
    workload = [work, str(args.iterations), timing_file]
    commands = {
        "bare": workload,
        "perfdash": [cli, "stat", "-t", "10ms", "-e", EVENTS, "--"] + workload,
        "perf": [perf, "stat", "-I", "10", "-e", EVENTS, "--"] + workload,
    }

    load_before = os.getloadavg()
    # Warm-up (page cache, the CPU's clock), and proof that both tools sample every 10 ms.
    lines = {name: interval_lines(commands[name]) for name in ("perfdash", "perf")}
    timed_run(commands["bare"], timing_file)

    wall, loop = run_rounds(commands, args.rounds, timing_file)
    load_after = os.getloadavg()
    os.remove(timing_file)
    os.rmdir(os.path.dirname(timing_file))
    if held is not None:
        os.close(held)

    print(f"workload: {args.iterations} xorshift steps; events: {EVENTS}; {args.rounds} rounds, alternating")
    print("kernel's per-task hooks: " + ("switched on and off as the tools come and go (--cold-kernel)"
                                         if held is None else "held on by a dummy counter of this script"))
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} (1-minute)")
    print(f"timeline lines printed in the warm-up run: perfdash {lines['perfdash']}, perf {lines['perf']}")
    verdicts = []
    for title, times in (("wall time of the whole command", wall), ("the program's own time (its loop)", loop)):
        median = print_times(title, times)
        overhead = median["perfdash"] / median["bare"] - 1
        perf_overhead = median["perf"] / median["bare"] - 1
        ratio = median["perfdash"] / median["perf"]
        print(f"perfdash overhead over bare: {100 * overhead:+.2f}% (target <= 1%): "
              f"{'met' if overhead <= 0.01 else 'missed'}")
        print(f"perf overhead over bare:     {100 * perf_overhead:+.2f}%")
        print(f"perfdash vs perf: {ratio:.4f}x (target <= 1): {'met' if ratio <= 1 else 'missed'}")
        verdicts.append(ratio)
    print(f"\nperfdash/perf: wall {verdicts[0]:.4f}x, program's own time {verdicts[1]:.4f}x")

if __name__ == "__main__":
    main()
