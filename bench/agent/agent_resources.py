#!/usr/bin/env python3
"""What `perfdash-cli serve` costs the host it watches (issue 16's targets).

One agent counts two event sets on every online CPU at a 1 s interval, and
three things are measured on it, in this order:

1. CPU: its user+system time (/proc/PID/stat) over --cpu-seconds of
   wall time while one client scrapes /metrics every second (a Prometheus
   with scrape_interval 1s: the worst case of a normal set-up).
   Target: at most 0.5 % of one core.
2. Answer time: --scrapers concurrent clients each scrape /metrics
   --rounds times, as fast as they can, each on a fresh connection (the
   agent answers one request per connection); every answer's time from
   connect to the last byte (perfdash_bench_agent_scrapers, C++).
   Target: p99 at most 50 ms.
3. Memory: the agent's RSS (/proc/PID/status VmRSS) sampled every second
   through all of it and through --memory-seconds more of 1 s scrapes;
   reported as the growth from the first minute's largest value to the
   largest of the last minute. Target: flat (no growth).

Every figure is printed with its ratio to its target. The client runs on
the same machine: its own cost counts in the answer times (an upper bound
of the agent's). The machine should be quiet.

--baseline-build DIR starts a second agent from another build (e.g. main's)
beside the first, with the same sets; the answer-time step then runs
--answer-runs times against each agent in turn (baseline first), so that
both see the same machine, and prints each run's figures with the CPU time
per answer of the agent (/proc/PID/stat, 10 ms ticks: whole runs only) and
of the client (its rusage), which shares the machine.
--parts picks the steps (memory needs answer before it).
"""
import argparse
import http.client
import os
import re
import resource
import subprocess
import sys
import threading
import time

CPU_TARGET = 0.5  # percent of one core
P99_TARGET_MS = 50.0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime, stime


def children_cpu_seconds():
    """User+system time of the waited-for children (the scrapers), for their share of an answer's cost."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Memory(threading.Thread):
    """Samples the agent's RSS every second until stopped."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.samples, self.stop = pid, [], threading.Event()

    def run(self):
        start = time.monotonic()
        while not self.stop.wait(1.0):
            self.samples.append((time.monotonic() - start, rss_kib(self.pid)))


def scrape(port):
    """One GET /metrics on a fresh connection."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    c.request("GET", "/metrics")
    r = c.getresponse()
    body = r.read()
    c.close()
    if r.status != 200 or b"perfdash_event_total" not in body:
        raise RuntimeError(f"scrape answered {r.status}: {body[:200]!r}")


def one_per_second(port, seconds):
    end = time.monotonic() + seconds
    next_at = time.monotonic()
    while time.monotonic() < end:
        scrape(port)
        next_at += 1.0
        time.sleep(max(0.0, next_at - time.monotonic()))


def start_agent(build, sets):
    """perfdash-cli serve from `build` on a free port: (process, port)."""
    cli = os.path.join(build, "app/cli/perfdash-cli")
    agent = subprocess.Popen([cli, "serve", *sets, "--interval", "1s", "--listen", "127.0.0.1:0"],
                             stderr=subprocess.PIPE, text=True)
    for line in agent.stderr:
        m = re.search(r"serving on 127\.0\.0\.1:(\d+)", line)
        if m:
            threading.Thread(target=lambda: [None for _ in agent.stderr], daemon=True).start()
            return agent, int(m.group(1))
        sys.stderr.write(line)
    sys.exit(f"the agent of {build} did not start")


def answer_times(scrapers_binary, agents, scrapers, rounds, runs):
    """The scrapers against each (name, process, port) in turn, `runs` times."""
    for run in range(1, runs + 1):
        for name, agent, port in agents:
            c0, k0 = cpu_seconds(agent.pid), children_cpu_seconds()
            out = subprocess.run([scrapers_binary, str(port), str(scrapers), str(rounds)], check=False,
                                 capture_output=True, text=True).stdout.strip()
            used, client = cpu_seconds(agent.pid) - c0, children_cpu_seconds() - k0
            answers = scrapers * rounds
            prefix = f"run {run}, {name}: " if len(agents) > 1 or runs > 1 else ""
            print(f"{prefix}{out}; CPU per answer: agent {1e6 * used / answers:.0f} us, client "
                  f"{1e6 * client / answers:.0f} us")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build/release")
    ap.add_argument("--sets", nargs="+", default=["-g", "SOFTWARE", "-e",
                                                  "page-faults,context-switches,cpu-migrations,task-clock"],
                    help="serve's arguments naming the two event sets (default: the SOFTWARE group and a "
                         "custom set of four software events: this machine has no hardware PMU)")
    ap.add_argument("--cpu-seconds", type=float, default=120)
    ap.add_argument("--scrapers", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--memory-seconds", type=float, default=3600)
    ap.add_argument("--parts", nargs="+", choices=["cpu", "answer", "memory"], default=["cpu", "answer", "memory"])
    ap.add_argument("--baseline-build", help="another build whose agent is measured beside, in the answer step")
    ap.add_argument("--answer-runs", type=int, default=1)
    a = ap.parse_args()
    if "memory" in a.parts and "answer" not in a.parts:
        sys.exit("--parts memory needs answer: memory is measured from after the scrapers")
    sys.stdout.reconfigure(line_buffering=True)

    agent, port = start_agent(a.build, a.sets)
    agents = [("this build", agent, port)]
    if a.baseline_build:
        baseline, baseline_port = start_agent(a.baseline_build, a.sets)
        agents.insert(0, ("baseline", baseline, baseline_port))
    memory = Memory(agent.pid)
    memory.start()
    try:
        time.sleep(3)  # the first intervals: every series exists
        cpus = os.cpu_count()
        print(f"agent on {cpus} CPUs, 2 sets ({' '.join(a.sets)}), interval 1 s, pid {agent.pid}"
              + (f"; baseline {a.baseline_build}, pid {agents[0][1].pid}" if a.baseline_build else ""))
        if "cpu" in a.parts:
            c0, w0 = cpu_seconds(agent.pid), time.monotonic()
            one_per_second(port, a.cpu_seconds)
            c1, w1 = cpu_seconds(agent.pid), time.monotonic()
            cpu_percent = 100.0 * (c1 - c0) / (w1 - w0)
            print(f"CPU: {c1 - c0:.2f} s in {w1 - w0:.0f} s with one scrape a second = {cpu_percent:.3f} % of a "
                  f"core; target {CPU_TARGET} %: ratio {cpu_percent / CPU_TARGET:.2f}")
        if "answer" not in a.parts:
            return
        answer_times(os.path.join(a.build, "bench/perfdash_bench_agent_scrapers"), agents, a.scrapers, a.rounds,
                     a.answer_runs)
        if "memory" not in a.parts:
            return
        burst_end = memory.samples[-1][0] if memory.samples else 0.0
        one_per_second(port, a.memory_seconds)
        memory.stop.set()
        memory.join()
        s = memory.samples
        before = max(v for t, v in s if t <= burst_end)
        after = max(v for t, v in s if burst_end < t <= burst_end + 60)
        last = max(v for t, v in s if t >= s[-1][0] - 60)
        print(f"memory: RSS {s[0][1]} KiB at 1 s; largest before the scrapers {before} KiB, in the minute after "
              f"them {after} KiB, in the last minute {last} KiB ({s[-1][0]:.0f} s in all): from the minute after the "
              f"scrapers to the last, {last - after:+d} KiB in {s[-1][0] - burst_end - 60:.0f} s; target flat")
    finally:
        for _, process, _ in agents:
            process.terminate()
            process.wait(60)


if __name__ == "__main__":
    main()
