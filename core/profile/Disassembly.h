#pragma once
// One function's code with its samples per instruction: the view of
// `report --disasm FUNCTION` and of the dashboard's disassembly. The
// samples come from the profile's instruction rows (Profile.h) of a
// selection (selectRows: the same intervals, regions and threads as every
// other view); the instructions and their source lines from the binary,
// read again now with objdump (core/disasm), once its build-id proves it
// the file that was sampled.
//
// A function is an ELF function: code inlined into it counts as its own, as
// it runs in its body (--functions counts it for the inlined function).
// What cannot be disassembled (kernel and JIT code, a missing or rebuilt
// binary, no objdump) still has its sampled addresses with their samples,
// and a problem that says why and how to fix it.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/disasm/ObjdumpCache.h"
#include "core/profile/Profile.h"
#include "core/profile/ProfileMetrics.h"
#include "core/profile/ProfileViews.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct InstructionRow {
    uint64_t address = 0;     // in its module's terms: the ELF file's virtual address (ProfileCode)
    std::string text;         // as objdump writes it ("mov    %rdi,%rax"); "" where not disassembled
    std::string file;         // its source line as objdump -l says; "" and 0 where not known
    int line = 0;
    std::vector<double> sums; // Profile::instructionColumns(); zeros for an instruction without samples
    Share share;              // of the function's samples (weight)
    bool hottest = false;     // the instruction of the most weight (the first of equals)
};

struct Disassembly {
    std::string function;
    std::string module;  // its binary, as recorded
    std::string buildId; // as recorded
    std::string file;    // the file disassembled (--symfs may name a copy); "" where none was
    uint64_t start = 0;  // ProfileCode's bounds; size 0: not known
    uint64_t size = 0;
    std::vector<double> sums;          // the function's samples in the selection (instruction columns)
    std::vector<InstructionRow> rows;  // by address: every instruction, or only the sampled ones where not disassembled
    std::vector<std::string> problems; // what cannot be shown, why, and the fix
};

struct DisassemblyOptions {
    std::vector<std::string> symbolRoots; // --symfs: where copies of the recorded binaries are (ROOT + path)
    std::string objdump = "objdump";      // the program, looked up in PATH
    std::shared_ptr<ObjdumpCache> listings; // where a listing already read is reused; none: objdump every time
};

// The function's sampled instructions as the session holds them, without
// their text: `function` as findFunction() takes it (the whole name, or
// without its parameters). Errors: a session recorded before perfdash kept
// instruction addresses, a function not sampled in the selection (with the
// closest names), one sampled only inlined (disassemble its caller).
Result<Disassembly> sampledInstructions(const Profile& profile, const ProfileSelection& selection,
                                        const std::string& function);

// The same with every instruction of the function, its text and source
// line, from objdump; where that cannot be, the sampled instructions and why.
Result<Disassembly> disassemble(const Profile& profile, const ProfileSelection& selection, const std::string& function,
                                const DisassemblyOptions& options = {});

} // namespace perfdash
