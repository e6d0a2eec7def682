#!/usr/bin/env bash
# make-initramfs.sh OUT.gz BUSYBOX PRODUCT_STAGE GUEST_STAGE GUEST_SCRIPTS TRIPLE
#
# The guest's whole root file system, as a gzipped cpio (newc) archive:
#   /bin/busybox           the static busybox (applet links are made at boot)
#   /init                  GUEST_SCRIPTS/init; /hwguest/sections.sh beside the programs
#   /usr/...               PRODUCT_STAGE: perfdash's aarch64 install tree (binaries, data)
#   /hwguest/...           GUEST_STAGE: workloads, rig tools, workloads.txt
#   /lib/...               every shared library those programs need, found the way
#                          the cross compiler finds them, and the dynamic loader
set -euo pipefail

[ $# -eq 6 ] || { echo "usage: $0 OUT.gz BUSYBOX PRODUCT_STAGE GUEST_STAGE GUEST_SCRIPTS TRIPLE" >&2; exit 2; }
out=$1 busybox=$2 product=$3 guest=$4 scripts=$5 triple=$6
die() { echo "make-initramfs: $*" >&2; exit 1; }

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,dev,proc,sys,tmp,lib,hwguest}
install -m 755 "$busybox" "$root/bin/busybox"
install -m 755 "$scripts/init" "$root/init"
install -m 644 "$scripts/sections.sh" "$root/hwguest/sections.sh"
cp -a "$product/." "$root/"
cp -a "$guest/." "$root/hwguest/"

readelf=$triple-readelf
compiler=$triple-gcc
command -v "$readelf" > /dev/null || die "$readelf not found (binutils-$triple)"

# The library directory of the target's multiarch layout, which the loader searches by default.
libdir=/lib/$triple
mkdir -p "$root$libdir"

# Where the cross compiler finds a library (or the loader) by file name.
locate() {
    local found
    found=$("$compiler" -print-file-name="$1")
    [ "$found" != "$1" ] && [ -e "$found" ] || die "$1 (needed by $2) not found by $compiler"
    readlink -f "$found"
}

# Breadth-first over DT_NEEDED, starting from every dynamic ELF program in the tree.
queue=()
while IFS= read -r -d '' file; do
    [ "$(head -c 4 "$file" | od -An -tx1 | tr -d ' ')" = 7f454c46 ] || continue
    interpreter=$("$readelf" -l "$file" | sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p')
    [ -n "$interpreter" ] || continue # static
    if [ ! -e "$root$interpreter" ]; then
        mkdir -p "$root$(dirname "$interpreter")"
        install -m 755 "$(locate "$(basename "$interpreter")" "$file")" "$root$interpreter"
    fi
    queue+=("$file")
done < <(find "$root/usr" "$root/hwguest" -type f -perm -u+x -print0)

while [ ${#queue[@]} -gt 0 ]; do
    file=${queue[0]}
    queue=("${queue[@]:1}")
    for needed in $("$readelf" -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'); do
        [ -e "$root$libdir/$needed" ] || [ -e "$root/lib/$needed" ] && continue
        install -m 644 "$(locate "$needed" "${file#"$root"}")" "$root$libdir/$needed"
        queue+=("$root$libdir/$needed")
    done
done

(cd "$root" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) | gzip -1 -n > "$out.tmp"
mv "$out.tmp" "$out"
echo "make-initramfs: $out: $(find "$root" -type f | wc -l) files, $(du -sh "$root" | cut -f1) unpacked, $(du -h "$out" | cut -f1) packed"
