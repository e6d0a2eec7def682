target_sources(perfdash_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/MeasurementController.cpp)
