#include "core/probes/TargetAbi.h"

#include <algorithm>

namespace perfdash {

namespace {

// x86-64 System V: rdi, rsi carry the arguments; r14/r15 are never implicit
// operands of any instruction, so no template has to avoid them.
const TargetAbi kX86{Arch::X86_64, 14, 15, 7, 6, {4, 14, 15}};
// AArch64: 31 registers minus index and bound leave 29 for operands; x29/x30
// are saved and restored like the callee-saved ones.
const TargetAbi kAArch64{Arch::AArch64, 28, 27, 0, 1, {27, 28}};
// MIPS64 n64: $24/$25 (t8/t9) are free temporaries here (no calls are made);
// $0 zero, $1 at (assembler macros), $26/$27 k0/k1, $28 gp, $29 sp, $31 ra.
const TargetAbi kMips{Arch::Mips64, 24, 25, 4, 5, {0, 1, 24, 25, 26, 27, 28, 29, 31}};

} // namespace

const TargetAbi& targetAbi(Arch arch) {
    switch (arch) {
    case Arch::X86_64: return kX86;
    case Arch::AArch64: return kAArch64;
    case Arch::Mips64: return kMips;
    }
    return kX86;
}

bool isReservedRegister(Arch arch, PhysicalRegister reg) {
    if (reg.file != RegisterFile::General) return false;
    const auto& r = targetAbi(arch).reservedGeneral;
    return std::find(r.begin(), r.end(), reg.index) != r.end();
}

} // namespace perfdash
