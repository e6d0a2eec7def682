# Sources of core/disasm: a function's instructions from GNU objdump, run as
# a program, its output parsed, and its listings kept for a live view.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Objdump.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ObjdumpCache.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ObjdumpParser.cpp)
