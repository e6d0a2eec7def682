# Sources of widgets/live.
target_sources(perfdash_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ChartExport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChartPlan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CopyableTableView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EventTotalsModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LiveView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MetricValuesModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RunSummaryChart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SeriesColours.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SeriesNames.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TableCopy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimelineChart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimelineData.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimelineView.cpp)
