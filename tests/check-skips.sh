#!/usr/bin/env bash
# check-skips.sh CTEST_OUTPUT LAST_TEST_LOG EXPECTED_SKIPS
#
# Fails when ctest skipped a test that EXPECTED_SKIPS does not list: a skip
# hides what was not tested, so on the CI machine every one must be known and
# explained. CTEST_OUTPUT is what ctest printed (its "did not run" list names
# the skipped tests); LAST_TEST_LOG is ctest's Testing/Temporary/LastTest.log,
# where each skipped test's own output says why. EXPECTED_SKIPS has one
# "TEST_NAME  reason" line per test that may skip; '#' starts a comment.
set -euo pipefail

[ $# -eq 3 ] || { echo "usage: $0 CTEST_OUTPUT LAST_TEST_LOG EXPECTED_SKIPS" >&2; exit 2; }
output=$1 last_log=$2 expected=$3

mapfile -t skipped < <(sed -n 's/^[[:space:]]*[0-9][0-9]* - \([^ ]*\) (\(Skipped\|Disabled\))$/\1/p' "$output")
mapfile -t allowed < <(sed -e 's/#.*//' "$expected" | awk 'NF {print $1}')

# The lines of NAME's output in LAST_TEST_LOG that say why it skipped.
reason() {
    awk -v name="$1" '
        $0 ~ "^[0-9]+/[0-9]+ Test: " name "$" { inside = 1; next }
        inside && /^<end of output>/ { exit }
        inside && /(SKIP|[Ss]kipped)/ { print "    " $0 }
    ' "$last_log" | head -n 8
}

unexpected=0
for name in "${skipped[@]}"; do
    if printf '%s\n' "${allowed[@]}" | grep -qxF -- "$name"; then
        echo "check-skips: $name skipped, as $expected expects"
    else
        echo "check-skips: UNEXPECTED SKIP: $name"
        reason "$name"
        unexpected=$((unexpected + 1))
    fi
done
if [ $unexpected -ne 0 ]; then
    echo "check-skips: $unexpected test(s) skipped that $expected does not list: install what they name, or list them there with the reason" >&2
    exit 1
fi
echo "check-skips: ${#skipped[@]} skipped, all expected"
