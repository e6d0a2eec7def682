# Sources of widgets/regions: the marker regions of a finished measurement
# (region list, per-thread table, bar chart) and their models.
target_sources(perfdash_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/RegionChartModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RegionListModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RegionTableModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RegionsView.cpp)
