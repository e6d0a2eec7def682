#!/usr/bin/env bash
# Builds perfdash's Debian packages from the committed tree (HEAD, as a clean
# clone has it: uncommitted changes are not in them) and checks them:
#   packaging/build-deb.sh            build into build/deb/, then lintian,
#                                     appstreamcli validate, desktop-file-validate
# The build compiles through ccache (cmake/Ccache.cmake) and builds no tests
# or benchmarks (debian/rules). Needs the build dependencies of debian/control
# (packaging/debian-packages.txt lists them).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
out="$root/build/deb"
version=$(dpkg-parsechangelog -l "$root/debian/changelog" -S Version)
src="$out/src/perfdash-$version"

die() { echo "build-deb: $*" >&2; exit 1; }
command -v dpkg-buildpackage >/dev/null || die "dpkg-buildpackage missing: run packaging/quickstart.sh deps"
(cd "$root" && dpkg-checkbuilddeps) || die "build dependencies missing (above): run packaging/quickstart.sh deps"

times=()
timed() {
    local name=$1 start=$SECONDS
    shift
    "$@"
    times+=("$name $((SECONDS - start)) s")
}

export_tree() {
    # The same source path every time, so that ccache's hits do not depend on it.
    rm -rf "$out/src"
    mkdir -p "$src"
    git -C "$root" archive HEAD | tar -x -C "$src"
    rm -f "$out"/*.deb "$out"/*.changes "$out"/*.buildinfo
}

build() {
    # debhelper gives the build a HOME of its own inside the tree, which would
    # put ccache's cache there and lose it with the tree: name the user's.
    if command -v ccache >/dev/null; then
        CCACHE_DIR=${CCACHE_DIR:-$(ccache -k cache_dir)}
        export CCACHE_DIR
    fi
    # No -dbgsym packages: packing the dashboard's debug symbols takes minutes.
    (cd "$src" && DEB_BUILD_OPTIONS="parallel=$(nproc) noautodbgsym ${DEB_BUILD_OPTIONS:-}" dpkg-buildpackage -b -uc -us)
    mv "$out/src"/*.deb "$out/src"/*.changes "$out/src"/*.buildinfo "$out/"
}

# Errors and warnings fail; what is overridden says why in debian/*.lintian-overrides.
check() {
    lintian --fail-on error,warning --display-info "$out"/perfdash_*.changes
    local pkg="$out/src/perfdash-$version/debian/perfdash/usr/share"
    appstreamcli validate --no-net "$pkg/metainfo/io.github.perfdash.perfdash.metainfo.xml"
    desktop-file-validate "$pkg/applications/io.github.perfdash.perfdash.desktop"
}

timed export export_tree
timed build build
timed checks check
ls -l "$out"/*.deb
for entry in "${times[@]}"; do echo "build-deb: time: $entry"; done
