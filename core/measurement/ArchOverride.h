#pragma once
// The likwid architecture a user names instead of the detected one
// (core/topology/CpuArch.h): `--arch ARCH` on the CLI, or the environment
// variable PERFDASH_ARCH, which the GUI and the likwid-perfctr front end
// (which have no such flag) read as well, so one setting steers them all.
// The flag wins over the variable.
#include <optional>
#include <string>

#include "core/util/Outcome.h"

namespace perfdash {

inline constexpr const char* kArchEnvironmentVariable = "PERFDASH_ARCH";

struct ArchOverride {
    std::string arch; // archs.json's name ("icx" given is icelakeX), or "generic"
    std::string by;   // "--arch" or "PERFDASH_ARCH"
};

// `flag` if set, else $PERFDASH_ARCH when set and not empty, else none. A
// name archs.json does not know (nor libpfm4 model of one) is an error that
// names the input and lists the known architectures.
Result<std::optional<ArchOverride>> archOverride(const std::optional<std::string>& flag);

} // namespace perfdash
