#include "core/disasm/ObjdumpParser.h"

#include <algorithm>
#include <charconv>
#include <cstddef>

namespace perfdash {

namespace {

bool isHex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

} // namespace

void ObjdumpParser::addText(std::string_view text) {
    while (!text.empty()) {
        const size_t end = text.find('\n');
        addLine(text.substr(0, end));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
}

void ObjdumpParser::addLine(std::string_view line) {
    if (!instructionLine(line)) sourceLine(line);
}

// "    1140:\tmov    %rdi,%rax": indented hex, a colon, a tab, the text.
bool ObjdumpParser::instructionLine(std::string_view line) {
    if (line.empty() || (line.front() != ' ' && line.front() != '\t')) return false;
    const std::string_view rest = trimmed(line);
    const size_t colon = rest.find(':');
    if (colon == 0 || colon == std::string_view::npos || colon > 16 ||
        !std::all_of(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(colon), isHex))
        return false;
    ObjdumpInstruction instruction;
    std::from_chars(rest.data(), rest.data() + colon, instruction.address, 16);
    std::string text(trimmed(rest.substr(colon + 1)));
    std::replace(text.begin(), text.end(), '\t', ' ');
    instruction.text = std::move(text);
    instruction.file = file_;
    instruction.line = line_;
    instructions_.push_back(std::move(instruction));
    return true;
}

// "/src/a.c:12" or "/src/a.c:12 (discriminator 3)" at the start of a line;
// "??:0" or "??:?" where not known. A symbol line ("0000... <f>:") and a
// function line ("f():") end in a colon, not in a line number.
bool ObjdumpParser::sourceLine(std::string_view line) {
    if (line.empty() || line.front() == ' ' || line.front() == '\t') return false;
    std::string_view location = trimmed(line);
    if (const size_t note = location.find(" (discriminator "); note != std::string_view::npos)
        location = location.substr(0, note);
    const size_t colon = location.rfind(':');
    if (colon == std::string_view::npos || colon == 0) return false;
    const std::string_view number = location.substr(colon + 1);
    const std::string_view file = location.substr(0, colon);
    if (number == "?") {
        file_ = file == "??" ? "" : std::string(file);
        line_ = 0;
        return true;
    }
    if (number.empty() || number.size() > 9 || !std::all_of(number.begin(), number.end(), isDigit)) return false;
    int value = 0;
    std::from_chars(number.data(), number.data() + number.size(), value);
    file_ = file == "??" ? "" : std::string(file);
    line_ = file_.empty() ? 0 : value;
    return true;
}

} // namespace perfdash
