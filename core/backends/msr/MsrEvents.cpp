#include "core/backends/msr/MsrEvents.h"

#include <linux/perf_event.h>
#include <string>

#include "core/backends/msr/MsrRegisters.h"
#include "core/events/LibpfmTable.h"
#include "core/util/Strings.h"

namespace perfdash::msr {

namespace {

constexpr MsrRegisterEvent kRegisterEvents[] = {
    {MsrRegisterKind::Tsc, "msr/tsc/", "", "Time stamp counter (IA32_TIME_STAMP_COUNTER, 0x10): nominal-clock ticks"},
    {MsrRegisterKind::Aperf, "msr/aperf/", "", "Actual performance clock (IA32_APERF, 0xE8): cycles at the real clock while not halted"},
    {MsrRegisterKind::Mperf, "msr/mperf/", "", "Maximum performance clock (IA32_MPERF, 0xE7): cycles at the nominal clock while not halted"},
    {MsrRegisterKind::EnergyPkg, "power/energy-pkg/", "PWR_PKG_ENERGY", "RAPL energy of the whole package (socket), joules"},
    {MsrRegisterKind::EnergyCores, "power/energy-cores/", "PWR_PP0_ENERGY", "RAPL energy of the cores (Intel: power plane 0 of the package; AMD: one core), joules"},
    {MsrRegisterKind::EnergyGpu, "power/energy-gpu/", "PWR_PP1_ENERGY", "RAPL energy of the integrated graphics (Intel power plane 1), joules"},
    {MsrRegisterKind::EnergyRam, "power/energy-ram/", "PWR_DRAM_ENERGY", "RAPL energy of the DRAM attached to the package, joules"},
};

bool isEnergy(MsrRegisterKind k) { return k != MsrRegisterKind::Tsc && k != MsrRegisterKind::Aperf && k != MsrRegisterKind::Mperf; }

// Intel's architectural events, as perf's generic hardware events, with the
// CPUID 0xA EBX bit that says the CPU lacks one.
struct ArchEvent {
    uint64_t perfConfig;
    uint64_t intelSelect;
    int intelMissingBit; // -1: not an architectural event (the fixed-only reference cycles)
    uint64_t amdSelect;  // 0: AMD has no fixed encoding for it
};
constexpr ArchEvent kArchEvents[] = {
    {PERF_COUNT_HW_CPU_CYCLES, 0x003C, 0, 0x76},
    {PERF_COUNT_HW_INSTRUCTIONS, 0x00C0, 1, 0xC0},
    {PERF_COUNT_HW_BUS_CYCLES, 0x013C, 2, 0},
    {PERF_COUNT_HW_CACHE_REFERENCES, 0x4F2E, 3, 0},
    {PERF_COUNT_HW_CACHE_MISSES, 0x412E, 4, 0},
    {PERF_COUNT_HW_BRANCH_INSTRUCTIONS, 0x00C4, 5, 0xC2},
    {PERF_COUNT_HW_BRANCH_MISSES, 0x00C5, 6, 0xC3},
    {PERF_COUNT_HW_REF_CPU_CYCLES, 0x0300, -1, 0},
};

// Intel's fixed counters and the general encodings they count exactly:
// instructions (0x00C0), core cycles (0x003C); 0x0n00 is perf's (and
// libpfm4's) pseudo-encoding "fixed counter n-1 only", e.g. 0x0300 for
// UNHALTED_REFERENCE_CYCLES, which no general counter counts.
void classifyFixed(MsrEventPlan& plan, const MsrPmu& pmu) {
    if (pmu.vendor != PmuVendor::Intel) return;
    const uint64_t eventAndMask = plan.select & 0xFFFF;
    const bool plain = (plan.select & ~(0xFFFFull | kSelAnyThread)) == 0;
    if (!plain) return;
    if (eventAndMask == 0x00C0) plan.fixedIndex = 0;
    if (eventAndMask == 0x003C) plan.fixedIndex = 1;
    if ((eventAndMask & 0xFF) == 0 && eventAndMask != 0) {
        plan.fixedIndex = static_cast<int>(eventAndMask >> 8) - 1;
        plan.fixedOnly = true;
    }
}

std::string eventName(const ResolvedEvent& e) { return e.name.empty() ? e.spec : e.name; }

Result<uint64_t> coreSelect(const ResolvedEvent& event, const MsrPmu& pmu) {
    const std::string name = eventName(event);
    const PerfEncoding& enc = event.encoding;
    if (event.source == EventSource::Hardware && enc.type == PERF_TYPE_HARDWARE) {
        for (const auto& a : kArchEvents) {
            if (a.perfConfig != enc.config) continue;
            if (pmu.vendor == PmuVendor::Amd) {
                if (a.amdSelect == 0) break;
                return a.amdSelect;
            }
            if (a.intelMissingBit >= 0 && (pmu.unavailableArchEvents >> a.intelMissingBit & 1))
                return makeError("'" + name + "': this CPU says (CPUID 0xA) it lacks this architectural event");
            return a.intelSelect;
        }
        return makeError("'" + name + "' has no fixed encoding on this CPU for the msr backend: name the CPU's own "
                         "event instead (see 'perfdash-cli list --source libpfm')");
    }
    if (enc.type != PERF_TYPE_RAW)
        return makeError("'" + name + "' (" + toString(event.source) + " event) is not a core PMU event: the msr "
                         "backend programs core counters and reads TSC, APERF/MPERF and RAPL; count it with "
                         "--backend perf");
    if (event.source == EventSource::Libpfm) {
        const LibpfmPmu* model = LibpfmTable::instance().findPmu(event.pmu);
        const bool intelModel = model && model->core && model->description.starts_with("Intel");
        const bool amdModel = model && model->core && model->name.starts_with("amd64");
        if (!intelModel && !amdModel)
            return makeError("'" + name + "' belongs to libpfm4 model '" + event.pmu +
                             "', not a core PMU the msr backend programs (uncore and other PMUs need --backend perf)");
        if ((pmu.vendor == PmuVendor::Intel) != intelModel)
            return makeError("'" + name + "' is an event of libpfm4 model '" + event.pmu + "', but this CPU is " +
                             pmu.identity.vendor + ": its encoding means something else here");
    }
    if (enc.config1 != 0 || enc.config2 != 0)
        return makeError("'" + name + "' needs extra registers (config1 " + hex(enc.config1) +
                         ", e.g. an offcore-response or load-latency filter) that the msr backend does not program; "
                         "count it with --backend perf");
    if (enc.config & ~kSelEventBits)
        return makeError("'" + name + "' sets event-select bits the msr backend keeps for itself (config " +
                         hex(enc.config) + ")");
    return enc.config;
}

Result<MsrEventPlan> registerPlan(const MsrRegisterEvent& e, const ResolvedEvent& event, const MsrPmu& pmu) {
    const std::string name = eventName(event);
    if (event.encoding.excludeUser || event.encoding.excludeKernel)
        return makeError("'" + name + "' is a free-running register: it cannot count user or kernel mode alone");
    MsrEventPlan plan;
    plan.kind = MsrEventPlan::Kind::Register;
    const bool intel = pmu.vendor == PmuVendor::Intel;
    const bool amd = pmu.vendor == PmuVendor::Amd;
    auto noDomain = [&](const char* which) {
        return makeError("'" + name + "': " + pmu.identity.vendor + " CPUs have no " + which + " RAPL domain");
    };
    switch (e.kind) {
    case MsrRegisterKind::Tsc: plan.reg = kTsc; break;
    case MsrRegisterKind::Aperf:
    case MsrRegisterKind::Mperf:
        if (!pmu.aperfMperf) return makeError("'" + name + "': this CPU has no APERF/MPERF (CPUID 6 ECX bit 0 is clear)");
        plan.reg = e.kind == MsrRegisterKind::Aperf ? kAperf : kMperf;
        break;
    case MsrRegisterKind::EnergyPkg:
        if (!intel && !amd) return noDomain("package");
        plan.reg = intel ? kIntelPkgEnergyStatus : kAmdPkgEnergyStatus;
        break;
    case MsrRegisterKind::EnergyCores:
        if (!intel && !amd) return noDomain("core");
        plan.reg = intel ? kIntelPp0EnergyStatus : kAmdCoreEnergyStatus;
        break;
    case MsrRegisterKind::EnergyGpu:
        if (!intel) return noDomain("graphics (PP1)");
        plan.reg = kIntelPp1EnergyStatus;
        break;
    case MsrRegisterKind::EnergyRam:
        if (!intel) return noDomain("DRAM");
        plan.reg = kIntelDramEnergyStatus;
        plan.dramFixedUnit = pmu.intelDramFixedUnit;
        break;
    }
    if (isEnergy(e.kind)) {
        if (amd && !pmu.amdRapl) return makeError("'" + name + "': this CPU has no RAPL (CPUID 0x80000007 EDX bit 14)");
        plan.energy = true;
        plan.width = 32;
        // AMD's core energy is per core; everything else RAPL has is per package.
        plan.scope = amd && e.kind == MsrRegisterKind::EnergyCores ? MsrScope::Core : MsrScope::Package;
    }
    return plan;
}

} // namespace

std::span<const MsrRegisterEvent> msrRegisterEvents() { return kRegisterEvents; }

const MsrRegisterEvent* findMsrRegisterEvent(std::string_view name) {
    for (const auto& e : kRegisterEvents)
        if (name == e.name || (!e.likwidName.empty() && name == e.likwidName)) return &e;
    return nullptr;
}

ResolvedEvent resolvedRegisterEvent(const MsrRegisterEvent& event, std::string_view spec) {
    ResolvedEvent ev;
    ev.spec = std::string(spec);
    ev.name = std::string(event.name);
    ev.source = EventSource::SysfsPmu;
    ev.pmu = event.name.starts_with("power/") ? "power" : "msr";
    ev.description = std::string(event.description) + " (read by the msr backend)";
    ev.encoding.type = kNotAPerfEventType;
    ev.encoding.config = static_cast<uint64_t>(event.kind);
    if (isEnergy(event.kind)) {
        ev.scale = kEnergyScale;
        ev.unit = "Joules";
    }
    return ev;
}

Result<MsrEventPlan> planMsrEvent(const ResolvedEvent& event, const MsrPmu& pmu) {
    if (const MsrRegisterEvent* e = findMsrRegisterEvent(event.name)) return registerPlan(*e, event, pmu);
    if (const std::string why = pmu.unsupportedReason(); !why.empty()) return makeError(why);
    auto select = coreSelect(event, pmu);
    if (!select) return select.error();
    const PerfEncoding& enc = event.encoding;
    if (enc.excludeUser && enc.excludeKernel)
        return makeError("'" + eventName(event) + "' excludes both user and kernel mode: nothing would be counted");
    // excludeGuest is libpfm4's default (mh=1) and excludeHv comes with :u;
    // a whole CPU counted directly has no such levels to leave out.
    if (enc.excludeIdle || enc.excludeHost || enc.preciseIp)
        return makeError("'" + eventName(event) + "': the msr backend cannot exclude idle or host time nor count "
                         "precisely (modifiers I, G, p); count it with --backend perf");
    MsrEventPlan plan;
    plan.select = *select;
    plan.countUser = !enc.excludeUser;
    plan.countKernel = !enc.excludeKernel;
    classifyFixed(plan, pmu);
    if (plan.fixedOnly && plan.fixedIndex >= pmu.fixedCounters)
        return makeError("'" + eventName(event) + "' counts only on fixed counter " + std::to_string(plan.fixedIndex) +
                         ", which this CPU does not have (it has " + std::to_string(pmu.fixedCounters) + ")");
    if (plan.fixedIndex >= pmu.fixedCounters) plan.fixedIndex = -1;
    return plan;
}

} // namespace perfdash::msr
