#include "core/probes/ArchEmitter.h"
#include "core/probes/TargetAbi.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

class AArch64Emitter final : public ArchEmitter {
public:
    std::string fileHeader() const override { return "\t.text\n"; }

    // AAPCS64: x19-x30 and the low halves of v8-v15 (d8-d15) are preserved;
    // x29/x30 are operands too, so the frame is saved whole.
    std::string functionStart(const std::string& symbol) const override {
        return "\t.globl " + symbol + "\n\t.type " + symbol + ", %function\n\t.p2align 6\n" + symbol +
               ":\n"
               "\tstp x29, x30, [sp, #-96]!\n\tstp x19, x20, [sp, #16]\n\tstp x21, x22, [sp, #32]\n"
               "\tstp x23, x24, [sp, #48]\n\tstp x25, x26, [sp, #64]\n\tstp x27, x28, [sp, #80]\n"
               "\tstp d8, d9, [sp, #-64]!\n\tstp d10, d11, [sp, #16]\n\tstp d12, d13, [sp, #32]\n"
               "\tstp d14, d15, [sp, #48]\n";
    }
    std::string copyGeneral(int to, int from) const override {
        if (to == from) return "";
        return "\tmov x" + std::to_string(to) + ", x" + std::to_string(from) + "\n";
    }
    std::string loadGeneral(int reg, uint64_t bits) const override {
        if (bits <= 0xffff) return "\tmov x" + std::to_string(reg) + ", #" + std::to_string(bits) + "\n";
        return "\tldr x" + std::to_string(reg) + ", =" + hex(bits) + "\n";
    }
    std::string loadOther(const RegisterInit& init, const std::string& pattern) const override {
        const std::string n = std::to_string(init.reg.index);
        if (init.reg.file == RegisterFile::Predicate) return "\tptrue p" + n + ".b\n";
        const std::string tmp = "x" + std::to_string(targetAbi(Arch::AArch64).loopIndex);
        const std::string address =
            "\tadrp " + tmp + ", " + pattern + "\n\tadd " + tmp + ", " + tmp + ", :lo12:" + pattern + "\n";
        if (init.cls->vectorBytes > 16) return address + "\tldr z" + n + ", [" + tmp + "]\n";
        return address + "\tldr q" + n + ", [" + tmp + "]\n";
    }
    std::string loopEnd(const std::string& loop) const override {
        const auto& abi = targetAbi(Arch::AArch64);
        const std::string index = "x" + std::to_string(abi.loopIndex);
        return "\tadd " + index + ", " + index + ", #1\n\tcmp " + index + ", x" + std::to_string(abi.loopBound) +
               "\n\tb.ne " + loop + "\n";
    }
    std::string functionEnd(const std::string& symbol, bool) const override {
        return "\tldp d14, d15, [sp, #48]\n\tldp d12, d13, [sp, #32]\n\tldp d10, d11, [sp, #16]\n"
               "\tldp d8, d9, [sp], #64\n"
               "\tldp x27, x28, [sp, #80]\n\tldp x25, x26, [sp, #64]\n\tldp x23, x24, [sp, #48]\n"
               "\tldp x21, x22, [sp, #32]\n\tldp x19, x20, [sp, #16]\n\tldp x29, x30, [sp], #96\n"
               "\tret\n\t.ltorg\n\t.size " +
               symbol + ", .-" + symbol + "\n";
    }
    std::string patternSection() const override { return "\t.section .rodata\n"; }
    std::string fileFooter() const override { return "\t.section .note.GNU-stack,\"\",%progbits\n"; }
    bool isWideVector(const RegisterClass&) const override { return false; }
};

} // namespace

const ArchEmitter& aarch64Emitter() {
    static const AArch64Emitter e;
    return e;
}

} // namespace perfdash
