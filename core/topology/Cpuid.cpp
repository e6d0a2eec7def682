#include "core/topology/Cpuid.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace perfdash {

#if defined(__x86_64__)
namespace {

class HostCpuid final : public CpuidSource {
public:
    CpuidRegisters query(uint32_t leaf, uint32_t subleaf) const override {
        CpuidRegisters r;
        // The hypervisor's range (0x40000000-0x4fffffff) has no maximum in leaf
        // 0 or 0x80000000: it exists where CPUID.1:ECX[31] says a hypervisor
        // is there, which the caller checks first.
        if ((leaf & 0xf0000000) == 0x40000000) {
            __cpuid_count(leaf, subleaf, r.eax, r.ebx, r.ecx, r.edx);
            return r;
        }
        // __get_cpuid_count checks the maximum leaf of the leaf's range and
        // returns 0 above it, which keeps the "unsupported reads as zero" promise.
        if (!__get_cpuid_count(leaf, subleaf, &r.eax, &r.ebx, &r.ecx, &r.edx)) return CpuidRegisters{};
        return r;
    }
};

} // namespace

const CpuidSource* hostCpuid() {
    static const HostCpuid cpuid;
    return &cpuid;
}
#else
const CpuidSource* hostCpuid() { return nullptr; }
#endif

} // namespace perfdash
