#include "core/probes/ArchEmitter.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// GNU as, Intel syntax (the syntax of the vendors' manuals and of uops.info).
class X86Emitter final : public ArchEmitter {
public:
    std::string fileHeader() const override { return "\t.intel_syntax noprefix\n\t.text\n"; }

    std::string functionStart(const std::string& symbol) const override {
        return "\t.globl " + symbol + "\n\t.type " + symbol + ", @function\n\t.p2align 6\n" + symbol +
               ":\n\tpush rbx\n\tpush rbp\n\tpush r12\n\tpush r13\n\tpush r14\n\tpush r15\n";
    }
    std::string copyGeneral(int to, int from) const override {
        if (to == from) return "";
        return "\tmov " + name(to) + ", " + name(from) + "\n";
    }
    std::string loadGeneral(int reg, uint64_t bits) const override {
        return "\tmov " + name(reg) + ", " + hex(bits) + "\n";
    }
    std::string loadOther(const RegisterInit& init, const std::string& pattern) const override {
        const std::string n = std::to_string(init.reg.index);
        if (init.reg.file == RegisterFile::Predicate) return "\tkxnorw k" + n + ", k" + n + ", k" + n + "\n";
        switch (init.cls->vectorBytes) {
        case 64: return "\tvmovups zmm" + n + ", zmmword ptr [rip + " + pattern + "]\n";
        case 32: return "\tvmovups ymm" + n + ", ymmword ptr [rip + " + pattern + "]\n";
        default: return "\tmovups xmm" + n + ", xmmword ptr [rip + " + pattern + "]\n";
        }
    }
    std::string loopEnd(const std::string& loop) const override {
        return "\tadd r14, 1\n\tcmp r14, r15\n\tjne " + loop + "\n";
    }
    std::string functionEnd(const std::string& symbol, bool wideVectors) const override {
        // vzeroupper spares the caller's SSE code the AVX-SSE transition penalty.
        return std::string(wideVectors ? "\tvzeroupper\n" : "") +
               "\tpop r15\n\tpop r14\n\tpop r13\n\tpop r12\n\tpop rbp\n\tpop rbx\n\tret\n\t.size " + symbol +
               ", .-" + symbol + "\n";
    }
    std::string patternSection() const override { return "\t.section .rodata\n"; }
    std::string fileFooter() const override { return "\t.section .note.GNU-stack,\"\",%progbits\n"; }
    bool isWideVector(const RegisterClass& cls) const override {
        return cls.vectorBytes >= 32 || cls.file == RegisterFile::Predicate;
    }

private:
    static std::string name(int reg) { return findRegisterClass(Arch::X86_64, "gpr64")->registerName(reg); }
};

} // namespace

const ArchEmitter& x86Emitter() {
    static const X86Emitter e;
    return e;
}

} // namespace perfdash
