#include "core/probes/ClockReferences.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

#include "core/util/Clock.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

bool haveTsc() {
#if defined(__x86_64__)
    return true;
#else
    return false;
#endif
}

uint64_t readTsc() {
#if defined(__x86_64__)
    return __rdtsc();
#else
    return 0;
#endif
}

Result<uint64_t> readMsr(int fd, uint32_t reg, const std::string& path) {
    uint64_t v = 0;
    if (::pread(fd, &v, sizeof v, reg) != static_cast<ssize_t>(sizeof v))
        return makeError("cannot read MSR " + hex(reg) + " from " + path + ": " + std::strerror(errno));
    return v;
}

} // namespace

std::optional<double> cpuinfoClockHz(const std::string& cpuinfo, int cpu) {
    int current = -1;
    for (const auto& line : split(cpuinfo, '\n')) {
        const size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        const std::string key = trim(std::string_view(line).substr(0, colon));
        const std::string value = trim(std::string_view(line).substr(colon + 1));
        if (key == "processor") {
            auto n = parseUnsigned(value);
            current = n ? static_cast<int>(*n) : -1;
        } else if (key == "cpu MHz" && current == cpu) {
            if (auto mhz = parseDouble(value)) return *mhz * 1e6;
        }
    }
    return std::nullopt;
}

Result<double> cpufreqCurrentHz(const SystemPaths& paths, int cpu) {
    const std::string dir = paths.sysRoot + "/devices/system/cpu/cpu" + std::to_string(cpu) + "/cpufreq";
    const auto line = readFirstLine(dir + "/scaling_cur_freq");
    if (!line) return makeError("no cpufreq driver for CPU " + std::to_string(cpu) + " (" + dir + " is missing; usual in VMs)");
    auto khz = parseUnsigned(*line);
    if (!khz) return makeError(dir + "/scaling_cur_freq holds '" + *line + "', not a frequency in kHz");
    return static_cast<double>(*khz) * 1e3;
}

Result<AperfMperf> readAperfMperf(const SystemPaths& paths, int cpu) {
    const std::string path = paths.devRoot + "/cpu/" + std::to_string(cpu) + "/msr";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        const int err = errno;
        if (err == ENOENT)
            return makeError(path + " does not exist (load the driver with 'modprobe msr'; VMs often have none)");
        return makeError("cannot open " + path + ": " + std::strerror(err) + (err == EACCES || err == EPERM ? " (needs root, CAP_SYS_RAWIO)" : ""));
    }
    auto a = readMsr(fd, kMsrAperf, path);
    auto m = readMsr(fd, kMsrMperf, path);
    ::close(fd);
    if (!a) return a.error();
    if (!m) return m.error();
    return AperfMperf{*a, *m};
}

std::optional<double> aperfMperfHz(const AperfMperf& before, const AperfMperf& after, double tscHz) {
    const uint64_t da = after.aperf - before.aperf;
    const uint64_t dm = after.mperf - before.mperf;
    if (dm == 0 || !(tscHz > 0)) return std::nullopt;
    return tscHz * static_cast<double>(da) / static_cast<double>(dm);
}

ReferenceClockSampler::ReferenceClockSampler(SystemPaths paths, int cpu)
    : paths_(std::move(paths)), cpu_(cpu), startMsr_(readAperfMperf(paths_, cpu)) {
    auto counter = PerfCounterSource::open(PerfCounterSource::cpuCycles(), "cycles");
    if (counter)
        counter_ = std::move(counter).value();
    else
        counterError_ = counter.error().message;
    if (counter_) startCycles_ = counter_->now();
    startSeconds_ = monotonicRawSeconds();
    startTsc_ = readTsc();
}

std::vector<ReferenceClock> ReferenceClockSampler::finish() {
    const uint64_t endTsc = readTsc();
    const double endSeconds = monotonicRawSeconds();
    const double endCycles = counter_ ? counter_->now() : 0;
    const double elapsed = endSeconds - startSeconds_;
    std::vector<ReferenceClock> out;

    ReferenceClock tsc{"TSC", std::nullopt, ""};
    if (haveTsc() && elapsed > 0) {
        tsc.hz = static_cast<double>(endTsc - startTsc_) / elapsed;
        tsc.note = "time-stamp counter ticks over the probe (constant rate, not the core clock)";
    } else {
        tsc.note = "no time-stamp counter on this architecture";
    }
    out.push_back(tsc);

    ReferenceClock cpuinfo{"/proc/cpuinfo", std::nullopt, ""};
    const auto text = readFile(paths_.procRoot + "/cpuinfo");
    if (auto hz = text ? cpuinfoClockHz(*text, cpu_) : std::nullopt) {
        cpuinfo.hz = *hz;
        cpuinfo.note = "'cpu MHz' of processor " + std::to_string(cpu_) + " (the kernel's estimate)";
    } else {
        cpuinfo.note = "/proc/cpuinfo reports no 'cpu MHz' for processor " + std::to_string(cpu_);
    }
    out.push_back(cpuinfo);

    ReferenceClock cpufreq{"cpufreq", std::nullopt, ""};
    if (auto hz = cpufreqCurrentHz(paths_, cpu_)) {
        cpufreq.hz = *hz;
        cpufreq.note = "scaling_cur_freq right after the probe";
    } else {
        cpufreq.note = hz.error().message;
    }
    out.push_back(cpufreq);

    ReferenceClock msr{"APERF/MPERF", std::nullopt, ""};
    if (!haveTsc()) {
        msr.note = "APERF/MPERF are x86 registers";
    } else if (!startMsr_) {
        msr.note = startMsr_.error().message;
    } else if (auto end = readAperfMperf(paths_, cpu_); !end) {
        msr.note = end.error().message;
    } else if (auto hz = aperfMperfHz(*startMsr_, *end, tsc.hz.value_or(0))) {
        msr.hz = *hz;
        msr.note = "TSC rate x APERF/MPERF over the probe (the average clock while running)";
    } else {
        msr.note = "MPERF did not advance during the probe";
    }
    out.push_back(msr);

    ReferenceClock cycles{"cycles counter", std::nullopt, ""};
    if (counter_ && elapsed > 0) {
        cycles.hz = (endCycles - startCycles_) / elapsed;
        cycles.note = "user-space core cycles counted over the probe";
    } else {
        cycles.note = counterError_;
    }
    out.push_back(cycles);
    return out;
}

} // namespace perfdash
