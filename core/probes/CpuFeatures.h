#pragma once
// What the CPU implements, so an entry the CPU lacks is reported as "not
// supported by this CPU" instead of being run (SIGILL must be impossible).
// Feature names are the kernel's: /proc/cpuinfo "flags" on x86-64,
// "Features" (or the AT_HWCAP bits) on AArch64, "isa" and "ASEs implemented"
// on MIPS.
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/probes/Architecture.h"

namespace perfdash {

class CpuFeatures {
public:
    static CpuFeatures fromCpuinfo(Arch arch, std::string_view cpuinfo);
    static CpuFeatures fromAArch64Hwcaps(unsigned long hwcap, unsigned long hwcap2);
    // This machine: the auxiliary vector on AArch64 (authoritative, and right
    // under qemu-user, which passes the host's /proc/cpuinfo through), else
    // /proc/cpuinfo.
    static CpuFeatures detect();

    bool known() const { return known_; }
    bool has(const std::string& feature) const { return flags_.count(feature) != 0; }
    std::vector<std::string> missing(const std::vector<std::string>& required) const;
    const std::set<std::string>& flags() const { return flags_; }
    const std::string& source() const { return source_; }
    // "not supported by this CPU: needs avx512f, avx512vl (not in /proc/cpuinfo flags)"
    std::string explainMissing(const std::vector<std::string>& missing) const;

private:
    bool known_ = false;
    std::set<std::string> flags_;
    std::string source_;
};

// The value of the first "key : value" line of /proc/cpuinfo text whose key is `key`.
std::optional<std::string> cpuinfoValue(std::string_view text, std::string_view key);

} // namespace perfdash
