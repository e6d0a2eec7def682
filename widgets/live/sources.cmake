# Sources of widgets/live.
target_sources(perfdash_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Decimation.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SeriesColumn.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimelineStore.cpp)
