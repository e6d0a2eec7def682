# Sources of core/result: the result model, the count rules (exact 0, n/a,
# partial), metric coverage and the interval series store with its decimation.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/CountSum.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CounterDeltas.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Decimation.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MetricCoverage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SeriesColumn.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimelineStore.cpp)
