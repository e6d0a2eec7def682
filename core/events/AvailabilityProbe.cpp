#include "core/events/AvailabilityProbe.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

#include "core/events/LibpfmTable.h"

namespace perfdash {

namespace {

unsigned flagBits(const PerfEncoding& e) {
    return unsigned(e.excludeUser) | unsigned(e.excludeKernel) << 1 | unsigned(e.excludeHv) << 2 |
           unsigned(e.excludeIdle) << 3 | unsigned(e.excludeHost) << 4 | unsigned(e.excludeGuest) << 5 |
           unsigned(e.preciseIp) << 6;
}

Availability unsupported(std::string reason, std::string brief) {
    return {Availability::State::Unsupported, std::move(reason), std::move(brief)};
}

} // namespace

int AvailabilityProbe::openAndClose(perf_event_attr& attr, pid_t pid, int cpu) {
    const int fd = perfEventOpen(attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0) return errno;
    ::close(fd);
    return 0;
}

AvailabilityProbe::AvailabilityProbe(PerfPermissions permissions, bool hardwarePmuPresent, OpenFunction open)
    : permissions_(permissions), hardwarePmuPresent_(hardwarePmuPresent), open_(std::move(open)) {}

std::shared_ptr<AvailabilityProbe> AvailabilityProbe::forThisMachine(const SysfsPmus& pmus) {
    return std::make_shared<AvailabilityProbe>(PerfPermissions::probe(), pmus.core() != nullptr);
}

Availability AvailabilityProbe::check(const ResolvedEvent& event) {
    if (event.source == EventSource::Loongson2f)
        return unsupported("'" + event.name + "' is a Loongson 2E/2F event: no perf_event PMU counts it; count it with "
                           "--backend loongson on a Loongson 2E/2F machine with perfdash's pcounter module loaded",
                           "loongson backend only");
    if (event.source == EventSource::Libpfm)
        if (auto absent = LibpfmTable::instance().absence(event.pmu)) return *absent;
    const PerfEncoding& e = event.encoding;
    const Key key{e.type, e.config, e.config1, e.config2, flagBits(e), event.cpus.empty() ? -1 : event.cpus.front()};
    std::lock_guard lock(mutex_);
    if (auto it = cache_.find(key); it != cache_.end()) return it->second;
    return cache_[key] = probe(event);
}

Availability AvailabilityProbe::probe(const ResolvedEvent& event) {
    const bool systemWide = !event.cpus.empty();
    const pid_t pid = systemWide ? -1 : 0;
    const int cpu = systemWide ? event.cpus.front() : -1;
    perf_event_attr attr = makePerfAttr(event.encoding);
    attr.disabled = 1;
    const int err = open_(attr, pid, cpu);
    if (err == 0) return {Availability::State::Countable, "", ""};

    const bool refused = err == EACCES || err == EPERM;
    if (refused && !systemWide && !event.encoding.excludeKernel) {
        perf_event_attr userOnly = makePerfAttr(event.encoding);
        userOnly.disabled = 1;
        userOnly.exclude_kernel = 1;
        userOnly.exclude_hv = 1;
        if (open_(userOnly, pid, cpu) == 0)
            return {Availability::State::Restricted,
                    "only user space can be counted (perf_event_paranoid=" + std::to_string(permissions_.paranoid) +
                        " without CAP_PERFMON); to count the kernel too, " + permissions_.fixHint(),
                    "user space only"};
    }
    std::string reason = explainPerfOpenError(err, event, permissions_);
    if (refused && systemWide)
        reason = "'" + event.name + "' counts system-wide only (PMU '" + event.pmu +
                 "' has a cpumask), which needs perf_event_paranoid < 1 or CAP_PERFMON: " + permissions_.fixHint();
    return unsupported(std::move(reason), briefFor(err, event));
}

std::string AvailabilityProbe::briefFor(int err, const ResolvedEvent& event) const {
    switch (err) {
    case EACCES:
    case EPERM: return "not permitted";
    case ENOENT:
    case EOPNOTSUPP:
        if (onCorePmu(event) && !hardwarePmuPresent_) return "no hardware PMU";
        return "not supported here";
    case ENODEV: return "PMU or CPU not present";
    case EINVAL: return "rejected as invalid";
    default: return std::strerror(err);
    }
}

} // namespace perfdash
