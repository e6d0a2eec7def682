#include "core/measurement/Capabilities.h"

#include "core/events/PowercapEnergy.h"
#include "core/measurement/CountingBackends.h"
#include "core/measurement/MachineContext.h"
#include "core/util/Strings.h"

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

// RAPL energy through the kernel's powercap framework, which likwid's PWRn
// counters read where perf's power PMU lacks the domain (rapl.c has no model
// for Silvermont, Airmont, Granite Rapids, Sierra Forest): the zones there
// are, and whether this process may read them (root only since Linux 5.10).
Capability raplPowercap(MachineContext& machine) {
    Capability c{"rapl_powercap", "RAPL energy through powercap", false, true, "", ""};
    const auto& topology = machine.topology();
    const std::string arch = topology ? topology->architecture : std::string();
    if (!arch.empty() && arch != "x86_64" && arch != "i686" && arch != "i386") {
        c.applicable = false;
        c.detail = "RAPL is an x86 feature; this machine is " + arch;
        return c;
    }
    const std::string root = machine.resolver().sysfsRoot();
    const auto zones = powercapZones(root);
    if (zones.empty()) {
        c.detail = root + "/class/powercap has no intel-rapl zone, so likwid's PWRn counters are read only where "
                   "perf's power PMU has them (a virtual machine usually has neither)";
        c.fix = "on bare metal: sudo modprobe intel_rapl_msr (intel_rapl_tpmi on Granite Rapids and Sierra Forest)";
        return c;
    }
    std::vector<std::string> names;
    for (const auto& z : zones) names.push_back(z.name + " (" + z.zone + ")");
    if (auto why = powercapUnreadable(zones.front().dir + "/energy_uj")) {
        c.detail = "zones " + join(names, ", ") + ", but " + *why;
        c.fix = "run as root, or sudo chmod o+r " + root + "/class/powercap/intel-rapl:*/energy_uj";
        return c;
    }
    c.available = true;
    c.detail = "energy counters of zones " + join(names, ", ") + ", read for likwid's PWRn where perf's power PMU "
               "lacks the domain";
    return c;
}

// The direct backends' lines say the same as the GUI's backend choice.
Capability fromBackend(const BackendInfo& backend, std::string id, std::string title) {
    return Capability{std::move(id), std::move(title), backend.available, backend.applicable, backend.detail,
                      backend.available ? std::string() : backend.fix};
}

} // namespace

std::vector<Capability> checkCapabilities(MachineContext& machine) {
    std::vector<Capability> out = {hardwarePmu(machine), kernelSpace(machine.permissions()),
                                   systemWide(machine.permissions()), tracepoints(machine),
                                   raplPowercap(machine)};
    for (const BackendInfo& b : describeBackends(machine)) {
        if (b.name == "msr") out.push_back(fromBackend(b, "msr", "MSR device (direct counter access)"));
        if (b.name == "loongson") out.push_back(fromBackend(b, "loongson", "Loongson 2E/2F counters"));
    }
    return out;
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
