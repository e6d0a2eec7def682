#pragma once
// The CPUID instruction behind an interface, so that identification and the
// nominal clock can be tested exactly with recorded register values, and so
// that reading a fixture tree never consults the machine the test runs on.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "core/util/Outcome.h"

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

// Registers as `cpuid -r -1` (Debian's cpuid package) prints them, one
// leaf and subleaf a line: "   0x00000007 0x01: eax=0x... ebx=0x... ecx=0x... edx=0x...".
// A leaf recorded without subleaves answers every subleaf, as such leaves
// ignore ECX; a leaf not recorded reads as zero.
class CpuidDump final : public CpuidSource {
public:
    // `source` names the text in errors (a file's path).
    static Result<CpuidDump> parse(std::string_view text, const std::string& source);
    CpuidRegisters query(uint32_t leaf, uint32_t subleaf = 0) const override;

private:
    std::map<std::pair<uint32_t, uint32_t>, CpuidRegisters> leaves_;
};

// This machine's CPUID; nullptr where the architecture has none (not x86-64).
// Under PERFDASH_IDENTITY (core/util/IdentityOverride.h), the identity's
// recorded registers (its file `cpuid`), or nullptr where it has none (an
// Arm identity, read from its `cpuinfo`).
const CpuidSource* hostCpuid();

} // namespace perfdash
