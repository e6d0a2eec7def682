#include "core/probes/ArchEmitter.h"
#include "core/probes/TargetAbi.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

std::string gpr(int r) { return "$" + std::to_string(r); }

// MIPS64 n64. noreorder: the assembler must not move instructions into the
// loop branch's delay slot (the slot is filled with an explicit nop).
class MipsEmitter final : public ArchEmitter {
public:
    std::string fileHeader() const override { return "\t.set noreorder\n\t.text\n"; }

    // n64 preserves $16-$23, $30 and $f24-$f31; $28 (gp) is never touched.
    std::string functionStart(const std::string& symbol) const override {
        std::string out = "\t.globl " + symbol + "\n\t.type " + symbol + ", @function\n\t.ent " + symbol +
                          "\n\t.p2align 6\n" + symbol + ":\n\tdaddiu $sp, $sp, -" + std::to_string(kFrame) + "\n";
        int off = 0;
        for (int r : kSavedGpr) out += "\tsd " + gpr(r) + ", " + std::to_string(8 * off++) + "($sp)\n";
        for (int f = 24; f <= 31; ++f) out += "\tsdc1 $f" + std::to_string(f) + ", " + std::to_string(8 * off++) + "($sp)\n";
        return out;
    }
    std::string copyGeneral(int to, int from) const override {
        if (to == from) return "";
        return "\tmove " + gpr(to) + ", " + gpr(from) + "\n";
    }
    std::string loadGeneral(int reg, uint64_t bits) const override {
        return "\tdli " + gpr(reg) + ", " + hex(bits) + "\n";
    }
    std::string loadOther(const RegisterInit& init, const std::string&) const override {
        const std::string tmp = gpr(targetAbi(Arch::Mips64).loopIndex);
        return "\tdli " + tmp + ", " + hex(init.value.bits) + "\n\tdmtc1 " + tmp + ", $f" +
               std::to_string(init.reg.index) + "\n";
    }
    std::string loopEnd(const std::string& loop) const override {
        const auto& abi = targetAbi(Arch::Mips64);
        return "\tdaddiu " + gpr(abi.loopIndex) + ", " + gpr(abi.loopIndex) + ", 1\n\tbne " + gpr(abi.loopIndex) +
               ", " + gpr(abi.loopBound) + ", " + loop + "\n\tnop\n";
    }
    std::string functionEnd(const std::string& symbol, bool) const override {
        std::string out;
        int off = 0;
        for (int r : kSavedGpr) out += "\tld " + gpr(r) + ", " + std::to_string(8 * off++) + "($sp)\n";
        for (int f = 24; f <= 31; ++f) out += "\tldc1 $f" + std::to_string(f) + ", " + std::to_string(8 * off++) + "($sp)\n";
        return out + "\tjr $31\n\tdaddiu $sp, $sp, " + std::to_string(kFrame) + "\n\t.end " + symbol + "\n\t.size " +
               symbol + ", .-" + symbol + "\n";
    }
    std::string patternSection() const override { return "\t.section .rodata\n"; }
    std::string fileFooter() const override { return "\t.section .note.GNU-stack,\"\",@progbits\n"; }
    bool isWideVector(const RegisterClass&) const override { return false; }

private:
    static constexpr int kSavedGpr[] = {16, 17, 18, 19, 20, 21, 22, 23, 30};
    static constexpr int kFrame = 144; // 9 + 8 registers of 8 bytes, rounded up to 16
};

} // namespace

const ArchEmitter& mipsEmitter() {
    static const MipsEmitter e;
    return e;
}

} // namespace perfdash
