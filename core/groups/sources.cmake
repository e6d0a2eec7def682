# Sources of core/groups: likwid-format group files, the metric formula
# engine (muparser) and the group library with its search path.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/CustomEventSet.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FormulaConstants.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GroupArch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GroupFileParser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GroupLibrary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GroupMetrics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LikwidCounters.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LikwidEventOptions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LikwidUncore.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MetricEvaluator.cpp)
