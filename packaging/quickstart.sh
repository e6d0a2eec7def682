#!/usr/bin/env bash
# perfdash quick start, from a clean clone on Debian 12:
#   packaging/quickstart.sh deps   install the Debian packages that building, testing and
#                                  packaging need (packaging/debian-packages.txt), nothing else
#   packaging/quickstart.sh test   install what is missing, build, run the whole test suite;
#                                  fails on a skip that tests/expected-skips.txt does not list
#   packaging/quickstart.sh run    install what is missing, build only the dashboard, the CLI and
#                                  the demo workload, start the dashboard (with a display) or
#                                  measure the demo workload and print the tables; 'test'
#                                  later completes the same build tree
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
preset=release
build="$root/build/$preset"

die() { echo "quickstart: $*" >&2; exit 1; }

usage() {
    echo "usage: $0 run|test|deps" >&2
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

# The build tree with the test suite takes about 4 GB and ccache up to its
# limit besides; a build that runs out of disk dies in the compiler or the
# linker with no clear message (CI did once). So say it up front.
build_space_gb=5
check_disk() {
    local dir=$build avail_kb need_kb used_kb=0
    [ -d "$dir" ] && used_kb=$(du -sk "$dir" | cut -f1)
    while [ ! -d "$dir" ]; do dir=$(dirname "$dir"); done
    avail_kb=$(df -Pk "$dir" | awk 'NR == 2 {print $4}')
    need_kb=$((build_space_gb * 1024 * 1024 - used_kb))
    [ "$avail_kb" -ge "$need_kb" ] ||
        die "$(( avail_kb / 1024 )) MB free on the disk of $build, but a build with its tests needs about $build_space_gb GB: free some space (or clone elsewhere) and run again"
}

configure() { cmake --preset "$preset" -S "$root" >/dev/null; }

# build [TARGET...]: those targets, or everything.
build() {
    cmake --build --preset "$preset" -j "$(nproc)" ${1:+--target "$@"}
}

# timed NAME COMMAND...: runs COMMAND and records how long it took, for the
# summary that report_times prints at the end.
times=()
timed() {
    local name=$1 start=$SECONDS status=0
    shift
    "$@" || status=$?
    times+=("$name $((SECONDS - start)) s")
    return $status
}
report_times() {
    local entry
    for entry in "${times[@]}"; do echo "quickstart: time: $entry"; done
}

# The whole suite, then the skips: every skipped test must be one that
# tests/expected-skips.txt lists with its reason.
run_tests() {
    local log="$build/ctest-output.txt" status=0
    ctest --preset "$preset" -j "$(nproc)" "$@" 2>&1 | tee "$log" || status=$?
    "$root/tests/check-skips.sh" "$log" "$build/Testing/Temporary/LastTest.log" "$root/tests/expected-skips.txt" ||
        [ $status -ne 0 ] || status=1
    return $status
}

[ $# -ge 1 ] || usage
command=$1
shift
case "$command" in
deps)
    install_packages
    ;;
test)
    status=0
    timed packages install_packages
    timed configure configure
    check_disk
    timed build build
    timed tests run_tests "$@" || status=$?
    report_times
    exit $status
    ;;
run)
    timed packages install_packages
    timed configure configure
    check_disk
    timed build build perfdash perfdash-cli perfdash-demo
    report_times
    if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x "$build/app/gui/perfdash" ]; then
        exec "$build/app/gui/perfdash" --demo "$@"
    fi
    exec "$build/app/cli/perfdash-cli" stat -g SOFTWARE -t 250ms -- "$build/app/demo/perfdash-demo" "$@"
    ;;
*)
    usage
    ;;
esac
