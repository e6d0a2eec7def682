// A ceilings file (`perfdash-cli ceilings --json`, the Probes page's
// ceilings.json, or one a user imports): both of its readers, core/probes'
// full model and the roofline's, must refuse what is not one with a message,
// never crash or hang.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/presentation/RooflineCeilings.h"
#include "core/probes/Ceilings.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    (void)perfdash::parseCeilingsJson(text, "fuzz");
    (void)perfdash::parseRooflineCeilings(text, "fuzz");
    return 0;
}
