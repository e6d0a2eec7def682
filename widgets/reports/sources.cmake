# Sources of widgets/reports: session recording, opening and replay, recent
# sessions, comparison of two sessions (table and overlaid timelines),
# report export (JSON, CSV, HTML, PDF).
target_sources(perfdash_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ComparisonTimelineChart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RecentSessionsModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReplayActions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReplayController.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportExport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SessionComparisonModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SessionComparisonView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SessionLoader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SessionRecorder.cpp)
