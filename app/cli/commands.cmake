# One file per subcommand family; each defines functions declared in Commands.h.
target_sources(perfdash-cli PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AgentProfiles.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AgentServing.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ArchOption.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CapabilitiesCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CeilingsCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EventCommands.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GroupCommands.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LikwidPerfctrCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MergeCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProfileCommands.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProbeCommands.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PrometheusCommands.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StatCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StatJournal.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StatRun.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TargetOptions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TopologyCommand.cpp)
