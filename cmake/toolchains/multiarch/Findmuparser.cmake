# muparser for a multiarch cross build. Debian's libmuparser-dev is not
# Multi-Arch: installing libmuparser-dev:arm64 removes the host's
# libmuparser-dev (and breaks the host build), so its CMake package is not
# there to be found. What the cross build needs is co-installable: the headers
# are architecture-independent (the host's libmuparser-dev has them, identical
# to the arm64 package's) and the arm64 library comes with the runtime package
# libmuparser2v5:arm64. This module assembles the same muparser::muparser
# target that the package's own muparserConfig.cmake defines.
find_path(muparser_INCLUDE_DIR muParser.h)
find_library(muparser_LIBRARY NAMES muparser libmuparser.so.2)

if(muparser_INCLUDE_DIR AND EXISTS ${muparser_INCLUDE_DIR}/muParserDef.h)
  file(STRINGS ${muparser_INCLUDE_DIR}/muParserDef.h version_line REGEX "ParserVersion = ")
  string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" muparser_VERSION "${version_line}")
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(muparser
  REQUIRED_VARS muparser_LIBRARY muparser_INCLUDE_DIR
  VERSION_VAR muparser_VERSION
  REASON_FAILURE_MESSAGE "the cross build needs libmuparser-dev (headers) and the target's libmuparser2v5 (Debian: libmuparser2v5:arm64 for aarch64)")

if(muparser_FOUND AND NOT TARGET muparser::muparser)
  add_library(muparser::muparser SHARED IMPORTED)
  set_target_properties(muparser::muparser PROPERTIES
    IMPORTED_LOCATION ${muparser_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${muparser_INCLUDE_DIR})
endif()
mark_as_advanced(muparser_INCLUDE_DIR muparser_LIBRARY)
