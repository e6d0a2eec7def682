# Sources of core/presentation: the display rules the GUI and the HTML report
# share (number formats, key figures, metric thresholds, colour scales, CPU
# places, the top-down breakdown, the one-line context of a run and the
# roofline's geometry, ceilings and points).
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ColorScale.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuPlaces.cpp
  ${CMAKE_CURRENT_LIST_DIR}/KeyFigures.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MetricThresholds.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NumberFormat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Roofline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RooflineCeilings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RooflinePoints.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RunContext.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TopDown.cpp)
