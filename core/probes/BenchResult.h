#pragma once
// What a benchmark of one catalog entry found: latency in cycles, reciprocal
// throughput in cycles per instruction, or why a value is missing. A missing
// value is a reason, never a zero. The figure reported for a mode is the
// minimum-time estimate (Summary::min: interference only adds time, so the
// least disturbed runs are the closest to the truth); the median beside it is
// what a typical repetition saw.
#include <optional>
#include <string>
#include <vector>

#include "core/probes/Statistics.h"

namespace perfdash {

enum class BenchStatus {
    Measured,    // ran; each mode has a value or says why it has none
    Unsupported, // the CPU lacks a feature the entry needs; not run
    Failed,      // generation, assembly or the run itself failed; reason says how
    Cancelled,   // stopped by the user before it finished
};
const char* toString(BenchStatus status); // "measured", "unsupported", "failed", "cancelled"

struct ModeMeasurement {
    std::optional<Summary> cycles; // per instruction copy
    bool minimumConfirmed = false; // the fastest runs repeated (see TimingOptions); else the machine was too busy
    double clockHz = 0;            // the clock measured alongside (measured-clock source), else NaN
    std::string unavailable;       // why `cycles` is empty ("n/a: ..."), else empty
    std::vector<std::string> notes;
    int streams = 0;               // independent streams (throughput), 1 for a latency chain
    std::string loopBody;          // the generated loop body, one instruction per line
    std::vector<double> windows;   // the figure (cycles->min) of each measurement window, in order; the
                                   // fastest window's measurement is the one kept (BenchRunner::runAll)
};

// The most instructions per cycle a kind of instruction reaches on this
// machine: the max-IPC probe's plateau for the entry's class, measured in the
// same run. A throughput beyond it is no measurement of the core.
struct PhysicalBound {
    std::string cls;  // the max-IPC probe's class ("int-add", ...)
    double ipc = 0;   // its plateau
    static constexpr double kTolerance = 0.10; // beyond the plateau by more than this is flagged
};

struct BenchResult {
    std::string name;
    std::string mnemonic;
    std::string operands;
    std::string category;
    std::string kind; // InstructionKind as text ("D1_S2", "SD", ...)
    std::string templateText;
    std::string description;
    BenchStatus status = BenchStatus::Measured;
    std::string reason;
    ModeMeasurement latency;
    ModeMeasurement throughput; // cycles per instruction: reciprocal throughput
    std::string cyclesSource;       // "cycles-counter" or "measured-clock"
    std::string cyclesSourceDetail; // which counter, or the clock value
    std::string assembly;           // the whole generated file
    int cpu = -1;
    std::optional<PhysicalBound> bound; // where the entry names one and the probe found a plateau

    // Whether the throughput exceeds `bound` by more than its tolerance (then it is flagged, never hidden).
    bool aboveBound() const;
    // Instructions per cycle: 1 / reciprocal throughput (its minimum-time estimate); NaN without one.
    double ipc() const;
    // Why `mode` (latency or throughput) has no figure: the result's status
    // and reason when it was not measured, else the mode's own reason; "" when it has one.
    std::string whyUnavailable(const ModeMeasurement& mode) const;
};

// Where and how a run measured; shared by every result of the run.
struct BenchEnvironment {
    std::string arch;
    int cpu = -1;
    bool realtime = false;
    std::string scheduling;
    std::string cyclesSource;
    std::string cyclesSourceDetail;
    double clockHz = 0;             // the clock measured at the start (measured-clock source), else NaN
    std::string cyclesCounterNote;  // why the cycles counter was not used, when it was not
    std::string emulated;           // "emulated: timings not meaningful (...)" under an emulator, else empty
};

struct BenchRun {
    BenchEnvironment environment;
    std::vector<BenchResult> results;
};

} // namespace perfdash
