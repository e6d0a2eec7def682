# Sources of core/sampling: the kernel side of sampling (perf_event_open
# sampling events, the ring buffers, the records, what /proc says of a
# process before an attach). Symbols, aggregation and sessions are built on it.
target_sources(${module_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/FieldReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GroupDeltas.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PerfRecord.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProcSnapshot.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RecordOrdering.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RecordParser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RecordQueue.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RingBuffer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SampleLayout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SamplingEvents.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SamplingRequest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SamplingRun.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SamplingStats.cpp)
