#!/usr/bin/env bash
# fetch-guest.sh CACHE_DIR
#
# Provides what the guest needs from Debian's arm64 archive, without
# installing anything on the host: apt-get download of each package below,
# each .deb checked against the SHA256 in apt's (signed) package index, then
# only the files the guest needs extracted:
#   CACHE_DIR/vmlinuz   the kernel of the package linux-image-arm64 depends on
#   CACHE_DIR/busybox   busybox-static: the guest's shell and tools
#   CACHE_DIR/tools/    the native arm64 assembler and linker with their
#                       libraries, laid out as in the packages (usr/bin,
#                       usr/lib/aarch64-linux-gnu, lib/aarch64-linux-gnu):
#                       perfdash's machine probes assemble and link the
#                       kernels they time at run time, in the guest
#   CACHE_DIR/manifest  "SHA256  FILE  PACKAGE=VERSION", one line per file
#
# A cache whose files still match its manifest, and which holds every package
# below, is used as it is; set PERFDASH_HWGUEST_REFRESH=1 to fetch the
# archive's current versions. Exit 77 with the reason on stderr when apt
# cannot provide the packages (no arm64 package lists, no network), 1 when
# something is wrong with them; prepare.sh fails the tests on either.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: $0 CACHE_DIR" >&2; exit 2; }
cache=$1
skip() { echo "$*" >&2; exit 77; }
die() { echo "fetch-guest: $*" >&2; exit 1; }
. "$(dirname "${BASH_SOURCE[0]}")/fetch-debs.sh"

# PACKAGE and the tar patterns of its members that the guest needs ('*'
# matches '/' too). The tools are as and ld.bfd and, found with readelf -d,
# the libraries they load (libc, libstdc++ come from the cross toolchain's
# arm64 runtime, see make-initramfs.sh); the packages' other dependencies
# (libctf-nobfd0, libgprofng0, binutils-common) serve other programs.
fixed_packages=(
    "busybox-static:arm64|./bin/busybox"
    "binutils-aarch64-linux-gnu:arm64|./usr/bin/aarch64-linux-gnu-as ./usr/bin/aarch64-linux-gnu-ld.bfd"
    "libbinutils:arm64|*/libbfd-*.so */libopcodes-*.so */libsframe.so.*"
    "libctf0:arm64|*/libctf.so.*"
    "libjansson4:arm64|*/libjansson.so.*"
    "libzstd1:arm64|*/libzstd.so.*"
    "zlib1g:arm64|*/libz.so.*"
)

mkdir -p "$cache"
exec 9> "$cache/.lock"
flock 9 # builds sharing one cache fetch one after the other

# The cache is complete when it holds every package (the kernel's name has a
# version in it) and its files match the manifest.
cache_complete() {
    [ -s "$cache/manifest" ] || return 1
    awk '{print $3}' "$cache/manifest" | grep -q '^linux-image-' || return 1
    for entry in "${fixed_packages[@]}"; do
        awk '{print $3}' "$cache/manifest" | grep -qF "${entry%%|*}=" || return 1
    done
    (cd "$cache" && sha256sum --quiet --check --strict <(awk '{print $1 "  " $2}' manifest)) > /dev/null 2>&1
}
if [ "${PERFDASH_HWGUEST_REFRESH:-0}" != 1 ] && [ -e "$cache/manifest" ]; then
    cache_complete && exit 0
    echo "fetch-guest: $cache is incomplete or does not match its manifest: fetching again" >&2
fi

apt-cache show linux-image-arm64:arm64 > /dev/null 2>&1 ||
    skip "apt has no arm64 package lists: run 'dpkg --add-architecture arm64 && apt-get update' (packaging/quickstart.sh does both)"
kernel_package=$(apt-cache depends linux-image-arm64:arm64 | awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ {print $2; exit}')
[ -n "$kernel_package" ] || die "linux-image-arm64:arm64 depends on no linux-image-<version> package"
entries=("$kernel_package|./boot/vmlinuz-*" "${fixed_packages[@]}")
packages=()
for entry in "${entries[@]}"; do packages+=("${entry%%|*}"); done

work=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"

fetch_debs "${entries[@]}"

kernels=(tree/boot/vmlinuz-*)
[ ${#kernels[@]} -eq 1 ] && [ -f "${kernels[0]}" ] || die "$kernel_package holds ${#kernels[@]} boot/vmlinuz-* files, expected one"
# An arm64 kernel Image carries the magic "ARM\x64" at offset 56.
[ "$(dd if="${kernels[0]}" bs=1 skip=56 count=4 2> /dev/null | od -An -tx1 | tr -d ' ')" = 41524d64 ] ||
    die "${kernels[0]} from $kernel_package is not an uncompressed arm64 kernel Image"
# ELF e_machine 0xb7: AArch64.
for program in tree/bin/busybox tree/usr/bin/aarch64-linux-gnu-as tree/usr/bin/aarch64-linux-gnu-ld.bfd; do
    [ "$(od -An -tx1 -j18 -N2 "$program" | tr -d ' ')" = b700 ] || die "${program#tree/} is not an AArch64 program"
done

# Where each member goes in the cache: the kernel and busybox by themselves,
# the rest under tools/ as laid out in its package.
rm -rf "$cache/tools"
mkdir -p "$cache/tools"
targets=()
while read -r member origin; do
    path=${member#./}
    case $path in
        boot/vmlinuz-*) target=vmlinuz ;;
        bin/busybox) target=busybox ;;
        *) target=tools/$path ;;
    esac
    mkdir -p "$(dirname "$cache/$target")"
    mv "tree/$path" "$cache/$target"
    targets+=("$target  $origin")
done < manifest
# Hashed once everything is in place: a library's symbolic link points at its neighbour.
for line in "${targets[@]}"; do
    target=${line%%  *}
    echo "$(sha256sum "$cache/$target" | cut -d' ' -f1)  $line"
done > manifest.cached
mv manifest.cached "$cache/manifest"
echo "fetch-guest: cached ${packages[*]} in $cache" >&2
