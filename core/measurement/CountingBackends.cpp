#include "core/measurement/CountingBackends.h"

#include <sys/utsname.h>

#include "core/backends/GaugeBackend.h"
#include "core/backends/PerfEventBackend.h"
#include "core/backends/loongson/LoongsonBackend.h"
#include "core/backends/msr/MsrBackend.h"
#include "core/backends/msr/MsrDiagnosis.h"
#include "core/measurement/MachineContext.h"
#include "core/util/IdentityOverride.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

std::string machineArch() {
    utsname u{};
    return uname(&u) == 0 ? u.machine : "";
}

std::shared_ptr<const Topology> topologyOf(MachineContext& machine) {
    const auto& topology = machine.topology();
    return topology ? std::make_shared<const Topology>(*topology) : nullptr;
}

msr::MsrBackendConfig msrConfig(const BackendChoice& choice, MachineContext& machine) {
    msr::MsrBackendConfig config;
    config.deviceRoot = choice.effectiveMsrRoot();
    config.topology = topologyOf(machine);
    return config;
}

BackendInfo perfInfo(MachineContext& machine) {
    const PerfPermissions& perms = machine.permissions();
    BackendInfo info{"perf", "perf_event (kernel)", perms.mayCountAtAll(), true, "", ""};
    if (info.available) {
        info.detail = "counts through the kernel's perf_event interface: one program, its threads or whole CPUs, "
                      "multiplexing more events than there are counters";
    } else {
        info.detail = "this system forbids performance counting to unprivileged users (perf_event_paranoid=" +
                      std::to_string(perms.paranoid) + ")";
        info.fix = perms.fixHint();
    }
    return info;
}

BackendInfo msrInfo(const BackendChoice& where, MachineContext& machine, const std::string& arch) {
    BackendInfo info{"msr", "MSR device (direct)", false, arch == "x86_64" || arch == "i686", "", ""};
    const std::string root = where.effectiveMsrRoot();
    const msr::MsrDeviceStatus device = msr::checkMsrDevice(root);
    if (!info.applicable && !device.available) {
        info.detail = "model-specific registers exist only on x86 (this is " + arch + ")";
        return info;
    }
    if (!device.available) {
        info.detail = device.detail;
        info.fix = device.fix;
        return info;
    }
    const msr::MsrBackend backend(msrConfig(where, machine));
    if (const std::string why = backend.pmu().unsupportedReason(); !why.empty()) {
        info.detail = why;
        return info;
    }
    info.available = true;
    info.detail = "programs the counters through " + root + "/N/msr (" + backend.pmu().summary() +
                  "); counts whole CPUs, RAPL energy and APERF/MPERF, without multiplexing";
    return info;
}

BackendInfo loongsonInfo(const BackendChoice& where, const std::string& arch) {
    BackendInfo info{"loongson", "Loongson 2E/2F module", false, arch.starts_with("mips"), "", ""};
    const loongson::PcounterStatus device = loongson::checkPcounter(where.effectivePcounterPath());
    if (!info.applicable && !device.available) {
        info.detail = "the Loongson 2E/2F counter module exists only on MIPS (this is " + arch + ")";
        return info;
    }
    info.available = device.available;
    info.detail = device.available ? device.detail + "; counts one event of each of its two counters"
                                   : device.detail;
    info.fix = device.fix;
    return info;
}

} // namespace

std::vector<BackendInfo> describeBackends(MachineContext& machine, const BackendChoice& where) {
    const std::string arch = machineArch();
    return {perfInfo(machine), msrInfo(where, machine, arch), loongsonInfo(where, arch)};
}

Result<std::unique_ptr<DirectBackend>> makeDirectBackend(const BackendChoice& choice, MachineContext& machine) {
    if (!isBackendName(choice.name))
        return makeError("unknown backend '" + choice.name + "': choose one of " + join(backendNames(), ", "));
    if (choice.name == "msr") {
        // Its events are chosen by the CPU's identity, and written to this machine's registers.
        if (identityOverride() && choice.effectiveMsrRoot() == std::string(msr::kDefaultMsrRoot))
            return makeError("--backend msr programs this machine's own registers, which " +
                             identityOverride()->describe() + " does not describe: unset PERFDASH_IDENTITY, or "
                             "point --msr-root at a fake tree");
        return std::unique_ptr<DirectBackend>(std::make_unique<msr::MsrBackend>(msrConfig(choice, machine)));
    }
    if (choice.name == "loongson")
        return std::unique_ptr<DirectBackend>(
            std::make_unique<loongson::LoongsonBackend>(choice.effectivePcounterPath()));
    return makeError("'" + choice.name + "' is not a direct backend (msr, loongson)");
}

Result<std::unique_ptr<CounterBackend>> makeCounterBackend(const BackendChoice& choice, MachineContext& machine) {
    // Gauges (hwmon temperatures) are read beside whichever backend counts.
    if (choice.name == "perf")
        return std::unique_ptr<CounterBackend>(
            std::make_unique<GaugeBackend>(std::make_unique<PerfEventBackend>(machine.permissions())));
    auto direct = makeDirectBackend(choice, machine);
    if (!direct) return direct.error();
    return std::unique_ptr<CounterBackend>(std::make_unique<GaugeBackend>(std::move(*direct)));
}

} // namespace perfdash
