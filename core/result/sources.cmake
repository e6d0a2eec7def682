# Sources of core/result: the result model, the count rules (exact 0, n/a,
# partial), metric coverage, the interval series store with its decimation and
# the change points (phases) of a series and the cells of a heat map.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ChangePoints.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CountSum.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CounterDeltas.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Decimation.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GaugeStats.cpp
  ${CMAKE_CURRENT_LIST_DIR}/HeatMapGrid.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MeasurementResult.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MetricCoverage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MetricHierarchy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SeriesColumn.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimelineStore.cpp)
