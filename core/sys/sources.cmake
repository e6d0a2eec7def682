# Sources of core/sys: the perf_event_open(2) layer below events and backends.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Cgroup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfEventSys.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProcessCapabilities.cpp)
