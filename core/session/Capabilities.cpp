#include "core/session/Capabilities.h"

#include <sys/utsname.h>
#include <unistd.h>

#include "core/session/MachineContext.h"

namespace perfdash {

namespace {

Capability hardwarePmu(MachineContext& machine) {
    Capability c{"hardware_pmu", "Hardware PMU", false, true, "", ""};
    const EventResolver& resolver = machine.resolver();
    auto cycles = resolver.resolve("cycles");
    const Availability a = cycles.ok() ? machine.availability().check(*cycles) : Availability{};
    if (a.countable()) {
        c.available = true;
        const SysfsPmu* core = resolver.pmus().core();
        c.detail = "cycles, instructions and the other hardware events can be counted" +
                   (core ? " (core PMU '" + core->name + "')" : std::string());
        const std::string model = machine.pmuModel();
        if (!model.empty()) c.detail += "; native events of libpfm4 model " + model;
        return c;
    }
    c.detail = a.reason.empty() ? "hardware events cannot be counted here" : a.reason;
    c.detail += ". Software events and tracepoints still work: try the SOFTWARE group.";
    if (a.reason.find("virtual machine") != std::string::npos)
        c.fix = "give the VM a virtual PMU (QEMU/KVM: -cpu host,pmu=on; libvirt: <pmu state='on'/>) or run on bare metal";
    return c;
}

Capability kernelSpace(const PerfPermissions& perms) {
    Capability c{"kernel_space", "Kernel-space counting", perms.mayCountKernel(), true, "", ""};
    if (c.available) {
        c.detail = perms.privileged() ? "allowed (this process has CAP_PERFMON or CAP_SYS_ADMIN)"
                                      : "allowed (perf_event_paranoid=" + std::to_string(perms.paranoid) + ")";
    } else {
        c.detail = "only user space is counted (perf_event_paranoid=" + std::to_string(perms.paranoid) +
                   " without CAP_PERFMON): time the program spends in the kernel is not in the counts";
        c.fix = "sudo sysctl kernel.perf_event_paranoid=1, or run as root, or sudo setcap cap_perfmon+ep on perfdash";
    }
    return c;
}

Capability systemWide(const PerfPermissions& perms) {
    Capability c{"system_wide", "System-wide (per-CPU) counting", perms.mayCountCpuWide(), true, "", ""};
    if (c.available) {
        c.detail = "whole CPUs can be counted (-c LIST)";
    } else {
        c.detail = "counting whole CPUs needs perf_event_paranoid <= 0 or CAP_PERFMON (it is " +
                   std::to_string(perms.paranoid) + ")";
        c.fix = "sudo sysctl kernel.perf_event_paranoid=0, or run as root";
    }
    return c;
}

Capability tracepoints(MachineContext& machine) {
    const Tracefs& tracefs = machine.resolver().tracefs();
    Capability c{"tracepoints", "Tracepoints", tracefs.mounted(), true, "", ""};
    if (c.available) {
        c.detail = "kernel tracepoints (sched:sched_switch, syscalls:sys_enter_*) via tracefs at " + tracefs.root();
    } else {
        c.detail = tracefs.notMountedReason();
        c.fix = "sudo mount -t tracefs nodev /sys/kernel/tracing";
    }
    return c;
}

std::string machineArch() {
    utsname u{};
    return uname(&u) == 0 ? u.machine : "";
}

Capability msrDevice(const std::string& arch) {
    Capability c{"msr", "MSR device (direct counter access)", false, arch == "x86_64" || arch == "i686", "", ""};
    if (!c.applicable) {
        c.detail = "model-specific registers exist only on x86 (this is " + arch + ")";
        return c;
    }
    if (access("/dev/cpu/0/msr", F_OK) != 0) {
        c.detail = "/dev/cpu/0/msr does not exist: the msr kernel module is not loaded (or this is a VM that "
                   "does not pass MSRs through)";
        c.fix = "sudo modprobe msr";
    } else if (access("/dev/cpu/0/msr", R_OK | W_OK) != 0) {
        c.detail = "/dev/cpu/0/msr exists but this user may not read and write it";
        c.fix = "run as root, or sudo setcap cap_sys_rawio+ep on perfdash";
    } else {
        c.available = true;
        c.detail = "/dev/cpu/N/msr is accessible";
    }
    return c;
}

Capability loongsonDevice(const std::string& arch) {
    Capability c{"loongson", "Loongson 2E/2F counters", false, arch.rfind("mips", 0) == 0, "", ""};
    if (!c.applicable) {
        c.detail = "the Loongson 2E/2F counter module exists only on MIPS (this is " + arch + ")";
        return c;
    }
    c.available = access("/dev/pcounter", R_OK | W_OK) == 0;
    c.detail = c.available ? "/dev/pcounter is accessible" : "/dev/pcounter does not exist or is not accessible";
    if (!c.available) c.fix = "build and load perfdash's pcounter kernel module (see its README), then check permissions";
    return c;
}

} // namespace

std::vector<Capability> probeCapabilities(MachineContext& machine) {
    const std::string arch = machineArch();
    return {hardwarePmu(machine), kernelSpace(machine.permissions()), systemWide(machine.permissions()),
            tracepoints(machine), msrDevice(arch), loongsonDevice(arch)};
}

nlohmann::json toJson(const std::vector<Capability>& capabilities) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& c : capabilities) {
        out.push_back({{"id", c.id},
                       {"title", c.title},
                       {"available", c.available},
                       {"applicable", c.applicable},
                       {"detail", c.detail},
                       {"fix", c.fix.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.fix)}});
    }
    return out;
}

} // namespace perfdash
