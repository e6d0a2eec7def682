#pragma once
// Why the MSR device cannot be used, in words a user can act on: the msr
// module is not loaded (modprobe msr), the user lacks permission (root, or
// cap_sys_rawio plus access to the device files), writes are disabled
// (msr.allow_writes=off, Linux 5.9 and later) or the kernel is locked down
// (Secure Boot).
#include <cstdint>
#include <string>

namespace perfdash::msr {

// The kernel's settings that decide whether MSR writes are allowed.
struct MsrKernelState {
    std::string allowWrites; // /sys/module/msr/parameters/allow_writes: "on", "off", "default"; empty if unknown
    std::string lockdown;    // the active mode of /sys/kernel/security/lockdown: "none", "integrity", ...; empty if unknown

    static MsrKernelState read(const std::string& sysfsRoot = "/sys");
    bool writesDisabled() const { return allowWrites == "off"; }
    bool lockedDown() const { return !lockdown.empty() && lockdown != "none"; }
    // Why writes will be refused before one is tried; empty when nothing says so.
    std::string whyWritesRefused() const;
};

// errno of opening `path` (an MSR device file) -> what is wrong and the fix.
std::string explainMsrOpenError(int err, const std::string& path);

// errno of a read or write of `reg` on `cpu` -> what is wrong and the fix.
std::string explainMsrAccessError(int err, bool write, int cpu, uint32_t reg, const MsrKernelState& kernel);

// Whether the MSR backend can be used at all, for its ready() check, the
// capability banner and the GUI's backend choice. `detail` says what is (not)
// possible and why, `fix` the command that helps (empty if none).
struct MsrDeviceStatus {
    bool available = false;
    std::string detail;
    std::string fix;
};
MsrDeviceStatus checkMsrDevice(const std::string& root, const std::string& sysfsRoot = "/sys", int cpu = 0);

} // namespace perfdash::msr
