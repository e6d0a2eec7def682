# Included by the main project and by tests/fuzz (a project of its own, built
# with clang): both compile through ccache with the same settings.
get_filename_component(perfdash_clone "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
# ccache, when installed, makes a rebuild after a small change compile only
# what changed, even from a fresh clone in another folder: its cache lives in
# ~/.cache/ccache, outside the tree, and paths below the source tree are
# hashed relative to it (base_dir, no cwd). PERFDASH_CCACHE=OFF builds without it.
option(PERFDASH_CCACHE "Compile through ccache when it is installed" ON)
find_program(PERFDASH_CCACHE_PROGRAM ccache)
if(PERFDASH_CCACHE AND PERFDASH_CCACHE_PROGRAM)
  set(launcher env CCACHE_BASEDIR=${perfdash_clone} CCACHE_NOHASHDIR=1 ${PERFDASH_CCACHE_PROGRAM})
  set(CMAKE_C_COMPILER_LAUNCHER ${launcher})
  set(CMAKE_CXX_COMPILER_LAUNCHER ${launcher})
endif()
