#include "core/backends/msr/MsrRegisters.h"

#include "core/util/Strings.h"

namespace perfdash::msr {

namespace {

bool inRange(uint32_t reg, uint32_t first, uint32_t count) { return reg >= first && reg < first + count; }

std::string indexed(const char* name, uint32_t index) { return name + std::to_string(index); }

std::string nameOf(uint32_t reg) {
    if (inRange(reg, kIntelPmc0, kIntelMaxGeneral)) return indexed("IA32_PMC", reg - kIntelPmc0);
    if (inRange(reg, kIntelPerfEvtSel0, kIntelMaxGeneral)) return indexed("IA32_PERFEVTSEL", reg - kIntelPerfEvtSel0);
    if (inRange(reg, kIntelFixedCtr0, kIntelMaxFixed)) return indexed("IA32_FIXED_CTR", reg - kIntelFixedCtr0);
    if (inRange(reg, kAmdPerfCtl0, 2 * kAmdMaxGeneral))
        return indexed((reg - kAmdPerfCtl0) % 2 ? "PERF_CTR" : "PERF_CTL", (reg - kAmdPerfCtl0) / 2);
    if (inRange(reg, kAmdLegacyPerfCtl0, kAmdLegacyGeneral)) return indexed("PERF_CTL", reg - kAmdLegacyPerfCtl0) + " (legacy)";
    if (inRange(reg, kAmdLegacyPerfCtr0, kAmdLegacyGeneral)) return indexed("PERF_CTR", reg - kAmdLegacyPerfCtr0) + " (legacy)";
    switch (reg) {
    case kTsc: return "IA32_TIME_STAMP_COUNTER";
    case kMperf: return "IA32_MPERF";
    case kAperf: return "IA32_APERF";
    case kIntelFixedCtrCtrl: return "IA32_FIXED_CTR_CTRL";
    case kIntelPerfGlobalCtrl: return "IA32_PERF_GLOBAL_CTRL";
    case kAmdPerfCntrGlobalCtl: return "PerfCntrGlobalCtl";
    case kIntelRaplPowerUnit: return "MSR_RAPL_POWER_UNIT";
    case kIntelPkgEnergyStatus: return "MSR_PKG_ENERGY_STATUS";
    case kIntelDramEnergyStatus: return "MSR_DRAM_ENERGY_STATUS";
    case kIntelPp0EnergyStatus: return "MSR_PP0_ENERGY_STATUS";
    case kIntelPp1EnergyStatus: return "MSR_PP1_ENERGY_STATUS";
    case kAmdRaplPowerUnit: return "MSR_AMD_RAPL_POWER_UNIT";
    case kAmdCoreEnergyStatus: return "MSR_AMD_CORE_ENERGY_STATUS";
    case kAmdPkgEnergyStatus: return "MSR_AMD_PKG_ENERGY_STATUS";
    default: return {};
    }
}

} // namespace

bool writeAllowed(uint32_t reg) {
    return inRange(reg, kIntelPmc0, kIntelMaxGeneral) || inRange(reg, kIntelPerfEvtSel0, kIntelMaxGeneral) ||
           inRange(reg, kIntelFixedCtr0, kIntelMaxFixed) || reg == kIntelFixedCtrCtrl || reg == kIntelPerfGlobalCtrl ||
           inRange(reg, kAmdPerfCtl0, 2 * kAmdMaxGeneral) || inRange(reg, kAmdLegacyPerfCtl0, 2 * kAmdLegacyGeneral) ||
           reg == kAmdPerfCntrGlobalCtl;
}

std::string describeRegister(uint32_t reg) {
    const std::string name = nameOf(reg);
    return name.empty() ? "MSR " + hex(reg) : name + " (" + hex(reg) + ")";
}

} // namespace perfdash::msr
