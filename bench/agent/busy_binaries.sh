#!/usr/bin/env bash
# busy_binaries.sh SECONDS [PERFDASH_CLI]
#
# Load for profile_cost.sh: for SECONDS, one after the other, binaries of
# different sizes with and without debug information (the C++ compiler,
# python3, perfdash-cli itself with its DWARF, gzip, sort), so that a CPU
# profile taken meanwhile symbolizes many files, as on a busy machine.
set -euo pipefail
cli=${2:-build/release/app/cli/perfdash-cli}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '#include <string>\n#include <vector>\nint main() { std::vector<std::string> v(10, "x"); return int(v.size()); }\n' >"$dir/t.cpp"
end=$((SECONDS + $1))
while ((SECONDS < end)); do
    g++ -O1 -c "$dir/t.cpp" -o "$dir/t.o"
    python3 -c 'sum(i * i for i in range(300000))'
    "$cli" list >/dev/null 2>&1 || true
    "$cli" topology >/dev/null 2>&1 || true
    seq 200000 | sort -R >/dev/null
    gzip -c "$cli" >/dev/null
done
