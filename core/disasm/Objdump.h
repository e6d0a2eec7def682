#pragma once
// A function's instructions as GNU objdump disassembles them, with the
// source lines of its DWARF, as KDAB hotspot and perf annotate read code:
// `objdump -d -l -C --no-show-raw-insn --start-address=START
// --stop-address=END FILE`, run without a shell (core/util/Subprocess.h),
// its output read by ObjdumpParser. objdump knows every architecture
// binutils does, so perfdash carries no disassembler of its own.
#include <cstdint>
#include <string>
#include <vector>

#include "core/disasm/ObjdumpParser.h"
#include "core/util/Outcome.h"

namespace perfdash {

// The instructions of [start, end) of the ELF file `file` (its virtual
// addresses), by address. `program` is the objdump to run (looked up in
// PATH). Errors: objdump missing (with the Debian package that has it),
// or failing on the file (with what it said).
Result<std::vector<ObjdumpInstruction>> objdumpRange(const std::string& file, uint64_t start, uint64_t end,
                                                     const std::string& program = "objdump");

} // namespace perfdash
