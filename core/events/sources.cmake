target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AvailabilityProbe.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EventCatalog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EventList.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EventResolver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EventSpec.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EventTable.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GenericEvents.cpp
  ${CMAKE_CURRENT_LIST_DIR}/HwCacheEvents.cpp
  ${CMAKE_CURRENT_LIST_DIR}/HybridCoreEvent.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LibpfmTable.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LikwidNativeName.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Loongson2fEvents.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfModifiers.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfOpenError.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PmuTerms.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SysfsPmu.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Tracefs.cpp)
