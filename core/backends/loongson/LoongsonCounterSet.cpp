#include "core/backends/loongson/LoongsonCounterSet.h"

#include <cstdio>

#include "core/backends/loongson/LoongsonBackend.h"
#include "core/util/Clock.h"

namespace perfdash::loongson {

LoongsonCounterSet::LoongsonCounterSet(PcounterDevice device, unsigned int control, std::vector<int> slotCounter,
                                       std::vector<SlotStatus> status)
    : device_(std::move(device)), control_(control), slotCounter_(std::move(slotCounter)), status_(std::move(status)),
      locations_{CounterLocation{CounterLocation::Kind::Cpu, 0}} {}

LoongsonCounterSet::~LoongsonCounterSet() {
    if (Status s = device_.stop(); !s)
        std::fprintf(stderr, "perfdash: could not stop the Loongson counters: %s\n", s.error().message.c_str());
}

Status LoongsonCounterSet::readInto(bool rebase) {
    auto reading = device_.read();
    if (!reading) return reading.error();
    const uint32_t raw[2] = {reading->counter0, reading->counter1};
    for (size_t c = 0; c < counters_.size(); ++c) {
        if (rebase) counters_[c].rebase(raw[c]);
        else counters_[c].advance(raw[c]);
    }
    return {};
}

// Selecting restarts the counters from 0; the reading right after is the
// base, so what was counted before the selection never enters a total.
Status LoongsonCounterSet::enable() {
    std::lock_guard lock(mutex_);
    if (clock_.running()) return {};
    if (Status s = device_.select(control_); !s) return s;
    if (Status s = readInto(true); !s) return s;
    clock_.start(monotonicNowNs());
    return {};
}

Status LoongsonCounterSet::disable() {
    std::lock_guard lock(mutex_);
    if (!clock_.running()) return {};
    if (Status s = readInto(false); !s) return s;
    clock_.stop(monotonicNowNs());
    return device_.stop();
}

Status LoongsonCounterSet::read(Snapshot& out) {
    std::lock_guard lock(mutex_);
    if (clock_.running())
        if (Status s = readInto(false); !s) return s;
    out.monotonicNs = monotonicNowNs();
    const uint64_t enabled = clock_.elapsedNs(out.monotonicNs);
    out.values.assign(slotCounter_.size(), CounterValue{});
    out.residentNs.clear();
    for (size_t s = 0; s < slotCounter_.size(); ++s)
        if (slotCounter_[s] >= 0)
            out.values[s] = CounterValue{counters_[static_cast<size_t>(slotCounter_[s])].total(), enabled, enabled};
    return {};
}

std::chrono::nanoseconds LoongsonCounterSet::maxReadInterval() const {
    return maxReadIntervalFor(32, kMaxEventsPerSecond);
}

} // namespace perfdash::loongson
