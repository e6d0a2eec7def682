# Sources of widgets/bench: the machine-probes page (core/microbench).
target_sources(perfdash_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/BenchBarChart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BenchCatalogFilter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BenchCatalogModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BenchResultsModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ClockHistoryModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ClockLineChart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CustomInstructionEditor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IpcCurveModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IpcLineChart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProbeFormat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProbeRunner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProbesPage.cpp)
