#!/usr/bin/env bash
# boot-guests.sh WORK BOOT...        BOOT: NAME:SHIFT:CPUS:SECTION,SECTION,...
#
# Runs every BOOT (boot-guest.sh WORK NAME SHIFT CPUS SECTIONS) at the same
# time: under -icount QEMU emulates all of a guest's CPUs in one host thread,
# so a boot keeps one host core busy and concurrent boots use the others.
# Each boot's own report (boot-guest.sh's output) follows when all are done;
# its full console stays in WORK/NAME.console. Exit 77 (skipped) when
# prepare.sh skipped, 1 when any boot failed, else 0.
set -uo pipefail

[ $# -ge 2 ] || { echo "usage: $0 WORK NAME:SHIFT:CPUS:SECTIONS..." >&2; exit 2; }
work=$1
shift
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

names=() pids=()
for boot in "$@"; do
    IFS=: read -r name shift cpus sections <<< "$boot"
    [ -n "$sections" ] || { echo "boot-guests: '$boot' is not NAME:SHIFT:CPUS:SECTIONS" >&2; exit 2; }
    "$here/boot-guest.sh" "$work" "$name" "$shift" "$cpus" "$sections" > "$work/$name.log" 2>&1 &
    names+=("$name") pids+=($!)
done

failed=() skipped=0
for i in "${!names[@]}"; do
    status=0
    wait "${pids[$i]}" || status=$?
    cat "$work/${names[$i]}.log"
    case $status in
    0) ;;
    77) skipped=1 ;;
    *) failed+=("${names[$i]}") ;;
    esac
done
[ ${#failed[@]} -eq 0 ] || { echo "boot-guests: failed: ${failed[*]} (see above)" >&2; exit 1; }
[ $skipped -eq 0 ] || exit 77
