# Sources of core/report: text tables, JSON/CSV writers, the JSON reader, output files.
target_sources(perfdash_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/NumberFormat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OutputPath.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportCsv.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportJsonReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportKeys.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportOutput.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportTables.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TextReport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TextTable.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimelineText.cpp)
