# Sources of core/report, the output formats: text tables, JSON/CSV/HTML writers,
# likwid-perfctr's tables, SVG charts, the JSON reader and output files.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/HtmlReport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LikwidPerfctrOutput.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MarkupText.cpp
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
  ${CMAKE_CURRENT_LIST_DIR}/RooflineReport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SvgChart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TextReport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimelineText.cpp
  ${CMAKE_CURRENT_LIST_DIR}/WholeRunMetrics.cpp)
