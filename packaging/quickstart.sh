#!/usr/bin/env bash
# perfdash quick start, from a clean clone on Debian 12:
#   packaging/quickstart.sh test   install what is missing, build, run the whole test suite
#   packaging/quickstart.sh run    install what is missing, build, start the dashboard (with a
#                                  display) or measure a demo workload and print the tables
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
preset=release
build="$root/build/$preset"

die() { echo "quickstart: $*" >&2; exit 1; }

usage() {
    echo "usage: $0 run|test" >&2
    exit 2
}

install_packages() {
    local missing=() pkg
    while read -r pkg; do
        [ -n "$pkg" ] || continue
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' "$here/debian-packages.txt")
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "quickstart: installing ${missing[*]}"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || die "missing packages (${missing[*]}) and no sudo: run as root"
        sudo=(sudo)
    fi
    export DEBIAN_FRONTEND=noninteractive
    # "pkg:arch" entries need that architecture enabled before the update.
    local arch
    for arch in $(printf '%s\n' "${missing[@]}" | sed -n 's/^[^:]*:\(.*\)$/\1/p' | sort -u); do
        [ "$arch" = "$(dpkg --print-architecture)" ] && continue
        dpkg --print-foreign-architectures | grep -qx "$arch" || "${sudo[@]}" dpkg --add-architecture "$arch"
    done
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
}

build() {
    cmake --preset "$preset" -S "$root" >/dev/null
    cmake --build --preset "$preset" -j "$(nproc)"
}

[ $# -ge 1 ] || usage
command=$1
shift
case "$command" in
test)
    install_packages
    build
    ctest --preset "$preset" -j "$(nproc)" "$@"
    ;;
run)
    install_packages
    build
    if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x "$build/app/gui/perfdash" ]; then
        exec "$build/app/gui/perfdash" --demo "$@"
    fi
    exec "$build/app/cli/perfdash-cli" stat -g SOFTWARE -t 250ms -- "$build/app/demo/perfdash-demo" "$@"
    ;;
*)
    usage
    ;;
esac
