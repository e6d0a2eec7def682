#pragma once
// Where facts about the machine come from. The live machine reads /sys and
// /proc and may ask CPUID, uname and the TSC; a fixture tree (a copied or
// synthetic sysfs/proc) is read from its roots alone, so tests that use it
// give the same answer on every machine. Under PERFDASH_IDENTITY the live
// machine's CPU is read from the identity (its CPUID dump or cpuinfo), the
// rest from /sys and /proc (core/util/IdentityOverride.h).
#include <string>

#include "core/topology/Cpuid.h"

namespace perfdash {

struct MachineSources {
    std::string sysRoot = "/sys";
    std::string procRoot = "/proc";
    // Consulted when set: the host's CPUID, or recorded registers in a test.
    const CpuidSource* cpuid = nullptr;
    // The roots describe the machine this process runs on, so uname and TSC
    // calibration describe it too.
    bool live = false;
    // Where the CPU says who it is without CPUID; empty: procRoot's cpuinfo.
    std::string cpuinfo{};

    static MachineSources host();
    static MachineSources tree(std::string sysRoot, std::string procRoot, const CpuidSource* cpuid = nullptr) {
        return {std::move(sysRoot), std::move(procRoot), cpuid, false};
    }

    std::string cpuDir() const { return sysRoot + "/devices/system/cpu"; }
    std::string nodeDir() const { return sysRoot + "/devices/system/node"; }
    std::string cpuinfoPath() const { return cpuinfo.empty() ? procRoot + "/cpuinfo" : cpuinfo; }
};

} // namespace perfdash
