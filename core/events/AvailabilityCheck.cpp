#include "core/events/AvailabilityCheck.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <unistd.h>

#include "core/events/LibpfmTable.h"
#include "core/util/IdentityOverride.h"
#include "core/util/SystemError.h"

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

bool outOfFiles(int err) { return err == EMFILE || err == ENFILE; }

// The check needs one file descriptor; without one, nothing is learnt about the event.
Availability unchecked(int err, const ResolvedEvent& event) {
    const std::string what = "could not check whether '" + event.name + "' can be counted: ";
    const std::string notTheEvent = ". That is a limit, not a property of the event: ";
    if (err == EMFILE)
        return {Availability::State::Unchecked,
                what + "this process has no file descriptor left (" + fileLimitAdvice() + ")" + notTheEvent +
                    "raise the limit, or close what holds the files, and check again",
                "not checked: out of files (ulimit -n)"};
    return {Availability::State::Unchecked,
            what + "the system has no file left (its limit is 'sysctl fs.file-max')" + notTheEvent +
                "raise it ('sysctl -w fs.file-max=N'), or close files elsewhere, and check again",
            "not checked: system out of files"};
}

} // namespace

int AvailabilityCheck::openAndClose(perf_event_attr& attr, pid_t pid, int cpu) {
    const int fd = perfEventOpen(attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0) return errno;
    ::close(fd);
    return 0;
}

AvailabilityCheck::AvailabilityCheck(PerfPermissions permissions, bool hardwarePmuPresent, OpenFunction open)
    : permissions_(permissions), hardwarePmuPresent_(hardwarePmuPresent), open_(std::move(open)) {}

std::shared_ptr<AvailabilityCheck> AvailabilityCheck::forThisMachine(const SysfsPmus& pmus) {
    auto made = std::make_shared<AvailabilityCheck>(PerfPermissions::read(), pmus.core() != nullptr);
    made->arm_ = ArmImplementedEvents::of(pmus);
    made->identity_ = identityOverride();
    for (const auto& pmu : pmus.all())
        if (pmu.simulated) made->simulatedPmus_.push_back(pmu.name);
    return made;
}

std::optional<Availability> AvailabilityCheck::simulated(const ResolvedEvent& event) const {
    if (!identity_) return std::nullopt;
    const uint32_t type = event.encoding.type;
    const bool cpuEvent = type == PERF_TYPE_HARDWARE || type == PERF_TYPE_HW_CACHE || type == PERF_TYPE_RAW ||
                          event.source == EventSource::Libpfm ||
                          std::find(simulatedPmus_.begin(), simulatedPmus_.end(), event.pmu) != simulatedPmus_.end();
    if (!cpuEvent) return std::nullopt;
    return unsupported("'" + event.name + "' is an event of " + identity_->describe() +
                           ", whose PMU this machine does not have: it is never opened (unset PERFDASH_IDENTITY "
                           "to count this machine's own events)",
                       "simulated CPU, not counted");
}

Availability AvailabilityCheck::check(const ResolvedEvent& event) {
    if (event.source == EventSource::Loongson2f)
        return unsupported("'" + event.name + "' is a Loongson 2E/2F event: no perf_event PMU counts it; count it with "
                           "--backend loongson on a Loongson 2E/2F machine with perfdash's pcounter module loaded",
                           "loongson backend only");
    if (event.source == EventSource::Libpfm)
        if (auto absent = LibpfmTable::instance().absence(event.pmu)) return *absent;
    if (auto refused = simulated(event)) return *refused;
    if (arm_)
        if (auto why = arm_->notImplemented(event)) return unsupported(*why, "not implemented by this core");
    const PerfEncoding& e = event.encoding;
    const Key key{e.type, e.config, e.config1, e.config2, flagBits(e), event.cpus.empty() ? -1 : event.cpus.front()};
    std::lock_guard lock(mutex_);
    if (auto it = cache_.find(key); it != cache_.end()) return it->second;
    Availability a = tryOpen(event);
    // A limit that was hit says nothing about the event: the next check asks the kernel again.
    if (a.state != Availability::State::Unchecked) cache_[key] = a;
    return a;
}

Availability AvailabilityCheck::tryOpen(const ResolvedEvent& event) {
    const bool systemWide = !event.cpus.empty();
    const pid_t pid = systemWide ? -1 : 0;
    const int cpu = systemWide ? event.cpus.front() : -1;
    perf_event_attr attr = makePerfAttr(event.encoding);
    attr.disabled = 1;
    const int err = open_(attr, pid, cpu);
    if (err == 0) return {Availability::State::Countable, "", ""};
    if (outOfFiles(err)) return unchecked(err, event);

    const bool refused = err == EACCES || err == EPERM;
    if (refused && !systemWide && !event.encoding.excludeKernel) {
        perf_event_attr userOnly = makePerfAttr(event.encoding);
        userOnly.disabled = 1;
        userOnly.exclude_kernel = 1;
        userOnly.exclude_hv = 1;
        const int userErr = open_(userOnly, pid, cpu);
        if (outOfFiles(userErr)) return unchecked(userErr, event);
        if (userErr == 0)
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

std::string AvailabilityCheck::briefFor(int err, const ResolvedEvent& event) const {
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
