# Sources of widgets/common: what every area uses alike (string conversion,
# wrapped labels, table set-up, status colours), so no area borrows from another.
target_sources(perfdash_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/QtStrings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StatusColors.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TableSetup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/WrappedLabel.cpp)
