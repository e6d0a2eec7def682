# The fuzz targets as ctest tests (label `fuzz`), included by tests/CMakeLists.txt.
# fuzz_build configures and builds tests/fuzz with clang in the build tree
# (ccache makes a rebuild after a small change quick); each fuzz_<name> then
# runs its target for PERFDASH_FUZZ_SECONDS. A missing clang or fuzzer
# runtime fails fuzz_build with the reason, and the fuzz tests with it.
set(PERFDASH_FUZZ_SECONDS 20 CACHE STRING "How long each fuzz target runs in ctest")
set(fuzz_dir ${CMAKE_CURRENT_LIST_DIR})
set(fuzz_build ${CMAKE_BINARY_DIR}/tests/fuzz-build)

add_test(NAME fuzz_build COMMAND ${fuzz_dir}/build.sh ${fuzz_build})
set_tests_properties(fuzz_build PROPERTIES FIXTURES_SETUP fuzz_targets LABELS fuzz TIMEOUT 1800 PROCESSORS 2)

# One test per fuzz_<name>.cpp, as tests/fuzz/CMakeLists.txt builds one target per file.
file(GLOB fuzz_sources RELATIVE ${fuzz_dir} CONFIGURE_DEPENDS ${fuzz_dir}/fuzz_*.cpp)
foreach(source ${fuzz_sources})
  string(REGEX REPLACE "^fuzz_(.*)\\.cpp$" "\\1" name ${source})
  add_test(NAME fuzz_${name} COMMAND ${fuzz_dir}/run-fuzzer.sh ${fuzz_build}/fuzz_${name} ${name} ${PERFDASH_FUZZ_SECONDS})
  set_tests_properties(fuzz_${name} PROPERTIES FIXTURES_REQUIRED fuzz_targets LABELS fuzz TIMEOUT 300)
endforeach()
