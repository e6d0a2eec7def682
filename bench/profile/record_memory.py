#!/usr/bin/env python3
"""record's memory over a long run, and its session against the 100 MB bound.

Samples perfdash_bench_record_busy with cpu-clock at 4 kHz while its two
threads keep both CPUs busy on thousands of distinct call paths (a session's
worst case: most samples of a second land on rows of their own), for
--seconds. (The program, not whole CPUs: on a shared machine whole CPUs
would also record every other user's programs, whose code, threads and
mappings make a memory figure of that machine, not of record.) It reads
perfdash-cli's resident memory (/proc/PID/status VmRSS) every second and
prints it over the run, its peak (the session written at the end
included), then the session's size, rows and interval.

A session grows with its rows, which grow with the run until the row budget
coarsens them (core/profile/ProfileBuilder.h): the size printed for a shorter
run is extrapolated to 10 minutes at the rate it grew after its first 10 s,
and capped by the budget.

  bench/profile/record_memory.py [--build DIR] [--seconds 60]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def main():
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=os.path.join(repo, "build", "release"))
    parser.add_argument("--seconds", type=float, default=60)
    args = parser.parse_args()
    cli = os.path.join(args.build, "app", "cli", "perfdash-cli")
    busy = os.path.join(args.build, "bench", "profile", "perfdash_bench_record_busy")
    for path in (cli, busy):
        if not os.access(path, os.X_OK):
            sys.exit(f"record_memory: {path} is missing: build first")
    out = os.path.join(tempfile.mkdtemp(prefix="record_memory."), "session.json")
    command = [cli, "record", "-e", "cpu-clock", "-F", "4000", "-o", out, "--", busy, str(args.seconds)]
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    samples = []  # (seconds, KiB)
    # Polled while the run goes on; the peak, the end's writing of the session included, from wait4.
    while True:
        waited, status, usage = os.wait4(process.pid, os.WNOHANG)
        if waited:
            break
        kib = rss_kib(process.pid)
        if kib is not None:
            samples.append((time.monotonic() - start, kib))
        time.sleep(1)
    returncode = os.waitstatus_to_exitcode(status)
    err = process.stderr.read()
    if returncode != 0:
        sys.exit(f"record_memory: perfdash-cli exited with {returncode}:\n{err}")
    size = os.path.getsize(out)
    with open(out) as f:
        profile = json.load(f)["profile"]
    os.remove(out)
    os.rmdir(os.path.dirname(out))
    samples_total = sum(r[5] for r in profile["rows"])

    print(f"perfdash-cli record -e cpu-clock -F 4000 for {args.seconds:.0f} s of 2 busy threads on many call paths")
    print(f"samples {samples_total:.0f}, rows {len(profile['rows'])}, call-path nodes {len(profile['nodes'])}, "
          f"interval {profile['interval_s']} s")
    print("resident memory of perfdash-cli (MiB) at:")
    marks = [samples[int(len(samples) * q)] for q in (0.1, 0.25, 0.5, 0.75, 0.9) if samples] + samples[-1:]
    for t, kib in marks:
        print(f"  {t:6.1f} s  {kib / 1024:8.1f}")
    running = [kib for t, kib in samples if 10 <= t <= args.seconds]  # the program still runs
    if running:
        print(f"  while the program ran, after 10 s: from {min(running) / 1024:.1f} to {max(running) / 1024:.1f} MiB")
    print(f"  peak {usage.ru_maxrss / 1024:.1f} MiB, the end (the rows read back, the session written) included")
    print(f"session: {size / 1e6:.2f} MB for {args.seconds:.0f} s")
    if args.seconds < 600:
        rate = size / args.seconds
        print(f"extrapolated to 600 s at {rate / 1e6:.3f} MB/s: {rate * 600 / 1e6:.1f} MB "
              "(the row budget, about 90 MB, caps it in any case)")


if __name__ == "__main__":
    main()
