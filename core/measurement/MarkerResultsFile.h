#pragma once
// Reads the results file that the marker library writes at MARKER_CLOSE
// (format: marker/wire/perfdash_marker_wire.h): per region, event set and
// thread, the calls, the time and the raw counts. Anything malformed is an
// Error naming the file and the line.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result/Readings.h"
#include "core/util/Outcome.h"

namespace perfdash {

// How one event of a marker set fared in the program's threads.
struct MarkerEventState {
    enum class Kind { Counted, OpenFailed, Unschedulable };
    Kind kind = Kind::Counted;
    int error = 0; // errno of perf_event_open, for OpenFailed
};

// One region in one thread under one event set.
struct MarkerRegionRecord {
    std::string name;
    int set = 0;
    int tid = 0;
    uint64_t calls = 0;
    uint64_t timeNs = 0;
    // Per event of the set: the raw count and its kernel group's enabled and
    // running time, summed over the pairs; nullopt: not counted in this thread.
    std::vector<std::optional<CounterValue>> counts;
};

struct MarkerResults {
    std::vector<std::vector<MarkerEventState>> sets; // [set][event]
    std::vector<MarkerRegionRecord> regions;         // in the file's order
};

Result<MarkerResults> parseMarkerResults(std::string_view text, const std::string& source);
Result<MarkerResults> readMarkerResultsFile(const std::string& path);

} // namespace perfdash
