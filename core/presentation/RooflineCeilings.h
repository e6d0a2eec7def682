#pragma once
// The roofline's own reader of a ceilings file (`perfdash-cli ceilings
// --json -o FILE`, or the one the Probes page saves as ceilingsFilePath()):
// only the fields the roofline draws. core/probes holds the full model of
// the file; this small reader keeps the roofline free of probes' code.
// Format: docs/report-schema.md, "Ceilings file".
#include <string>
#include <string_view>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

// One measured bandwidth: a memory level and how fast a kernel moved data through it.
struct MemoryRoof {
    std::string level;     // "L1", "L2", "L3", "DRAM"
    std::string kernel;    // "load", "copy", "triad", ...
    std::string isa;       // "scalar", "avx2", ...
    int threads = 1;
    double bytesPerS = 0;  // hw_bytes_per_s where the file has it (what the counters see), else app_bytes_per_s
    bool hardwareBytes = false; // bytesPerS is hw_bytes_per_s
};

// One measured peak of arithmetic.
struct ComputeRoof {
    std::string kernel;    // "fma", "add", "mul", "fma_add"
    std::string isa;
    std::string precision; // "dp", "sp"
    int threads = 1;
    double flopsPerS = 0;
};

struct RooflineCeilings {
    std::string source;   // the file it was read from
    bool measured = true; // origin "measured" (on this machine); false: "imported"
    std::string cpu;      // the CPU it was measured on
    std::string note;     // a fixture's "note" (synthetic data says so here or in `cpu`)
    double clockHz = 0;   // the clock measured beside the kernels; 0: unknown
    std::vector<MemoryRoof> memory;
    std::vector<ComputeRoof> compute;
    std::vector<std::string> warnings;

    // "measured here at 2.95 GHz", "imported (measured on <cpu>)": what every roof's label says of its origin.
    std::string provenance() const;
};

// `text` read as a ceilings file; `source` names it in every error.
Result<RooflineCeilings> parseRooflineCeilings(std::string_view text, const std::string& source);
Result<RooflineCeilings> readRooflineCeilings(const std::string& path);

// The message for a roofline without ceilings: what to run to get them.
std::string noCeilingsMessage(const std::string& lookedAt);

} // namespace perfdash
