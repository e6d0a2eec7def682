# Sources of widgets/setup: the session form (target, CPUs, what to measure),
# the plan preview, the Start/Pause/Stop actions and the log pane.
target_sources(perfdash_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/BackendListModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BackendPicker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuPicker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuTopologyLayout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuTopologyView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DemoWorkload.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FieldMessage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FormEvaluation.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GroupDetails.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GroupListModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MeasureSection.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PlanModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PlanPreview.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProcessFilterModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProcessListModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProcessPicker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProcessTable.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RecentPrograms.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MeasurementActions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MeasurementLog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SetupFormState.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SetupPage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SetupSettings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TargetSection.cpp)
# findDemoProgram() looks in the installed libexec directory, relative to the executable's prefix.
set_property(SOURCE ${CMAKE_CURRENT_LIST_DIR}/DemoWorkload.cpp APPEND PROPERTY
  COMPILE_DEFINITIONS "PERFDASH_LIBEXEC_DIR=\"${CMAKE_INSTALL_LIBEXECDIR}\"")
