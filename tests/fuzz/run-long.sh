#!/bin/sh
# A longer fuzz run than CI's 20 s per target, e.g. after changing a parser:
#   tests/fuzz/run-long.sh [SECONDS [NAME...]]     default: 600 s for every target
# Builds the targets in build/fuzz (PERFDASH_FUZZ_BUILD to change) and runs
# each like its ctest test; a crash stops nothing else, the exit status says.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
seconds=${1:-600}
[ $# -gt 0 ] && shift
build=${PERFDASH_FUZZ_BUILD:-$(cd "$here/../.." && pwd)/build/fuzz}
"$here/build.sh" "$build"
if [ $# -eq 0 ]; then
    for source in "$here"/fuzz_*.cpp; do
        name=${source##*/fuzz_}
        set -- "$@" "${name%.cpp}"
    done
fi
status=0
for name in "$@"; do
    "$here/run-fuzzer.sh" "$build/fuzz_$name" "$name" "$seconds" || status=1
done
exit $status
