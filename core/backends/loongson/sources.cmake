target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/LoongsonBackend.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LoongsonCounterSet.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PcounterDevice.cpp
  # The module's own parser, compiled unchanged: user space checks every
  # selection with the code that will judge it in the kernel.
  ${CMAKE_CURRENT_LIST_DIR}/kmod/pcounter_control.c)
