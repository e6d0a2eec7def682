#pragma once
// The region transitions a marker-instrumented program writes when its
// samples are attributed to regions (`record -m`): one line per START and
// STOP of every thread, "b TID NS NAME" and "e TID NS NAME", NS on
// CLOCK_MONOTONIC, the sampling events' clock
// (marker/wire/perfdash_marker_wire.h, PERFDASH_MARKER_TRANSITIONS).
// Read while the program runs: each read takes the lines completed since the
// last, so the file is read once however long the run. The reader holds the
// file open from the start: the measurement that made the file removes it
// when the program ends, and the lines of the program's last moments are
// read after that.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/Outcome.h"
#include "core/util/UniqueFd.h"

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
    // The file must exist (the measurement creates it before the program starts).
    static Result<MarkerTransitionsReader> open(const std::string& path);

    // The transitions of the lines completed since the last call (a line the
    // program is still writing waits for the next).
    std::vector<MarkerTransition> readNew();
    uint64_t malformedLines() const { return malformed_; }
    // Whether any line at all was read (an empty file after a run with
    // regions means a marker library that predates the transitions).
    bool sawAny() const { return offset_ > 0; }

private:
    explicit MarkerTransitionsReader(UniqueFd fd) : fd_(std::move(fd)) {}

    UniqueFd fd_;
    uint64_t offset_ = 0;
    uint64_t malformed_ = 0;
};

} // namespace perfdash
