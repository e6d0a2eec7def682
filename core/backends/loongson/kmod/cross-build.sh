#!/bin/sh
# Builds the pcounter module for a Loongson 2F kernel with Debian's mips64el
# cross compiler, to check that it compiles (warning-free, W=1) against a
# real, configured kernel tree: Debian's linux-source-6.1 configured with
# lemote2f_defconfig (a 64-bit Loongson 2F kernel), prepared once with
# `make modules_prepare` in a cache (about 1.5 GB, a few minutes).
#
#   usage: cross-build.sh OUTDIR        (pcounter.ko ends up in OUTDIR)
#   PERFDASH_KERNEL_SOURCE  kernel source tarball (default /usr/src/linux-source-6.1.tar.xz)
#   PERFDASH_KMOD_CACHE     where the tree is prepared (default ~/.cache/perfdash/kmod)
#   CROSS_COMPILE           toolchain prefix (default mips64el-linux-gnuabi64-)
#
# Exits 77 (ctest: skipped) with the reason when a prerequisite is missing.
# The build has no vmlinux, hence no Module.symvers: modpost cannot check the
# kernel symbols the module uses and only warns (KBUILD_MODPOST_WARN=1); the
# Loongson machine's own headers have Module.symvers (see README.md).
set -eu

out=$1
src_tar=${PERFDASH_KERNEL_SOURCE:-/usr/src/linux-source-6.1.tar.xz}
cache=${PERFDASH_KMOD_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/perfdash/kmod}
cross=${CROSS_COMPILE:-mips64el-linux-gnuabi64-}
here=$(cd "$(dirname "$0")" && pwd)

skip() {
    echo "SKIP: $*" >&2
    exit 77
}
command -v "${cross}gcc" >/dev/null 2>&1 || skip "no ${cross}gcc: sudo apt-get install gcc-mips64el-linux-gnuabi64"
[ -r "$src_tar" ] || skip "no kernel source tarball $src_tar: sudo apt-get install linux-source-6.1"
for tool in make flex bison bc tar xz; do
    command -v "$tool" >/dev/null 2>&1 || skip "no $tool: sudo apt-get install $tool"
done

name=$(basename "$src_tar" .tar.xz)
tree=$cache/$name
build=$cache/build-$name-lemote2f
mkdir -p "$cache"
if [ ! -f "$tree/.perfdash-extracted" ]; then
    echo "extracting $src_tar into $cache (once)"
    rm -rf "$tree"
    tar -xJf "$src_tar" -C "$cache"
    touch "$tree/.perfdash-extracted"
fi
if [ ! -f "$build/.perfdash-prepared" ]; then
    echo "configuring $tree for the Loongson 2F (lemote2f_defconfig) and preparing it for modules (once)"
    make -s -C "$tree" O="$build" ARCH=mips CROSS_COMPILE="$cross" lemote2f_defconfig
    make -s -C "$tree" O="$build" ARCH=mips CROSS_COMPILE="$cross" -j2 modules_prepare
    touch "$build/.perfdash-prepared"
fi

rm -rf "$out"
mkdir -p "$out"
cp "$here/Kbuild" "$here/Makefile" "$here"/*.c "$here"/*.h "$out/"
make -C "$out" KDIR="$build" ARCH=mips CROSS_COMPILE="$cross" KBUILD_MODPOST_WARN=1 W=1 >"$out/build.log" 2>&1 || {
    cat "$out/build.log"
    echo "FAIL: the module does not build" >&2
    exit 1
}
cat "$out/build.log"
if grep -E "(warning|error):" "$out/build.log"; then
    echo "FAIL: the compiler warns about the module (above)" >&2
    exit 1
fi
"${cross}readelf" -h "$out/pcounter.ko" | grep -q "ELF64" || { echo "FAIL: pcounter.ko is not a 64-bit ELF" >&2; exit 1; }
"${cross}readelf" -h "$out/pcounter.ko" | grep -q "MIPS" || { echo "FAIL: pcounter.ko is not a MIPS object" >&2; exit 1; }
"${cross}nm" "$out/pcounter.ko" | grep -q " T pcounter_parse$" || { echo "FAIL: pcounter_parse is not in the module" >&2; exit 1; }
strings "$out/pcounter.ko" | grep -q "^license=GPL$" || { echo "FAIL: the module has no GPL license tag" >&2; exit 1; }
echo "ok: $out/pcounter.ko ($("${cross}readelf" -h "$out/pcounter.ko" | sed -n 's/ *Flags: *//p'))"
