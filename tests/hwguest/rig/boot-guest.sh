#!/usr/bin/env bash
# boot-guest.sh WORK NAME SHIFT CPUS SECTIONS
#
# Boots the guest that prepare.sh made (WORK/vmlinuz, WORK/initrd.cpio) once:
# an emulated Cortex-A57 with its ARMv8 PMU, CPUS processors and precise
# instruction counting (-icount shift=SHIFT: every instruction takes 2^SHIFT
# ns of guest time, which the PMU's cycle counter counts at 1 GHz, so
# cycles = 2^SHIFT x instructions). The guest runs the comma-separated
# SECTIONS (guest/sections.sh) and sends its results over the serial console;
# they land in WORK/results/NAME/<section>/<case>.{out,err,rc}, with
# boot.txt saying how the guest was booted. The console is kept as
# WORK/NAME.console. Exit 77 (skipped) when prepare.sh skipped.
set -euo pipefail

[ $# -eq 5 ] || { echo "usage: $0 WORK NAME SHIFT CPUS SECTIONS" >&2; exit 2; }
work=$1 name=$2 shift=$3 cpus=$4 sections=$5
results=$work/results/$name
console=$work/$name.console
limit=${PERFDASH_HWGUEST_BOOT_LIMIT:-300} # seconds of host time: a boot takes 6 to 16 s of QEMU's CPU, under a minute beside a busy -j2 suite

rm -rf "$results" "$console"
mkdir -p "$results"
if [ -f "$work/SKIPPED" ]; then
    cp "$work/SKIPPED" "$results/SKIPPED"
    echo "SKIP: $(cat "$work/SKIPPED")"
    exit 77
fi
[ -f "$work/initrd.cpio" ] || { echo "boot-guest: $work/initrd.cpio is missing: run the hwguest_prepare test first" >&2; exit 1; }

# Every emulated instruction costs host time, and code the guest runs for
# the first time costs most (QEMU translates it). cryptomgr.notests: the
# kernel's crypto self-tests were half of its boot. norandmaps: every process
# maps its libraries at the same addresses, so QEMU reuses what it
# translated for the previous perfdash-cli instead of translating it again.
kernel_options="cryptomgr.notests norandmaps"

started=$(date +%s%N)
status=0
timeout "$limit" qemu-system-aarch64 \
    -M virt -cpu cortex-a57 -m 1024 -smp "$cpus" -icount shift="$shift" \
    -display none -monitor none -serial "file:$console" -no-reboot -nic none \
    -kernel "$work/vmlinuz" -initrd "$work/initrd.cpio" \
    -append "console=ttyAMA0 quiet $kernel_options hwguest.sections=$sections" < /dev/null || status=$?
elapsed_ms=$((($(date +%s%N) - started) / 1000000))

fail() {
    echo "boot-guest: $name: $*" >&2
    echo "--- last lines of $console:" >&2
    tail -n 30 "$console" >&2 || true
    exit 1
}
[ $status -ne 124 ] || fail "the guest did not power off within $limit s"
[ $status -eq 0 ] || fail "qemu-system-aarch64 exited with status $status"

# The block between the markers, without the console's carriage returns.
tr -d '\r' < "$console" | sed -n '/^@@HWGUEST-RESULTS-BEGIN/,/^@@HWGUEST-RESULTS-END@@$/p' > "$work/$name.block"
header=$(head -n 1 "$work/$name.block")
[ -n "$header" ] && [ "$(tail -n 1 "$work/$name.block")" = "@@HWGUEST-RESULTS-END@@" ] ||
    fail "no complete results block on the console"
sed '1d;$d' "$work/$name.block" | base64 -d > "$work/$name.tgz" || fail "the results block is not valid base64"
expected=$(sed -n 's/^@@HWGUEST-RESULTS-BEGIN sha256=\([0-9a-f]*\)@@$/\1/p' <<< "$header")
actual=$(sha256sum "$work/$name.tgz" | cut -d' ' -f1)
[ "$actual" = "$expected" ] || fail "the results arrived damaged (sha256 $actual, the guest sent $expected)"
tar -xzf "$work/$name.tgz" -C "$results"
rm -f "$work/$name.block" "$work/$name.tgz"

printf 'shift=%s\ncpus=%s\nsections=%s\n' "$shift" "$cpus" "$sections" > "$results/boot.txt"
echo "boot-guest: $name (-icount shift=$shift, -smp $cpus) ran $sections in $((elapsed_ms / 1000)).$((elapsed_ms % 1000 / 100)) s"
for section in $(tr , ' ' <<< "$sections"); do
    [ -d "$results/$section" ] || fail "the guest left no results for section $section"
done
