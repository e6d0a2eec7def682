#include "core/probes/RegisterClasses.h"

#include <array>
#include <cctype>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

constexpr const char* kGpr64[] = {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
                                  "r8",  "r9",  "r10", "r11", "r12", "r13", "r14", "r15"};
constexpr const char* kGpr32[] = {"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi",
                                  "r8d", "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d"};
constexpr const char* kGpr16[] = {"ax",  "cx",  "dx",   "bx",   "sp",   "bp",   "si",   "di",
                                  "r8w", "r9w", "r10w", "r11w", "r12w", "r13w", "r14w", "r15w"};
constexpr const char* kGpr8[] = {"al",  "cl",  "dl",   "bl",   "spl",  "bpl",  "sil",  "dil",
                                 "r8b", "r9b", "r10b", "r11b", "r12b", "r13b", "r14b", "r15b"};

using RF = RegisterFile;

// clang-format off
constexpr RegisterClass kClasses[] = {
    // x86-64 (Intel syntax)
    {"gpr64", "r64", Arch::X86_64, RF::General, 0, 15, "", kGpr64, "", "", 0},
    {"gpr32", "r32", Arch::X86_64, RF::General, 0, 15, "", kGpr32, "", "", 0},
    {"gpr16", "r16", Arch::X86_64, RF::General, 0, 15, "", kGpr16, "", "", 0},
    {"gpr8",  "r8",  Arch::X86_64, RF::General, 0, 15, "", kGpr8,  "", "", 0},
    {"xmm",   "xmm", Arch::X86_64, RF::FloatVector, 0, 15, "sse2",    nullptr, "xmm", "", 16},
    {"ymm",   "ymm", Arch::X86_64, RF::FloatVector, 0, 15, "avx",     nullptr, "ymm", "", 32},
    {"zmm",   "zmm", Arch::X86_64, RF::FloatVector, 0, 31, "avx512f", nullptr, "zmm", "", 64},
    // k0 means "no mask" when used as a write mask, so it is never handed out.
    {"mask",  "k",   Arch::X86_64, RF::Predicate, 1, 7, "avx512f", nullptr, "k", "", 0},
    // AArch64; register 31 is sp/zr and never an operand register.
    {"x", "x", Arch::AArch64, RF::General, 0, 30, "", nullptr, "x", "", 0},
    {"w", "w", Arch::AArch64, RF::General, 0, 30, "", nullptr, "w", "", 0},
    {"v",     "v",     Arch::AArch64, RF::FloatVector, 0, 31, "asimd", nullptr, "v", "",     16},
    {"v.2d",  "v.2d",  Arch::AArch64, RF::FloatVector, 0, 31, "asimd", nullptr, "v", ".2d",  16},
    {"v.4s",  "v.4s",  Arch::AArch64, RF::FloatVector, 0, 31, "asimd", nullptr, "v", ".4s",  16},
    {"v.8h",  "v.8h",  Arch::AArch64, RF::FloatVector, 0, 31, "asimd", nullptr, "v", ".8h",  16},
    {"v.16b", "v.16b", Arch::AArch64, RF::FloatVector, 0, 31, "asimd", nullptr, "v", ".16b", 16},
    {"v.1d",  "v.1d",  Arch::AArch64, RF::FloatVector, 0, 31, "asimd", nullptr, "v", ".1d",  16},
    {"v.2s",  "v.2s",  Arch::AArch64, RF::FloatVector, 0, 31, "asimd", nullptr, "v", ".2s",  16},
    {"v.4h",  "v.4h",  Arch::AArch64, RF::FloatVector, 0, 31, "asimd", nullptr, "v", ".4h",  16},
    {"v.8b",  "v.8b",  Arch::AArch64, RF::FloatVector, 0, 31, "asimd", nullptr, "v", ".8b",  16},
    {"q", "q", Arch::AArch64, RF::FloatVector, 0, 31, "asimd", nullptr, "q", "", 16},
    {"d", "d", Arch::AArch64, RF::FloatVector, 0, 31, "fp",    nullptr, "d", "", 16},
    {"s", "s", Arch::AArch64, RF::FloatVector, 0, 31, "fp",    nullptr, "s", "", 16},
    {"h", "h", Arch::AArch64, RF::FloatVector, 0, 31, "fp",    nullptr, "h", "", 16},
    {"b", "b", Arch::AArch64, RF::FloatVector, 0, 31, "asimd", nullptr, "b", "", 16},
    // SVE registers overlay V (v0 is the low 128 bits of z0): same file. The
    // widest vector length is 2048 bits.
    {"z",   "z",   Arch::AArch64, RF::FloatVector, 0, 31, "sve", nullptr, "z", "",   256},
    {"z.d", "z.d", Arch::AArch64, RF::FloatVector, 0, 31, "sve", nullptr, "z", ".d", 256},
    {"z.s", "z.s", Arch::AArch64, RF::FloatVector, 0, 31, "sve", nullptr, "z", ".s", 256},
    {"z.h", "z.h", Arch::AArch64, RF::FloatVector, 0, 31, "sve", nullptr, "z", ".h", 256},
    {"z.b", "z.b", Arch::AArch64, RF::FloatVector, 0, 31, "sve", nullptr, "z", ".b", 256},
    // Most predicated SVE instructions encode the governing predicate in 3 bits.
    {"p",   "p",   Arch::AArch64, RF::Predicate, 0, 7,  "sve", nullptr, "p", "",   0},
    {"p.d", "p.d", Arch::AArch64, RF::Predicate, 0, 15, "sve", nullptr, "p", ".d", 0},
    {"p.s", "p.s", Arch::AArch64, RF::Predicate, 0, 15, "sve", nullptr, "p", ".s", 0},
    {"p.h", "p.h", Arch::AArch64, RF::Predicate, 0, 15, "sve", nullptr, "p", ".h", 0},
    {"p.b", "p.b", Arch::AArch64, RF::Predicate, 0, 15, "sve", nullptr, "p", ".b", 0},
    // MIPS64 (n64); numeric register names work with every assembler dialect.
    {"gpr", "r",  Arch::Mips64, RF::General, 0, 31, "", nullptr, "$", "", 0},
    {"fpr", "f",  Arch::Mips64, RF::FloatVector, 0, 31, "fpu", nullptr, "$f", "", 8},
};
// clang-format on

// The MIPS n64 ABI names, by register number.
constexpr std::array<const char*, 32> kMipsAbiNames = {
    "zero", "at", "v0", "v1", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "t0", "t1", "t2", "t3",
    "s0",   "s1", "s2", "s3", "s4", "s5", "s6", "s7", "t8", "t9", "k0", "k1", "gp", "sp", "s8", "ra"};

std::optional<int> indexAfterPrefix(std::string_view name, std::string_view prefix, int last) {
    if (!name.starts_with(prefix) || name.size() == prefix.size()) return std::nullopt;
    const auto n = parseUnsigned(name.substr(prefix.size()));
    // "x05" is not a register spelling; only canonical decimal numbers are.
    if (!n || *n > static_cast<uint64_t>(last) || std::to_string(*n) != name.substr(prefix.size()))
        return std::nullopt;
    return static_cast<int>(*n);
}

} // namespace

std::string RegisterClass::registerName(int index) const {
    if (names) return names[index];
    return std::string(prefix) + std::to_string(index) + std::string(suffix);
}

const RegisterClass* findRegisterClass(Arch arch, std::string_view name) {
    for (const auto& c : kClasses)
        if (c.arch == arch && c.name == name) return &c;
    return nullptr;
}

std::vector<std::string> registerClassNames(Arch arch) {
    std::vector<std::string> out;
    for (const auto& c : kClasses)
        if (c.arch == arch) out.emplace_back(c.name);
    return out;
}

std::optional<PhysicalRegister> findRegisterByName(Arch arch, std::string_view rawName) {
    const std::string name = toLower(rawName);
    switch (arch) {
    case Arch::X86_64:
        for (const auto* table : {kGpr64, kGpr32, kGpr16, kGpr8})
            for (int i = 0; i < 16; ++i)
                if (name == table[i]) return PhysicalRegister{RegisterFile::General, i};
        for (std::string_view p : {"xmm", "ymm", "zmm"})
            if (auto i = indexAfterPrefix(name, p, 31)) return PhysicalRegister{RegisterFile::FloatVector, *i};
        if (auto i = indexAfterPrefix(name, "k", 7)) return PhysicalRegister{RegisterFile::Predicate, *i};
        return std::nullopt;
    case Arch::AArch64:
        if (name == "lr") return PhysicalRegister{RegisterFile::General, 30};
        if (name == "fp") return PhysicalRegister{RegisterFile::General, 29};
        for (std::string_view p : {"x", "w"})
            if (auto i = indexAfterPrefix(name, p, 30)) return PhysicalRegister{RegisterFile::General, *i};
        for (std::string_view p : {"v", "q", "d", "s", "h", "b", "z"})
            if (auto i = indexAfterPrefix(name, p, 31)) return PhysicalRegister{RegisterFile::FloatVector, *i};
        if (auto i = indexAfterPrefix(name, "p", 15)) return PhysicalRegister{RegisterFile::Predicate, *i};
        return std::nullopt;
    case Arch::Mips64:
        if (auto i = indexAfterPrefix(name, "$f", 31)) return PhysicalRegister{RegisterFile::FloatVector, *i};
        if (auto i = indexAfterPrefix(name, "$", 31)) return PhysicalRegister{RegisterFile::General, *i};
        for (int i = 0; i < 32; ++i)
            if (name == std::string("$") + kMipsAbiNames[static_cast<size_t>(i)])
                return PhysicalRegister{RegisterFile::General, i};
        if (name == "$fp") return PhysicalRegister{RegisterFile::General, 30};
        return std::nullopt;
    }
    return std::nullopt;
}

std::vector<PhysicalRegister> registersNamedIn(Arch arch, std::string_view text) {
    std::vector<PhysicalRegister> out;
    std::string token;
    bool first = true; // the mnemonic is never a register
    auto flush = [&] {
        if (token.empty()) return;
        // AArch64 arrangements ("v3.2d", "z1.s") name the register before the dot.
        const std::string base = token.substr(0, token.find('.'));
        if (!first && !base.empty())
            if (auto r = findRegisterByName(arch, base)) out.push_back(*r);
        first = false;
        token.clear();
    };
    for (char c : text) {
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.')
            token += c;
        else
            flush();
    }
    flush();
    return out;
}

} // namespace perfdash
