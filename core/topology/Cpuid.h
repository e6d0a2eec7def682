#pragma once
// The CPUID instruction behind an interface, so that identification and the
// nominal clock can be tested exactly with recorded register values, and so
// that reading a fixture tree never consults the machine the test runs on.
#include <cstdint>

namespace perfdash {

struct CpuidRegisters {
    uint32_t eax = 0, ebx = 0, ecx = 0, edx = 0;
};

class CpuidSource {
public:
    virtual ~CpuidSource() = default;
    // Leaves above the maximum the CPU reports read as zero, as on real hardware
    // for unsupported leaves (callers check leaf 0 / 0x80000000 first anyway).
    virtual CpuidRegisters query(uint32_t leaf, uint32_t subleaf = 0) const = 0;
};

// This machine's CPUID; nullptr where the architecture has none (not x86-64).
const CpuidSource* hostCpuid();

} // namespace perfdash
