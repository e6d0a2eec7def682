#!/bin/sh
# Configures and builds the fuzz targets with clang in BUILD_DIR (the ctest
# test fuzz_build runs it; run-long.sh too). Fails, with the reason, where
# clang or its fuzzer runtime is missing: the fuzz tests are part of CI.
#   tests/fuzz/build.sh BUILD_DIR
set -eu
[ $# -eq 1 ] || { echo "usage: $0 BUILD_DIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
build=$1

cxx=${PERFDASH_FUZZ_CXX:-}
if [ -z "$cxx" ]; then
    for candidate in clang++ clang++-14; do
        if command -v "$candidate" >/dev/null; then cxx=$(command -v "$candidate"); break; fi
    done
fi
if [ -z "$cxx" ]; then
    echo "fuzz: no clang++ found; the fuzz targets need clang and its fuzzer runtime:" \
         "apt-get install clang-14 libclang-rt-14-dev (packaging/debian-packages.txt lists them)" >&2
    exit 1
fi
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
cmake --build "$build"
