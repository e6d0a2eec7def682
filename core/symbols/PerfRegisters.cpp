#include "core/symbols/PerfRegisters.h"

#include <array>
#include <bit>
#include <elf.h>

namespace perfdash {

namespace {

// x86_64: perf's AX BX CX DX SI DI BP SP are 0-7, IP 8, FLAGS 9, CS SS DS ES
// FS GS 10-15, R8-R15 16-23; DWARF's rax rdx rcx rbx rsi rdi rbp rsp are 0-7,
// r8-r15 8-15 (the psABI's figure 3.36).
constexpr std::array<RegisterNumbers, 16> x86_64Registers{{{0, 0},
                                                           {3, 1},
                                                           {2, 2},
                                                           {1, 3},
                                                           {4, 4},
                                                           {5, 5},
                                                           {6, 6},
                                                           {7, 7},
                                                           {16, 8},
                                                           {17, 9},
                                                           {18, 10},
                                                           {19, 11},
                                                           {20, 12},
                                                           {21, 13},
                                                           {22, 14},
                                                           {23, 15}}};
constexpr unsigned x86_64Ip = 8;
constexpr unsigned x86_64Sp = 7;
constexpr uint64_t x86_64Segments = (1u << 12) | (1u << 13) | (1u << 14) | (1u << 15);

// AArch64: perf's X0-X30 are 0-30, SP 31, PC 32; DWARF numbers x0-x30 and sp alike.
constexpr std::array<RegisterNumbers, 32> aarch64Registers = [] {
    std::array<RegisterNumbers, 32> numbers{};
    for (unsigned i = 0; i < numbers.size(); ++i) numbers[i] = {i, i};
    return numbers;
}();
constexpr unsigned aarch64Ip = 32;
constexpr unsigned aarch64Sp = 31;

} // namespace

std::optional<uint64_t> UserRegisters::get(unsigned number) const {
    if (number >= 64 || !((mask >> number) & 1u)) return std::nullopt;
    const auto index = static_cast<size_t>(std::popcount(mask & ((uint64_t{1} << number) - 1)));
    if (index >= values.size()) return std::nullopt;
    return values[index];
}

std::optional<uint64_t> UserRegisters::ip() const { return get(perfIpRegister(arch)); }
std::optional<uint64_t> UserRegisters::sp() const { return get(perfSpRegister(arch)); }

std::span<const RegisterNumbers> dwarfRegisters(RegisterArch arch) {
    if (arch == RegisterArch::AArch64) return aarch64Registers;
    return x86_64Registers;
}

unsigned perfIpRegister(RegisterArch arch) { return arch == RegisterArch::AArch64 ? aarch64Ip : x86_64Ip; }
unsigned perfSpRegister(RegisterArch arch) { return arch == RegisterArch::AArch64 ? aarch64Sp : x86_64Sp; }

uint64_t unwindRegisterMask(RegisterArch arch) {
    if (arch == RegisterArch::AArch64) return (uint64_t{1} << 33) - 1;
    return ((uint64_t{1} << 24) - 1) & ~x86_64Segments;
}

uint16_t elfMachine(RegisterArch arch) { return arch == RegisterArch::AArch64 ? EM_AARCH64 : EM_X86_64; }

const char* archName(RegisterArch arch) { return arch == RegisterArch::AArch64 ? "aarch64" : "x86_64"; }

std::optional<RegisterArch> hostRegisterArch() {
#if defined(__x86_64__)
    return RegisterArch::X86_64;
#elif defined(__aarch64__)
    return RegisterArch::AArch64;
#else
    return std::nullopt;
#endif
}

} // namespace perfdash
