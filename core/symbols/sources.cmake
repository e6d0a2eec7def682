target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AddressSpace.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CallchainCheck.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DebugFiles.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Demangle.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DwarfScopes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ElfFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JitMap.cpp
  ${CMAKE_CURRENT_LIST_DIR}/KernelSymbols.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ModuleSymbols.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfRegisters.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RecordedBinary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Symbolizer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Unwinder.cpp)
