# Sources of core/disasm: a function's instructions from GNU objdump, run as
# a program, and its output parsed.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Objdump.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ObjdumpParser.cpp)
