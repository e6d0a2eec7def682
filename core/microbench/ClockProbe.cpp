#include "core/microbench/ClockProbe.h"

#include <cmath>

#include "core/microbench/AssemblyWriter.h"
#include "core/microbench/CycleSource.h"

namespace perfdash {

CatalogEntry clockChainEntry(Arch arch) {
    const char* text = arch == Arch::X86_64    ? "add <sd:gpr64>, 1"
                       : arch == Arch::AArch64 ? "add <sd:x>, <=1>, #1"
                                               : "daddiu <sd:gpr>, <=1>, 1";
    auto entry = makeCustomEntry(arch, text);
    entry->name = "clock_add_chain";
    entry->shipped = true;
    return std::move(entry).value();
}

Result<ClockProbe> ClockProbe::build(const Toolchain& toolchain) {
    auto plan = planKernel(clockChainEntry(toolchain.arch), BenchMode::Latency, kChainLength);
    if (!plan) return plan.error();
    auto library = KernelLibrary::build(
        toolchain, writeAssembly(toolchain.arch, {{"perfdash_clock_chain", std::move(plan).value()}}));
    if (!library) return makeError("cannot build the clock probe's kernel: " + library.error().message);
    auto kernel = library->function("perfdash_clock_chain");
    if (!kernel) return kernel.error();
    return ClockProbe(std::move(library).value(), *kernel);
}

Result<ClockMeasurement> ClockProbe::measure(const ClockProbeOptions& options, std::stop_token stop) const {
    auto timed = [&](uint64_t n) {
        const double start = monotonicSeconds();
        kernel_(n, nullptr);
        return monotonicSeconds() - start;
    };
    // Iterations for a 2N run of the target length. The calibration runs
    // double as warm-up: they give a frequency governor time to ramp up.
    uint64_t n = 1;
    double t = timed(n);
    while (t < options.targetSeconds / 16 && n < (uint64_t(1) << 40)) t = timed(n *= 4);
    n = std::max<uint64_t>(1, static_cast<uint64_t>(static_cast<double>(n) * options.targetSeconds / (2 * t)));
    for (int i = 0; i < 4; ++i) timed(2 * n);

    const double adds = static_cast<double>(n) * kChainLength;
    std::vector<double> accepted;
    ClockMeasurement m;
    for (int i = 0; i < std::max(1, options.tries); ++i) {
        if (stop.stop_requested()) return makeError("cancelled");
        const double t1 = timed(n);
        const double t2 = timed(2 * n);
        const double hz = adds / (t2 - t1);
        const double fromN = adds / t1;
        const double from2N = 2 * adds / t2;
        if (t2 > t1 && std::fabs(fromN - from2N) <= options.maxDisagreement * hz) {
            accepted.push_back(hz);
            ++m.accepted;
        } else {
            ++m.rejected;
        }
    }
    if (accepted.empty())
        return makeError("every one of " + std::to_string(m.rejected) +
                         " clock measurements was disturbed (its N and 2N runs disagreed by more than " +
                         std::to_string(static_cast<int>(options.maxDisagreement * 100)) +
                         " %); the CPU is busy or changing frequency: try again, or run on an idle CPU");
    m.acceptedHz = summarize(accepted);
    m.hz = m.acceptedHz.median;
    return m;
}

} // namespace perfdash
