# Sources of core/measurement: the live run (targets, the sampler, the plan,
# results per period) and the launcher's side of the marker API (stat -m:
# Marker*, RegionResults; marker/wire/perfdash_marker_wire.h).
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ArchOverride.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AttachTarget.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Capabilities.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChildOutput.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CountingBackends.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IntervalCombiner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Launcher.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MachineContext.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MachineFormulaConstants.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MarkerEnvironment.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MarkerMeasurement.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MarkerResultsFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MarkerTransitions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Measurement.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MeasurementPlan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProgramLookup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RegionResults.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ResultBuilder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RotatingCounterSet.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SampleStore.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SlotResolver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/UncoreSlot.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Sampler.cpp)
