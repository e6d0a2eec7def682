#pragma once
// A sample's user registers as PERF_SAMPLE_REGS_USER gives them, in the
// kernel's perf register numbering (arch/x86/include/uapi/asm/perf_regs.h,
// arch/arm64/include/uapi/asm/perf_regs.h), and their DWARF numbers, which
// libdwfl's unwinder takes.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace perfdash {

enum class RegisterArch { X86_64, AArch64 };

struct UserRegisters {
    RegisterArch arch = RegisterArch::X86_64;
    uint64_t mask = 0;            // perf_event_attr::sample_regs_user
    std::vector<uint64_t> values; // one per bit set in mask, lowest bit first, as the kernel writes them

    // The value of perf register `number` (PERF_REG_X86_IP is 8), where the mask sampled it.
    std::optional<uint64_t> get(unsigned number) const;
    std::optional<uint64_t> ip() const;
    std::optional<uint64_t> sp() const;
};

struct RegisterNumbers {
    unsigned perf;
    unsigned dwarf;
};

// The registers DWARF unwinding reads (every general register, the stack
// pointer) as perf and DWARF number them; the ip is set apart.
std::span<const RegisterNumbers> dwarfRegisters(RegisterArch arch);
unsigned perfIpRegister(RegisterArch arch);
unsigned perfSpRegister(RegisterArch arch);

// sample_regs_user for --call-graph dwarf: those registers and the ip, and
// none the kernel refuses (x86_64's segment registers DS, ES, FS, GS).
uint64_t unwindRegisterMask(RegisterArch arch);

// EM_X86_64 or EM_AARCH64: the ELF machine whose code these registers run.
uint16_t elfMachine(RegisterArch arch);
const char* archName(RegisterArch arch);

// This build's architecture, where it is one of those.
std::optional<RegisterArch> hostRegisterArch();

} // namespace perfdash
