# Sources of core/session: saved sessions (the autosave journal, session files
# and their summaries, fleet sessions) and the comparison of two of them.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/FleetSession.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SessionComparison.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SessionFiles.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SessionJournal.cpp)
