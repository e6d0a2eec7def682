# Sources of core/interchange: profiles written in other tools' formats
# (pprof's profile.proto, speedscope's JSON), from the same selections the
# views of core/profile read.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ExportValues.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Gzip.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Pprof.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Speedscope.cpp)
# pprof.proto compiled by Debian's protoc into the build tree, as
# <build>/core/interchange/pprof.pb.{h,cc}; only Pprof.cpp includes the header.
protobuf_generate(TARGET ${module_target} LANGUAGE cpp PROTOS ${CMAKE_CURRENT_LIST_DIR}/pprof.proto)
target_include_directories(${module_target} PRIVATE ${CMAKE_CURRENT_BINARY_DIR})
