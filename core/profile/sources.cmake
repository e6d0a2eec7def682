# Sources of core/profile: sampled records turned into a profile (frames,
# call paths, counts per interval, per-function metrics with their errors),
# its section of a session file, and the views `report` and `top` show.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Disassembly.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FlameGraph.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FlameTree.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LiveRows.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Profile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProfileBuilder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProfileCompare.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProfileJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProfileMetrics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProfileOutput.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProfileRecorder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProfileViews.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RecordMappings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RegionTimeline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RowMerger.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RowSpill.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SampledInstructions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SessionFallback.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SourceFiles.cpp)
