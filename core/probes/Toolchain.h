#pragma once
// The system assembler and linker that turn generated assembly into a shared
// object. Configurable so that a user can point at another binutils and the
// AArch64 runner under qemu-user can use the cross tools of its host:
//   PERFDASH_AS, PERFDASH_LD             the programs (for the host architecture)
//   PERFDASH_AS_FLAGS, PERFDASH_LD_FLAGS  their flags, split at spaces
#include <string>
#include <vector>

#include "core/probes/Architecture.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct Toolchain {
    Arch arch = Arch::X86_64;
    std::string assembler;
    std::vector<std::string> assemblerFlags;
    std::string linker;
    std::vector<std::string> linkerFlags;

    // "as"/"ld" for the host's architecture, Debian's cross binutils names otherwise.
    static Toolchain defaults(Arch target);
    // The defaults, with the PERFDASH_* variables applied when `target` is the host's.
    static Toolchain fromEnvironment(Arch target);
    // The package that provides the defaults, for error messages.
    static std::string packageHint(Arch target);
};

// Assembles `assembly` and links it into the shared object `soPath` (the
// temporary files go next to it). An assembler error quotes the assembler and
// the generated lines it complains about.
Status buildSharedObject(const Toolchain& toolchain, const std::string& assembly, const std::string& soPath);

} // namespace perfdash
