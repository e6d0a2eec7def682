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
  - the same clock against an independent reference    within 1 %
  - the whole host catalog (bench run --all)           <= 60 s wall time
Each figure is what perfdash reports: the estimate from the fastest runs
(interference only adds time); the median runs' figure is printed beside it.

Without a cycles counter (a VM) perfdash converts time to cycles with the
clock of its own add chain, so the add latency is 1.000 by construction and
checks only the method's consistency. What is not circular: the clock that
chain gives, compared with a reference measured in the same run, between the
freq runs, on the same CPU: add_loop.c, a chain of adds written by hand and
timed with clock_gettime (none of perfdash's code generation, timing or
conversion). The clocks the system reports (TSC rate, /proc/cpuinfo) are
printed beside it: a nominal clock, which turbo and the hypervisor may beat.

With --reference FILE (a published table for this machine's core, in any
format perfdash imports: InstLatx64's text, uops.info's instructions.xml, our
CSV; perfdash ships none) it instead runs the whole catalog twice and judges
it against the table, with perfdash's own verdicts (ReferenceTable.h):
  - latency rows within max(0.15 cycles, 10 %) of the table     >= 90 %
  - throughput rows within max(0.05 cycles, 15 %) of the table  >= 85 %
  - no row differs from its own repeat run by more than that tolerance
and lists every miss with both figures.

Usage: bench/probes/accuracy.py [--cli PATH] [--cpu N] [--runs 5]
       bench/probes/accuracy.py --reference FILE [--uarch NAME] [--cli PATH] [--cpu N]
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
import tempfile
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


def build_reference_loop(directory):
    binary = os.path.join(directory, "add_loop")
    subprocess.run(["cc", "-O2", "-o", binary, os.path.join(os.path.dirname(os.path.abspath(__file__)), "add_loop.c")],
                   check=True)
    return binary


def reference_clock(binary, cpu):
    """(fastest, median) adds per second of the hand-written chain, pinned to `cpu`."""
    out = subprocess.run([binary], capture_output=True, text=True, check=True,
                         preexec_fn=lambda: os.sched_setaffinity(0, {int(cpu)}))
    fastest, median = (float(v) for v in out.stdout.split())
    return fastest, median


def load():
    return " ".join(open("/proc/loadavg").read().split()[:3])


def judge(ok):
    return "PASS" if ok else "FAIL"


# The tolerances of perfdash's verdict (core/probes/ReferenceTable.h), for the repeat check.
TOLERANCE = {"latency": (0.15, 0.10), "recip_throughput": (0.05, 0.15)}
TARGET = {"latency": 0.90, "recip_throughput": 0.85}


def reference_accuracy(cli, cpu, reference, uarch):
    """Judges the whole catalog against a published table; returns the exit status."""
    print(f"perfdash probes accuracy against {reference} on CPU {cpu}; load average before: {load()}")
    command = ["bench", "run", "--all", "--cpu", cpu, "--json", "--reference", reference]
    if uarch:
        command += ["--uarch", uarch]
    first = run_cli(cli, *command)
    repeat = run_cli(cli, *command)
    again = {r["name"]: r for r in repeat["results"]}
    ok = True
    for mode in ("latency", "recip_throughput"):
        compared, agree, misses, unstable = 0, 0, [], []
        for r in first["results"]:
            refs = r.get("reference") or []
            if not refs or refs[0][f"{mode}_verdict"] is None:
                continue
            ref = refs[0]
            compared += 1
            if ref[f"{mode}_verdict"] == "agrees":
                agree += 1
            else:
                misses.append(f"{r['name']} ({r['mnemonic']} {r['operands']}): measured {r[mode + '_cycles']:.3f}, "
                              f"table {ref[mode + '_cycles']:.3f}")
            other = again.get(r["name"], {}).get(mode + "_cycles")
            absolute, relative = TOLERANCE[mode]
            allowed = max(absolute, relative * ref[mode + "_cycles"])
            if other is None or abs(other - r[mode + "_cycles"]) > allowed:
                unstable.append(f"{r['name']}: {r[mode + '_cycles']:.3f} then "
                                + ("n/a" if other is None else f"{other:.3f}") + f" (tolerance {allowed:.3f})")
        share = agree / compared if compared else 0
        passed = compared > 0 and share >= TARGET[mode] and not unstable
        ok = ok and passed
        print(f"  {judge(passed)}  {mode}: {agree} of {compared} rows within tolerance ({100 * share:.1f} %, "
              f"target {100 * TARGET[mode]:.0f} %); {len(unstable)} rows not reproduced by the repeat run")
        for m in misses:
            print(f"        miss      {m}")
        for u in unstable:
            print(f"        unstable  {u}")
    unmatched = [r["name"] for r in first["results"] if r["status"] == "measured" and not r.get("reference")]
    print(f"  info  {len(unmatched)} measured entries have no row in the table: {', '.join(unmatched)}")
    print(f"load average after: {load()}")
    return 0 if ok else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", help="perfdash-cli to measure with (default: build the release preset)")
    parser.add_argument("--cpu", type=int, default=max(os.sched_getaffinity(0)), help="CPU to run on")
    parser.add_argument("--runs", type=int, default=5, help="repetitions of each measurement")
    parser.add_argument("--reference", help="judge the catalog against this published table instead")
    parser.add_argument("--uarch", help="the table's microarchitecture to use (uops.info's files name several)")
    args = parser.parse_args()
    cli = args.cli or build_cli()
    cpu = str(args.cpu)
    if args.reference:
        return reference_accuracy(cli, cpu, args.reference, args.uarch)

    print(f"perfdash probes accuracy on CPU {cpu}; load average before: {load()}")
    listing = run_cli(cli, "bench", "list", "--json")
    arch = listing["arch"]
    add = HOST_ADD[arch]
    names = [add] + (["imul_r64"] if arch == "x86_64" else [])

    add_latency, add_ipc, imul_latency, sources, missing = [], [], [], set(), []
    medians = {"add": [], "ipc": [], "imul": []}
    alongside = []
    for _ in range(args.runs):
        run = run_cli(cli, "bench", "run", *names, "--cpu", cpu, "--json")
        by_name = {r["name"]: r for r in run["results"]}
        # A figure perfdash could not measure is null with its reason: say so, never judge a 0.
        for r in run["results"]:
            for key in ("latency_cycles", "recip_throughput_cycles"):
                if r[key] is None:
                    missing.append(f"{r['name']} {key}: {r.get(key + '_unavailable')}")
        if by_name[add]["latency_cycles"] is None or by_name[add]["ipc"] is None:
            continue
        add_latency.append(by_name[add]["latency_cycles"])
        add_ipc.append(by_name[add]["ipc"])
        medians["add"].append(by_name[add]["latency"]["cycles"]["median"])
        medians["ipc"].append(1 / by_name[add]["throughput"]["cycles"]["median"])
        sources.add(run["environment"]["cycles_source"])
        for r in run["results"]:
            for mode in ("latency", "throughput"):
                if r[mode].get("clock_hz"):
                    alongside.append(r[mode]["clock_hz"])
        if "imul_r64" in by_name and by_name["imul_r64"]["latency_cycles"] is not None:
            imul_latency.append(by_name["imul_r64"]["latency_cycles"])
            medians["imul"].append(by_name["imul_r64"]["latency"]["cycles"]["median"])

    clocks, median_clocks, loop_clocks, reported = [], [], [], {}
    with tempfile.TemporaryDirectory() as tmp:
        loop = build_reference_loop(tmp)
        for _ in range(args.runs):
            # perfdash's clock and the reference alternate, so both see the same moments and load.
            freq = run_cli(cli, "freq", "--cpu", cpu, "--json")
            loop_clocks.append(reference_clock(loop, cpu)[0])
            hz = freq["cpus"][0]["measured_hz"]
            if hz is not None:
                clocks.append(hz)
                median_clocks.append(freq["cpus"][0]["median_hz"])
            else:
                missing.append(f"freq: {freq['cpus'][0].get('measured_hz_unavailable')}")
            for ref in freq["cpus"][0]["references"]:
                if ref["hz"] is not None:
                    reported.setdefault(ref["source"], []).append(ref["hz"])

    start = time.monotonic()
    catalog = run_cli(cli, "bench", "run", "--all", "--cpu", cpu, "--json")
    catalog_seconds = time.monotonic() - start
    statuses = {}
    for r in catalog["results"]:
        statuses[r["status"]] = statuses.get(r["status"], 0) + 1

    def runs(values):
        return ", ".join(f"{v:.3f}" for v in values)

    def ghz(values):
        return ", ".join(f"{v / 1e9:.4f}" for v in values)

    results = []
    if not add_latency:
        sys.exit("no run measured the add latency:\n  " + "\n  ".join(missing))
    med = statistics.median(add_latency)
    results.append((f"{add} latency (median of {len(add_latency)} runs)", f"{med:.3f} cycles "
                    f"(runs: {runs(add_latency)}; median-runs figures: {runs(medians['add'])})",
                    abs(med - 1.0) <= 0.05))
    if imul_latency:
        med = statistics.median(imul_latency)
        results.append((f"imul_r64 latency (median of {len(imul_latency)} runs)", f"{med:.3f} cycles "
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
    if clocks:
        mid, ref = statistics.median(clocks), statistics.median(loop_clocks)
        results.append(("core clock vs add_loop.c (independent)",
                        f"perfdash {mid / 1e9:.4f} GHz, add_loop {ref / 1e9:.4f} GHz, ratio {mid / ref:.4f} "
                        f"(add_loop runs: {ghz(loop_clocks)})", abs(mid / ref - 1) <= 0.01))
    results.append((f"whole {arch} catalog ({len(catalog['results'])} entries: "
                    + ", ".join(f"{n} {s}" for s, n in sorted(statuses.items())) + ")",
                    f"{catalog_seconds:.1f} s", catalog_seconds <= 60))

    print(f"cycles from: {'; '.join(sorted(sources))}"
          + (f" (clock measured alongside each benchmark: {min(alongside) / 1e9:.4f}..{max(alongside) / 1e9:.4f} GHz)"
             if alongside else ""))
    width = max(len(name) for name, _, _ in results)
    for name, figure, ok in results:
        print(f"  {judge(ok)}  {name.ljust(width)}  {figure}")
    if clocks:
        mid = statistics.median(clocks)
        for source, values in sorted(reported.items()):
            nominal = statistics.median(values)
            print(f"  info  perfdash clock / {source} (reported by the system, not judged): "
                  f"{mid / 1e9:.4f} / {nominal / 1e9:.4f} GHz = {mid / nominal:.4f}")
    for m in missing:
        print(f"  n/a   {m}")
    print(f"load average after: {load()}")
    return 0 if all(ok for _, _, ok in results) else 1


if __name__ == "__main__":
    sys.exit(main())
