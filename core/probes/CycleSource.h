#pragma once
// The core's cycles counter (perf_event PERF_COUNT_HW_CPU_CYCLES), where it is
// countable. Where it is not, benchmarks time their runs and convert time with
// the clock measured alongside them (KernelTiming.h's CycleClock).
#include <memory>
#include <string>

#include "core/events/EventSpec.h"
#include "core/util/Outcome.h"

namespace perfdash {

class CycleSource {
public:
    virtual ~CycleSource() = default;
    // A running count in cycles (or in cycles reckoned from time).
    virtual double now() = 0;
    virtual std::string id() const = 0;          // "cycles-counter"
    virtual std::string description() const = 0; // for people: which counter, which clock
    // The same source for a forked child: a perf counter of the parent's
    // thread does not count the child, so counters are opened afresh.
    virtual Result<std::unique_ptr<CycleSource>> reopen() const = 0;
};

class PerfCounterSource final : public CycleSource {
public:
    // The core's cycles, user space only, of the calling thread.
    static PerfEncoding cpuCycles();
    // Opens `encoding` for the calling thread, pinned to the PMU (a counter that
    // cannot stay scheduled reads as an error, never as a scaled guess), and
    // checks that it advances. `name` is used in messages.
    static Result<std::unique_ptr<PerfCounterSource>> open(const PerfEncoding& encoding, const std::string& name);
    ~PerfCounterSource() override;
    PerfCounterSource(const PerfCounterSource&) = delete;
    PerfCounterSource& operator=(const PerfCounterSource&) = delete;

    double now() override;
    std::string id() const override { return "cycles-counter"; }
    std::string description() const override { return "the cycles counter (perf_event " + name_ + ")"; }
    Result<std::unique_ptr<CycleSource>> reopen() const override;

private:
    PerfCounterSource(int fd, PerfEncoding encoding, std::string name)
        : fd_(fd), encoding_(encoding), name_(std::move(name)) {}
    int fd_;
    PerfEncoding encoding_;
    std::string name_;
};

} // namespace perfdash
