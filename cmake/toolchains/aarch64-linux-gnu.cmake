# Cross-compiling for 64-bit Arm Linux with Debian's cross compiler
# (g++-aarch64-linux-gnu) against arm64 libraries installed through multiarch
# (dpkg --add-architecture arm64; apt-get install libpfm4-dev:arm64 ...).
#
#   cmake -S . -B build/aarch64 \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake \
#     -DPERFDASH_BUILD_GUI=OFF -DPERFDASH_BUILD_TESTS=OFF
#
# Multiarch puts the arm64 libraries in /usr/lib/aarch64-linux-gnu next to the
# host's, and arch-independent headers and CMake packages (nlohmann_json) in
# /usr/include and /usr/share, so the "sysroot" is the host's own root:
# CMAKE_LIBRARY_ARCHITECTURE makes find_library/find_package look in the
# aarch64 directories and nowhere in the x86_64 ones.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(PERFDASH_CROSS_TRIPLE aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${PERFDASH_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${PERFDASH_CROSS_TRIPLE}-g++)
set(CMAKE_LIBRARY_ARCHITECTURE ${PERFDASH_CROSS_TRIPLE})

# Programs (code generators, qemu) are the host's; libraries, headers and
# packages must be the target's.
set(CMAKE_FIND_ROOT_PATH /usr/${PERFDASH_CROSS_TRIPLE} /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# pkg-config (cpp-httplib) must read the arm64 .pc files, whose libdir and
# dependencies are the target's, not the host's.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/${PERFDASH_CROSS_TRIPLE}/pkgconfig:/usr/share/pkgconfig)


# Packages whose arm64 -dev package cannot be installed beside the host's.
list(APPEND CMAKE_MODULE_PATH ${CMAKE_CURRENT_LIST_DIR}/multiarch)
