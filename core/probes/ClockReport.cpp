#include "core/probes/ClockReport.h"

#include "core/probes/CpuPinning.h"
#include "core/probes/Emulation.h"
#include "core/util/Clock.h"

namespace perfdash {

CpuClockReport measureCpuClock(const ClockProbe& probe, int cpu, const ClockReportOptions& options,
                               std::stop_token stop) {
    CpuClockReport report;
    report.cpu = cpu;
    auto pinning = ScopedCpuPinning::pin(cpu, options.realtime);
    if (!pinning) {
        report.error = pinning.error().message;
        report.timestamp = monotonicRawSeconds();
        return report;
    }
    report.scheduling = pinning->schedulingNote();
    ReferenceClockSampler sampler(options.paths, cpu);
    const std::string emulated = detectEmulation(options.paths);
    Result<ClockMeasurement> measured = makeError(emulated);
    if (emulated.empty())
        measured = probe.measure(options.probe, stop);
    else
        exerciseKernelPair(probe.chain(), nullptr); // no time means anything, but the chain must run and return
    report.references = sampler.finish();
    report.timestamp = monotonicRawSeconds();
    if (measured)
        report.measured = *measured;
    else
        report.error = measured.error().message;
    return report;
}

} // namespace perfdash
