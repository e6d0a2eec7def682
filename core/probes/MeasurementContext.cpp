#include "core/probes/MeasurementContext.h"

#include <limits>

#include "core/probes/Emulation.h"
#include "core/util/Strings.h"

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
    env.emulated = detectEmulation(options.paths);
    if (!env.emulated.empty()) {
        env.cyclesSource = "none";
        env.cyclesSourceDetail = "no cycles: " + env.emulated;
        return c;
    }

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
    // The clock at the start is for the record only: every benchmark measures
    // it again alongside itself, so a chain disturbed now is noted, not fatal.
    auto clock = probe->measure(options.timing, stop);
    if (stop.stop_requested()) return makeError("cancelled");
    c->clockProbe_ = std::move(probe).value();
    env.cyclesSource = "measured-clock";
    if (clock) env.clockHz = clock->hz;
    env.cyclesSourceDetail = "the core clock, measured alongside each benchmark by a chain of dependent adds (" +
                             (clock ? printfString("%.4f GHz at the start", clock->hz / 1e9)
                                    : "n/a at the start: " + clock.error().message) +
                             ")";
    return c;
}

Result<PairTiming> MeasurementContext::time(const KernelPair& pair, std::stop_token stop) const {
    if (!environment_.emulated.empty()) {
        exerciseKernelPair(pair, ring_.data());
        PairTiming t;
        t.unavailable = environment_.emulated;
        t.clockHz = std::numeric_limits<double>::quiet_NaN();
        return t;
    }
    const CycleClock clock = counter_ ? CycleClock{counter_.get(), {}} : CycleClock{nullptr, clockProbe_->chain()};
    return timeKernelPair(pair, ring_, clock, options_.timing, stop);
}

Status MeasurementContext::reopenAfterFork() {
    if (!counter_) return {};
    auto fresh = counter_->reopen();
    if (!fresh) return fresh.error();
    counter_ = std::move(fresh).value();
    return {};
}

} // namespace perfdash
