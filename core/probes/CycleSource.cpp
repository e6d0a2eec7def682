#include "core/probes/CycleSource.h"

#include <cerrno>
#include <limits>
#include <unistd.h>

#include "core/events/PerfOpenError.h"

namespace perfdash {

PerfEncoding PerfCounterSource::cpuCycles() {
    PerfEncoding e;
    e.type = PERF_TYPE_HARDWARE;
    e.config = PERF_COUNT_HW_CPU_CYCLES;
    e.excludeKernel = true;
    e.excludeHv = true;
    return e;
}

Result<std::unique_ptr<PerfCounterSource>> PerfCounterSource::open(const PerfEncoding& encoding,
                                                                   const std::string& name) {
    perf_event_attr attr = makePerfAttr(encoding);
    attr.pinned = 1;
    const int fd = perfEventOpen(attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0) {
        const int err = errno;
        ResolvedEvent ev;
        ev.spec = ev.name = name;
        ev.source = encoding.type == PERF_TYPE_HARDWARE ? EventSource::Hardware : EventSource::Software;
        ev.pmu = encoding.type == PERF_TYPE_HARDWARE ? "cpu" : "software";
        ev.encoding = encoding;
        return makeError(explainPerfOpenError(err, ev, PerfPermissions::read()));
    }
    std::unique_ptr<PerfCounterSource> source(new PerfCounterSource(fd, encoding, name));
    const double before = source->now();
    volatile unsigned sink = 0;
    for (unsigned i = 0; i < 100000; ++i) sink = sink + i;
    const double after = source->now();
    if (!(after > before))
        return makeError("'" + name + "' opens but does not count here (it read " + std::to_string(before) + " and " +
                         std::to_string(after) + " around a busy loop)");
    return source;
}

Result<std::unique_ptr<CycleSource>> PerfCounterSource::reopen() const {
    auto fresh = open(encoding_, name_);
    if (!fresh) return fresh.error();
    return std::unique_ptr<CycleSource>(std::move(fresh).value());
}

PerfCounterSource::~PerfCounterSource() { ::close(fd_); }

double PerfCounterSource::now() {
    uint64_t value = 0;
    // A pinned event that lost its counter reads as end-of-file: NaN poisons
    // the measurement instead of passing off a stale count.
    if (::read(fd_, &value, sizeof value) != static_cast<ssize_t>(sizeof value)) return std::numeric_limits<double>::quiet_NaN();
    return static_cast<double>(value);
}

} // namespace perfdash
