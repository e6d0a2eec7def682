#include "core/microbench/ClockReport.h"

#include "core/microbench/CpuPinning.h"

namespace perfdash {

CpuClockReport measureCpuClock(const ClockProbe& probe, int cpu, const ClockReportOptions& options,
                               std::stop_token stop) {
    CpuClockReport report;
    report.cpu = cpu;
    auto pinning = ScopedCpuPinning::pin(cpu, options.realtime);
    if (!pinning) {
        report.error = pinning.error().message;
        report.timestamp = monotonicSeconds();
        return report;
    }
    report.scheduling = pinning->schedulingNote();
    ReferenceClockSampler sampler(options.paths, cpu);
    auto measured = probe.measure(options.probe, stop);
    report.references = sampler.finish();
    report.timestamp = monotonicSeconds();
    if (measured)
        report.measured = *measured;
    else
        report.error = measured.error().message;
    return report;
}

} // namespace perfdash
