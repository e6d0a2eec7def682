#include "core/backends/msr/MsrDiagnosis.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "core/backends/msr/MsrDevice.h"
#include "core/backends/msr/MsrRegisters.h"
#include "core/util/Strings.h"

namespace perfdash::msr {

namespace {

constexpr const char* kPermissionFix =
    "run as root, or let your user in: sudo chmod o+rw /dev/cpu/*/msr and sudo setcap cap_sys_rawio+ep on the "
    "perfdash executables";
constexpr const char* kWritesFix =
    "sudo sh -c 'echo on > /sys/module/msr/parameters/allow_writes' (or boot with msr.allow_writes=on)";
constexpr const char* kLockdownFix =
    "turn off kernel lockdown (it follows Secure Boot: disable Secure Boot in the firmware) or count with "
    "--backend perf";

// "none [integrity] confidentiality" -> "integrity"
std::string activeLockdown(const std::string& text) {
    const auto open = text.find('[');
    const auto close = text.find(']', open);
    if (open == std::string::npos || close == std::string::npos) return {};
    return text.substr(open + 1, close - open - 1);
}

} // namespace

MsrKernelState MsrKernelState::read(const std::string& sysfsRoot) {
    MsrKernelState state;
    if (auto v = readFirstLine(sysfsRoot + "/module/msr/parameters/allow_writes")) state.allowWrites = trim(*v);
    if (auto v = readFirstLine(sysfsRoot + "/kernel/security/lockdown")) state.lockdown = activeLockdown(*v);
    return state;
}

std::string MsrKernelState::whyWritesRefused() const {
    if (writesDisabled())
        return "the msr driver refuses writes (msr.allow_writes=off, Linux 5.9 and later); to allow them: " +
               std::string(kWritesFix);
    if (lockedDown())
        return "the kernel is locked down (lockdown=" + lockdown +
               ", usually because of Secure Boot) and refuses MSR writes; " + kLockdownFix;
    return {};
}

std::string explainMsrOpenError(int err, const std::string& path) {
    switch (err) {
    case ENOENT:
    case ENODEV:
        return path + " does not exist: the msr kernel module is not loaded (sudo modprobe msr), or this machine "
                      "does not give access to MSRs (a virtual machine usually does not pass the PMU's MSRs "
                      "through)";
    case ENXIO: return path + ": this CPU is offline (bring it online or leave it out of the CPU list)";
    case EACCES: return "permission denied opening " + path + ": " + kPermissionFix;
    case EPERM:
        return "opening " + path + " needs the CAP_SYS_RAWIO capability: " + kPermissionFix;
    case EIO: return path + ": this CPU has no MSRs (the msr driver says the CPU lacks the feature)";
    default: return "cannot open " + path + ": " + std::strerror(err);
    }
}

std::string explainMsrAccessError(int err, bool write, int cpu, uint32_t reg, const MsrKernelState& kernel) {
    const std::string what = std::string(write ? "cannot write " : "cannot read ") + describeRegister(reg) +
                             " on cpu" + std::to_string(cpu);
    switch (err) {
    case EPERM:
        if (write) {
            const std::string why = kernel.whyWritesRefused();
            return what + ": " +
                   (why.empty() ? "the kernel refused the write: msr.allow_writes=off or kernel lockdown (" +
                                      std::string(kWritesFix) + ")"
                                : why);
        }
        return what + ": permission denied (" + kPermissionFix + ")";
    case EIO:
        return what + ": the CPU " + (write ? "rejected the value or has no such register" : "has no such register") +
               " (a virtual machine often lacks the PMU registers)";
    case ENODATA: return what + ": the device file ends before this register (in a fake tree: the register is absent)";
    default: return what + ": " + std::strerror(err);
    }
}

MsrDeviceStatus checkMsrDevice(const std::string& root, const std::string& sysfsRoot, int cpu) {
    MsrDeviceStatus status;
    const std::string path = msrDevicePath(root, cpu);
    UniqueFd fd(::open(path.c_str(), O_RDWR | O_CLOEXEC));
    if (!fd) {
        const int err = errno;
        status.detail = explainMsrOpenError(err, path);
        status.fix = err == ENOENT || err == ENODEV ? "sudo modprobe msr"
                     : err == EACCES || err == EPERM ? "run as root, or sudo setcap cap_sys_rawio+ep perfdash-cli "
                                                       "and sudo chmod o+rw /dev/cpu/*/msr"
                                                     : "";
        return status;
    }
    const MsrKernelState kernel = MsrKernelState::read(sysfsRoot);
    if (const std::string why = kernel.whyWritesRefused(); !why.empty()) {
        status.detail = root + "/N/msr can be read but not written: " + why;
        status.fix = kernel.writesDisabled() ? kWritesFix : kLockdownFix;
        return status;
    }
    status.available = true;
    status.detail = root + "/N/msr can be read and written: the msr backend can program the counters directly";
    return status;
}

} // namespace perfdash::msr
