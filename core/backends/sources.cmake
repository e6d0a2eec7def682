target_sources(perfdash_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/CounterBackend.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfEventBackend.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfEventCounterSet.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfEventGroupPlan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfEventSys.cpp)
