# Sources of core/probes: instruction catalogs, code generation, the
# runner, the clock and max-IPC probes, and the measured ceilings.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AArch64Emitter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Architecture.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AssemblyWriter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BenchResult.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BenchRunner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CatalogEntry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CeilingKernels.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CeilingSizes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Ceilings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CeilingsRunner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ClockProbe.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ClockReferences.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ClockReport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuFeatures.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuPinning.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CycleSource.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Emulation.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ForkedRun.cpp
  ${CMAKE_CURRENT_LIST_DIR}/InstructionCatalog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/InstructionTemplate.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IpcProbe.cpp
  ${CMAKE_CURRENT_LIST_DIR}/KernelLibrary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/KernelPlan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/KernelTiming.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MeasurementContext.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProbeJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProbeText.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MipsEmitter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Plausibility.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReferenceTable.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RegisterClasses.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Statistics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TargetAbi.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Toolchain.cpp
  ${CMAKE_CURRENT_LIST_DIR}/X86Emitter.cpp)
target_link_libraries(${module_target} PUBLIC ${CMAKE_DL_LIBS})
