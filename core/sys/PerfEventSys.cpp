#include "core/sys/PerfEventSys.h"

#include "core/sys/ProcessCapabilities.h"
#include <cerrno>
#include <cstring>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/util/Strings.h"
#include "core/util/SystemError.h"

namespace perfdash {

perf_event_attr makePerfAttr(const PerfEncoding& e) {
    perf_event_attr attr;
    std::memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = e.type;
    attr.config = e.config;
    attr.config1 = e.config1;
    attr.config2 = e.config2;
    attr.exclude_user = e.excludeUser;
    attr.exclude_kernel = e.excludeKernel;
    attr.exclude_hv = e.excludeHv;
    attr.exclude_idle = e.excludeIdle;
    attr.exclude_host = e.excludeHost;
    attr.exclude_guest = e.excludeGuest;
    attr.precise_ip = e.preciseIp;
    return attr;
}

int perfEventOpen(perf_event_attr& attr, pid_t pid, int cpu, int groupFd, unsigned long flags) {
    return static_cast<int>(::syscall(SYS_perf_event_open, &attr, pid, cpu, groupFd, flags));
}

PerfPermissions PerfPermissions::read(const std::string& procRoot) {
    PerfPermissions p;
    if (auto line = readFirstLine(procRoot + "/sys/kernel/perf_event_paranoid")) {
        if (auto v = parseSigned(*line)) {
            p.paranoid = static_cast<int>(*v);
            p.paranoidKnown = true;
        }
    }
    if (auto caps = effectiveCapabilities(procRoot))
        p.capPerfmon = hasCapability(*caps, kCapSysAdmin) || hasCapability(*caps, kCapPerfmon);
    return p;
}

std::string PerfPermissions::fixHint() const {
    return "run as root, grant CAP_PERFMON (setcap cap_perfmon+ep on the binary), or lower the restriction with "
           "'sysctl kernel.perf_event_paranoid=1' (currently " +
           std::to_string(paranoid) + ")";
}

bool isCorePmuName(std::string_view name) {
    return name == "cpu" || name.starts_with("cpu_") || name.starts_with("armv");
}

bool isKernelPmuName(std::string_view name) {
    return name == "software" || name == "tracepoint" || name == "breakpoint" || name == "kprobe" ||
           name == "uprobe";
}

namespace {

bool looksVirtualised() {
    if (auto cpuinfo = readFile("/proc/cpuinfo")) {
        for (const auto& line : split(*cpuinfo, '\n')) {
            if (line.starts_with("flags") && line.find(" hypervisor") != std::string::npos) return true;
        }
    }
    return readFirstLine("/sys/hypervisor/type").has_value();
}

} // namespace

std::string explainPerfOpenError(int err, const PerfOpenSubject& event, const PerfPermissions& perms) {
    const std::string& name = event.name;
    switch (err) {
    case EACCES:
    case EPERM:
        return "not permitted to count '" + name + "' (perf_event_paranoid=" + std::to_string(perms.paranoid) +
               "): " + perms.fixHint();
    case ENOENT:
    case EOPNOTSUPP:
        if (event.corePmu) {
            static const bool virtualised = looksVirtualised();
            if (virtualised)
                return "'" + name + "' is not supported here: this is a virtual machine whose hypervisor exposes no "
                       "hardware PMU (enable a virtual PMU, e.g. QEMU/KVM '-cpu host,pmu=on', or run on bare metal)";
            return "'" + name + "' is not supported by this CPU's PMU driver (the kernel knows no such event here)";
        }
        return "'" + name + "' is not supported by this kernel (" + std::strerror(err) + ")";
    case ENODEV:
        return "'" + name + "': the PMU or CPU it needs is not present (" + std::strerror(err) + ")";
    case EINVAL: {
        const PerfEncoding& e = event.encoding;
        if (e.excludeUser || e.excludeKernel || e.excludeHv || e.excludeIdle)
            return "'" + name + "' was rejected by the kernel as invalid: it counts only some privilege levels, "
                   "which PMUs such as msr, power and uncore cannot filter (drop the :u/:k/:h modifier)";
        // The kernel's msr PMU accepts only the registers this CPU has (those its events/ lists),
        // and a hypervisor often hides APERF, MPERF and the others.
        if (name.starts_with("msr/"))
            return "'" + name + "': this CPU does not offer that register to the kernel's msr PMU (it accepts only "
                   "those /sys/bus/event_source/devices/msr/events/ lists; a hypervisor often hides APERF and MPERF)";
        return "'" + name + "' was rejected by the kernel as invalid (an encoding or modifier this PMU does not "
               "accept)";
    }
    case EMFILE:
        return "too many open files while opening '" + name + "': every event takes one file per thread or CPU "
               "counted; " + fileLimitAdvice() + ", or count fewer events, threads or CPUs";
    case ENFILE:
        return "too many open files in the whole system while opening '" + name +
               "': raise the system's limit ('sysctl fs.file-max'), or count fewer events, threads or CPUs";
    case ESRCH:
        return "the process to count '" + name + "' on does not exist (any more)";
    case EBUSY:
        return "'" + name + "' is busy: another user holds the counter exclusively (e.g. the NMI watchdog: "
               "'sysctl kernel.nmi_watchdog=0')";
    default:
        return "cannot open '" + name + "': " + std::strerror(err);
    }
}

} // namespace perfdash
