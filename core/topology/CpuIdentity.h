#pragma once
// Who made the CPU and which model it is: from CPUID on x86-64, otherwise
// from /proc/cpuinfo, whose layout differs per architecture (x86 "vendor_id",
// AArch64 "CPU implementer"/"CPU part", MIPS "cpu model").
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/topology/Cpuid.h"

namespace perfdash {

struct CpuIdentity {
    std::string vendor;   // "GenuineIntel", "AuthenticAMD", "ARM", "Loongson"...; empty when unknown
    std::optional<int> family;   // x86 display family; AArch64 "CPU architecture"
    std::optional<int> model;    // x86 display model; AArch64 "CPU part"
    std::optional<int> stepping; // x86 stepping; AArch64 "CPU revision"
    std::string modelName;       // brand string or what the kernel calls the CPU; empty when unknown
    std::string source;          // where this came from: "CPUID" or the cpuinfo file's path
    // A hypervisor says it is there (x86: CPUID.1:ECX[31], cpuinfo flag "hypervisor"): then
    // family, model and brand are what it chose to show, not necessarily the host's.
    bool hypervisor = false;
    std::string hypervisorVendor; // CPUID leaf 0x40000000's signature ("KVMKVMKVM"); empty when unknown
    // The instruction-set features that tell CPU generations apart (cpuFeatureNames()),
    // by the kernel's flag names, in that list's order: from CPUID, or cpuinfo's flags.
    std::vector<std::string> features;
    std::optional<uint32_t> maxBasicLeaf; // CPUID leaf 0's EAX; unknown from cpuinfo
};

// The features CpuIdentity::features can hold: avx512f, avx512_vp2intersect,
// avx512_fp16, amx_tile, amx_fp16, avx10 (Intel's AVX10, whose presence also
// brings CPUID leaf 0x24). Which CPUs have each is data (resources/likwid/cpus.json).
const std::vector<std::string>& cpuFeatureNames();

// Decodes leaves 0, 1 and 0x80000002-4 (display family/model with the
// extended fields folded in as Intel and AMD document them).
CpuIdentity identifyByCpuid(const CpuidSource& cpuid);

// Reads the first processor's block of a /proc/cpuinfo text. `source` names
// the file for CpuIdentity::source.
CpuIdentity identifyByCpuinfo(std::string_view cpuinfo, std::string source);

} // namespace perfdash
