# The ctest test widgets_layering: widgets/ is one folder per page a user
# sees, plus three that are not pages. A page includes only its own headers,
# widgets/common's and widgets/run's (and core's): never another page's.
# widgets/run (the run sources and ShownRun) uses only common; common uses
# nothing else of widgets; widgets/shell (the window) may use every page.
# Any other folder is a page. Run as
#   cmake -DSOURCE_DIR=<repository> -P CheckWidgetLayering.cmake
cmake_minimum_required(VERSION 3.25)
set(allowed_common common)
set(allowed_run common run)

set(violations 0)
file(GLOB_RECURSE files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/widgets/*.h" "${SOURCE_DIR}/widgets/*.cpp")
foreach(file IN LISTS files)
  if(NOT file MATCHES "^widgets/([^/]+)/")
    continue() # widgets/CMakeLists.txt's neighbours: no page
  endif()
  set(folder "${CMAKE_MATCH_1}")
  if(folder STREQUAL "shell")
    continue()
  endif()
  if(DEFINED allowed_${folder})
    set(allowed ${allowed_${folder}})
    set(what "widgets/${folder}")
  else()
    set(allowed ${folder} common run)
    set(what "the page widgets/${folder}")
  endif()
  file(STRINGS "${SOURCE_DIR}/${file}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]widgets/")
  foreach(line IN LISTS includes)
    if(line MATCHES "#[ \t]*include[ \t]*[\"<]widgets/([^/]+)/")
      set(used "${CMAKE_MATCH_1}")
      if(NOT used IN_LIST allowed)
        string(REPLACE ";" ", " allowed_text "${allowed}")
        message(SEND_ERROR "${file}: ${what} may not use widgets/${used} (${line}); it may use ${allowed_text} "
                           "and core: move what two pages share to widgets/common (or widgets/run)")
        math(EXPR violations "${violations} + 1")
      endif()
    endif()
  endforeach()
endforeach()
list(LENGTH files count)
if(count EQUAL 0)
  message(FATAL_ERROR "no widgets sources found under ${SOURCE_DIR}/widgets")
endif()
if(violations GREATER 0)
  message(FATAL_ERROR "${violations} include(s) against the pages' layering")
endif()
message(STATUS "${count} widgets files: no page uses another page")
