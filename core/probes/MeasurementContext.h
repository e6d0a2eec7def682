#pragma once
// Everything a series of instruction benchmarks shares: the pinned CPU, the
// cycle clock (the cycles counter where countable, else the clock chain timed
// alongside every measurement; none under emulation, where no time means
// anything), the CPU's features, the toolchain and the pointer-chase ring. It pins the
// thread that creates it; use it on that thread only (a GUI creates it on its
// worker thread).
#include <memory>
#include <optional>
#include <stop_token>

#include "core/probes/BenchResult.h"
#include "core/probes/ClockProbe.h"
#include "core/probes/ClockReferences.h"
#include "core/probes/CpuFeatures.h"
#include "core/probes/CpuPinning.h"
#include "core/probes/KernelTiming.h"
#include "core/probes/Toolchain.h"

namespace perfdash {

enum class CyclesChoice {
    Auto,          // the cycles counter when it counts, else the measured clock
    MeasuredClock, // always the measured clock
};

struct MeasurementOptions {
    std::optional<int> cpu; // nullopt: the CPU the thread is on
    bool realtime = true;   // try SCHED_FIFO
    Toolchain toolchain = Toolchain::fromEnvironment(hostArch().value_or(Arch::X86_64));
    TimingOptions timing; // also of the clock measured at the start
    CyclesChoice cycles = CyclesChoice::Auto;
    SystemPaths paths;    // where emulation is detected (Emulation.h); tests point it at a fake /proc
};

class MeasurementContext {
public:
    static Result<std::unique_ptr<MeasurementContext>> create(const MeasurementOptions& options,
                                                              std::stop_token stop = {});

    const PointerChaseRing& ring() const { return ring_; }
    const CpuFeatures& features() const { return features_; }
    const Toolchain& toolchain() const { return options_.toolchain; }
    const TimingOptions& timing() const { return options_.timing; }
    const BenchEnvironment& environment() const { return environment_; }
    // In a forked child: counters that count this process, not the parent.
    Status reopenAfterFork();
    // Times a kernel pair with this context's ring, cycle clock and options.
    // Under emulation it only runs the pair (it must run and return) and
    // reports the figure as "emulated: timings not meaningful".
    Result<PairTiming> time(const KernelPair& pair, std::stop_token stop = {}) const;

private:
    MeasurementContext(MeasurementOptions options, ScopedCpuPinning pinning)
        : options_(std::move(options)), pinning_(std::move(pinning)) {}
    MeasurementOptions options_;
    ScopedCpuPinning pinning_;
    std::unique_ptr<CycleSource> counter_;   // the cycles counter, or null
    std::optional<ClockProbe> clockProbe_;   // its chain converts time when there is no counter
    PointerChaseRing ring_;
    CpuFeatures features_;
    BenchEnvironment environment_;
};

} // namespace perfdash
