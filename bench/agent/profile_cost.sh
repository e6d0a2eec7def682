#!/usr/bin/env bash
# profile_cost.sh [PERFDASH_CLI] [PORT]
#
# What one CPU profile (GET /debug/pprof/profile) costs the agent: /metrics's
# latency (curl's time_total, 40 requests 0.2 s apart, loopback) without a
# profile and while a 15-second one runs, and the agent's resident memory
# (VmRSS now, VmHWM the peak) before, after a 15-second and after a
# 60-second profile; the profiles' sizes. One agent, `serve -g SOFTWARE` on
# every CPU; while each profile runs, busy_binaries.sh runs a compiler,
# python3 and perfdash-cli itself one after the other, so that the profile
# has many files to symbolize whatever else the machine does. docs/agent.md
# quotes a run.
set -euo pipefail
cli=${1:-build/release/app/cli/perfdash-cli}
port=${2:-19464}
dir=$(mktemp -d)
trap 'kill "$agent" 2>/dev/null || true; rm -rf "$dir"' EXIT

"$cli" serve -g SOFTWARE --listen "127.0.0.1:$port" 2>"$dir/agent.log" &
agent=$!
for _ in $(seq 50); do curl -sf -o /dev/null "http://127.0.0.1:$port/metrics" && break; sleep 0.2; done

latency() {
    for _ in $(seq 40); do
        curl -s -o /dev/null -w '%{time_total}\n' "http://127.0.0.1:$port/metrics"
        sleep 0.2
    done | sort -n | awk '{a[NR] = $1} END {printf "median %.1f ms, max %.1f ms (n=%d)\n", a[int((NR + 1) / 2)] * 1000, a[NR] * 1000, NR}'
}
memory() { awk '/^VmRSS|^VmHWM/ {printf "%s %.0f MB  ", $1, $2 / 1024} END {print ""}' "/proc/$agent/status"; }
here=$(dirname "$0")
profile() {
    "$here/busy_binaries.sh" "$(($1 + 1))" "$cli" &
    local busy=$!
    curl -s -o "$dir/$1.pb.gz" -w "profile of $1 s: %{size_download} bytes, answered in %{time_total} s\n" \
        "http://127.0.0.1:$port/debug/pprof/profile?seconds=$1"
    wait "$busy"
}

echo "agent alone:           $(memory)"
echo "/metrics, no profile:  $(latency)"
profile 15 > "$dir/15.txt" &
fetching=$!
sleep 1
echo "/metrics, profiling:   $(latency)"
wait "$fetching"
cat "$dir/15.txt"
echo "after 15 s:            $(memory)"
profile 60
echo "after 60 s:            $(memory)"
