#pragma once
// The instruction-set architectures whose code the microbenchmarks generate.
// Generation works for every architecture on any host (the cross tests rely on
// that); running needs the host's own.
#include <optional>
#include <string_view>

namespace perfdash {

enum class Arch { X86_64, AArch64, Mips64 };

const char* toString(Arch arch); // "x86_64", "aarch64", "mips64"
// Accepts the names above plus common spellings ("x86-64", "amd64", "arm64", "mips64el", "loongson").
std::optional<Arch> parseArch(std::string_view text);
// The architecture this program was compiled for; nullopt on any other.
std::optional<Arch> hostArch();

} // namespace perfdash
