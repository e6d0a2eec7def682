#!/bin/sh
# Runs one fuzz target as a ctest test: first every input of
# regressions/NAME once (each is a crash found before), then libFuzzer for
# SECONDS from the seed corpora. Any crash, leak, undefined behaviour,
# timeout or runaway memory fails the test and prints the input that did it.
#   tests/fuzz/run-fuzzer.sh FUZZ_BINARY NAME SECONDS
set -u
[ $# -eq 3 ] || { echo "usage: $0 FUZZ_BINARY NAME SECONDS" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=$1 name=$2 seconds=$3
if [ ! -x "$bin" ]; then
    echo "fuzz: $bin is missing; the test fuzz_build builds it (tests/fuzz/build.sh)" >&2
    exit 1
fi
# New inputs go to a fresh directory in the build tree, never into the clone.
work=$(dirname "$bin")/work/$name
rm -rf "$work"
mkdir -p "$work/corpus"
# Single inputs, well below a minute even under load; memory well below the machine's.
limits="-timeout=60 -rss_limit_mb=2048 -artifact_prefix=$work/"

# $1: where the input that failed is.
report() {
    echo "fuzz_$name FAILED on $1. Reproduce with: $bin FILE" >&2
    for f in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* "$work"/slow-unit-*; do
        [ -f "$f" ] || continue
        echo "--- $f ($(wc -c <"$f") bytes; keep it as tests/fuzz/regressions/$name/NAME once fixed):" >&2
        od -An -c "$f" | head -n 40 >&2
    done
    exit 1
}

regressions=$here/regressions/$name
if [ -n "$(ls -A "$regressions" 2>/dev/null)" ]; then
    echo "fuzz_$name: the regression inputs in $regressions"
    # shellcheck disable=SC2086
    "$bin" $limits "$regressions"/* || report "the regression input named on the last 'Running:' line above"
fi
# Seeds: corpus/NAME, the regressions, and for group files every group of the
# fixtures and of the product. The first directory receives what libFuzzer
# finds; the others are only read.
set --
[ -d "$regressions" ] && set -- "$regressions"
[ "$name" = groups ] && set -- "$@" "$root/tests/fixtures/groups" "$root/resources/groups"
# shellcheck disable=SC2086
"$bin" $limits -max_total_time="$seconds" -print_final_stats=1 "$work/corpus" "$here/corpus/$name" "$@" || report "a new input, kept below"
echo "fuzz_$name: no crash, leak or undefined behaviour in ${seconds} s"
