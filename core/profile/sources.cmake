# Sources of core/profile: sampled records turned into a profile (frames,
# call paths, counts per interval, per-function metrics), its session
# section, and the views `report` and `top` print.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/RecordMappings.cpp)
