#include "core/disasm/Objdump.h"

#include "core/util/Strings.h"
#include "core/util/Subprocess.h"

namespace perfdash {

Result<std::vector<ObjdumpInstruction>> objdumpRange(const std::string& file, uint64_t start, uint64_t end,
                                                     const std::string& program) {
    const std::vector<std::string> argv = {program,
                                           "-d",
                                           "-l",
                                           "-C",
                                           "--no-show-raw-insn",
                                           "--start-address=" + hex(start),
                                           "--stop-address=" + hex(end),
                                           file};
    auto run = runProgram(argv);
    if (!run)
        return makeError(run.error().message + ": perfdash disassembles with GNU objdump; install it (Debian: "
                                               "apt-get install binutils)");
    if (run->exitStatus != 0)
        return makeError(program + " failed on " + file + " (exit status " + std::to_string(run->exitStatus) +
                         "): " + trim(run->err));
    ObjdumpParser parser;
    parser.addText(run->out);
    return parser.instructions();
}

} // namespace perfdash
