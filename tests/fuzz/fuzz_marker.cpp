// The results file a marker-instrumented program writes at MARKER_CLOSE, read
// back by stat -m (marker/wire/perfdash_marker_wire.h): the program may have
// been killed mid-write, or the file be anything at all.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/measurement/MarkerResultsFile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)perfdash::parseMarkerResults(text, "fuzz");
    return 0;
}
