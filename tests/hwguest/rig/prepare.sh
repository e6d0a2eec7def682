#!/usr/bin/env bash
# prepare.sh WORK PRODUCT_STAGE GUEST_STAGE GUEST_SCRIPTS TRIPLE [UNAVAILABLE_REASON]
#
# The ctest fixture that every guest boot needs: checks that the host can run
# the guest, fetches the kernel, busybox and the guest's native assembler and
# linker (cached, see fetch-guest.sh) and
# builds WORK/initrd.cpio from the aarch64 build. When this host is not set up
# for the guest (a missing package or build) it says what and how to get it,
# leaves the reason in WORK/SKIPPED for the boots and checks, and exits 77
# (ctest: skipped). When the guest's kernel, busybox or tools cannot be
# fetched it fails (exit 1) with apt's reason: the guest is required, and a
# network or mirror problem must not pass as a skip. UNAVAILABLE_REASON is
# CMake's reason why the aarch64 build could not be configured.
#
# The cache is $PERFDASH_HWGUEST_CACHE, else ${XDG_CACHE_HOME:-~/.cache}/perfdash/hwguest.
set -euo pipefail

[ $# -ge 5 ] && [ $# -le 6 ] || { echo "usage: $0 WORK PRODUCT_STAGE GUEST_STAGE GUEST_SCRIPTS TRIPLE [UNAVAILABLE_REASON]" >&2; exit 2; }
work=$1 product=$2 guest=$3 scripts=$4 triple=$5 unavailable=${6:-}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cache=${PERFDASH_HWGUEST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/perfdash/hwguest}

mkdir -p "$work"
rm -f "$work/SKIPPED" "$work/initrd.cpio" "$work/vmlinuz"
skip() {
    echo "$*" > "$work/SKIPPED"
    echo "SKIP: $*"
    exit 77
}

[ -z "$unavailable" ] || skip "$unavailable"
command -v qemu-system-aarch64 > /dev/null ||
    skip "qemu-system-aarch64 not found: install qemu-system-arm (packaging/debian-packages.txt)"
command -v cpio > /dev/null || skip "cpio not found: install cpio (packaging/debian-packages.txt)"
[ -x "$product/usr/bin/perfdash-cli" ] && [ -f "$guest/workloads.txt" ] ||
    skip "the aarch64 build is missing ($product, $guest): build the project first"

status=0
"$here/fetch-guest.sh" "$cache" 2> "$work/fetch.log" || status=$?
if [ $status -ne 0 ]; then
    echo "FAIL: the guest's kernel, busybox and tools cannot be fetched into $cache:" >&2
    cat "$work/fetch.log" >&2
    exit 1
fi
cat "$work/fetch.log"
sed 's/^/guest: /' "$cache/manifest"

ln -sf "$cache/vmlinuz" "$work/vmlinuz"
"$here/make-initramfs.sh" "$work/initrd.cpio" "$cache/busybox" "$cache/tools" "$product" "$guest" "$scripts" "$triple"
