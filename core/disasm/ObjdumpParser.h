#pragma once
// What `objdump -d -l --no-show-raw-insn` prints, as instructions: each
// one's address and text, with the source file and line that -l printed
// last before it (objdump prints a "FILE:LINE" line where the line changes,
// and a "FUNCTION():" line where the inlined function changes). Anything
// else (headers, symbol lines, "...") is skipped; any text at all parses.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace perfdash {

struct ObjdumpInstruction {
    uint64_t address = 0;
    std::string text; // "mov    %rdi,%rax", objdump's spacing, tabs as spaces
    std::string file; // "" where -l named none ("??")
    int line = 0;     // 0 where not known
};

class ObjdumpParser {
public:
    // One line of the output, without its newline.
    void addLine(std::string_view line);
    // The whole output.
    void addText(std::string_view text);
    const std::vector<ObjdumpInstruction>& instructions() const { return instructions_; }

private:
    bool instructionLine(std::string_view line);
    bool sourceLine(std::string_view line);

    std::vector<ObjdumpInstruction> instructions_;
    std::string file_; // the source location in effect
    int line_ = 0;
};

} // namespace perfdash
