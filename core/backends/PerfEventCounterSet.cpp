#include "core/backends/PerfEventCounterSet.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "core/util/Clock.h"

namespace perfdash {

namespace {

// read_format GROUP|ID|TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING:
// { nr, time_enabled, time_running, { value, id } x nr }
constexpr size_t kGroupHeaderWords = 3;
constexpr size_t kWordsPerMember = 2;

// Reads exactly `bytes`, retrying on EINTR. Returns 0 or an errno; ENODATA
// when the kernel returned a short read (an event in error state reads 0 bytes).
int readExactly(int fd, void* buffer, size_t bytes) {
    for (;;) {
        const ssize_t got = ::read(fd, buffer, bytes);
        if (got == static_cast<ssize_t>(bytes)) return 0;
        if (got < 0 && errno == EINTR) continue;
        return got < 0 ? errno : ENODATA;
    }
}

} // namespace

PerfEventCounterSet::PerfEventCounterSet(std::vector<CounterLocation> locations, std::vector<SlotStatus> slotStatus,
                                         std::vector<PerfEventLocationFds> fds)
    : locations_(std::move(locations)), slots_(std::move(slotStatus)), fds_(std::move(fds)) {
    size_t largestGroup = 1;
    for (const auto& location : fds_)
        for (const auto& group : location.groups) largestGroup = std::max(largestGroup, group.fds.size());
    readBuffer_.resize(kGroupHeaderWords + kWordsPerMember * largestGroup);
}

size_t PerfEventCounterSet::groupCount() const { return fds_.empty() ? 0 : fds_.front().groups.size(); }

Status PerfEventCounterSet::controlAll(unsigned long request, const char* what) {
    for (size_t l = 0; l < fds_.size(); ++l) {
        for (const auto& group : fds_[l].groups) {
            if (group.fds.empty()) continue; // another core type's group (PerfEventLocationFds)
            if (::ioctl(group.fds.front().get(), request, PERF_IOC_FLAG_GROUP) != 0)
                return makeError(std::string("cannot ") + what + " the counters on " + locations_[l].label() + ": " +
                                 std::strerror(errno));
        }
        if (fds_[l].residency && ::ioctl(fds_[l].residency.get(), request, 0) != 0)
            return makeError(std::string("cannot ") + what + " the counters on " + locations_[l].label() + ": " +
                             std::strerror(errno));
    }
    return {};
}

Status PerfEventCounterSet::enable() { return controlAll(PERF_EVENT_IOC_ENABLE, "enable"); }
Status PerfEventCounterSet::disable() { return controlAll(PERF_EVENT_IOC_DISABLE, "disable"); }

Status PerfEventCounterSet::enableGroup(size_t group, bool on) {
    for (size_t l = 0; l < fds_.size(); ++l) {
        if (group >= fds_[l].groups.size()) return makeError("no counter group " + std::to_string(group));
        if (fds_[l].groups[group].fds.empty()) continue;
        if (::ioctl(fds_[l].groups[group].fds.front().get(), on ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE,
                    PERF_IOC_FLAG_GROUP) != 0)
            return makeError(std::string("cannot switch counter group ") + std::to_string(group) + (on ? " on" : " off") +
                             " on " + locations_[l].label() + ": " + std::strerror(errno));
    }
    return {};
}

Status PerfEventCounterSet::readGroup(size_t location, size_t groupIndex, Snapshot& out) {
    const PerfEventGroupFds& group = fds_[location].groups[groupIndex];
    const size_t members = group.fds.size();
    if (members == 0) return {}; // not opened here: its slots read as never enabled
    const size_t bytes = (kGroupHeaderWords + kWordsPerMember * members) * sizeof(uint64_t);
    if (const int err = readExactly(group.fds.front().get(), readBuffer_.data(), bytes))
        return makeError("cannot read counter group " + std::to_string(groupIndex) + " on " +
                         locations_[location].label() + ": " + std::strerror(err));
    if (readBuffer_[0] != members)
        return makeError("counter group " + std::to_string(groupIndex) + " on " + locations_[location].label() +
                         " reported " + std::to_string(readBuffer_[0]) + " members instead of " +
                         std::to_string(members));
    const uint64_t enabled = readBuffer_[1];
    const uint64_t running = readBuffer_[2];
    const size_t base = location * slots_.size();
    for (size_t m = 0; m < members; ++m) {
        const uint64_t value = readBuffer_[kGroupHeaderWords + kWordsPerMember * m];
        const uint64_t id = readBuffer_[kGroupHeaderWords + kWordsPerMember * m + 1];
        auto it = std::find_if(group.slotById.begin(), group.slotById.end(),
                               [id](const auto& entry) { return entry.first == id; });
        if (it == group.slotById.end())
            return makeError("counter group " + std::to_string(groupIndex) + " on " + locations_[location].label() +
                             " returned an unknown event ID " + std::to_string(id));
        out.values[base + it->second] = CounterValue{value, enabled, running};
    }
    return {};
}

Status PerfEventCounterSet::applyResidency(size_t location, Snapshot& out) {
    // read_format TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING: { value, time_enabled, time_running }
    uint64_t residency[3] = {};
    if (const int err = readExactly(fds_[location].residency.get(), residency, sizeof residency))
        return makeError("cannot read the residency counter on " + locations_[location].label() + ": " +
                         std::strerror(err));
    // The groups are read before the residency counter, so a group's running
    // time can only exceed it by what ran between the reads; max() keeps
    // running <= enabled.
    out.residentNs[location] = residency[2];
    if (!fds_[location].residencyIsEnabledTime) return {};
    const size_t base = location * slots_.size();
    for (size_t s = 0; s < slots_.size(); ++s) {
        if (!slots_[s].opened) continue;
        CounterValue& v = out.values[base + s];
        v.enabledNs = std::max(residency[2], v.runningNs);
    }
    return {};
}

Status PerfEventCounterSet::read(Snapshot& out) {
    out.values.assign(locations_.size() * slots_.size(), CounterValue{});
    out.residentNs.assign(!fds_.empty() && fds_.front().residency ? locations_.size() : 0, 0);
    for (size_t l = 0; l < fds_.size(); ++l) {
        for (size_t g = 0; g < fds_[l].groups.size(); ++g)
            if (Status s = readGroup(l, g, out); !s) return s;
        if (fds_[l].residency)
            if (Status s = applyResidency(l, out); !s) return s;
    }
    out.monotonicNs = monotonicNowNs();
    return {};
}

} // namespace perfdash
