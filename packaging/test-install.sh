#!/usr/bin/env bash
# Installs the packages of build/deb/ (packaging/build-deb.sh) into a fresh
# Debian 12 root, made with mmdebstrap from the Debian registry, and uses them
# as a new user would (apt-get install ./*.deb, recommends included):
# capabilities, a stat run, the dashboard's --version, a marker program built
# with pkg-config and with CMake and measured with stat -m, the man pages and
# the bash completion; then removes them all. dpkg --audit stays empty
# throughout. Needs root and mmdebstrap.
#   packaging/test-install.sh [MIRROR]    (default http://deb.debian.org/debian)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
debs="$root/build/deb"
mirror=${1:-http://deb.debian.org/debian}

die() { echo "test-install: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "run as root (mmdebstrap makes a root and chroots into it)"
command -v mmdebstrap >/dev/null || die "mmdebstrap missing: apt-get install mmdebstrap"
ls "$debs"/*.deb >/dev/null 2>&1 || die "no packages in $debs: run packaging/build-deb.sh first"

# The checks, run in the new root (mmdebstrap mounts /proc, /sys and /dev there for its hooks).
checks=$(mktemp)
trap 'rm -f "$checks"' EXIT
cat >"$checks" <<'CHECKS'
set -euxo pipefail
export DEBIAN_FRONTEND=noninteractive
cd /tmp/debs
# What a user does with a folder of packages: every one, with its recommends.
# The DKMS module is built for MIPS only (packaging/README.md), so on amd64
# nothing pulls in kernel headers that DKMS would then fail on.
if ls perfdash-loongson-dkms_*.deb 2>/dev/null; then echo "the DKMS module package was built for amd64" >&2; exit 1; fi
apt-get install -y ./*.deb
test -z "$(dpkg --audit)"
perfdash-cli capabilities
perfdash-cli stat -g SOFTWARE -- true
QT_QPA_PLATFORM=offscreen perfdash --version
likwid-perfctr-perfdash -h >/dev/null

cat >/tmp/marked.c <<'C'
#include <perfdash-marker.h>
int main(void) {
    volatile double x = 0;
    PERFDASH_MARKER_INIT;
    PERFDASH_MARKER_START("loop");
    for (int i = 0; i < 10000000; ++i) x += i;
    PERFDASH_MARKER_STOP("loop");
    PERFDASH_MARKER_CLOSE;
    return 0;
}
C
cc -DPERFDASH_PERFMON $(pkg-config --cflags perfdash-marker) /tmp/marked.c $(pkg-config --libs perfdash-marker) -o /tmp/marked
perfdash-cli stat -m -g SOFTWARE -- /tmp/marked | tee /tmp/marked.out
grep -q "^Region loop" /tmp/marked.out

mkdir -p /tmp/cmake-marked
cat >/tmp/cmake-marked/CMakeLists.txt <<'C'
cmake_minimum_required(VERSION 3.25)
project(marked C)
find_package(PerfdashMarker REQUIRED)
add_executable(marked ../marked.c)
target_compile_definitions(marked PRIVATE PERFDASH_PERFMON)
target_link_libraries(marked PRIVATE PerfdashMarker::marker)
C
cmake -S /tmp/cmake-marked -B /tmp/cmake-marked/build >/dev/null
cmake --build /tmp/cmake-marked/build >/dev/null
perfdash-cli stat -m -g SOFTWARE -- /tmp/cmake-marked/build/marked | grep -q "^Region loop"

MANWIDTH=80 man perfdash-cli | col -b | sed -n '1,30p'
man -w perfdash perfdash-groups likwid-perfctr-perfdash

# bash completion: a subcommand, a group name, an option.
complete_words() {
    bash -c '. /usr/share/bash-completion/bash_completion
             . /usr/share/bash-completion/completions/perfdash-cli
             COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; read -ra COMP_WORDS <<<"$COMP_LINE"
             [ "${COMP_LINE: -1}" = " " ] && COMP_WORDS+=("")
             COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _perfdash_cli; printf "%s\n" "${COMPREPLY[@]}"' _ "$@"
}
complete_words perfdash-cli sta | grep -qx stat
complete_words perfdash-cli stat -g SOFT | grep -qx SOFTWARE
complete_words perfdash-cli stat --jso | grep -qx -- --json

# Removing them all leaves dpkg with nothing half-configured.
apt-get purge -y $(for deb in ./*.deb; do dpkg-deb -f "$deb" Package; done)
test -z "$(dpkg --audit)"
echo "test-install: all checks passed"
CHECKS

start=$SECONDS
mmdebstrap --variant=apt \
    --include=build-essential,pkg-config,cmake,man-db,bash-completion \
    --customize-hook="mkdir -p \"\$1/tmp/debs\" && cp $debs/*.deb \"\$1/tmp/debs/\"" \
    --customize-hook="chroot \"\$1\" bash -s <$checks" \
    bookworm /dev/null "$mirror"
echo "test-install: passed in $((SECONDS - start)) s"
