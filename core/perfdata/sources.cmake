# Sources of core/perfdata: files written by Linux perf record (file and pipe
# mode) read into perfdash's own profile, through core/sampling's record
# parser and core/profile's builder.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/PerfDataBinaries.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfDataFeatures.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfDataInfo.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfDataMetrics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfDataProfile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfDataReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ZstdStream.cpp)
