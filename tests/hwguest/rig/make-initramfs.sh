#!/usr/bin/env bash
# make-initramfs.sh OUT.cpio BUSYBOX TOOLS PRODUCT_STAGE GUEST_STAGE GUEST_SCRIPTS TRIPLE
#
# The guest's whole root file system, as an uncompressed cpio (newc) archive
# (inflating 20 MB of gzip in the emulated CPU took a third of its boot):
#   /bin/busybox           the static busybox (applet links are made at boot)
#   /init                  GUEST_SCRIPTS/init; /hwguest/sections.sh beside the programs
#   /usr/bin/{as,ld}, ...  TOOLS: the native arm64 assembler and linker with their
#                          libraries (fetch-guest.sh), named as Debian's binutils
#                          names them, for the machine probes' generated kernels
#   /usr/...               PRODUCT_STAGE: perfdash's aarch64 install tree (binaries, data)
#   /hwguest/...           GUEST_STAGE: workloads, rig tools, workloads.txt
#   /lib/...               every other shared library those programs need, found
#                          the way the cross compiler finds them, and the dynamic loader
set -euo pipefail

[ $# -eq 7 ] || { echo "usage: $0 OUT.cpio BUSYBOX TOOLS PRODUCT_STAGE GUEST_STAGE GUEST_SCRIPTS TRIPLE" >&2; exit 2; }
out=$1 busybox=$2 tools=$3 product=$4 guest=$5 scripts=$6 triple=$7
die() { echo "make-initramfs: $*" >&2; exit 1; }

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,dev,proc,sys,tmp,lib,hwguest}
install -m 755 "$busybox" "$root/bin/busybox"
install -m 755 "$scripts/init" "$root/init"
install -m 644 "$scripts/sections.sh" "$root/hwguest/sections.sh"
cp -a "$tools/." "$root/"
ln -s "$triple-as" "$root/usr/bin/as"
ln -s "$triple-ld.bfd" "$root/usr/bin/ld"
cp -a "$product/." "$root/"
cp -a "$guest/." "$root/hwguest/"

readelf=$triple-readelf
compiler=$triple-gcc
command -v "$readelf" > /dev/null || die "$readelf not found (binutils-$triple)"

# The library directories of the target's multiarch layout, which the loader searches by default.
libdirs=("/lib/$triple" "/usr/lib/$triple" /lib)
mkdir -p "$root${libdirs[0]}"

# Where the cross compiler finds a library (or the loader) by file name.
locate() {
    local found
    found=$("$compiler" -print-file-name="$1")
    [ "$found" != "$1" ] && [ -e "$found" ] || die "$1 (needed by $2) not found by $compiler"
    readlink -f "$found"
}

provided() {
    local dir
    for dir in "${libdirs[@]}"; do [ -e "$root$dir/$1" ] && return 0; done
    return 1
}

# Breadth-first over DT_NEEDED, starting from every dynamic ELF file in the
# tree (programs and the tools' libraries); what the tree does not provide
# comes from the cross toolchain's arm64 runtime.
queue=()
while IFS= read -r -d '' file; do
    [ "$(head -c 4 "$file" | od -An -tx1 | tr -d ' ')" = 7f454c46 ] || continue
    "$readelf" -d "$file" 2> /dev/null | grep -q '(NEEDED)' || continue # static
    interpreter=$("$readelf" -l "$file" | sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p')
    if [ -n "$interpreter" ] && [ ! -e "$root$interpreter" ]; then
        mkdir -p "$root$(dirname "$interpreter")"
        install -m 755 "$(locate "$(basename "$interpreter")" "$file")" "$root$interpreter"
    fi
    queue+=("$file")
done < <(find "$root/usr" "$root/lib" "$root/hwguest" -type f -print0)

while [ ${#queue[@]} -gt 0 ]; do
    file=${queue[0]}
    queue=("${queue[@]:1}")
    for needed in $("$readelf" -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'); do
        provided "$needed" && continue
        install -m 644 "$(locate "$needed" "${file#"$root"}")" "$root${libdirs[0]}/$needed"
        queue+=("$root${libdirs[0]}/$needed")
    done
done

(cd "$root" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) > "$out.tmp"
mv "$out.tmp" "$out"
echo "make-initramfs: $out: $(find "$root" -type f | wc -l) files, $(du -h "$out" | cut -f1)"
