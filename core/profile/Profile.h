#pragma once
// A sampled run as a profile: plain data, what a session file's "profile"
// section holds (docs/report-schema.md, "Profile") and what every view reads
// (ProfileViews.h). Symbolized when recorded, with the modules' build-ids, so
// that it reads the same on another machine.
//
// Frames (function, module, source file and line, inlined or not) are
// interned once; a call path is a node of a tree of frames (node 0 is the
// root, a path's leaf is the sampled frame); a row sums the samples of one
// call path, thread, set of running marker regions and stack state within
// one interval. Rows are additive: any selection of them (a time range, a
// region, a thread) sums to the counts, events and metric inputs of that
// selection, so a long run is kept as counts per interval, never per sample.
// A second set of rows does the same per sampled instruction.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/groups/MetricEvaluator.h"

namespace perfdash {

// One event of the sampled group, in the group's EVENTSET order (or -e's).
struct ProfileEvent {
    std::string counter;   // the group's slot ("FIXC0", "PMC1"), or the event as written for -e
    std::string event;     // its canonical name
    bool inSamples = false; // read with every sample: its column holds its count between samples
    std::string note;      // why it is not in the samples, or what the leader fell back from
};

struct ProfileMetric {
    std::string name;    // "CPI"
    std::string formula; // over the counters, `time` and the constants
};

// What the sampling was and what it met, for the reader of the session.
struct ProfileSampling {
    std::string leader;      // the event that was sampled: the group's leader or the software clock in its place
    std::string leaderCounter; // its slot; empty when it is a fallback outside the group
    std::string rate;        // "4000 Hz" or "every 100000 events"
    std::string callGraph;   // "fp", "dwarf", "none"
    std::string follow;      // how new threads were followed: "inherit" or "fork records"
    std::vector<std::string> notices;  // fallbacks and restrictions (SamplingRun::notices)
    std::vector<std::string> warnings; // losses (SamplingStats::warnings), unwinding, regions
    uint64_t lost = 0;                 // samples the kernel or the reader lost (counted, not in the rows)
};

struct ProfileModule {
    std::string path;      // "/usr/lib/x86_64-linux-gnu/libc.so.6", "[kernel.kallsyms]", "[unknown]"
    std::string buildId;   // hex; "" where the file had none or was not read
    std::string debugFile; // where its symbols came from, where not the file itself
    std::string problem;   // why less than names and lines are known for it; "" where nothing is wrong
};

struct ProfileFrame {
    static constexpr uint8_t kInlined = 1; // a function inlined into the frame above it (its caller)
    static constexpr uint8_t kKernel = 2;

    uint32_t function = 0; // into Profile::strings; 0 ("") where not known
    int32_t module = -1;   // into Profile::modules
    uint32_t file = 0;     // into Profile::strings; 0 where the module has no lines for it
    int32_t line = 0;
    uint8_t flags = 0;

    bool operator==(const ProfileFrame&) const = default;
};

struct ProfileNode {
    uint32_t parent = 0; // the caller's node; the root's is itself (0)
    uint32_t frame = 0;  // into Profile::frames; unused for the root
};

struct ProfileThread {
    int pid = -1;
    int tid = -1;
    std::string comm; // its last name (a program's after its exec)
};

// How a sample's call stack ended.
enum class StackState : uint8_t {
    Complete,   // up to a process's or thread's entry, or unwound to its end (DWARF), or no user stack at all
    Incomplete, // it stops in the middle: a frame without a frame pointer, or unwinding failed
    Unknown,    // its outermost frame has no name to judge by (frame pointers)
};
inline constexpr size_t kStackStates = 3;
const char* toString(StackState state); // "complete", "incomplete", "unknown"

// A sampled function's code, for its disassembly: the bounds of the ELF
// function a sample's instruction is in (its outermost function: inlined
// code counts in the function it is inlined into, as its instructions are).
struct ProfileCode {
    uint32_t function = 0; // into Profile::strings: its name (never 0)
    int32_t module = -1;   // into Profile::modules
    uint64_t start = 0;    // its first byte: the ELF file's virtual address; the kernel's and JIT code's own address
    uint64_t size = 0;     // its bytes; 0 where its bounds are not known (kernel and JIT code)
};

// A sampled instruction: the address a sample was taken at (its leaf).
struct ProfileInstruction {
    uint32_t code = 0;    // into Profile::codes
    uint64_t address = 0; // in its module's terms, as ProfileCode::start
};

struct RowKey {
    uint32_t interval = 0;
    uint32_t thread = 0;  // into Profile::threads
    uint32_t regions = 0; // into Profile::regionSets; 0 is the empty set (no region running)
    uint32_t node = 0;    // the call path's leaf
    StackState stack = StackState::Complete;

    bool operator==(const RowKey&) const = default;
};

// The columns of a row, in order: samples, weight (the leader's count, the
// sum of the samples' periods), one per event (its count between samples,
// summed; 0 for an event not in the samples), the group's running time in ns
// between samples (the CPU time the samples stand for: a metric's `time`; a
// task's per-CPU event runs only while the task runs on that CPU, so the sum
// over its streams is the task's CPU time), and, where the
// group has metrics, the sums of products of every pair of those event and
// time values over the samples (the second moments the metrics' errors need,
// ProfileMetrics.h).
struct ProfileColumns {
    size_t events = 0;
    bool moments = false;

    static constexpr size_t kSamples = 0;
    static constexpr size_t kWeight = 1;
    size_t event(size_t e) const { return 2 + e; }
    size_t time() const { return 2 + events; }
    size_t variables() const { return events + 1; } // the events and time
    // Σ v_a·v_b over the samples, a <= b, of variables a and b (events, then time).
    size_t moment(size_t a, size_t b) const;
    size_t count() const;
};

struct Profile {
    ProfileSampling sampling;
    std::vector<ProfileEvent> events;
    std::vector<ProfileMetric> metrics;
    // The run's formula constants (inverseClock, num_cpus, ...;
    // core/groups/FormulaConstants.h); `time` is each selection's own.
    MetricEnvironment constants;
    double intervalS = 1.0; // each row's interval: [i, i+1) × intervalS from the start
    double durationS = 0;   // from the start to the last sample's interval end
    // How the call stacks ended, and why not complete (counts per reason).
    std::vector<std::pair<std::string, uint64_t>> stackReasons;

    std::vector<std::string> strings{""};
    std::vector<ProfileModule> modules;
    std::vector<ProfileFrame> frames;
    std::vector<ProfileNode> nodes{ProfileNode{}}; // [0] is the root
    std::vector<ProfileThread> threads;
    std::vector<std::string> regions;
    std::vector<std::vector<uint32_t>> regionSets{{}}; // into regions, outermost first; [0] none
    std::vector<RowKey> keys;
    std::vector<double> values; // keys.size() × columns().count()

    // Beside the call paths' rows, additive in the same way and over the same
    // intervals, region sets and threads: the samples per sampled instruction
    // (for a disassembly), of the samples whose leaf is in a named function.
    // An instruction row's key has `node` for its instruction
    // (into `instructions`) and `stack` Complete; its columns are the call
    // paths' without the moments (instructionColumns()). False: a session
    // recorded before perfdash kept instruction addresses, without them.
    bool instructionsKept = false;
    std::vector<ProfileCode> codes;
    std::vector<ProfileInstruction> instructions;
    std::vector<RowKey> instructionKeys;
    std::vector<double> instructionValues; // instructionKeys.size() × instructionColumns().count()

    ProfileColumns columns() const { return {events.size(), !metrics.empty()}; }
    // samples, weight, one per event, time_ns: the first columns of a call path's row.
    ProfileColumns instructionColumns() const { return {events.size(), false}; }
    size_t rows() const { return keys.size(); }
    const double* row(size_t r) const { return values.data() + r * columns().count(); }
    const double* instructionRow(size_t r) const {
        return instructionValues.data() + r * instructionColumns().count();
    }
    const std::string& string(uint32_t id) const { return strings[id]; }
    // The frame's function, or "[unknown in MODULE]" where it has no name.
    std::string functionName(const ProfileFrame& frame) const;
    // The frames of a node's path, outermost first (the leaf last).
    std::vector<uint32_t> pathOf(uint32_t node) const;
    // The same into `frames`, whose memory a loop over many paths reuses.
    void pathOf(uint32_t node, std::vector<uint32_t>& frames) const;
    double samples() const;
};

} // namespace perfdash
