// Recorded CPUID registers as `cpuid -r -1` prints them (the identity
// fixtures' `cpuid` files, PERFDASH_IDENTITY), and the CPU identity decoded
// from whatever parses: vendor, family and model, brand, features.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <string_view>

#include "core/topology/CpuIdentity.h"
#include "core/topology/Cpuid.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace perfdash;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto dump = CpuidDump::parse(text, "fuzz");
    if (!dump) {
        if (dump.error().message.rfind("fuzz", 0) != 0) {
            std::fprintf(stderr, "fuzz_cpuid: an error that does not name its input: %s\n",
                         dump.error().message.c_str());
            std::abort();
        }
        return 0;
    }
    const CpuIdentity id = identifyByCpuid(*dump);
    // The decoded features are the known names, each once.
    const auto& names = cpuFeatureNames();
    for (const auto& f : id.features)
        if (std::count(id.features.begin(), id.features.end(), f) != 1 ||
            std::find(names.begin(), names.end(), f) == names.end())
            std::abort();
    return 0;
}
