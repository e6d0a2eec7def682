#!/bin/sh
# run-qtest.sh PROGRAM [ARG...]
#
# Runs one Qt Test program for ctest and turns a QSKIP into ctest's "skipped":
# Qt Test exits 0 when a function skips, so without this ctest would count
# the skip as a pass and hide its reason. A program that exits 0 and whose
# Totals line counts skipped functions exits 77 (SKIP_RETURN_CODE), after
# naming each skip and its reason. Any other exit status passes through, so a
# failure beside a skip stays a failure.
[ $# -ge 1 ] || { echo "usage: $0 PROGRAM [ARG...]" >&2; exit 2; }
log=$(mktemp "${TMPDIR:-/tmp}/perfdash-qtest.XXXXXX") || exit 2
trap 'rm -f "$log"' EXIT
status=0
"$@" > "$log" 2>&1 || status=$?
cat "$log"
[ "$status" -eq 0 ] || exit "$status"
if grep -Eq '^Totals: .*, [1-9][0-9]* skipped' "$log"; then
    echo "run-qtest: skipped, not passed:"
    grep -E '^SKIP   : ' "$log" | sed 's/^SKIP   : /  /'
    exit 77
fi
exit 0
