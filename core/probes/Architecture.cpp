#include "core/probes/Architecture.h"

#include "core/util/Strings.h"

namespace perfdash {

const char* toString(Arch arch) {
    switch (arch) {
    case Arch::X86_64: return "x86_64";
    case Arch::AArch64: return "aarch64";
    case Arch::Mips64: return "mips64";
    }
    return "unknown";
}

std::optional<Arch> parseArch(std::string_view text) {
    const std::string t = toLower(trim(text));
    if (t == "x86_64" || t == "x86-64" || t == "amd64" || t == "x64") return Arch::X86_64;
    if (t == "aarch64" || t == "arm64") return Arch::AArch64;
    if (t == "mips64" || t == "mips64el" || t == "loongson") return Arch::Mips64;
    return std::nullopt;
}

std::optional<Arch> hostArch() {
#if defined(__x86_64__)
    return Arch::X86_64;
#elif defined(__aarch64__)
    return Arch::AArch64;
#elif defined(__mips64)
    return Arch::Mips64;
#else
    return std::nullopt;
#endif
}

} // namespace perfdash
