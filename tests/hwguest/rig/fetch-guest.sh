#!/usr/bin/env bash
# fetch-guest.sh CACHE_DIR
#
# Provides the guest's Linux kernel and busybox from Debian's arm64 archive,
# without installing anything on the host: apt-get download of the kernel
# package that linux-image-arm64 depends on and of busybox-static, each .deb
# checked against the SHA256 in apt's (signed) package index, then only
# boot/vmlinuz-* and bin/busybox extracted. Leaves CACHE_DIR/vmlinuz,
# CACHE_DIR/busybox and CACHE_DIR/manifest ("SHA256  FILE  PACKAGE=VERSION").
#
# A cache whose files still match its manifest is used as it is; set
# PERFDASH_HWGUEST_REFRESH=1 to fetch the archive's current versions.
# Exit 77 with the reason on stderr when apt cannot provide the packages
# (no arm64 package lists, no network), 1 when something is wrong with them.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: $0 CACHE_DIR" >&2; exit 2; }
cache=$1
skip() { echo "$*" >&2; exit 77; }
die() { echo "fetch-guest: $*" >&2; exit 1; }

mkdir -p "$cache"
exec 9> "$cache/.lock"
flock 9 # builds sharing one cache fetch one after the other

if [ "${PERFDASH_HWGUEST_REFRESH:-0}" != 1 ] && [ -s "$cache/manifest" ]; then
    (cd "$cache" && sha256sum --quiet --check --strict <(awk '{print $1 "  " $2}' manifest)) > /dev/null 2>&1 && exit 0
    echo "fetch-guest: $cache does not match its manifest: fetching again" >&2
fi

apt-cache show linux-image-arm64:arm64 > /dev/null 2>&1 ||
    skip "apt has no arm64 package lists: run 'dpkg --add-architecture arm64 && apt-get update' (packaging/quickstart.sh does both)"
kernel_package=$(apt-cache depends linux-image-arm64:arm64 | awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ {print $2; exit}')
[ -n "$kernel_package" ] || die "linux-image-arm64:arm64 depends on no linux-image-<version> package"
packages=("$kernel_package" busybox-static:arm64)
members=('./boot/vmlinuz-*' './bin/busybox') # what the guest needs of each package

work=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"

# apt's download sandbox user cannot write into a private cache as root.
sandbox=()
[ "$(id -u)" -ne 0 ] || sandbox=(-o APT::Sandbox::User=root)
apt-get download -q "${sandbox[@]}" "${packages[@]}" > download.log 2>&1 ||
    skip "apt-get download ${packages[*]} failed: $(grep -E '^(E|Err):' download.log | head -n 3 | tr '\n' ' ')"

manifest=()
for i in "${!packages[@]}"; do
    package=${packages[$i]}
    record=$(apt-cache show --no-all-versions "$package")
    version=$(awk '$1 == "Version:" {print $2; exit}' <<< "$record")
    expected=$(awk '$1 == "SHA256:" {print $2; exit}' <<< "$record")
    deb=$(ls -- "${package%%:*}"_*.deb)
    actual=$(sha256sum "$deb" | cut -d' ' -f1)
    [ "$actual" = "$expected" ] || die "$deb: SHA256 $actual, but apt's index says $expected"
    dpkg-deb --fsys-tarfile "$deb" | tar -x --wildcards "${members[$i]}"
    manifest+=("$package=$version")
done

kernels=(boot/vmlinuz-*)
[ ${#kernels[@]} -eq 1 ] && [ -f "${kernels[0]}" ] || die "$kernel_package holds ${#kernels[@]} boot/vmlinuz-* files, expected one"
# An arm64 kernel Image carries the magic "ARM\x64" at offset 56.
[ "$(dd if="${kernels[0]}" bs=1 skip=56 count=4 2> /dev/null | od -An -tx1 | tr -d ' ')" = 41524d64 ] ||
    die "${kernels[0]} from $kernel_package is not an uncompressed arm64 kernel Image"
[ -f bin/busybox ] || die "busybox-static:arm64 holds no bin/busybox"
# ELF e_machine 0xb7: AArch64.
[ "$(od -An -tx1 -j18 -N2 bin/busybox | tr -d ' ')" = b700 ] || die "bin/busybox from busybox-static:arm64 is not an AArch64 program"

mv "${kernels[0]}" "$cache/vmlinuz"
mv bin/busybox "$cache/busybox"
{
    echo "$(sha256sum "$cache/vmlinuz" | cut -d' ' -f1)  vmlinuz  ${manifest[0]}"
    echo "$(sha256sum "$cache/busybox" | cut -d' ' -f1)  busybox  ${manifest[1]}"
} > manifest
mv manifest "$cache/manifest"
echo "fetch-guest: cached ${manifest[*]} in $cache" >&2
