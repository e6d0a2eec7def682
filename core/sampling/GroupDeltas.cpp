#include "core/sampling/GroupDeltas.h"

#include <algorithm>

namespace perfdash {

namespace {

uint64_t since(uint64_t now, uint64_t before) { return now >= before ? now - before : 0; }

} // namespace

GroupDelta GroupDeltas::take(const SampleRecord& sample) {
    GroupRead& previous = previous_[{sample.id, perThread_ ? sample.tid : -1}];
    GroupDelta delta;
    delta.enabledNs = since(sample.read.timeEnabled, previous.timeEnabled);
    delta.runningNs = since(sample.read.timeRunning, previous.timeRunning);
    for (const ReadValue& v : sample.read.values) {
        // Members are matched by id: a stream's group is the same at every sample, but never rely on its order.
        const auto before = std::find_if(previous.values.begin(), previous.values.end(),
                                         [&](const ReadValue& p) { return p.id == v.id; });
        delta.counts.push_back({v.slot, since(v.value, before == previous.values.end() ? 0 : before->value)});
    }
    previous = sample.read;
    return delta;
}

void GroupDeltas::forgetThread(int32_t tid) {
    if (!perThread_) return;
    std::erase_if(previous_, [&](const auto& entry) { return entry.first.second == tid; });
}

} // namespace perfdash
