target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AtomicFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Clock.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DataPaths.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Duration.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IdentityOverride.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JobEnvironment.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Median.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Outliers.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Strings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Subprocess.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SystemError.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TextTable.cpp)
