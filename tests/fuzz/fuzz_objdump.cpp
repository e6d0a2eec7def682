// objdump's disassembly listing (core/disasm/ObjdumpParser.h), which comes
// from whatever binary a session names: any text parses, and what it gives
// holds together (a line only with a file, never a negative line).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "core/disasm/ObjdumpParser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace perfdash;
    ObjdumpParser parser;
    parser.addText(std::string_view(reinterpret_cast<const char*>(data), size));
    for (const ObjdumpInstruction& i : parser.instructions())
        if (i.line < 0 || (i.file.empty() && i.line != 0)) {
            std::fprintf(stderr, "fuzz_objdump: line %d of file '%s'\n", i.line, i.file.c_str());
            std::abort();
        }
    return 0;
}
