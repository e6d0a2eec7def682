# Sources of core/prometheus: the agent's side of Prometheus (the exposition
# of cumulative counts, its own request decisions, recording rules from groups).
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AgentRequest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Exposition.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RecordingRules.cpp)
