#pragma once
// Where an exported profile's samples come from, for the lines a pprof or
// speedscope file says about itself: the session or perf.data file (or a
// live run), when sampling started, and whether the samples were measured
// now, read from a file, or made up.
#include <string>

namespace perfdash {

struct ExportSource {
    // What the samples were read from, as a person names it: "perf.data file g.data",
    // "session run.json", "live run of pid 1234".
    std::string name;
    // When sampling started, ISO 8601 with its UTC offset ("2024-05-01T10:00:00+02:00",
    // MeasurementResult::startedAt, isoLocalNow()); "" where not known.
    std::string startedAt;
    // Read from a file recorded earlier (a session or perf.data), not measured now.
    bool recorded = true;
    // Made up, not measured on any machine (a session's `synthetic`: how it was
    // made); "" for measured samples.
    std::string synthetic;
};

} // namespace perfdash
