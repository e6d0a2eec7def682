#include "core/symbols/JitMap.h"

#include "core/symbols/Demangle.h"

namespace perfdash {

namespace {

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// A hex number at the front of text, with an optional 0x; advances text past
// it. False where there is no digit or it does not fit 64 bits.
bool takeHex(std::string_view& text, uint64_t& value) {
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') && hexDigit(text[2]) >= 0)
        text.remove_prefix(2);
    size_t digits = 0;
    value = 0;
    while (digits < text.size() && hexDigit(text[digits]) >= 0) {
        if (value >> 60) return false;
        value = value << 4 | static_cast<uint64_t>(hexDigit(text[digits]));
        ++digits;
    }
    text.remove_prefix(digits);
    return digits > 0;
}

} // namespace

JitMap JitMap::parse(std::string_view text) {
    JitMap map;
    while (!text.empty()) {
        const size_t newline = text.find('\n');
        std::string_view line = text.substr(0, newline);
        text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
        if (line.empty()) continue;

        uint64_t start = 0, size = 0;
        bool ok = takeHex(line, start) && line.size() > 1;
        if (ok) line.remove_prefix(1);
        ok = ok && takeHex(line, size) && line.size() > 1 && size > 0 && start + size > start;
        if (!ok) {
            ++map.skipped_;
            continue;
        }
        line.remove_prefix(1);
        map.symbols_.push_back(JitSymbol{start, size, demangle(line)});
        map.ranges_.assign(start, start + size, static_cast<uint32_t>(map.symbols_.size() - 1),
                           [](uint32_t&, uint64_t, uint64_t) {});
    }
    return map;
}

const JitSymbol* JitMap::find(uint64_t address) const {
    const auto* hit = ranges_.find(address);
    return hit ? &symbols_[hit->second.value] : nullptr;
}

} // namespace perfdash
