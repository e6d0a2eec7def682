#include "core/measurement/RotatingCounterSet.h"

#include <algorithm>

namespace perfdash {

RotatingCounterSet::RotatingCounterSet(std::unique_ptr<CounterSet> inner, const EventSet& events,
                                       std::chrono::nanoseconds period, std::function<int64_t()> clock)
    : inner_(std::move(inner)), period_(period), clock_(std::move(clock)) {
    size_t sets = 0;
    for (const auto& slot : events) sets = std::max(sets, static_cast<size_t>(slot.set) + 1);
    kernelGroups_.resize(sets);
    const auto& status = inner_->slotStatus();
    for (size_t s = 0; s < events.size(); ++s) {
        const size_t set = static_cast<size_t>(events[s].set);
        setOfSlot_.push_back(set);
        if (s >= status.size() || !status[s].opened || status[s].group < 0) continue;
        auto& groups = kernelGroups_[set];
        const size_t group = static_cast<size_t>(status[s].group);
        if (std::find(groups.begin(), groups.end(), group) == groups.end()) groups.push_back(group);
    }
    offNs_.assign(sets, 0);
    offSinceNs_.assign(sets, -1);
}

Status RotatingCounterSet::switchSet(size_t set, bool on) {
    for (size_t group : kernelGroups_[set])
        if (Status s = inner_->enableGroup(group, on); !s) return s;
    return {};
}

Status RotatingCounterSet::enable() {
    std::lock_guard lock(mutex_);
    if (Status s = inner_->enable(); !s) return s;
    for (size_t set = 0; set < kernelGroups_.size(); ++set)
        if (set != active_)
            if (Status s = switchSet(set, false); !s) return s;
    const int64_t now = clock_();
    for (size_t set = 0; set < kernelGroups_.size(); ++set)
        if (set != active_) offSinceNs_[set] = now;
    lastSwitchNs_ = now;
    enabled_ = true;
    return {};
}

Status RotatingCounterSet::disable() {
    std::lock_guard lock(mutex_);
    const Status s = inner_->disable();
    // While counting is off no set is "off by turn": the kernel's enabled times stop for all alike.
    const int64_t now = clock_();
    for (size_t set = 0; set < offSinceNs_.size(); ++set)
        if (offSinceNs_[set] >= 0) {
            offNs_[set] += now - offSinceNs_[set];
            offSinceNs_[set] = -1;
        }
    enabled_ = false;
    return s;
}

std::optional<size_t> RotatingCounterSet::nextSet() const {
    // A set none of whose events could be opened gets no turn.
    for (size_t step = 1; step < kernelGroups_.size(); ++step) {
        const size_t next = (active_ + step) % kernelGroups_.size();
        if (!kernelGroups_[next].empty()) return next;
    }
    return std::nullopt;
}

// A turn ends with this read: the active set is switched off before the
// counters are read and the next one on after, so the reading holds all of
// the active set's turn and nothing of the next one's. Each interval of a
// timeline whose reads are the turns then belongs to one set alone (no count
// scaled up from a few microseconds of a set on its way off or on).
Status RotatingCounterSet::read(Snapshot& out) {
    std::lock_guard lock(mutex_);
    const int64_t before = clock_();
    std::optional<size_t> next;
    if (enabled_ && before - lastSwitchNs_ >= period_.count() / 2) next = nextSet();
    if (next)
        if (Status s = switchSet(active_, false); !s) return s;
    if (Status s = inner_->read(out); !s) return s;
    // Spans of a set's turn end and begin at the snapshot's time, so that a
    // reading is exact: a set on throughout an interval has a coverage of
    // exactly 1 there (the microseconds of a switch belong to no set).
    if (next) offSinceNs_[active_] = out.monotonicNs;
    const size_t slots = setOfSlot_.size();
    const auto& status = inner_->slotStatus();
    for (size_t i = 0; i < out.values.size() && slots > 0; ++i) {
        const size_t slot = i % slots;
        if (slot >= status.size() || !status[slot].opened) continue;
        const size_t set = setOfSlot_[slot];
        int64_t off = offNs_[set];
        if (offSinceNs_[set] >= 0) off += std::max<int64_t>(0, out.monotonicNs - offSinceNs_[set]);
        out.values[i].enabledNs += static_cast<uint64_t>(off);
    }
    if (!next) return {};
    if (Status s = switchSet(*next, true); !s) return s;
    if (offSinceNs_[*next] >= 0) offNs_[*next] += out.monotonicNs - offSinceNs_[*next];
    offSinceNs_[*next] = -1;
    active_ = *next;
    lastSwitchNs_ = out.monotonicNs;
    return {};
}

std::chrono::nanoseconds RotatingCounterSet::maxReadInterval() const {
    const std::chrono::nanoseconds inner = inner_->maxReadInterval();
    return inner.count() > 0 ? std::min(inner, period_) : period_;
}

} // namespace perfdash
