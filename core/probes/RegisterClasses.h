#pragma once
// The typed register operands of instruction templates: which register file a
// class lives in, which of its registers an instruction may encode, how a
// register is spelled in assembly, and which CPU feature using it implies.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/probes/Architecture.h"

namespace perfdash {

// Classes that alias the same physical registers share a file (rax/eax/al;
// xmm/ymm/zmm; AArch64 x/w; v/d/s and SVE z), so allocation is per file.
enum class RegisterFile { General, FloatVector, Predicate };

struct RegisterClass {
    std::string_view name;     // as written in templates: "gpr64", "v.4s", "z.d", "fpr"
    std::string_view notation; // operand notation in reports and reference tables: "r64", "xmm", "v.4s"
    Arch arch;
    RegisterFile file;
    int firstIndex; // the registers an instruction may encode (xmm0-15, zmm0-31, SVE governing p0-7)
    int lastIndex;
    std::string_view feature; // CPU feature any use of the class needs ("" for none)
    const char* const* names; // spelling by index, or nullptr for prefix + index + suffix
    std::string_view prefix;
    std::string_view suffix;
    // The widest register of the file this class touches, in bytes (0: general
    // registers); decides how a register is initialised (movups vs vmovups zmm).
    int vectorBytes;

    std::string registerName(int index) const;
    bool allows(int index) const { return index >= firstIndex && index <= lastIndex; }
};

const RegisterClass* findRegisterClass(Arch arch, std::string_view name);
std::vector<std::string> registerClassNames(Arch arch);

struct PhysicalRegister {
    RegisterFile file;
    int index;
    bool operator==(const PhysicalRegister&) const = default;
    bool operator<(const PhysicalRegister& o) const { return file != o.file ? file < o.file : index < o.index; }
};

// A register named literally in assembly text ("cl", "r9d", "x5", "v2", "$f4",
// "$a0"); nullopt for anything else.
std::optional<PhysicalRegister> findRegisterByName(Arch arch, std::string_view name);
// Every register named in a line of assembly (mnemonics and numbers are not registers).
std::vector<PhysicalRegister> registersNamedIn(Arch arch, std::string_view text);

} // namespace perfdash
