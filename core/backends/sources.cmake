target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/BackendChoice.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CounterBackend.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DirectCounting.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GaugeBackend.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfEventBackend.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfEventCounterSet.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfEventGroupPlan.cpp)
include(${CMAKE_CURRENT_LIST_DIR}/msr/sources.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/loongson/sources.cmake)
