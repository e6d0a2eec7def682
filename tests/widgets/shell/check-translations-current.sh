#!/bin/sh
# check-translations-current.sh LUPDATE GENERATE_PROJECT PROJECT_CMAKE WORK TS...
#
# Fails when a catalog in translations/ is not up to date with the sources:
# lupdate, run as `--target update_translations` runs it but into copies in
# WORK, must leave each TS file as it is. The build does not run lupdate (it
# would rewrite tracked files), so without this a new tr() string would go
# untranslated unnoticed; test_translations then checks that every message
# of the current catalogs is translated.
set -eu
[ $# -ge 5 ] || { echo "usage: $0 LUPDATE GENERATE_PROJECT PROJECT_CMAKE WORK TS..." >&2; exit 2; }
lupdate=$1 generate=$2 project=$3 work=$4
shift 4
rm -rf "$work"
mkdir -p "$work"
cmake -DIN_FILE="$project" -DOUT_FILE="$work/project.json" -P "$generate"
copies=""
for ts in "$@"; do
    cp "$ts" "$work/"
    copies="$copies $work/$(basename "$ts")"
done
# shellcheck disable=SC2086 # the copies' paths have no blanks (build tree)
"$lupdate" -silent -project "$work/project.json" -ts $copies -no-obsolete -locations none
stale=0
for ts in "$@"; do
    if ! cmp -s "$ts" "$work/$(basename "$ts")"; then
        echo "FAIL: $ts is not up to date with the sources:"
        diff -u "$ts" "$work/$(basename "$ts")" | head -n 40
        stale=1
    fi
done
[ $stale -eq 0 ] || {
    echo "run 'cmake --build --preset release --target update_translations', translate the new messages, and commit the catalogs"
    exit 1
}
echo "the catalogs are up to date with the sources: $*"
