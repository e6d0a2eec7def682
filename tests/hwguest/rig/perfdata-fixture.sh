#!/usr/bin/env bash
# perfdata-fixture.sh [OUT_DIR]
#
# Makes the arm64 perf.data fixture again (tests/fixtures/perfdata/arm64,
# its README.md says what it is): a one-off step of the rig, not run by
# ctest, so that CI downloads nothing more than the guest's packages.
#   1. the guest's kernel and busybox from the rig's cache (fetch-guest.sh);
#   2. Debian's perf (linux-perf:arm64) and the libraries it loads, found
#      with readelf -d (the packages below), with fetch_debs (fetch-debs.sh):
#      each .deb checked against apt's signed index, nothing installed;
#   3. OUT_DIR/cpi-kinds.S built with the aarch64 cross compiler;
#   4. an initramfs of these (make-initramfs.sh: libc and the other
#      libraries both toolchains share come from the cross toolchain's
#      arm64 runtime), booted once (boot-guest.sh, -icount shift=1, -smp 1),
#      running guest/perfdata-fixture.sh;
#   5. the recording, perf report's output made in the guest, perf's header
#      and the program (OUT_DIR/symfs/hwguest/bin/cpi-kinds, where the guest
#      had it) copied into OUT_DIR, with the versions in OUT_DIR/recorded.txt.
# Needs what the hwguest tests need (packaging/debian-packages.txt) and a
# Debian mirror.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../../.." && pwd)
out=$(realpath -m "${1:-$source_dir/tests/fixtures/perfdata/arm64}")
cache=${PERFDASH_HWGUEST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/perfdash/hwguest}
triple=aarch64-linux-gnu
skip() { echo "perfdata-fixture: $*" >&2; exit 77; }
die() { echo "perfdata-fixture: $*" >&2; exit 1; }
. "$here/fetch-debs.sh"

for tool in qemu-system-aarch64 cpio "$triple-gcc" "$triple-readelf"; do
    command -v "$tool" > /dev/null || die "$tool not found (packaging/debian-packages.txt, hardware counters for real)"
done
[ -f "$out/cpi-kinds.S" ] || die "$out/cpi-kinds.S is missing"

# perf and the libraries it loads (readelf -d of usr/bin/perf, then of each
# library, until the cross toolchain's runtime provides the rest: libc, libm,
# libstdc++, libgcc_s, libcrypt, libbz2). perf links Perl and Python for its
# scripts: they load whether or not a script runs.
perf_packages=(
    "linux-perf:arm64|./usr/bin/perf"
    "libbabeltrace1:arm64|*/libbabeltrace.so.* */libbabeltrace-ctf.so.*"
    "libcap2:arm64|*/libcap.so.*"
    "libdw1:arm64|*/libdw.so.* */libdw-*.so"
    "libelf1:arm64|*/libelf.so.* */libelf-*.so"
    "libexpat1:arm64|*/libexpat.so.*"
    "libglib2.0-0:arm64|*/libglib-2.0.so.*"
    "liblzma5:arm64|*/liblzma.so.*"
    "libnuma1:arm64|*/libnuma.so.*"
    "libopencsd1:arm64|*/libopencsd.so.* */libopencsd_c_api.so.*"
    "libpcre2-8-0:arm64|*/libpcre2-8.so.*"
    "libperl5.36:arm64|*/libperl.so.*"
    "libpython3.11:arm64|*/libpython3.11.so.*"
    "libslang2:arm64|*/libslang.so.*"
    "libunwind8:arm64|*/libunwind.so.* */libunwind-aarch64.so.*"
    "libuuid1:arm64|*/libuuid.so.*"
    "libzstd1:arm64|*/libzstd.so.*"
    "zlib1g:arm64|*/libz.so.*"
)

"$here/fetch-guest.sh" "$cache" || die "the guest's kernel and busybox cannot be fetched into $cache"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/debs" "$work/guest/bin" "$work/scripts" "$work/tools/usr/bin" "$work/boot"
(cd "$work/debs" && fetch_debs "${perf_packages[@]}")
version() { sed -n "s/.*  ${1//./\\.}:arm64=//p" "$work/debs/manifest" | head -n 1; }

"$triple-gcc" -nostdlib -static -Wl,--build-id -o "$work/guest/bin/cpi-kinds" "$out/cpi-kinds.S"
install -m 755 "$source_dir/tests/hwguest/guest/init" "$work/scripts/init"
install -m 644 "$source_dir/tests/hwguest/guest/perfdata-fixture.sh" "$work/scripts/sections.sh"
# No native assembler and linker in this guest: an empty tools tree.
"$here/make-initramfs.sh" "$work/boot/initrd.cpio" "$cache/busybox" "$work/tools" "$work/debs/tree" \
    "$work/guest" "$work/scripts" "$triple"
ln -s "$cache/vmlinuz" "$work/boot/vmlinuz"
"$here/boot-guest.sh" "$work/boot" perfdata 1 1 perfdata_arm64

results=$work/boot/results/perfdata/perfdata_arm64
for step in record report header; do
    [ "$(cat "$results/$step.rc")" = 0 ] || die "perf $step failed in the guest: $(cat "$results/$step.err")"
done
mkdir -p "$out/symfs/hwguest/bin"
install -m 644 "$results/cpi-kinds.data" "$out/cpi-kinds.data"
install -m 644 "$results/report.out" "$out/perf-report.txt"
install -m 644 "$results/header.out" "$out/perf-header.txt"
install -m 755 "$work/guest/bin/cpi-kinds" "$out/symfs/hwguest/bin/cpi-kinds"
{
    echo "qemu: $(qemu-system-aarch64 --version | head -n 1)"
    echo "kernel: $(grep '  vmlinuz  ' "$cache/manifest" | awk '{print $3}')"
    echo "guest uname: $(cat "$results/uname.out")"
    echo "perf: $(cat "$results/version.out") (linux-perf:arm64=$(version linux-perf))"
    echo "cross compiler: $("$triple-gcc" --version | head -n 1)"
    echo "perf record: $(tail -n 1 "$results/record.err")"
} > "$out/recorded.txt"
echo "perfdata-fixture: written to $out"
cat "$out/recorded.txt"
