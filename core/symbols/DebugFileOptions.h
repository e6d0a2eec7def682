#pragma once
#include <string>
#include <vector>

namespace perfdash {

// Where separate debug files are looked for (core/symbols/DebugFiles.h).
struct DebugFileOptions {
    // Searched in order: ROOT/.build-id/xx/yyyy.debug by the file's build-id,
    // then its .gnu_debuglink name beside the file, in .debug/ beside it and
    // under ROOT + the file's directory.
    std::vector<std::string> roots{"/usr/lib/debug"};
    // Ask the servers DEBUGINFOD_URLS names for a debug file not found here.
    bool debuginfod = false;
};

} // namespace perfdash
