#pragma once
// The core PMU of an x86 CPU as CPUID describes it: how many general and
// fixed counters, how wide, whether a global enable register exists, and
// which registers the MSR backend programs for them (Intel architectural
// performance monitoring, AMD core counters with or without the PerfCtr
// extension and PerfMonV2), plus what else it can read (APERF/MPERF, RAPL).
#include <cstdint>
#include <string>

#include "core/topology/Cpuid.h"
#include "core/topology/CpuIdentity.h"

namespace perfdash::msr {

enum class PmuVendor { Intel, Amd, Other };

struct MsrPmu {
    CpuIdentity identity;
    PmuVendor vendor = PmuVendor::Other;
    int version = 0;                   // Intel: CPUID 0xA EAX[7:0]; AMD: 2 with PerfMonV2, else 1
    int generalCounters = 0;
    unsigned generalWidth = 0;         // bits
    int fixedCounters = 0;             // Intel only
    unsigned fixedWidth = 0;
    uint32_t unavailableArchEvents = 0; // Intel CPUID 0xA EBX: bit i set = architectural event i is missing
    bool globalControl = false;         // IA32_PERF_GLOBAL_CTRL (Intel v2+) or PerfCntrGlobalCtl (AMD PerfMonV2)
    bool amdExtendedCounters = false;   // PerfCtrExtCore: PERF_CTL/PERF_CTR pairs at 0xC0010200 + 2i
    bool aperfMperf = false;            // CPUID 6 ECX[0]
    bool amdRapl = false;               // CPUID 0x80000007 EDX[14] (Intel RAPL has no CPUID bit: read its unit register)
    bool intelDramFixedUnit = false;    // server models count DRAM energy in 2^-16 J whatever the unit register says

    static MsrPmu detect(const CpuidSource& cpuid);

    // Why the MSR backend cannot program this CPU's counters; empty when it can.
    std::string unsupportedReason() const;
    // "GenuineIntel family 6 model 0x55: architectural perfmon v4, 4 general counters (48 bits), 3 fixed (48 bits)"
    std::string summary() const;

    uint32_t eventSelect(int index) const; // IA32_PERFEVTSELx, PERF_CTLx
    uint32_t counter(int index) const;     // IA32_PMCx, PERF_CTRx
    uint32_t fixedCounter(int index) const;
    uint32_t globalControlRegister() const;
    uint32_t raplUnitRegister() const;
};

} // namespace perfdash::msr
