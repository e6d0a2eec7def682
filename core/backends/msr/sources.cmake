target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/MsrAssignment.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MsrBackend.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MsrCounterSet.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MsrDevice.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MsrDiagnosis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MsrEvents.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MsrPmu.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MsrProgrammer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MsrRegisters.cpp)
