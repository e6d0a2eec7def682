#pragma once
// Sampling records, in time order (SamplingRun::take), into a Profile:
// each sample symbolized now (its kernel frames, its user frames from the
// kernel's frame-pointer callchain or unwound from its registers and stack
// copy, each address expanded into the calls inlined there), its call path
// interned, its group deltas (GroupDeltas.h) summed into the row of its
// interval, thread, running marker regions and stack state.
//
// Beside it, the sample's own instruction (its leaf's address, in the ELF
// function it is in) gets its row of the instruction table, with the same
// interval, thread and regions, for a disassembly.
//
// Memory stays flat and the session bounded however long the run: a row
// per distinct key and interval; once an interval is over and no live view
// needs it (`liveIntervals`), its rows wait on disk (RowSpill) until
// finish(); when the rows of both tables pass `maxRows`, neighbouring
// intervals are merged pairwise (the interval doubles) so the whole run
// keeps fitting. Both tables always have the same intervals (LiveRows).
//
// Not thread-safe: the recording thread feeds it.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/measurement/MarkerTransitions.h"
#include "core/profile/LiveRows.h"
#include "core/profile/Profile.h"
#include "core/profile/RegionTimeline.h"
#include "core/sampling/GroupDeltas.h"
#include "core/sampling/PerfRecord.h"
#include "core/sampling/SamplingRequest.h"
#include "core/symbols/AddressSpace.h"
#include "core/symbols/Symbolizer.h"
#include "core/symbols/Unwinder.h"

namespace perfdash {

struct ProfileBuilderOptions {
    std::vector<ProfileEvent> events;   // the group's, in EVENTSET order
    std::vector<int> eventOfSampled;    // SamplingRun::events()[i] → index into events; -1 outside the group
    std::vector<ProfileMetric> metrics; // the group's formulas
    MetricEnvironment constants;        // the run's formula constants
    ProfileSampling sampling;           // as the session says it was done
    CallGraph callGraph = CallGraph::FramePointer;
    uint64_t regsUserMask = 0;          // SampleLayout::regsUserMask, for CallGraph::Dwarf
    bool readsPerThread = true;         // SamplingRun::readsPerThread
    // >= 0: the samples read no group (a perf.data file without
    // PERF_SAMPLE_READ): each counts its period for the event of this slot
    // (an index into eventOfSampled), as perf weighs them.
    int periodSlot = -1;
    SymbolizerOptions symbols;
    double intervalS = 1.0;
    size_t maxRows = 0;                 // 0: defaultMaxRows
    // CLOCK_MONOTONIC when the run began (the counts' time 0, taken before the program's exec): interval 0 starts here.
    uint64_t startNs = 0;
    uint32_t liveIntervals = 0;         // closed intervals profile() keeps for a live view; older ones go to disk
    std::string spillDirectory;         // where they go: "" for $TMPDIR, else /tmp
    size_t maxStack = 0;                // kernel.perf_event_max_stack; 0: read it
};

// The rows a session of `columns` keeps before it coarsens: what about 90 MB
// of the session's JSON holds (a row's key and each column estimated at
// 24 + 14 bytes), below the 100 MB a 10-minute run may take. Instruction
// rows count as call-path rows, though they have fewer columns: the
// estimate errs on the small side.
size_t defaultMaxRows(const ProfileColumns& columns);

class ProfileBuilder {
public:
    explicit ProfileBuilder(ProfileBuilderOptions options);
    ~ProfileBuilder();
    ProfileBuilder(const ProfileBuilder&) = delete;
    ProfileBuilder& operator=(const ProfileBuilder&) = delete;

    // kallsyms read now, before the records (Symbolizer::readKernelSymbols says why).
    void readKernelSymbols();
    // One record; records come in time order (synthetic ones first).
    void add(const PerfRecord& record);
    // Region transitions read so far; samples are attributed with them, so
    // they must arrive before the samples of their time (the caller holds
    // samples back until the transitions file is read past them).
    void addTransitions(const std::vector<MarkerTransition>& transitions);

    // The profile so far, for a live view between records: its rows are
    // those of the open interval and the `liveIntervals` before it (the
    // older ones are on disk); its duration runs to the end of the newest
    // interval with samples.
    const Profile& profile() const { return profile_; }
    // The finished profile, every row back from disk: duration, stack and
    // unwinding summaries, losses.
    // Once: the builder hands its profile over and takes no more records.
    Profile finish(const std::vector<std::string>& samplingWarnings, uint64_t lostSamples);

    uint64_t samples() const { return samples_; }
    // The interval of a time of the events' clock (the first is 0).
    uint32_t intervalAt(uint64_t timeNs) const;

private:
    struct Impl;
    static Profile emptyProfile(const ProfileBuilderOptions& options);
    void addSample(const SampleRecord& sample);
    uint32_t threadIndex(int pid, int tid);
    // The sample's columns into its call path's row and, where its leaf is
    // in a named function, its instruction's row.
    void addToRows(const RowKey& key, const std::optional<RowKey>& instructionKey, const SampleRecord& sample,
                   const GroupDelta& delta);
    void openInterval(uint32_t interval);
    void coarsen();
    size_t rows() const { return paths_.rows() + instructionRows_.rows(); }
    // Disk failed us: rows stay in memory from now on, and the session says why.
    void noteSpillProblem(const Status& status);

    ProfileBuilderOptions options_;
    Profile profile_;
    ProfileColumns columns_;
    size_t maxRows_;
    size_t coarsenAt_; // the rows at which to coarsen next
    uint64_t intervalNs_;
    std::unique_ptr<Impl> impl_; // symbolizer, unwinder, interning tables
    ProcessMaps maps_;
    GroupDeltas deltas_;
    RegionTimeline regions_;
    LiveRows paths_;            // the call paths' rows
    LiveRows instructionRows_;  // the sampled instructions'
    std::string spillProblem_; // why rows stay in memory; "" while they go to disk
    uint32_t openInterval_ = 0;
    std::unordered_map<int, uint32_t> threadOf_; // tid → threads index
    std::map<std::string, uint64_t> stackReasons_;
    uint64_t samples_ = 0;
};

} // namespace perfdash
