#!/usr/bin/env python3
"""Accuracy and speed of perfdash's machine probes on this machine.

Checks the targets of the microbenchmark issue and prints the figures:
  - one-cycle ALU latency (add r64 / add x / daddu)   1.00 +- 0.05 cycles
  - imul r64 latency (x86-64 only)                    3.0  +- 0.1 cycles
  - independent add throughput                         >= 4 per cycle (judged within the
                                                       1 % to which the clock is measured:
                                                       on a core with exactly four ALUs the
                                                       true value is 4.00 and noise falls
                                                       on both sides)
  - core clock (perfdash-cli freq), 5 runs              all within 1 % of their median
Each figure is what perfdash reports: the estimate from the fastest runs
(interference only adds time); the median runs' figure is printed beside it.
  - the whole host catalog (bench run --all)           <= 60 s wall time

Usage: bench/microbench/accuracy.py [--cli PATH] [--cpu N] [--runs 5]
Without --cli it builds the release preset's perfdash-cli (cmake --preset release).
Timings depend on what else runs: the script prints the load average before
and after, and every figure it judges, so a reader can tell.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

HOST_ADD = {"x86_64": "add_r64", "aarch64": "add_x", "mips64": "daddu"}


def run_cli(cli, *args):
    out = subprocess.run([cli, *args], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        sys.exit(f"perfdash-cli {' '.join(args)} failed ({out.returncode}):\n{out.stderr}{out.stdout}")
    return json.loads(out.stdout)


def build_cli():
    cli = os.path.join(ROOT, "build", "release", "app", "cli", "perfdash-cli")
    subprocess.run(["cmake", "--preset", "release"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", "--preset", "release", "-j2", "--target", "perfdash-cli"], cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    return cli


def load():
    return " ".join(open("/proc/loadavg").read().split()[:3])


def judge(ok):
    return "PASS" if ok else "FAIL"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", help="perfdash-cli to measure with (default: build the release preset)")
    parser.add_argument("--cpu", type=int, default=max(os.sched_getaffinity(0)), help="CPU to run on")
    parser.add_argument("--runs", type=int, default=5, help="repetitions of each measurement")
    args = parser.parse_args()
    cli = args.cli or build_cli()
    cpu = str(args.cpu)

    print(f"perfdash microbench accuracy on CPU {cpu}; load average before: {load()}")
    listing = run_cli(cli, "bench", "list", "--json")
    arch = listing["arch"]
    add = HOST_ADD[arch]
    names = [add] + (["imul_r64"] if arch == "x86_64" else [])

    add_latency, add_ipc, imul_latency, sources = [], [], [], set()
    medians = {"add": [], "ipc": [], "imul": []}
    alongside = []
    for _ in range(args.runs):
        run = run_cli(cli, "bench", "run", *names, "--cpu", cpu, "--json")
        by_name = {r["name"]: r for r in run["results"]}
        add_latency.append(by_name[add]["latency_cycles"])
        add_ipc.append(by_name[add]["ipc"])
        medians["add"].append(by_name[add]["latency"]["cycles"]["median"])
        medians["ipc"].append(1 / by_name[add]["throughput"]["cycles"]["median"])
        sources.add(run["environment"]["cycles_source"])
        for r in run["results"]:
            for mode in ("latency", "throughput"):
                if r[mode].get("clock_hz"):
                    alongside.append(r[mode]["clock_hz"])
        if "imul_r64" in by_name:
            imul_latency.append(by_name["imul_r64"]["latency_cycles"])
            medians["imul"].append(by_name["imul_r64"]["latency"]["cycles"]["median"])

    clocks, median_clocks = [], []
    for _ in range(args.runs):
        freq = run_cli(cli, "freq", "--cpu", cpu, "--json")
        hz = freq["cpus"][0]["measured_hz"]
        if hz is not None:
            clocks.append(hz)
            median_clocks.append(freq["cpus"][0]["median_hz"])

    start = time.monotonic()
    catalog = run_cli(cli, "bench", "run", "--all", "--cpu", cpu, "--json")
    catalog_seconds = time.monotonic() - start
    statuses = {}
    for r in catalog["results"]:
        statuses[r["status"]] = statuses.get(r["status"], 0) + 1

    def runs(values):
        return ", ".join(f"{v:.3f}" for v in values)

    results = []
    med = statistics.median(add_latency)
    results.append((f"{add} latency (median of {args.runs} runs)", f"{med:.3f} cycles "
                    f"(runs: {runs(add_latency)}; median-runs figures: {runs(medians['add'])})",
                    abs(med - 1.0) <= 0.05))
    if imul_latency:
        med = statistics.median(imul_latency)
        results.append((f"imul_r64 latency (median of {args.runs} runs)", f"{med:.3f} cycles "
                        f"(runs: {runs(imul_latency)}; median-runs figures: {runs(medians['imul'])})",
                        abs(med - 3.0) <= 0.1))
    med = statistics.median(add_ipc)
    results.append((f"{add} independent throughput", f"{med:.3f} per cycle, target >= 4 within 1 % "
                    f"(runs: {runs(add_ipc)}; median-runs figures: {runs(medians['ipc'])})",
                    med >= 4.0 * 0.99))
    if len(clocks) == args.runs:
        mid = statistics.median(clocks)
        worst = max(abs(c - mid) / mid for c in clocks)
        results.append((f"core clock, {args.runs} runs", f"{mid / 1e9:.4f} GHz, worst run {100 * worst:.2f} % "
                        f"from the median (runs: {', '.join(f'{c / 1e9:.4f}' for c in clocks)}; median-runs "
                        f"figures: {', '.join(f'{c / 1e9:.4f}' for c in median_clocks)})", worst <= 0.01))
    else:
        results.append((f"core clock, {args.runs} runs", f"only {len(clocks)} runs gave a value", False))
    results.append((f"whole {arch} catalog ({len(catalog['results'])} entries: "
                    + ", ".join(f"{n} {s}" for s, n in sorted(statuses.items())) + ")",
                    f"{catalog_seconds:.1f} s", catalog_seconds <= 60))

    print(f"cycles from: {'; '.join(sorted(sources))}"
          + (f" (clock measured alongside each benchmark: {min(alongside) / 1e9:.4f}..{max(alongside) / 1e9:.4f} GHz)"
             if alongside else ""))
    width = max(len(name) for name, _, _ in results)
    for name, figure, ok in results:
        print(f"  {judge(ok)}  {name.ljust(width)}  {figure}")
    print(f"load average after: {load()}")
    return 0 if all(ok for _, _, ok in results) else 1


if __name__ == "__main__":
    sys.exit(main())
