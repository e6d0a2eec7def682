target_sources(perfdash_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AttachTarget.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChildOutput.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CountSum.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CounterDeltas.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Launcher.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProgramLookup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SampleStore.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Sampler.cpp)
target_sources(perfdash_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Capabilities.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CountingBackends.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FormulaConstants.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FormulaConstantsOfMachine.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MachineContext.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Measurement.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MeasurementPlan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ResultBuilder.cpp)
# The launcher's side of the marker API (stat -m): marker/wire/perfdash_marker_wire.h.
target_sources(perfdash_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/MarkerEnvironment.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MarkerResultsFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MarkerSession.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RegionResults.cpp)
