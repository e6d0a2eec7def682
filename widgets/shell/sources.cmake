# Sources of widgets/shell: the main window, its command line, the
# capability banner and page, and the user interface language.
target_sources(perfdash_widgets PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AppOptions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CapabilitiesView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Language.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MainWindow.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SessionsPage.cpp)
