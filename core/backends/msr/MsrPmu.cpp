#include "core/backends/msr/MsrPmu.h"

#include "core/backends/msr/MsrRegisters.h"
#include "core/util/Strings.h"

namespace perfdash::msr {

namespace {

constexpr unsigned kAmdCounterWidth = 48; // AMD documents 48-bit counters; CPUID does not say

uint32_t bits(uint32_t value, unsigned low, unsigned count) { return (value >> low) & ((1u << count) - 1); }

bool intelDramFixedUnitModel(const CpuIdentity& id) {
    if (id.family.value_or(0) != 6) return false;
    switch (id.model.value_or(0)) {
    case 0x3F: // Haswell-X
    case 0x4F: // Broadwell-X
    case 0x56: // Broadwell-D
    case 0x55: // Skylake-X, Cascade Lake
    case 0x57: // Knights Landing
    case 0x85: // Knights Mill
    case 0x6A: // Ice Lake-X
    case 0x6C: // Ice Lake-D
        return true;
    default: return false;
    }
}

void detectIntel(const CpuidSource& cpuid, MsrPmu& pmu) {
    if (cpuid.query(0).eax < 0xA) return;
    const CpuidRegisters a = cpuid.query(0xA);
    pmu.version = static_cast<int>(bits(a.eax, 0, 8));
    pmu.generalCounters = static_cast<int>(bits(a.eax, 8, 8));
    pmu.generalWidth = bits(a.eax, 16, 8);
    pmu.unavailableArchEvents = a.ebx & ((1u << bits(a.eax, 24, 8)) - 1);
    if (pmu.version >= 2) {
        pmu.fixedCounters = static_cast<int>(bits(a.edx, 0, 5));
        pmu.fixedWidth = bits(a.edx, 5, 8);
        pmu.globalControl = true;
    }
    if (pmu.generalCounters > kIntelMaxGeneral) pmu.generalCounters = kIntelMaxGeneral;
    if (pmu.fixedCounters > kIntelMaxFixed) pmu.fixedCounters = kIntelMaxFixed;
    pmu.intelDramFixedUnit = intelDramFixedUnitModel(pmu.identity);
}

void detectAmd(const CpuidSource& cpuid, MsrPmu& pmu) {
    const uint32_t maxExtended = cpuid.query(0x80000000).eax;
    pmu.version = 1;
    pmu.generalWidth = kAmdCounterWidth;
    pmu.amdExtendedCounters = maxExtended >= 0x80000001 && (cpuid.query(0x80000001).ecx >> 23 & 1);
    pmu.generalCounters = pmu.amdExtendedCounters ? kAmdMaxGeneral : kAmdLegacyGeneral;
    if (maxExtended >= 0x80000007) pmu.amdRapl = cpuid.query(0x80000007).edx >> 14 & 1;
    if (maxExtended >= 0x80000022 && (cpuid.query(0x80000022).eax & 1)) {
        pmu.version = 2;
        pmu.globalControl = true;
        const int reported = static_cast<int>(bits(cpuid.query(0x80000022).ebx, 0, 4));
        if (reported > 0) pmu.generalCounters = reported < kAmdMaxGeneral ? reported : kAmdMaxGeneral;
    }
}

} // namespace

MsrPmu MsrPmu::detect(const CpuidSource& cpuid) {
    MsrPmu pmu;
    pmu.identity = identifyByCpuid(cpuid);
    const std::string& v = pmu.identity.vendor;
    pmu.vendor = v == "GenuineIntel"                             ? PmuVendor::Intel
                 : v == "AuthenticAMD" || v == "HygonGenuine"    ? PmuVendor::Amd
                                                                 : PmuVendor::Other;
    if (cpuid.query(0).eax >= 6) pmu.aperfMperf = cpuid.query(6).ecx & 1;
    if (pmu.vendor == PmuVendor::Intel) detectIntel(cpuid, pmu);
    if (pmu.vendor == PmuVendor::Amd) detectAmd(cpuid, pmu);
    return pmu;
}

std::string MsrPmu::unsupportedReason() const {
    if (vendor == PmuVendor::Other)
        return "the msr backend programs Intel and AMD core counters; this CPU's vendor is '" +
               (identity.vendor.empty() ? std::string("unknown") : identity.vendor) + "'";
    if (vendor == PmuVendor::Intel && version == 0)
        return "this Intel CPU reports no architectural performance monitoring (CPUID leaf 0xA); in a virtual "
               "machine the hypervisor hides it";
    if (generalCounters == 0)
        return "CPUID reports no general-purpose counters (a virtual machine without a virtual PMU reports none)";
    return {};
}

std::string MsrPmu::summary() const {
    std::string s = (identity.vendor.empty() ? std::string("unknown vendor") : identity.vendor);
    if (identity.family) s += " family " + std::to_string(*identity.family);
    if (identity.model) s += " model " + hex(static_cast<uint64_t>(*identity.model));
    s += ": ";
    if (vendor == PmuVendor::Intel) s += "architectural perfmon v" + std::to_string(version) + ", ";
    if (vendor == PmuVendor::Amd)
        s += std::string(version >= 2 ? "PerfMonV2, " : "") + (amdExtendedCounters ? "PerfCtrExtCore, " : "legacy counters, ");
    s += std::to_string(generalCounters) + " general counters (" + std::to_string(generalWidth) + " bits)";
    if (fixedCounters > 0)
        s += ", " + std::to_string(fixedCounters) + " fixed (" + std::to_string(fixedWidth) + " bits)";
    return s;
}

uint32_t MsrPmu::eventSelect(int index) const {
    const auto i = static_cast<uint32_t>(index);
    if (vendor == PmuVendor::Intel) return kIntelPerfEvtSel0 + i;
    return amdExtendedCounters ? kAmdPerfCtl0 + 2 * i : kAmdLegacyPerfCtl0 + i;
}

uint32_t MsrPmu::counter(int index) const {
    const auto i = static_cast<uint32_t>(index);
    if (vendor == PmuVendor::Intel) return kIntelPmc0 + i;
    return amdExtendedCounters ? kAmdPerfCtl0 + 2 * i + 1 : kAmdLegacyPerfCtr0 + i;
}

uint32_t MsrPmu::fixedCounter(int index) const { return kIntelFixedCtr0 + static_cast<uint32_t>(index); }

uint32_t MsrPmu::globalControlRegister() const {
    return vendor == PmuVendor::Intel ? kIntelPerfGlobalCtrl : kAmdPerfCntrGlobalCtl;
}

uint32_t MsrPmu::raplUnitRegister() const {
    return vendor == PmuVendor::Intel ? kIntelRaplPowerUnit : kAmdRaplPowerUnit;
}

} // namespace perfdash::msr
