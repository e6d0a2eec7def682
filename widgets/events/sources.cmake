# Sources of widgets/events: the event browser.
target_sources(perfdash_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AvailabilityScan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CustomEventSetModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CustomGroupFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EventBrowser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EventDetailsView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EventFilterProxyModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EventTableModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SaveGroupDialog.cpp)
