#include "core/microbench/MeasurementContext.h"

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
            c->cycles_ = std::move(counter).value();
        else
            env.cyclesCounterNote = "the cycles counter is not countable: " + counter.error().message;
    } else {
        env.cyclesCounterNote = "the measured clock was requested";
    }
    if (!c->cycles_) {
        auto probe = ClockProbe::build(options.toolchain);
        if (!probe) return probe.error();
        auto clock = probe->measure(options.clock, stop);
        if (!clock) return makeError("cannot measure the core clock to convert time to cycles: " + clock.error().message);
        env.clockHz = clock->hz;
        c->cycles_ = std::make_unique<ScaledTimeSource>(clock->hz);
    }
    env.cyclesSource = c->cycles_->id();
    env.cyclesSourceDetail = c->cycles_->description();
    return c;
}

Status MeasurementContext::reopenAfterFork() {
    auto fresh = cycles_->reopen();
    if (!fresh) return fresh.error();
    cycles_ = std::move(fresh).value();
    return {};
}

} // namespace perfdash
