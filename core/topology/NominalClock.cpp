#include "core/topology/NominalClock.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <limits>
#include <optional>
#include <vector>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

#include "core/topology/CpuList.h"
#include "core/util/Clock.h"
#include "core/util/Median.h"
#include "core/util/Strings.h"

namespace perfdash {
namespace {

constexpr double kUnknownHz = std::numeric_limits<double>::quiet_NaN();

std::string megahertz(double hz) {
    return printfString("%.3f MHz", hz / 1e6);
}

// CPUID leaf 0x15: TSC = crystal (ECX) * EBX / EAX. Intel leaves ECX at 0 on
// parts whose crystal it does not enumerate; then the leaf does not report it.
std::optional<ClockInfo> fromCpuidLeaf15(const CpuidSource& cpuid) {
    if (cpuid.query(0).eax < 0x15) return std::nullopt;
    const CpuidRegisters r = cpuid.query(0x15);
    if (r.eax == 0 || r.ebx == 0 || r.ecx == 0) return std::nullopt;
    const double hz = static_cast<double>(r.ecx) * r.ebx / r.eax;
    return ClockInfo{hz, "TSC frequency from CPUID leaf 0x15 (crystal " + megahertz(r.ecx) + " x " +
                             std::to_string(r.ebx) + "/" + std::to_string(r.eax) + ")"};
}

#if defined(__x86_64__)
// A (time, TSC) pair taken as close together as this thread manages: of a few
// tries, the one whose clock reads lie closest around the rdtsc.
std::pair<double, uint64_t> pairedReading() {
    double bestWidth = std::numeric_limits<double>::infinity();
    std::pair<double, uint64_t> best{};
    for (int i = 0; i < 5; ++i) {
        const double before = monotonicRawSeconds();
        const uint64_t tsc = __rdtsc();
        const double after = monotonicRawSeconds();
        if (after - before < bestWidth) {
            bestWidth = after - before;
            best = {(before + after) / 2, tsc};
        }
    }
    return best;
}

constexpr int kCalibrationRounds = 5;
constexpr long kCalibrationWindowNs = 20'000'000;

// The TSC runs at a constant rate on every x86-64 CPU of the last 15 years
// (invariant TSC), asleep or not, so sleeping through the window is enough.
// The median of several windows shrugs off a round in which we were preempted.
ClockInfo calibrateTsc() {
    std::vector<double> rates;
    for (int round = 0; round < kCalibrationRounds; ++round) {
        const auto [t0, c0] = pairedReading();
        timespec window{0, kCalibrationWindowNs};
        nanosleep(&window, nullptr);
        const auto [t1, c1] = pairedReading();
        if (t1 > t0 && c1 > c0) rates.push_back(static_cast<double>(c1 - c0) / (t1 - t0));
    }
    if (rates.empty()) return {kUnknownHz, "rdtsc calibration failed: the TSC or CLOCK_MONOTONIC_RAW did not advance"};
    return {median(rates), "TSC frequency from rdtsc calibrated against CLOCK_MONOTONIC_RAW (median of " +
                                         std::to_string(rates.size()) + " windows of 20 ms)"};
}
#endif

std::optional<ClockInfo> fromCpufreq(const MachineSources& sources) {
    const std::string cpuDir = sources.cpuDir();
    int cpu = 0;
    if (auto online = readFirstLine(cpuDir + "/online")) {
        if (auto cpus = parseKernelCpuList(*online); cpus && !cpus->empty()) cpu = cpus->front();
    }
    for (const char* file : {"base_frequency", "cpuinfo_max_freq"}) {
        const std::string path = cpuDir + "/cpu" + std::to_string(cpu) + "/cpufreq/" + file;
        auto line = readFirstLine(path);
        auto khz = line ? parseUnsigned(*line) : std::nullopt;
        if (khz && *khz > 0) return ClockInfo{static_cast<double>(*khz) * 1e3, "cpufreq " + path};
    }
    return std::nullopt;
}

// "cpu MHz : 2445.426" (x86, some MIPS) or "clock : 3425.000000MHz" (POWER)
// of the first processor. BogoMIPS is a delay-loop calibration, not a clock,
// and is never used.
std::optional<ClockInfo> fromCpuinfo(const MachineSources& sources) {
    const std::string path = sources.cpuinfoPath();
    auto text = readFile(path);
    if (!text) return std::nullopt;
    for (const auto& line : split(*text, '\n')) {
        auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        const std::string key = toLower(trim(std::string_view(line).substr(0, colon)));
        std::string value = trim(std::string_view(line).substr(colon + 1));
        if (key == "clock" && value.ends_with("MHz")) value = trim(value.substr(0, value.size() - 3));
        else if (key != "cpu mhz") continue;
        if (auto mhz = parseDouble(value); mhz && *mhz > 0)
            return ClockInfo{*mhz * 1e6, path + " '" + trim(std::string_view(line).substr(0, colon)) + "'"};
    }
    return std::nullopt;
}

} // namespace

NominalClock::NominalClock(MachineSources sources) : sources_(std::move(sources)), info_{kUnknownHz, ""} {}

const ClockInfo& NominalClock::info() const {
    std::call_once(once_, [this] { info_ = compute(); });
    return info_;
}

ClockInfo NominalClock::compute() const {
    std::vector<std::string> tried;
    if (sources_.cpuid) {
        if (auto c = fromCpuidLeaf15(*sources_.cpuid)) return *c;
        tried.push_back("CPUID leaf 0x15 reports no TSC frequency");
    }
#if defined(__x86_64__)
    if (sources_.live) {
        ClockInfo c = calibrateTsc();
        if (std::isfinite(c.hz)) return c;
        tried.push_back(c.source);
    }
#endif
    if (auto c = fromCpufreq(sources_)) return *c;
    tried.push_back("no cpufreq base_frequency or cpuinfo_max_freq under " + sources_.cpuDir());
    if (auto c = fromCpuinfo(sources_)) return *c;
    tried.push_back("no 'cpu MHz' or 'clock' line in " + sources_.cpuinfoPath());
    return {kUnknownHz, "unknown: " + join(tried, "; ")};
}

const ClockInfo& hostClock() {
    static const NominalClock clock(MachineSources::host());
    return clock.info();
}

} // namespace perfdash
