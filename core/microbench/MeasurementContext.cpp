#include "core/microbench/MeasurementContext.h"

#include <cstdio>
#include <limits>

namespace perfdash {

Result<std::unique_ptr<MeasurementContext>> MeasurementContext::create(const MeasurementOptions& options,
                                                                        std::stop_token stop) {
    const auto host = hostArch();
    if (!host) return makeError("instruction benchmarks run on x86-64, AArch64 and MIPS64 only");
    if (options.toolchain.arch != *host)
        return makeError(std::string("the toolchain generates ") + toString(options.toolchain.arch) +
                         " code, but this machine runs " + toString(*host));
    auto pinning = ScopedCpuPinning::pin(options.cpu, options.realtime);
    if (!pinning) return pinning.error();
    std::unique_ptr<MeasurementContext> c(new MeasurementContext(options, std::move(pinning).value()));
    BenchEnvironment& env = c->environment_;
    env.arch = toString(*host);
    env.cpu = c->pinning_.cpu();
    env.realtime = c->pinning_.realtime();
    env.scheduling = c->pinning_.schedulingNote();
    env.clockHz = std::numeric_limits<double>::quiet_NaN();
    c->features_ = CpuFeatures::detect();

    if (options.cycles == CyclesChoice::Auto) {
        auto counter = PerfCounterSource::open(PerfCounterSource::cpuCycles(), "cycles");
        if (counter)
            c->counter_ = std::move(counter).value();
        else
            env.cyclesCounterNote = "the cycles counter is not countable: " + counter.error().message;
    } else {
        env.cyclesCounterNote = "the measured clock was requested";
    }
    if (c->counter_) {
        env.cyclesSource = c->counter_->id();
        env.cyclesSourceDetail = c->counter_->description();
        return c;
    }
    auto probe = ClockProbe::build(options.toolchain);
    if (!probe) return probe.error();
    // The clock at the start, for the record and as a check that the chain
    // times sensibly here; every benchmark measures it again alongside itself.
    auto clock = probe->measure(options.timing, stop);
    if (!clock) return makeError("cannot measure the core clock to convert time to cycles: " + clock.error().message);
    c->clockProbe_ = std::move(probe).value();
    env.clockHz = clock->hz;
    env.cyclesSource = "measured-clock";
    char detail[160];
    std::snprintf(detail, sizeof detail,
                  "the core clock, measured alongside each benchmark by a chain of dependent adds "
                  "(%.4f GHz at the start)", clock->hz / 1e9);
    env.cyclesSourceDetail = detail;
    return c;
}

CycleClock MeasurementContext::cycleClock() const {
    if (counter_) return {counter_.get(), {}};
    return {nullptr, clockProbe_->chain()};
}

Result<PairTiming> MeasurementContext::time(const KernelPair& pair, std::stop_token stop) const {
    return timeKernelPair(pair, ring_, cycleClock(), options_.timing, stop);
}

Status MeasurementContext::reopenAfterFork() {
    if (!counter_) return {};
    auto fresh = counter_->reopen();
    if (!fresh) return fresh.error();
    counter_ = std::move(fresh).value();
    return {};
}

} // namespace perfdash
