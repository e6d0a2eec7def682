# Sources of core/report: text tables, JSON/CSV/HTML writers, SVG charts, the JSON reader,
# output files, session files (autosave, summaries), session comparison, metric
# thresholds and the one-line context of a run.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ColorScale.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuPlaces.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FleetSession.cpp
  ${CMAKE_CURRENT_LIST_DIR}/HtmlReport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/KeyFigures.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LikwidPerfctrOutput.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MarkupText.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MetricThresholds.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NumberFormat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OutputPath.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportCharts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportCsv.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportJsonReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportKeys.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportMerge.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportOutput.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MetricTree.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportTables.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RunContext.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SessionComparison.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SessionFiles.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SessionJournal.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SvgChart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TextReport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimelineText.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TopDown.cpp
  ${CMAKE_CURRENT_LIST_DIR}/WholeRunMetrics.cpp)
