#pragma once
// One instruction written with typed register placeholders, e.g.
//   "imul <sd:gpr64>, <s:gpr64>"   "fmla <sd:v.2d>, <s:v.2d>, <s:v.2d>"
//   "fadd <sd:z.d>, <s:p>/m, <=1>, <s:z.d>"   (<=N> repeats placeholder N's register)
// Roles: d (written), s (read), sd (read and written). Everything outside the
// placeholders is passed to the assembler unchanged.
#include <string>
#include <string_view>
#include <vector>

#include "core/probes/RegisterClasses.h"
#include "core/util/Outcome.h"

namespace perfdash {

enum class OperandRole { Destination, Source, SourceDestination };
const char* toString(OperandRole role); // "d", "s", "sd"

// The instruction types of the method: how many registers are written and read.
enum class InstructionKind {
    D1_S1,            // one destination, one source
    D1_S2,            // one destination, two sources
    D1_S3,            // one destination, three sources
    SourceDestination,// a register both read and written (x86 "add rax, rbx", fmla)
    NoDestination,    // nothing written (cmp, test, stores, nop)
    Implicit,         // reads or writes registers the text does not name (x86 mul/div on rax/rdx)
};
const char* toString(InstructionKind kind); // "D1_S1", ..., "SD", "NO_DEST", "IMPLICIT"

struct TemplateOperand {
    OperandRole role;
    const RegisterClass* cls;
    bool written() const { return role != OperandRole::Source; }
};

class InstructionTemplate {
public:
    InstructionTemplate() = default;
    // `implicit` names what the instruction uses without spelling it: registers
    // ("rax", "rdx"), kept out of allocation, through which a latency chain may
    // run, or state that is not a register ("flags", "nzcv", "hi", "lo").
    static Result<InstructionTemplate> parse(Arch arch, std::string_view text,
                                             const std::vector<std::string>& implicit = {});

    Arch arch() const { return arch_; }
    const std::string& text() const { return text_; }
    const std::vector<TemplateOperand>& operands() const { return operands_; }
    const std::vector<PhysicalRegister>& implicitRegisters() const { return implicit_; }
    const std::vector<std::string>& implicitNames() const { return implicitNames_; }
    // Registers spelled literally in the text ("cl" in "shl <sd:gpr64>, cl").
    const std::vector<PhysicalRegister>& literalRegisters() const { return literal_; }
    InstructionKind kind() const;
    std::string mnemonic() const;
    // The operand notation used by reference tables: "r64, r64", "xmm, xmm, m", "v.2d, v.2d, v.2d".
    std::string operandNotation() const;
    // The text with placeholder i replaced by registers[i] (an index in its class's file).
    std::string render(const std::vector<int>& registers) const;
    // The features any use of the operand classes implies (ymm → avx).
    std::vector<std::string> impliedFeatures() const;

private:
    // A piece of the text: literal (operand < 0) or the register of an operand.
    struct Piece {
        std::string literal;
        int operand = -1;
    };
    Arch arch_ = Arch::X86_64;
    std::string text_;
    std::vector<Piece> pieces_;
    std::vector<TemplateOperand> operands_;
    std::vector<PhysicalRegister> implicit_;
    std::vector<std::string> implicitNames_;
    std::vector<PhysicalRegister> literal_;
};

} // namespace perfdash
