#pragma once
// The region transitions a marker-instrumented program writes when its
// samples are attributed to regions (`record -m`): one line per START and
// STOP of every thread, "b TID NS NAME" and "e TID NS NAME", NS on
// CLOCK_MONOTONIC, the sampling events' clock
// (marker/wire/perfdash_marker_wire.h, PERFDASH_MARKER_TRANSITIONS).
// Read while the program runs: each read takes the lines completed since the
// last, so the file is read once however long the run.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace perfdash {

struct MarkerTransition {
    bool start = false; // START ("b"), else STOP ("e")
    int tid = -1;
    uint64_t timeNs = 0;
    std::string region;
};

// The transitions of whole lines of `text` appended to `out`; returns how
// many lines were not in the format (they are skipped).
size_t parseMarkerTransitions(std::string_view text, std::vector<MarkerTransition>& out);

class MarkerTransitionsReader {
public:
    explicit MarkerTransitionsReader(std::string path) : path_(std::move(path)) {}

    // The transitions of the lines completed since the last call (a line the
    // program is still writing waits for the next).
    std::vector<MarkerTransition> readNew();
    uint64_t malformedLines() const { return malformed_; }
    // Whether any line at all was read (an empty file after a run with
    // regions means a marker library that predates the transitions).
    bool sawAny() const { return offset_ > 0; }
    const std::string& path() const { return path_; }

private:
    std::string path_;
    uint64_t offset_ = 0;
    uint64_t malformed_ = 0;
};

} // namespace perfdash
