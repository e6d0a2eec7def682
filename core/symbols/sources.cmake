target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AddressSpace.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProcMaps.cpp)
