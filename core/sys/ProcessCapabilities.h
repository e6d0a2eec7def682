#pragma once
// The effective capabilities of this process, as the kernel reports them in
// /proc/self/status (CapEff): what root-only operations it may really do,
// which is not the same as running as uid 0 (capabilities can be dropped,
// or granted to a non-root binary with setcap).
#include <cstdint>
#include <optional>
#include <string>

namespace perfdash {

// Bit numbers from linux/capability.h.
inline constexpr int kCapSysNice = 23;
inline constexpr int kCapSysAdmin = 21;
inline constexpr int kCapPerfmon = 38;

// The CapEff mask; nullopt where the status file is missing or has no readable CapEff line.
std::optional<uint64_t> effectiveCapabilities(const std::string& procRoot = "/proc");

inline bool hasCapability(uint64_t mask, int capability) { return (mask >> capability) & 1u; }

} // namespace perfdash
