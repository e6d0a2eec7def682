#pragma once
// The measured ceilings of this machine: memory bandwidth per cache level and
// kernel, peak FLOP/s, and the working-set sweep (CeilingsRunner.h measures
// them). Written by `perfdash-cli ceilings --json` and saved by the Probes
// page as <user data dir>/ceilings.json (ceilingsFilePath()); the roofline reads them back. The format
// is docs/ceilings.schema.json (schema 1): fields may be added, never renamed.
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

struct MemoryCeiling {
    std::string level;  // "L1", "L2", "L3", "DRAM"
    std::string kernel; // toString(MemoryOp)
    std::string isa;    // toString(VectorIsa)
    std::string precision;
    int threads = 1;
    uint64_t workingSetBytes = 0; // all arrays of one thread
    double appBytesPerSecond = 0; // every byte loaded or stored once (STREAM's and likwid-bench's count)
    double hwBytesPerSecond = 0;  // with the line each plain store reads first (write-allocate)
    double appBytesPerCycle = 0;  // of the real clock (the clock chain), not the TSC
    bool repeated = false;        // the fastest window was reached again by another
    int timings = 0;              // timed runs the fastest was chosen from (0: not recorded)
    bool physicalBoundExceeded = false; // more loads or stores per cycle than any core issues
};

struct ComputeCeiling {
    std::string kernel; // toString(ComputeOp)
    std::string isa;
    std::string precision;
    int threads = 1;
    double flopsPerSecond = 0;
    double flopsPerCycle = 0;
    bool repeated = false;
    int timings = 0;
    bool physicalBoundExceeded = false;
};

struct SweepPoint {
    uint64_t bytes = 0;
    double appBytesPerSecond = 0;
};

struct Plateau {
    uint64_t fromBytes = 0, toBytes = 0;
    double appBytesPerSecond = 0; // the median of its points
    std::string level;            // the level it is taken for; "" when the plateaus do not match the levels
};

struct Sweep {
    std::string kernel;
    std::string isa;
    std::string precision = "dp";
    int threads = 1;
    std::vector<SweepPoint> points;
    std::vector<Plateau> plateaus;
};

struct Ceilings {
    std::string origin = "measured"; // "imported": not measured on this machine
    std::string cpu;                 // the model name
    std::string arch;                // likwid's architecture name, or ""
    double clockHz = 0;              // the real clock, from the clock chain
    int threads = 1;                 // the most threads any figure used
    std::vector<MemoryCeiling> memory;
    std::vector<ComputeCeiling> compute;
    std::vector<Sweep> sweep;
    std::vector<std::string> warnings;
};

inline constexpr int kCeilingsSchema = 1;
inline constexpr const char* kCeilingsKind = "perfdash-ceilings";

nlohmann::json ceilingsToJson(const Ceilings& ceilings);
// `source` names the input in errors (a file's path): "ceilings.json: memory[3].level: missing".
Result<Ceilings> parseCeilingsJson(const std::string& text, const std::string& source);
// Reads and parses a file; an error names it.
Result<Ceilings> readCeilingsFile(const std::string& path);
Status writeCeilingsFile(const Ceilings& ceilings, const std::string& path);

} // namespace perfdash
