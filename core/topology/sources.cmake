# Sources of core/topology.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AffinityDomains.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuArch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuIdentity.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Cpuid.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuList.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NominalClock.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SharedUnitReaders.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Topology.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TopologyJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TopologyReader.cpp)
