#pragma once
// What each event of the group counted between two samples. PERF_SAMPLE_READ
// gives cumulative values; the difference to the previous sample of the same
// counter stream is what the interval between them counted. A stream is one
// kernel event (its id): on a CPU-wide event every task's samples share it;
// a task's inherited event on Linux 6.12 and later reads each thread's own
// counts, so there a stream is an id and a thread
// (SamplingRun::readsPerThread()).
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "core/sampling/PerfRecord.h"

namespace perfdash {

struct SampleDelta {
    int slot = -1;      // ReadValue::slot
    uint64_t count = 0; // since the stream's previous sample (its first: since the event was opened)
};

struct GroupDelta {
    uint64_t enabledNs = 0; // the group's time enabled and running in that interval: running <
    uint64_t runningNs = 0; // enabled means the kernel multiplexed it, and counts scale by enabled/running
    std::vector<SampleDelta> counts; // in the sample's order, the leader first
};

class GroupDeltas {
public:
    explicit GroupDeltas(bool perThread) : perThread_(perThread) {}

    // The sample's group read minus its stream's previous one. A value that
    // went backwards (never, from the kernel) counts 0.
    GroupDelta take(const SampleRecord& sample);
    // Ends the streams of a thread that exited (per-thread reads only), so
    // that a long run with many short threads stays small.
    void forgetThread(int32_t tid);
    size_t streams() const { return previous_.size(); }

private:
    bool perThread_;
    std::map<std::pair<uint64_t, int32_t>, GroupRead> previous_; // by (sample id, tid or -1)
};

} // namespace perfdash
